import { proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import type { ScenarioRunInput, ScenarioRunResult } from './contracts-runs';

/**
 * One run of a scenario. The model runs in a local activity: a short model answers in milliseconds without a
 * round trip through a task queue, and Temporal still retries it (and resumes on another worker) if a worker dies.
 */
export async function scenarioRunWorkflow(input: ScenarioRunInput): Promise<ScenarioRunResult> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { executeScenarioRun, markScenarioRunFailed } = proxyLocalActivities<Activities>({
    startToCloseTimeout: '10 minutes',
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
    },
  });
  const info = workflowInfo();
  const run = {
    tenantId: input.tenantId,
    scenarioId: input.scenarioId,
    runNumber: input.runNumber,
    workflowId: info.workflowId,
    runId: info.runId,
  };
  try {
    return await executeScenarioRun({ ...run, workflowStartedAt: info.startTime.toISOString() });
  } catch (error) {
    // Retries are exhausted (the database stayed unreachable, say): never leave the scenario "running" forever.
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return markScenarioRunFailed({ ...run, reason });
  }
}
