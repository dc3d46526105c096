import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { activateDeployment, endDeployment, prepareSwitchBatch } from '../db/repositories/deployment-transitions';
import { lockFreeModels } from '../db/repositories/decision-models';
import { withDeferredAppends } from '../db/repositories/deferred-appends';
import {
  findOverdueDeployments,
  findOverdueEnds,
  nextDeploymentInstant,
  type DueSwitch,
} from '../db/repositories/model-deployments';
import { inTenantTransaction } from '../db/tenant-scope';
import { runWithConcurrency } from './event-reactions';

const SWEEP_BATCH = 500;
/** Switches of one tenant recorded in one transaction (its events and audit records written together at its end). */
const SWITCHES_PER_TRANSACTION = 100;
/**
 * Transactions recording switches at once, of one tenant or several: they hold different models (`lockFreeModels`),
 * and one tenant's queue on its event and audit sequences only for the final write of each.
 */
const BATCHES_AT_ONCE = 3;
/** A clock that woke a moment before the database's clock reached the instant looks again this soon. */
const EARLY_RETRY_MS = 20;
/** A switch that could not be recorded is tried again this much later (not in a tight loop). */
const FAILED_RETRY_MS = 5_000;

type Transition = typeof activateDeployment;

/**
 * Records the switches that are due: deployments whose instant passed while still `scheduled`, and ends that passed
 * while still serving. Runs resolve by the instants whatever the statuses say; this records them (status, release
 * record, events, audit). Each tenant's are recorded in transactions of up to a hundred, each taking first the models
 * no one else holds (a model a deployment's timer is recording at that moment is skipped: the timer records it, or
 * the next pass does) and writing the events and audit records of all its switches together at its end. The transitions are no-ops when repeated, so a sweep racing a timer, or another worker's
 * sweep, records each once.
 */
export async function sweepOverdueDeployments(
  db: Knex,
  tenantIds?: readonly string[],
): Promise<{ activated: number; ended: number; failed: number; more: boolean }> {
  const starts = await findOverdueDeployments(db, SWEEP_BATCH, tenantIds);
  const activated = await recordSwitches(db, starts, activateDeployment);
  // Ends after starts: an end due at the same instant as the start beneath it finds that start recorded.
  const ends = await findOverdueEnds(db, SWEEP_BATCH, tenantIds);
  const ended = await recordSwitches(db, ends, endDeployment);
  return {
    activated: activated.applied,
    ended: ended.applied,
    failed: activated.failed + ended.failed,
    more: starts.length === SWEEP_BATCH || ends.length === SWEEP_BATCH,
  };
}

/**
 * One tenant's batch in one transaction; if it fails, each of its switches alone, so one that cannot be recorded
 * (counted in `failed`, left for the next pass) holds up no other.
 */
async function recordSwitches(
  db: Knex,
  due: DueSwitch[],
  transition: Transition,
): Promise<{ applied: number; failed: number }> {
  const byTenant = new Map<string, DueSwitch[]>();
  for (const row of due) byTenant.set(row.tenant_id, [...(byTenant.get(row.tenant_id) ?? []), row]);
  const batches = [...byTenant.entries()].flatMap(([tenantId, rows]) =>
    Array.from({ length: Math.ceil(rows.length / SWITCHES_PER_TRANSACTION) }, (_, index) => ({
      tenantId,
      rows: rows.slice(index * SWITCHES_PER_TRANSACTION, (index + 1) * SWITCHES_PER_TRANSACTION),
    })),
  );
  const record = (tenantId: string, rows: DueSwitch[]) =>
    inTenantTransaction(db, tenantId, (scope) =>
      withDeferredAppends(scope, async () => {
        const free = await lockFreeModels(scope, [...new Set(rows.map((row) => row.model_id))]);
        const mine = rows.filter((row) => free.has(row.model_id));
        // What every switch would read, read once for the batch (each model's rows for its first switch only).
        const batch = await prepareSwitchBatch(
          scope,
          free,
          mine.map((row) => row.id),
        );
        let count = 0;
        for (const row of mine) if ((await transition(scope, row.id, undefined, batch)).applied) count += 1;
        return count;
      }),
    );
  let applied = 0;
  let failed = 0;
  await runWithConcurrency(
    batches.map(({ tenantId, rows }) => async () => {
      try {
        applied += await record(tenantId, rows);
      } catch {
        for (const row of rows)
          applied += await record(tenantId, [row]).catch(() => {
            failed += 1;
            return 0;
          });
      }
    }),
    BATCHES_AT_ONCE,
  );
  return { applied, failed };
}

/**
 * The deployment clock: sleeps until the next instant a deployment starts or ends (by the database's clock, so a
 * worker whose clock is off still wakes on time) and records every switch due then in one sweep — a thousand
 * deployments due in the same minute are recorded by one process in ten transactions, not by a thousand workflow
 * tasks queued at once. Each deployment's timer workflow (workflows/models/model-deployment.ts), started by the relay
 * beside this clock, fires half a minute after the instant (its backstop delay) and finds its switch recorded (or
 * records it, if this clock was down); the clock is what keeps a crowded instant on time, the timers what keeps each
 * deployment visible and cancellable and recorded whatever happens to the clock.
 *
 * It looks again at most every `lookaheadMs`, and at once when `wake()` is called (the outbox relay does, for every
 * deployment scheduled). A failed pass is logged and tried again after `lookaheadMs`.
 */
export function startDeploymentClock(deps: {
  db: Knex;
  logger: Logger;
  lookaheadMs: number;
  /** Only for tests, where several stacks share one database: the tenants whose deployments this worker records. */
  tenantIds?: () => readonly string[];
}): { stop(): Promise<void>; wake(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  };
  const pass = async (): Promise<number> => {
    const tenants = deps.tenantIds?.();
    const swept = await sweepOverdueDeployments(deps.db, tenants);
    if (swept.activated + swept.ended > 0) deps.logger.info(swept, 'recorded deployment switches');
    if (swept.failed > 0) {
      deps.logger.warn(swept, 'deployment switches could not be recorded; retrying');
      return Math.min(deps.lookaheadMs, FAILED_RETRY_MS);
    }
    if (swept.more) return 0;
    const next = await nextDeploymentInstant(deps.db, tenants);
    if (!next.at) return deps.lookaheadMs;
    const untilDue = next.at.getTime() - next.now.getTime();
    // Due by the database's clock already (a switch the sweep could not record yet): look again shortly.
    return Math.min(deps.lookaheadMs, untilDue <= 0 ? EARLY_RETRY_MS : untilDue);
  };
  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'deployment clock pass failed; retrying');
        return deps.lookaheadMs;
      })
      .then((delayMs) => {
        running = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(delayMs);
      });
  }
  tick();
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
