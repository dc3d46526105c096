import { toIso } from '../../core/time';
import type { EventRecord } from '../../db/records/event';
import type {
  WebhookDeliveryAttemptRecord,
  WebhookDeliveryRecord,
  WebhookSubscriptionRecord,
} from '../../db/records/webhook';

export function presentWebhook(record: WebhookSubscriptionRecord, now = Date.now()) {
  return {
    id: record.id,
    object: 'webhook' as const,
    url: record.url,
    description: record.description,
    event_types: record.event_types,
    enabled: record.enabled,
    disabled_reason: record.disabled_reason,
    disabled_at: toIso(record.disabled_at),
    retry_policy: record.retry_policy,
    secret_rotated_at: toIso(record.secret_rotated_at),
    previous_secret_expires_at:
      record.previous_secret_expires_at !== null && record.previous_secret_expires_at.getTime() > now
        ? record.previous_secret_expires_at.toISOString()
        : null,
    failing_since: toIso(record.failing_since),
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export function presentEvent(event: EventRecord) {
  return {
    id: event.id,
    object: 'event' as const,
    type: event.type,
    api_version: event.api_version,
    tenant_id: event.tenant_id,
    sequence: event.sequence,
    created_at: event.created_at.toISOString(),
    data: event.data,
  };
}

export function presentDelivery(delivery: WebhookDeliveryRecord, attempts: WebhookDeliveryAttemptRecord[]) {
  return {
    id: delivery.id,
    object: 'webhook_delivery' as const,
    webhook_id: delivery.subscription_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    attempt_count: delivery.attempts,
    last_response_status: delivery.last_response_status,
    last_error: delivery.last_error,
    last_attempt_at: toIso(delivery.last_attempt_at),
    redelivery_of: delivery.redelivery_of,
    completed_at: toIso(delivery.completed_at),
    next_attempt_at: toIso(delivery.next_attempt_at),
    workflow_id: delivery.workflow_id,
    created_at: delivery.created_at.toISOString(),
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: a.attempted_at.toISOString(),
      outcome: a.outcome,
      request_headers: a.request_headers,
      response_status: a.response_status,
      response_body_excerpt: a.response_body_excerpt,
      latency_ms: a.latency_ms,
      error: a.error,
    })),
  };
}
