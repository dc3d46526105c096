import { runLane } from '../lanes/lane';
import { scenarioRunsDueSignal, type ScenarioRunLaneInput } from './contracts-run-lane';

/**
 * A tenant's scenario run lane (`scenario_run_lane/ten_…`, SCENARIO_RUN_MODE=lane), in the shared lane loop
 * (../lanes/lane.ts): each pass (`runQueuedScenarios`) claims the runs API processes queued, executes their models and
 * stores every outcome, for as long as runs keep arriving. A steady stream of creates costs Temporal one pass per
 * couple of seconds instead of one workflow per run. Between passes the lane sleeps until a `scenarioRunsDue` signal.
 */
export async function scenarioRunLaneWorkflow(input: ScenarioRunLaneInput): Promise<void> {
  await runLane(
    {
      wakeSignal: scenarioRunsDueSignal,
      pass: (activities, lane) => activities.runQueuedScenarios({ tenantId: lane.tenantId }),
      sleepAtMostIdle: true,
    },
    input,
  );
}
