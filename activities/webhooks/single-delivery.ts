import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { standardDelayMs } from '../../core/webhook-retry';
import { findEvent } from '../../db/repositories/events';
import {
  clearFailingSince,
  disableSubscription,
  ensureDelivery,
  findSubscription,
  recordAttempt,
  setFailingSince,
} from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { DeliverWebhookInput } from '../../workflows/webhooks/contracts';
import type { WebhookActivityDeps } from './deps';
import { sendWebhook, systemResolveHost } from './sender';
import { attemptError, classifyAttempt, signedHeaders, signingSecrets, webhookBody } from './webhook-request';

/**
 * The per-delivery workflow's attempt (the design before the lanes; kept for workflows still running from before
 * the upgrade). One delivery attempt: sign, POST, log the attempt, classify. 2xx succeeds; 410 disables the subscription;
 * 429/503 with Retry-After retry after it; other statuses, timeouts and connection errors retry on the policy;
 * a destination that is not allowed fails at once.
 */
export async function deliverWebhook(deps: WebhookActivityDeps, input: DeliverWebhookInput): Promise<void> {
  const config = deps.webhooks;
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
    throw ApplicationFailure.nonRetryable(
      `The subscription is disabled (${subscription.disabled_reason ?? 'disabled'}).`,
      'subscription_disabled',
    );
  }

  const body = webhookBody(event);
  const headers = signedHeaders(event, body, signingSecrets(subscription, config.secretEncryptionKey));
  const attemptedAt = new Date();
  const result = await sendWebhook({
    url: subscription.url,
    headers,
    body,
    timeoutMs: config.timeoutMs,
    allowedHosts: config.allowedHosts,
    resolveHost: deps.resolveHost ?? systemResolveHost,
  });
  const { outcome, retryAfterMs } = classifyAttempt(result);
  let willRetry = (outcome === 'retryable' || outcome === 'retry_after') && attempt < input.maximumAttempts;

  await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
    if (outcome === 'succeeded') {
      await clearFailingSince(scope, subscription.id);
    } else {
      const current = await findSubscription(scope, subscription.id, { forUpdate: true });
      if (current?.enabled) {
        const failingSince = current.failing_since ?? attemptedAt;
        if (!current.failing_since) await setFailingSince(scope, current.id, failingSince);
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
      error: attemptError(result, outcome),
      willRetry,
    });
  });

  if (outcome === 'succeeded') return;
  const message =
    result.kind === 'response'
      ? `The endpoint answered HTTP ${result.status}.`
      : result.kind === 'refused'
        ? result.reason
        : result.error;
  if (outcome === 'gone')
    throw ApplicationFailure.nonRetryable(`${message} The subscription is disabled.`, 'endpoint_gone');
  if (outcome === 'refused') throw ApplicationFailure.nonRetryable(message, 'destination_not_allowed');
  if (!willRetry && attempt < input.maximumAttempts)
    throw ApplicationFailure.nonRetryable(`${message} The subscription was disabled.`, 'subscription_disabled');
  const nextRetryDelay =
    outcome === 'retry_after'
      ? retryAfterMs
      : input.schedule === 'standard'
        ? standardDelayMs(attempt, config.retryUnitMs)
        : undefined;
  throw ApplicationFailure.create({
    message,
    type: 'webhook_attempt_failed',
    ...(nextRetryDelay !== undefined ? { nextRetryDelay } : {}),
  });
}
