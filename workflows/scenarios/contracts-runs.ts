/** The scenario-run workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const SCENARIO_RUN_WORKFLOW = 'scenarioRunWorkflow';

/** One workflow per run of a scenario. */
export function scenarioRunWorkflowId(scenarioId: string, runNumber: number): string {
  return workflowIdFor('scenario', scenarioId, `run-${runNumber}`);
}

/**
 * Quick scenario runs (no simulation) go to a task queue of their own, polled by the runner inside every API
 * process and by the worker. The API starts them with eager workflow start: Temporal hands the first workflow task
 * straight back in the start response to the API's own runner, so a run takes no trip through the task queue. If
 * that process dies mid-run, the task times out onto this queue and another poller (the worker) finishes it.
 * Simulations can take seconds of CPU and stay on the main queue, i.e. in the worker.
 */
export function scenarioRunTaskQueueFor(taskQueue: string): string {
  return `${taskQueue}-scenario-runs`;
}

export interface ScenarioRunInput {
  tenantId: string;
  scenarioId: string;
  runNumber: number;
  /** Retry schedule of the model activity, so tests can use seconds. */
  retry?: RetrySettings;
}

export interface ScenarioRunResult {
  scenarioId: string;
  status: 'completed' | 'failed' | 'superseded';
}

export interface MarkScenarioRunFailedInput {
  tenantId: string;
  scenarioId: string;
  runNumber: number;
  workflowId: string;
  runId: string;
  reason: string;
}

export interface ExecuteScenarioRunInput {
  tenantId: string;
  scenarioId: string;
  runNumber: number;
  workflowId: string;
  runId: string;
  workflowStartedAt: string;
}
