import { newId } from '../../core/ids';
import {
  WebhookDeliveryAttemptRecord,
  WebhookDeliveryRecord,
  WebhookSubscriptionRecord,
  type AttemptOutcome,
  type WebhookDeliveryStatus,
  type WebhookDisabledReason,
} from '../records/webhook';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';
import { recordEvent } from './events';

/** Live subscriptions only: a deleted subscription is gone from every read. */
function live(scope: TenantScope) {
  return scoped(scope, WebhookSubscriptionRecord).whereNull('webhook_subscriptions.deleted_at');
}

export async function insertSubscription(scope: TenantScope, row: Partial<WebhookSubscriptionRecord>): Promise<WebhookSubscriptionRecord> {
  return insertScoped(scope, WebhookSubscriptionRecord, row);
}

export async function findSubscription(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = live(scope).where('webhook_subscriptions.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as WebhookSubscriptionRecord | undefined;
}

export async function listSubscriptions(scope: TenantScope, page: PageRequest) {
  return paginate<WebhookSubscriptionRecord>(live(scope), 'webhook_subscriptions.id', page);
}

export async function updateSubscription(scope: TenantScope, id: string, patch: Partial<WebhookSubscriptionRecord>): Promise<WebhookSubscriptionRecord> {
  const [row] = (await live(scope)
    .where('webhook_subscriptions.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<WebhookSubscriptionRecord>)
    .returning('*')) as unknown as WebhookSubscriptionRecord[];
  return row as WebhookSubscriptionRecord;
}

/** Disables a subscription and emits webhook.disabled in the same transaction (not to the disabled subscription). */
export async function disableSubscription(scope: TenantScope, subscription: WebhookSubscriptionRecord, reason: WebhookDisabledReason): Promise<void> {
  const disabledAt = new Date();
  await updateSubscription(scope, subscription.id, { enabled: false, disabled_reason: reason, disabled_at: disabledAt });
  await recordEvent(scope, 'webhook.disabled', {
    webhook: { id: subscription.id, url: subscription.url, disabled_reason: reason, disabled_at: disabledAt.toISOString() },
  });
}

// ---- Deliveries ---------------------------------------------------------------------------------------------------

/** The delivery row of a workflow, created on its first attempt (or beforehand, for a redelivery). */
export async function ensureDelivery(
  scope: TenantScope,
  row: { id?: string; subscriptionId: string; eventId: string; eventType: string; workflowId: string; redeliveryOf?: string | null },
): Promise<WebhookDeliveryRecord> {
  await scope.trx.raw(
    `insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, event_type, workflow_id, status, redelivery_of)
     values (?, ?, ?, ?, ?, ?, 'pending', ?) on conflict (workflow_id) do nothing`,
    [row.id ?? newId('webhookDelivery'), scope.tenantId, row.subscriptionId, row.eventId, row.eventType, row.workflowId, row.redeliveryOf ?? null],
  );
  return (await scoped(scope, WebhookDeliveryRecord).where('workflow_id', row.workflowId).first()) as WebhookDeliveryRecord;
}

export async function findDelivery(scope: TenantScope, subscriptionId: string, id: string) {
  return (await scoped(scope, WebhookDeliveryRecord).where({ 'webhook_deliveries.id': id, subscription_id: subscriptionId }).first()) as
    | WebhookDeliveryRecord
    | undefined;
}

export async function findDeliveryByWorkflowId(scope: TenantScope, workflowId: string) {
  return (await scoped(scope, WebhookDeliveryRecord).where('workflow_id', workflowId).first()) as WebhookDeliveryRecord | undefined;
}

export async function listDeliveries(
  scope: TenantScope,
  subscriptionId: string,
  filters: { status?: WebhookDeliveryStatus; eventType?: string; eventId?: string },
  page: PageRequest,
) {
  const query = scoped(scope, WebhookDeliveryRecord).where('subscription_id', subscriptionId);
  if (filters.status) query.where('status', filters.status);
  if (filters.eventType) query.where('event_type', filters.eventType);
  if (filters.eventId) query.where('event_id', filters.eventId);
  return paginate<WebhookDeliveryRecord>(query, 'webhook_deliveries.id', page);
}

export async function listAttempts(scope: TenantScope, deliveryIds: string[]): Promise<WebhookDeliveryAttemptRecord[]> {
  if (deliveryIds.length === 0) return [];
  return (await scoped(scope, WebhookDeliveryAttemptRecord).whereIn('delivery_id', deliveryIds).orderBy('attempt')) as WebhookDeliveryAttemptRecord[];
}

export interface AttemptRecord {
  attempt: number;
  attemptedAt: Date;
  outcome: AttemptOutcome;
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseBodyExcerpt: string | null;
  latencyMs: number;
  error: string | null;
  /** More attempts will follow (the delivery stays `retrying`); false on the last one. */
  willRetry: boolean;
}

/**
 * Logs one attempt and moves the delivery on. A repeat of the same attempt number (the worker died after logging
 * it) changes nothing. Successes end the subscription's failing streak; failures start or extend it.
 */
export async function recordAttempt(scope: TenantScope, delivery: WebhookDeliveryRecord, attempt: AttemptRecord): Promise<void> {
  await scope.trx.raw(
    `insert into webhook_delivery_attempts
       (delivery_id, tenant_id, attempt, attempted_at, outcome, request_headers, response_status, response_body_excerpt, latency_ms, error)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (delivery_id, attempt) do nothing`,
    [
      delivery.id,
      scope.tenantId,
      attempt.attempt,
      attempt.attemptedAt,
      attempt.outcome,
      JSON.stringify(attempt.requestHeaders),
      attempt.responseStatus,
      attempt.responseBodyExcerpt,
      attempt.latencyMs,
      attempt.error,
    ],
  );
  const succeeded = attempt.outcome === 'succeeded';
  const status: WebhookDeliveryStatus = succeeded ? 'succeeded' : attempt.willRetry ? 'retrying' : 'failed';
  await scoped(scope, WebhookDeliveryRecord)
    .where('webhook_deliveries.id', delivery.id)
    .patch({
      status,
      attempts: WebhookDeliveryRecord.raw('greatest(attempts, ?)', [attempt.attempt]),
      last_response_status: attempt.responseStatus,
      last_error: attempt.error,
      last_attempt_at: attempt.attemptedAt,
      completed_at: status === 'succeeded' || status === 'failed' ? new Date() : null,
      updated_at: new Date(),
    } as unknown as Partial<WebhookDeliveryRecord>);
}

export async function markDeliveryFailed(scope: TenantScope, workflowId: string, reason: string): Promise<void> {
  await scoped(scope, WebhookDeliveryRecord)
    .where('workflow_id', workflowId)
    .whereNot('status', 'succeeded')
    .patch({ status: 'failed', last_error: reason, completed_at: new Date(), updated_at: new Date() } as Partial<WebhookDeliveryRecord>);
}
