/** The scenario run lane's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import { workflowIdFor } from '../contracts/search-attributes';
import type { LaneInput, LanePassResult } from '../lanes/contracts';

/** The lane workflow's type name, so callers can start it without importing workflow code. */
export const SCENARIO_RUN_LANE_WORKFLOW = 'scenarioRunLaneWorkflow';

/**
 * One run lane per tenant (`scenario_run_lane/ten_…`), used when SCENARIO_RUN_MODE=lane: the workflow that executes
 * the tenant's quick scenario runs. Postgres holds the queue (`scenario_run_queue`); the lane only knows "runs may be
 * waiting".
 */
export function scenarioRunLaneWorkflowId(tenantId: string): string {
  return workflowIdFor('scenario_run_lane', tenantId);
}

/** "Runs may be waiting": sent with start by the API after it commits a run while no pass is looking. */
export const scenarioRunsDueSignal = defineSignal('scenarioRunsDue');

/** A run lane's input: the lanes' (../lanes/contracts.ts); its passes run on the tenant's outbound queue. */
export type ScenarioRunLaneInput = LaneInput;

export interface RunQueuedScenariosInput {
  tenantId: string;
}

export interface RunQueuedScenariosResult extends LanePassResult {
  completed: number;
  failed: number;
  superseded: number;
}
