import type { EventRecord } from '../../db/records/event';
import type { AttemptOutcome, WebhookSubscriptionRecord } from '../../db/records/webhook';
import { decryptWebhookSecret, signWebhook } from '../../core/webhook-secret';
import { parseRetryAfter, type SendResult } from './sender';

/** A Retry-After longer than this is capped: the delivery's own deadline bounds it anyway. */
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;

/** The webhook body: the event envelope, identical on every attempt and redelivery (webhook-id is the event id). */
export function webhookBody(event: EventRecord): string {
  return JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: event.api_version,
    created_at: event.created_at.toISOString(),
    tenant_id: event.tenant_id,
    sequence: event.sequence,
    data: event.data,
  });
}

/** Signing secrets in force: the current one, and the previous one during a rotation's grace period. */
export function signingSecrets(subscription: WebhookSubscriptionRecord, key: Buffer): string[] {
  const secrets = [decryptWebhookSecret(subscription.secret_ciphertext, key)];
  if (
    subscription.previous_secret_ciphertext &&
    subscription.previous_secret_expires_at &&
    subscription.previous_secret_expires_at.getTime() > Date.now()
  ) {
    secrets.push(decryptWebhookSecret(subscription.previous_secret_ciphertext, key));
  }
  return secrets;
}

/** The request headers of one attempt (Standard Webhooks): signatures, not secrets, so they may be logged. */
export function signedHeaders(event: EventRecord, body: string, secrets: string[]): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'DecisionModelingService-Webhooks/1.0',
    'webhook-id': event.id,
    'webhook-timestamp': String(timestamp),
    // An HMAC does not reveal its key.
    'webhook-signature': secrets.map((secret) => signWebhook(secret, event.id, timestamp, body)).join(' '),
  };
}

export function attemptError(result: SendResult, outcome: AttemptOutcome): string | null {
  if (result.kind === 'refused') return result.reason;
  if (result.kind === 'error') return result.error;
  return outcome === 'succeeded' ? null : `HTTP ${result.status}`;
}

/** What an attempt's answer means: delivered, retry (after the endpoint's Retry-After, if it gave one), or stop. */
export function classifyAttempt(result: SendResult): { outcome: AttemptOutcome; retryAfterMs?: number } {
  if (result.kind === 'refused') return { outcome: 'refused' };
  if (result.kind === 'error') return { outcome: 'retryable' };
  if (result.status >= 200 && result.status < 300) return { outcome: 'succeeded' };
  if (result.status === 410) return { outcome: 'gone' };
  if (result.status === 429 || result.status === 503) {
    const retryAfterMs = parseRetryAfter(result.retryAfter);
    if (retryAfterMs !== undefined)
      return { outcome: 'retry_after', retryAfterMs: Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) };
  }
  return { outcome: 'retryable' };
}
