import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { activateDeployment, endDeployment } from '../db/repositories/deployment-transitions';
import { findOverdueDeployments, findOverdueEnds, nextDeploymentInstant } from '../db/repositories/model-deployments';
import { inTenantTransaction } from '../db/tenant-scope';
import { runWithConcurrency } from './event-reactions';

const SWEEP_BATCH = 500;
/** Switches recorded at once (each its own transaction, under its model's lock). */
const SWEEP_CONCURRENCY = 4;
/** A clock that woke a moment before the database's clock reached the instant looks again this soon. */
const EARLY_RETRY_MS = 20;

/**
 * Records the switches that are due: deployments whose instant passed while still `scheduled`, and ends that passed
 * while still serving, each in its own transaction. Runs resolve by the instants whatever the statuses say; this
 * records them (status, release record, events). The transitions are no-ops when repeated, so a sweep racing a
 * deployment's timer workflow, or another worker's sweep, does each once.
 */
export async function sweepOverdueDeployments(
  db: Knex,
  tenantIds?: readonly string[],
): Promise<{ activated: number; ended: number; more: boolean }> {
  let activated = 0;
  let ended = 0;
  const starts = await findOverdueDeployments(db, SWEEP_BATCH, tenantIds);
  await runWithConcurrency(
    starts.map((row) => async () => {
      const outcome = await inTenantTransaction(db, row.tenant_id, (scope) => activateDeployment(scope, row.id));
      if (outcome.applied) activated += 1;
    }),
    SWEEP_CONCURRENCY,
  );
  // Ends after starts: an end due at the same instant as the start beneath it finds that start recorded.
  const ends = await findOverdueEnds(db, SWEEP_BATCH, tenantIds);
  await runWithConcurrency(
    ends.map((row) => async () => {
      const outcome = await inTenantTransaction(db, row.tenant_id, (scope) => endDeployment(scope, row.id));
      if (outcome.applied) ended += 1;
    }),
    SWEEP_CONCURRENCY,
  );
  return { activated, ended, more: starts.length === SWEEP_BATCH || ends.length === SWEEP_BATCH };
}

/**
 * The deployment clock: sleeps until the next instant a deployment starts or ends (by the database's clock, so a
 * worker whose clock is off still wakes on time) and records every switch due then in one sweep — a thousand
 * deployments due in the same minute are recorded by one process in a few transactions' time, not by a thousand
 * workflow tasks queued at once. Each deployment's timer workflow (workflows/models/model-deployment.ts) fires at the
 * same instant and finds its switch recorded (or records it, if this clock is late or down); the clock is what
 * keeps a crowded minute on time, the timers what keeps a single deployment exact and visible.
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
