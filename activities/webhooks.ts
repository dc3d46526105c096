import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Knex } from 'knex';
import type { WebhookConfig } from '../core/config';
import type { Logger } from '../core/logger';
import { decryptWebhookSecret, signWebhook } from '../core/webhook-secret';
import { standardDelayMs } from '../core/webhook-retry';
import type { EventRecord } from '../db/records/event';
import type { AttemptOutcome } from '../db/records/webhook';
import { findEvent } from '../db/repositories/events';
import { disableSubscription, ensureDelivery, findSubscription, markDeliveryFailed, recordAttempt } from '../db/repositories/webhooks';
import { inTenantTransaction } from '../db/tenant-scope';
import type { DeliverWebhookInput } from '../workflows/contracts/webhook-deliveries';
import { parseRetryAfter, sendWebhook, systemResolveHost, type ResolveHost, type SendResult } from './webhook-sender';

export interface WebhookActivityDeps {
  db: Knex;
  logger: Logger;
  webhooks: WebhookConfig;
  /** DNS resolution of webhook hosts; tests inject one to point names at private addresses. */
  resolveHost?: ResolveHost;
}

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

function classify(result: SendResult): { outcome: AttemptOutcome; retryAfterMs?: number } {
  if (result.kind === 'refused') return { outcome: 'refused' };
  if (result.kind === 'error') return { outcome: 'retryable' };
  if (result.status >= 200 && result.status < 300) return { outcome: 'succeeded' };
  if (result.status === 410) return { outcome: 'gone' };
  if (result.status === 429 || result.status === 503) {
    const retryAfterMs = parseRetryAfter(result.retryAfter);
    if (retryAfterMs !== undefined) return { outcome: 'retry_after', retryAfterMs: Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) };
  }
  return { outcome: 'retryable' };
}

export function createWebhookActivities(deps: WebhookActivityDeps) {
  const resolveHost = deps.resolveHost ?? systemResolveHost;
  const config = deps.webhooks;

  return {
    /**
     * One delivery attempt: sign, POST, log the attempt, classify. 2xx succeeds; 410 disables the subscription;
     * 429/503 with Retry-After retry after it; other statuses, timeouts and connection errors retry on the policy;
     * a destination that is not allowed fails at once.
     */
    async deliverWebhook(input: DeliverWebhookInput): Promise<void> {
      const attempt = Context.current().info.attempt;
      const loaded = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        const event = await findEvent(scope, input.eventId);
        const subscription = await findSubscription(scope, input.subscriptionId);
        if (!event || !subscription) return { event, subscription, delivery: undefined };
        const delivery = await ensureDelivery(scope, {
          subscriptionId: input.subscriptionId,
          eventId: input.eventId,
          eventType: input.eventType,
          workflowId: input.workflowId,
          redeliveryOf: input.redeliveryOf ?? null,
        });
        return { event, subscription, delivery };
      });
      const { event, subscription, delivery } = loaded;
      if (!event || !subscription || !delivery) {
        throw ApplicationFailure.nonRetryable('The event or the subscription no longer exists.', 'delivery_target_gone');
      }
      if (!subscription.enabled) {
        throw ApplicationFailure.nonRetryable(`The subscription is disabled (${subscription.disabled_reason ?? 'disabled'}).`, 'subscription_disabled');
      }

      const body = webhookBody(event);
      const timestamp = Math.floor(Date.now() / 1000);
      const secrets = [decryptWebhookSecret(subscription.secret_ciphertext, config.secretEncryptionKey)];
      if (subscription.previous_secret_ciphertext && subscription.previous_secret_expires_at && subscription.previous_secret_expires_at.getTime() > Date.now()) {
        secrets.push(decryptWebhookSecret(subscription.previous_secret_ciphertext, config.secretEncryptionKey));
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'DecisionModelingService-Webhooks/1.0',
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        // Signatures, not secrets: an HMAC does not reveal its key, so they may be logged.
        'webhook-signature': secrets.map((secret) => signWebhook(secret, event.id, timestamp, body)).join(' '),
      };
      const attemptedAt = new Date();
      const result = await sendWebhook({ url: subscription.url, headers, body, timeoutMs: config.timeoutMs, allowedHosts: config.allowedHosts, resolveHost });
      const { outcome, retryAfterMs } = classify(result);
      let willRetry = (outcome === 'retryable' || outcome === 'retry_after') && attempt < input.maximumAttempts;

      await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        if (outcome === 'succeeded') {
          await scope.trx.raw('update webhook_subscriptions set failing_since = null where id = ? and failing_since is not null', [subscription.id]);
        } else {
          const current = await findSubscription(scope, subscription.id, { forUpdate: true });
          if (current?.enabled) {
            const failingSince = current.failing_since ?? attemptedAt;
            if (!current.failing_since) await scope.trx.raw('update webhook_subscriptions set failing_since = ? where id = ?', [failingSince, current.id]);
            if (outcome === 'gone') {
              await disableSubscription(scope, current, 'endpoint_gone');
            } else if (Date.now() - failingSince.getTime() >= config.disableAfterSeconds * 1000) {
              await disableSubscription(scope, current, 'failing_continuously');
              willRetry = false;
            }
          }
        }
        await recordAttempt(scope, delivery, {
          attempt,
          attemptedAt,
          outcome,
          requestHeaders: headers,
          responseStatus: result.kind === 'response' ? result.status : null,
          responseBodyExcerpt: result.kind === 'response' ? result.bodyExcerpt : null,
          latencyMs: result.latencyMs,
          error: result.kind === 'refused' ? result.reason : result.kind === 'error' ? result.error : outcome === 'succeeded' ? null : `HTTP ${result.status}`,
          willRetry,
        });
      });

      if (outcome === 'succeeded') return;
      const message =
        result.kind === 'response' ? `The endpoint answered HTTP ${result.status}.` : result.kind === 'refused' ? result.reason : result.error;
      if (outcome === 'gone') throw ApplicationFailure.nonRetryable(`${message} The subscription is disabled.`, 'endpoint_gone');
      if (outcome === 'refused') throw ApplicationFailure.nonRetryable(message, 'destination_not_allowed');
      if (!willRetry && attempt < input.maximumAttempts) throw ApplicationFailure.nonRetryable(`${message} The subscription was disabled.`, 'subscription_disabled');
      const nextRetryDelay = outcome === 'retry_after' ? retryAfterMs : input.schedule === 'standard' ? standardDelayMs(attempt, config.retryUnitMs) : undefined;
      throw ApplicationFailure.create({ message, type: 'webhook_attempt_failed', ...(nextRetryDelay !== undefined ? { nextRetryDelay } : {}) });
    },

    /** Attempts or the deadline ran out (or the delivery could not be made at all): the delivery is failed. */
    async markWebhookDeliveryFailed(input: { tenantId: string; workflowId: string; reason: string }): Promise<void> {
      await inTenantTransaction(deps.db, input.tenantId, (scope) => markDeliveryFailed(scope, input.workflowId, input.reason.slice(0, 500)));
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
