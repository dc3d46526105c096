import { WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import type { WebhookConfig } from '../core/config';
import type { Logger } from '../core/logger';
import { toDeliveryRetrySettings, type RetryPolicyInput } from '../core/webhook-retry';
import { searchAttributesFor } from '../workflows/contracts/search-attributes';
import {
  WEBHOOK_DELIVERY_WORKFLOW,
  webhookDeliveryWorkflowId,
  webhookTaskQueueFor,
  type WebhookDeliveryInput,
} from '../workflows/contracts/webhook-deliveries';
import { startOrRollBack, withWorkflowEngineDeadline } from './workflow-engine';

export { webhookDeliveryWorkflowId };

/**
 * One attempt's start-to-close timeout is the HTTP timeout plus this margin. The HTTP request is aborted at the
 * HTTP timeout, but the attempt also reads the subscription and event before it and records its outcome in
 * Postgres after it; without the margin a slow endpoint would time the attempt out in Temporal before its outcome
 * is recorded, and the attempt would be retried with no trace of why.
 */
export const ATTEMPT_RECORDING_MARGIN_MS = 5000;

export interface WebhookDeliveryStart {
  tenantId: string;
  event: { id: string; type: string };
  subscription: { id: string; retry_policy: RetryPolicyInput };
  /** For a redelivery: its own delivery id (part of the workflow id) and the delivery it repeats. */
  redelivery?: { deliveryId: string; of: string };
}

export interface WebhookDeliveriesDeps {
  temporal: Client;
  /** The service's main task queue: delivery workflows run on it, their attempts on its `-webhooks` companion. */
  taskQueue: string;
  webhooks: Pick<WebhookConfig, 'timeoutMs' | 'retryUnitMs'>;
  /** A deadline for each start; without one the SDK retries an unreachable server for about 20 seconds. */
  rpcTimeoutMs?: number;
}

/**
 * Starts the delivery workflow of one event to one subscription, from the outbox relay or a redelivery request. The
 * id is deterministic and duplicates are rejected, so starting the same delivery twice delivers it once.
 */
export async function startWebhookDelivery(deps: WebhookDeliveriesDeps, delivery: WebhookDeliveryStart): Promise<void> {
  const input: WebhookDeliveryInput = {
    tenantId: delivery.tenantId,
    eventId: delivery.event.id,
    eventType: delivery.event.type,
    subscriptionId: delivery.subscription.id,
    ...(delivery.redelivery ? { redeliveryOf: delivery.redelivery.of } : {}),
    retry: toDeliveryRetrySettings(delivery.subscription.retry_policy, deps.webhooks.retryUnitMs),
    attemptTimeoutMs: deps.webhooks.timeoutMs + ATTEMPT_RECORDING_MARGIN_MS,
    activityTaskQueue: webhookTaskQueueFor(deps.taskQueue),
  };
  const start = () =>
    deps.temporal.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
      taskQueue: deps.taskQueue,
      workflowId: webhookDeliveryWorkflowId(delivery.event.id, delivery.subscription.id, delivery.redelivery?.deliveryId),
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [input],
      typedSearchAttributes: searchAttributesFor(delivery.tenantId, 'webhook_delivery', delivery.subscription.id),
    });
  await (deps.rpcTimeoutMs === undefined ? start() : withWorkflowEngineDeadline(deps.temporal, deps.rpcTimeoutMs, start));
}

/**
 * A redelivery asked for by a client: its delivery row is already stored; if Temporal cannot take the workflow, the
 * row is marked failed (never left "pending" with no workflow to attempt it) and the answer is 503.
 */
export async function startRedelivery(
  deps: WebhookDeliveriesDeps & { logger: Logger },
  delivery: WebhookDeliveryStart & { redelivery: { deliveryId: string; of: string } },
  markFailed: () => Promise<void>,
): Promise<void> {
  await startOrRollBack({
    start: () => startWebhookDelivery(deps, delivery),
    rollBack: markFailed,
    logger: deps.logger,
    subject: { webhook_delivery_id: delivery.redelivery.deliveryId },
    detail: 'The redelivery could not be started; retry shortly.',
  });
}
