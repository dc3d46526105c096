/**
 * The one module shared by the API, the worker and the workflows: task queues, workflow ids, search attributes,
 * and message definitions. It must stay free of Node built-ins so the workflow sandbox can import it.
 */
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';

export const TenantIdSearchAttribute = defineSearchAttributeKey('TenantId', SearchAttributeType.KEYWORD);
export const ResourceTypeSearchAttribute = defineSearchAttributeKey('ResourceType', SearchAttributeType.KEYWORD);
export const ResourceIdSearchAttribute = defineSearchAttributeKey('ResourceId', SearchAttributeType.KEYWORD);

/** Custom search attributes registered on the Temporal namespace so operators can filter by tenant and resource. */
export const CUSTOM_SEARCH_ATTRIBUTES = [
  { name: 'TenantId', type: 'Keyword' },
  { name: 'ResourceType', type: 'Keyword' },
  { name: 'ResourceId', type: 'Keyword' },
] as const;

export type ResourceType = 'scenario' | 'scenario_batch' | 'integration_sync' | 'decision' | 'webhook_delivery';

/** Business workflow ids: one resource, one id, so a duplicate start is refused by Temporal itself. */
export function workflowIdFor(resourceType: ResourceType, resourceId: string, suffix?: string): string {
  return suffix ? `${resourceType}/${resourceId}/${suffix}` : `${resourceType}/${resourceId}`;
}

/** `TenantId = "ten_…" AND ResourceType = "scenario"` in the Temporal UI or `temporal workflow list --query`. */
export function searchAttributesFor(tenantId: string, resourceType: ResourceType, resourceId: string): SearchAttributePair[] {
  return [
    { key: TenantIdSearchAttribute, value: tenantId },
    { key: ResourceTypeSearchAttribute, value: resourceType },
    { key: ResourceIdSearchAttribute, value: resourceId },
  ];
}

/** Workflow type names, so the API can start workflows without importing workflow code. */
export const WORKFLOW_TYPES = {
  scenarioRun: 'scenarioRunWorkflow',
  scenarioBatch: 'scenarioBatchWorkflow',
  webhookDelivery: 'webhookDeliveryWorkflow',
} as const;

// ---- Scenario runs ----------------------------------------------------------------------------------------------

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

// ---- Batches ----------------------------------------------------------------------------------------------------

export interface ScenarioBatchInput {
  tenantId: string;
  batchId: string;
  total: number;
  /** Items handled by one activity call. */
  chunkSize: number;
  /** Chunks in flight at once. */
  concurrency: number;
  /** Start-to-close timeout of one chunk; a worker that dies mid-chunk is noticed after this. */
  chunkTimeoutMs?: number;
  /** Chunks one workflow run hands out before it continues as new (bounds the history). */
  chunksPerRun?: number;
  /** First item index not yet handed out; continue-as-new carries it over. */
  nextIndex?: number;
  retry?: RetrySettings;
}

export interface RunBatchChunkInput {
  tenantId: string;
  batchId: string;
  fromIndex: number;
  toIndex: number;
  workflowId: string;
}

export interface RetrySettings {
  initialIntervalMs: number;
  maximumIntervalMs: number;
  maximumAttempts: number;
}

export const DEFAULT_RETRY: RetrySettings = { initialIntervalMs: 1000, maximumIntervalMs: 30_000, maximumAttempts: 10 };

export const CANCEL_BATCH_SIGNAL = 'cancelBatch';

// ---- Webhook deliveries -----------------------------------------------------------------------------------------

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

/** A subscription's retry policy, resolved to Temporal terms when the delivery starts. */
export interface DeliveryRetrySettings {
  /** `standard`: the activity names each next delay (Standard Webhooks schedule); `exponential`: Temporal's backoff. */
  schedule: 'standard' | 'exponential';
  maximumAttempts: number;
  initialIntervalMs: number;
  backoffCoefficient: number;
  maximumIntervalMs: number;
  /** Total deadline of all attempts (schedule-to-close). */
  deadlineMs: number;
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
