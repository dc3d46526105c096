import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from './contracts';

/**
 * Delivers one event to one subscription, at least once. Each attempt is one activity execution on the webhook task
 * queue; the subscription's retry policy is Temporal's retry policy for it (the activity names the next delay itself
 * for the Standard Webhooks schedule and for Retry-After). When attempts or the deadline run out, the delivery is
 * marked failed.
 *
 * Replaced by the lanes (webhook-lane.ts): registered only so runs started before them finish; removable after
 * 2026-12-31 (the plan and its checks: WEBHOOK_DELIVERY_WORKFLOW in ./contracts.ts).
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { retry } = input;
  const { deliverWebhook } = proxyActivities<Activities>({
    taskQueue: input.activityTaskQueue,
    startToCloseTimeout: input.attemptTimeoutMs,
    scheduleToCloseTimeout: retry.deadlineMs,
    retry: {
      initialInterval: retry.initialIntervalMs,
      backoffCoefficient: retry.backoffCoefficient,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
    },
  });
  const { markWebhookDeliveryFailed } = proxyActivities<Activities>({ startToCloseTimeout: '1 minute' });
  const workflowId = workflowInfo().workflowId;
  try {
    await deliverWebhook({
      tenantId: input.tenantId,
      eventId: input.eventId,
      eventType: input.eventType,
      subscriptionId: input.subscriptionId,
      workflowId,
      ...(input.redeliveryOf ? { redeliveryOf: input.redeliveryOf } : {}),
      schedule: retry.schedule,
      maximumAttempts: retry.maximumAttempts,
    });
    return { status: 'succeeded' };
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    await markWebhookDeliveryFailed({ tenantId: input.tenantId, workflowId, reason });
    return { status: 'failed' };
  }
}
