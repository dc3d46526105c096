import type { ScenarioRunRequest } from './start-runs';
import type { ScenarioUseCaseDeps } from './deps';
import { readScenario } from './scenario-records';
import { presentScenario } from './presenter';

/**
 * Starts the stored run (undone, with a 503, if Temporal refuses it) and answers with the outcome stored by this
 * process's runner, else the scenario as it is now.
 */
export async function runAndRespond(
  { db, runs }: ScenarioUseCaseDeps,
  run: ScenarioRunRequest,
  undo: () => Promise<void>,
) {
  const { done, stored } = await runs.runScenario(run, undo);
  return { scenario: presentScenario(stored ?? (await readScenario(db, run.tenantId, run.scenarioId))), done };
}
