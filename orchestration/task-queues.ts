import type { Knex } from 'knex';
import { listTenantsWithDedicatedWorkers } from '../db/repositories/tenants';
import { dedicatedTaskQueue, tenantTaskQueue } from '../workflows/contracts/task-queues';

export { dedicatedTaskQueue };

/**
 * Where a tenant's work runs. Every tenant's workflows (scenario runs, batches, syncs and their schedules, replays,
 * audit exports, approvals, webhook and notification lanes) start on a *base* task queue; their activities run on it
 * and on its two companions (`-scenario-runs` for quick runs, `-webhooks` for outbound calls). Tenants on shared
 * workers use `TEMPORAL_TASK_QUEUE`; a tenant moved to dedicated workers (`npm run admin -- tenant workers`) uses
 * `<TEMPORAL_TASK_QUEUE>-tenant-<tenant id>`, polled only by the worker pool started for it (`npm run worker --
 * --tenant ten_…`), so a neighbour's batch or sync never takes its worker slots.
 *
 * A move changes where *new* work starts, in every process within `cacheSeconds`. Work in flight finishes on the
 * queue it started on (a Temporal workflow keeps its task queue, and so do its activities and children); long-lived
 * lanes end after their current pass and the next wake-up starts them on the new queue, and running approvals are
 * asked to continue as new there (api/decisions/start-approval-relocations.ts). Operators see each
 * workflow's queue in the built-in `TaskQueue` search attribute.
 */
export interface TaskQueues {
  /** The shared base task queue (`TEMPORAL_TASK_QUEUE`). */
  readonly shared: string;
  /** The base task queue new work of this tenant starts on. */
  forTenant(tenantId: string): Promise<string>;
}

/** Reads which tenants have dedicated workers at most every `cacheSeconds` (`TENANT_WORKERS_CACHE_SECONDS`). */
export function createTaskQueues(db: Knex, options: { sharedTaskQueue: string; cacheSeconds: number }): TaskQueues {
  let cached: { dedicated: Set<string>; until: number } | undefined;
  let loading: Promise<Set<string>> | undefined;
  const dedicatedTenants = async (): Promise<Set<string>> => {
    if (cached && Date.now() < cached.until) return cached.dedicated;
    loading ??= listTenantsWithDedicatedWorkers(db)
      .then((ids) => {
        cached = { dedicated: new Set(ids), until: Date.now() + options.cacheSeconds * 1000 };
        return cached.dedicated;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return {
    shared: options.sharedTaskQueue,
    async forTenant(tenantId) {
      return tenantTaskQueue(
        options.sharedTaskQueue,
        tenantId,
        (await dedicatedTenants()).has(tenantId) ? 'dedicated' : 'shared',
      );
    },
  };
}
