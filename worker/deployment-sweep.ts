import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import { activateDeployment, endDeployment } from '../db/repositories/deployment-transitions';
import { findOverdueDeployments, findOverdueEnds } from '../db/repositories/model-deployments';
import { inTenantTransaction } from '../db/tenant-scope';
import { startPeriodicJob } from './periodic-job';

const SWEEP_BATCH = 500;

/**
 * What a lost timer would leave undone: deployments whose instant passed while still `scheduled`, and ends that
 * passed while still serving. Runs resolve by the instants whatever the statuses say; this records the switches (and
 * sends their events) when a timer workflow was lost or failed. The transitions are no-ops when repeated, so a sweep
 * racing a timer does each once.
 */
export async function sweepOverdueDeployments(
  db: Knex,
  tenantIds?: readonly string[],
): Promise<{ activated: number; ended: number }> {
  let activated = 0;
  let ended = 0;
  for (const row of await findOverdueDeployments(db, SWEEP_BATCH, tenantIds)) {
    const outcome = await inTenantTransaction(db, row.tenant_id, (scope) => activateDeployment(scope, row.id));
    if (outcome.applied) activated += 1;
  }
  for (const row of await findOverdueEnds(db, SWEEP_BATCH, tenantIds)) {
    const outcome = await inTenantTransaction(db, row.tenant_id, (scope) => endDeployment(scope, row.id));
    if (outcome.applied) ended += 1;
  }
  return { activated, ended };
}

export function startDeploymentSweep(deps: {
  db: Knex;
  logger: Logger;
  intervalMs: number;
  /** Only for tests, where several stacks share one database: the tenants whose deployments this worker records. */
  tenantIds?: () => readonly string[];
}): {
  stop(): Promise<void>;
} {
  return startPeriodicJob({
    name: 'deployment sweep',
    logger: deps.logger,
    intervalMs: deps.intervalMs,
    run: async () => {
      const swept = await sweepOverdueDeployments(deps.db, deps.tenantIds?.());
      if (swept.activated + swept.ended > 0)
        deps.logger.warn(swept, 'recorded deployment switches whose timers had not (a timer lost or failing)');
    },
  });
}
