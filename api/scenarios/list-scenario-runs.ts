import type { RequestContext } from '../context';
import { notFound } from '../../core/app-error';
import { findScenario, listScenarioRuns as listPreviousRuns } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ScenarioUseCaseDeps } from './deps';
import { requireScenarioId } from './scenario-records';
import { presentCurrentRun, presentPastRun } from './presenter';

/** The current run first, then the runs it replaced. */
export async function listScenarioRuns({ db }: ScenarioUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireScenarioId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    const scenario = await findScenario(scope, id);
    if (!scenario) throw notFound('scenario', id);
    const previous = await listPreviousRuns(scope, id);
    return {
      data: [presentCurrentRun(scenario), ...previous.map((run) => presentPastRun(scenario, run))],
      next_cursor: null,
    };
  });
}
