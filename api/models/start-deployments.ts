import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { RetrySettings } from '../../workflows/contracts/activity-retry';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  cancelDeploymentSignal,
  MODEL_DEPLOYMENT_WORKFLOW,
  modelDeploymentWorkflowId,
  type ModelDeploymentInput,
} from '../../workflows/models/contracts-deployments';

export { modelDeploymentWorkflowId };

/**
 * Starts the timer workflow of a deployment (`model_deployment/dpl_…`, ResourceType `model_deployment`): one per
 * deployment, so a second start (the outbox relay retrying a pass) is refused by Temporal and ignored here.
 */
export async function startDeploymentTimer(
  deps: { temporal: Client; taskQueue: string; retry?: RetrySettings },
  deployment: { tenantId: string; id: string; effectiveFrom: Date; effectiveUntil: Date | null },
  /** A deployment clock records the switches at their instants: the timer follows as the backstop (ModelDeploymentInput). */
  backstopDelayMs = 0,
): Promise<void> {
  const input: ModelDeploymentInput = {
    tenantId: deployment.tenantId,
    deploymentId: deployment.id,
    effectiveFrom: deployment.effectiveFrom.toISOString(),
    effectiveUntil: deployment.effectiveUntil?.toISOString() ?? null,
    ...(backstopDelayMs > 0 ? { backstopDelayMs } : {}),
    ...(deps.retry ? { retry: deps.retry } : {}),
  };
  try {
    await deps.temporal.workflow.start(MODEL_DEPLOYMENT_WORKFLOW, {
      taskQueue: deps.taskQueue,
      workflowId: modelDeploymentWorkflowId(deployment.id),
      args: [input],
      typedSearchAttributes: searchAttributesFor(deployment.tenantId, 'model_deployment', deployment.id),
      memo: { tenant_id: deployment.tenantId, deployment_id: deployment.id },
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** Stops a cancelled deployment's timer (none running, or finished: nothing to stop). */
export async function stopDeploymentTimer(temporal: Client, deploymentId: string): Promise<void> {
  try {
    await temporal.workflow.getHandle(modelDeploymentWorkflowId(deploymentId)).signal(cancelDeploymentSignal);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
}
