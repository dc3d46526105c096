import type { RequestContext } from '../context';
import type { ScenarioUseCaseDeps } from './deps';
import { readScenario, requireScenarioId } from './scenario-records';
import { presentScenario } from './presenter';

export async function getScenario({ db }: ScenarioUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireScenarioId(id);
  return presentScenario(await readScenario(db, tenantId, id));
}
