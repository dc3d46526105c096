/** The webhook-delivery workflow's contract, shared by the worker, the API and the workflow (no Node built-ins here). */
import type { DeliveryRetrySettings } from '../../core/webhook-retry';
import { workflowIdFor } from './search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

/**
 * Delivery attempts run on a task queue of their own (polled by a worker with its own concurrency limit), so slow
 * or dead endpoints can occupy at most that many slots and never hold up model runs or other deliveries beyond it.
 */
export function webhookTaskQueueFor(taskQueue: string): string {
  return `${taskQueue}-webhooks`;
}

/** One delivery workflow per (event, subscription); a redelivery adds its delivery id. */
export function webhookDeliveryWorkflowId(eventId: string, subscriptionId: string, redeliveryId?: string): string {
  return workflowIdFor('webhook_delivery', eventId, redeliveryId ? `${subscriptionId}/${redeliveryId}` : subscriptionId);
}

export interface WebhookDeliveryInput {
  tenantId: string;
  eventId: string;
  eventType: string;
  subscriptionId: string;
  /** For a redelivery: the delivery it repeats. */
  redeliveryOf?: string;
  retry: DeliveryRetrySettings;
  /** Start-to-close timeout of one attempt (the HTTP timeout plus a margin). */
  attemptTimeoutMs: number;
  activityTaskQueue: string;
}

export interface DeliverWebhookInput {
  tenantId: string;
  eventId: string;
  eventType: string;
  subscriptionId: string;
  workflowId: string;
  redeliveryOf?: string;
  schedule: 'standard' | 'exponential';
  maximumAttempts: number;
}

export interface WebhookDeliveryResult {
  status: 'succeeded' | 'failed';
}
