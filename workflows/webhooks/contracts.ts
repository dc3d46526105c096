/** The webhook delivery workflows' contract, shared by the worker, the API and the workflows (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import type { DeliveryRetrySettings } from '../../core/webhook-retry';
import { workflowIdFor } from '../contracts/search-attributes';
import { outboundTaskQueue } from '../contracts/task-queues';
import type { LaneInput, LanePassResult } from '../lanes/contracts';

/** The lane workflow's type name, so callers can start it without importing workflow code. */
export const WEBHOOK_LANE_WORKFLOW = 'webhookLaneWorkflow';

/**
 * One lane per subscription (`webhook_lane/whk_…`): the workflow that delivers everything owed to that endpoint. Its
 * deliveries (rows in `webhook_deliveries`) name it in their `workflow_id`.
 */
export function webhookLaneWorkflowId(subscriptionId: string): string {
  return workflowIdFor('webhook_lane', subscriptionId);
}

/** "Deliveries may be due": sent (with start) by the relay after it commits delivery rows, and by redeliveries. */
export const deliveriesDueSignal = defineSignal('deliveriesDue');

/** A webhook lane's input: the lanes' (../lanes/contracts.ts) and the subscription it delivers to. */
export interface WebhookLaneInput extends LaneInput {
  subscriptionId: string;
}

export interface DeliverDueWebhooksInput {
  tenantId: string;
  subscriptionId: string;
  /** The lane's workflow id, recorded on every delivery it attempts. */
  workflowId: string;
}

export interface DeliverDueWebhooksResult extends LanePassResult {
  attempted: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

/**
 * The per-delivery workflow of before the lanes: no longer started; running ones are drained into the lanes by the
 * schedule reconciler (worker/legacy-workflows.ts: the delivery is handed to its subscription's lane, the run
 * terminated with the reason). Kept registered until then so a run not yet drained still runs and replays.
 *
 * Removal plan (docs/operations.md, "Retiring workflow types"): remove it after 2026-12-31. The lanes shipped on
 * 2026-11-23, the last day one could be started; a run lives at most its delivery's deadline (`max_duration_seconds`,
 * at most 30 days) plus a minute to mark it failed, and its closed history stays in the namespace for its retention
 * (7 days): 2026-11-23 + 30 d + 7 d = 2026-12-30. With the drain, a deployment on this version has none left after one
 * reconcile pass (a run with an attempt in flight: the next). Before removing it, check that
 *   1. every deployment has run a version with the drain (one upgraded later must run it first);
 *   2. `temporal workflow count --query 'WorkflowType="webhookDeliveryWorkflow" AND ExecutionStatus="Running"'` is 0;
 * then remove, in one change: workflows/webhooks/webhook-delivery.ts and its export in workflows/index.ts; this constant,
 * webhookDeliveryWorkflowId, WebhookDeliveryInput, DeliverWebhookInput and WebhookDeliveryResult; the activities
 * `deliverWebhook` (activities/webhooks/single-delivery.ts) and `markWebhookDeliveryFailed` (activities/webhooks/deliveries.ts); the recorded history
 * test/workflows/histories/webhook-delivery-retried.json and its replay case; the webhook part of
 * worker/legacy-workflows.ts and test/api/legacy-workflow-drain.test.ts, handDeliveryToLane and ensureDelivery in
 * db/repositories/webhooks.ts; and "Upgrading from the per-delivery workflows" in docs/webhooks-and-events.md. Delivery rows keep their old `webhook_delivery/…` workflow ids: they are only text.
 */
export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';

/**
 * Delivery attempts run on a task queue of their own (polled by a worker with its own concurrency limit), so slow
 * or dead endpoints can occupy at most that many slots and never hold up model runs or other deliveries beyond it.
 */
export function webhookTaskQueueFor(taskQueue: string): string {
  return outboundTaskQueue(taskQueue);
}

/** One delivery workflow per (event, subscription); a redelivery adds its delivery id. */
export function webhookDeliveryWorkflowId(eventId: string, subscriptionId: string, redeliveryId?: string): string {
  return workflowIdFor(
    'webhook_delivery',
    eventId,
    redeliveryId ? `${subscriptionId}/${redeliveryId}` : subscriptionId,
  );
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
