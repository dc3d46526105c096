/** The model-deployment workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const MODEL_DEPLOYMENT_WORKFLOW = 'modelDeploymentWorkflow';

export function modelDeploymentWorkflowId(deploymentId: string): string {
  return workflowIdFor('model_deployment', deploymentId);
}

/**
 * Stops a deployment still waiting for its instant. The API marks the row cancelled first, so the workflow only has
 * to stop waiting. The name is in recorded histories: never rename it.
 */
export const cancelDeploymentSignal = defineSignal('cancelDeployment');

export interface ModelDeploymentInput {
  tenantId: string;
  deploymentId: string;
  /** When the deployment takes effect (RFC 3339). */
  effectiveFrom: string;
  /** When it stops taking effect (RFC 3339); absent or null: it stays until replaced. */
  effectiveUntil?: string | null;
  /**
   * How long after each instant the timer records its switch. Absent or 0: at the instant. Where a worker's
   * deployment clock runs beside the relay that starts the timer (worker/deployment-sweep.ts), the clock records the
   * switch at the instant and the timer follows this much later as the backstop, so a thousand timers due at one
   * instant do not take the machine from the clock recording them.
   */
  backstopDelayMs?: number;
  retry?: RetrySettings;
}

/**
 * How the workflow ended: `activated` (no end instant), `ended` (activated, then ended at its end instant),
 * `cancelled` (signalled before its instant, nothing done), `skipped` (Postgres no longer held it as scheduled).
 */
export type ModelDeploymentOutcome = 'activated' | 'ended' | 'cancelled' | 'skipped';

export interface DeploymentStepInput {
  tenantId: string;
  deploymentId: string;
}

/**
 * `applied` is false when Postgres no longer holds the deployment in the state the step expects (cancelled, or
 * superseded meanwhile); `status` is the row's status after the step.
 */
export type DeploymentStepResult = { applied: boolean; status: string };

/** The activities the workflow calls, by the names the worker registers them under. */
export interface ModelDeploymentActivities {
  activateModelDeployment(input: DeploymentStepInput): Promise<DeploymentStepResult>;
  endModelDeployment(input: DeploymentStepInput): Promise<DeploymentStepResult>;
}
