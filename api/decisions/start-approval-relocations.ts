import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import { markApprovalsRelocated, tenantsWithApprovalsToRelocate } from '../../db/repositories/tenants';
import { withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import { tenantTaskQueue } from '../../workflows/contracts/task-queues';
import { DECISION_APPROVAL_WORKFLOW, relocateSignal } from '../../workflows/decisions/contracts';

export interface ApprovalRelocationDeps {
  db: Knex;
  temporal: Client;
  logger: Logger;
  config: Pick<
    Config,
    'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'tenantWorkersCacheSeconds' | 'scheduleReconcile'
  >;
  /** Only for tests, where several stacks share one database. */
  tenantIds?: () => readonly string[];
}

/** Tenants handled per pass; the rest wait for the next pass. */
const TENANTS_PER_PASS = 20;

/**
 * Approvals follow their tenant's workers. An approval runs for days, so after a move its run is asked (the `relocate`
 * signal) to continue as new on the tenant's task queue at its next quiet moment, and the old pool can stop as soon as
 * the tenant's other work in flight has finished. A tenant is swept on every pass until a sweep began after
 * every process's placement cache ran out (`TENANT_WORKERS_CACHE_SECONDS`, plus a reconcile interval for Temporal's
 * visibility to show the last starts): an approval started on the old queue until then is found too. Each run is
 * signalled once per process; several processes may each signal it once, which changes nothing.
 */
export function createApprovalRelocation(deps: ApprovalRelocationDeps) {
  /** The runs this process signalled, by tenant, kept while the tenant is still being swept. */
  const signalled = new Map<string, Set<string>>();
  const deadline = <T>(work: () => Promise<T>) =>
    withWorkflowEngineDeadline(deps.temporal, deps.config.temporalRpcTimeoutMs, work);
  const settleSeconds = deps.config.tenantWorkersCacheSeconds + deps.config.scheduleReconcile.intervalSeconds;

  async function relocateTenant(tenantId: string, taskQueue: string): Promise<number> {
    const query = `WorkflowType="${DECISION_APPROVAL_WORKFLOW}" AND TenantId="${tenantId}" AND ExecutionStatus="Running" AND TaskQueue!="${taskQueue}"`;
    const runs = await deadline(async () => {
      const found: Array<{ workflowId: string; runId: string }> = [];
      for await (const execution of deps.temporal.workflow.list({ query }))
        found.push({ workflowId: execution.workflowId, runId: execution.runId });
      return found;
    });
    const asked = signalled.get(tenantId) ?? new Set<string>();
    signalled.set(tenantId, asked);
    let moved = 0;
    for (const run of runs) {
      const key = `${run.workflowId}/${run.runId}/${taskQueue}`;
      if (asked.has(key)) continue;
      try {
        await deadline(() =>
          deps.temporal.workflow.getHandle(run.workflowId, run.runId).signal(relocateSignal, { taskQueue }),
        );
      } catch (error) {
        // Ended (decided, or continued as new) since it was listed: nothing to move.
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
      asked.add(key);
      moved++;
    }
    return moved;
  }

  return {
    /** One pass: every tenant whose move is not yet swept. Gives how many approval runs were asked to move. */
    async relocate(): Promise<number> {
      let asked = 0;
      const tenants = await tenantsWithApprovalsToRelocate(
        deps.db,
        settleSeconds,
        TENANTS_PER_PASS,
        deps.tenantIds?.(),
      );
      // A tenant swept to its end is not listed again: forget its runs.
      for (const tenantId of signalled.keys())
        if (!tenants.some((tenant) => tenant.id === tenantId)) signalled.delete(tenantId);
      for (const tenant of tenants) {
        const taskQueue = tenantTaskQueue(deps.config.temporalTaskQueue, tenant.id, tenant.workers);
        const moved = await relocateTenant(tenant.id, taskQueue);
        asked += moved;
        if (moved > 0)
          deps.logger.info(
            { tenant_id: tenant.id, task_queue: taskQueue, approvals: moved },
            'asked running approvals to follow the tenant to its task queue',
          );
        await markApprovalsRelocated(deps.db, tenant.id, tenant.sweepStartedAt);
      }
      return asked;
    },
  };
}
