import { ApplicationFailure, condition, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import {
  cancelDeploymentSignal,
  type ModelDeploymentActivities,
  type ModelDeploymentInput,
  type ModelDeploymentOutcome,
} from './contracts-deployments';

/**
 * Holds a scheduled model deployment until its instant, activates it, and ends it at its end instant if it has one
 * (each a `backstopDelayMs` later where the worker's deployment clock records the switches first).
 * Postgres holds the deployment's state and each activity decides there whether its step still applies; the
 * workflow only supplies the timing, so a cancellation the API wrote after the timer fired still wins.
 */
export async function modelDeploymentWorkflow(input: ModelDeploymentInput): Promise<ModelDeploymentOutcome> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { activateModelDeployment, endModelDeployment } = proxyActivities<ModelDeploymentActivities>({
    startToCloseTimeout: 30_000,
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
    },
  });
  let cancelled = false;
  setHandler(cancelDeploymentSignal, () => {
    cancelled = true;
  });
  const step = { tenantId: input.tenantId, deploymentId: input.deploymentId };
  // Absent in the histories of timers started before the clock: those keep firing at the instant.
  const backstopDelayMs = Math.max(0, input.backstopDelayMs ?? 0);

  // One durable timer however far off the instant is (the history stays a few events long), woken early by a cancel.
  // The API has already marked the row cancelled, so there is nothing left to write.
  if (await condition(() => cancelled, msUntil(input.effectiveFrom, 'effectiveFrom') + backstopDelayMs))
    return 'cancelled';

  const activation = await activateModelDeployment(step);
  // Not applied but active: an earlier attempt committed the activation and its answer was lost, so carry on.
  if (!activation.applied && activation.status !== 'active') return 'skipped';
  if (!input.effectiveUntil) return 'activated';

  await sleep(msUntil(input.effectiveUntil, 'effectiveUntil') + backstopDelayMs);
  await endModelDeployment(step);
  return 'ended';
}

/** Milliseconds from the workflow's clock (deterministic: the time of the current workflow task) to `instant`. */
function msUntil(instant: string, field: string): number {
  const at = Date.parse(instant);
  // A malformed instant would otherwise fail every workflow task forever; failing the run says what is wrong.
  if (Number.isNaN(at)) throw ApplicationFailure.nonRetryable(`${field} is not an RFC 3339 instant: ${instant}`);
  // An instant already past (a late start, a worker down over it) takes effect at once.
  return Math.max(0, at - Date.now());
}
