import http from 'node:http';
import https from 'node:https';
import { SpanKind, trace } from '@opentelemetry/api';
import { inSpan, linkTo, withTraceparent } from '../../core/tracing';
import { nextAttemptDelayMs } from '../../core/webhook-retry';
import type { AttemptOutcome } from '../../db/records/webhook';
import { findEvents } from '../../db/repositories/events';
import {
  claimDueDeliveries,
  disableSubscription,
  failOpenDeliveries,
  findSubscription,
  msUntilNextDue,
  recordLaneAttempts,
  setFailingSince,
  setLanePassUntil,
  type DueDelivery,
  type LaneAttempt,
} from '../../db/repositories/webhooks';
import { consumeUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { createOutcomeRecorder, runLanePass, sendConcurrently, type LaneRound } from '../lanes/lane-pass';
import type { DeliverDueWebhooksInput, DeliverDueWebhooksResult } from '../../workflows/webhooks/contracts';
import type { WebhookActivityDeps } from './deps';
import { sendWebhook, systemResolveHost } from './sender';
import { attemptError, classifyAttempt, signedHeaders, signingSecrets, webhookBody } from './webhook-request';

/** Attempts a lane pass records in one transaction (fewer, if the pass ends first). */
const ATTEMPTS_PER_RECORDING = 50;

/** An attempt of a lane pass, before it is recorded: what the retry decision needs besides the log. */
interface LaneOutcome extends LaneAttempt {
  createdAt: Date;
  retryAfterMs?: number;
}

interface LaneCounts {
  attempted: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

function laneAttempt(
  input: DeliverDueWebhooksInput,
  delivery: DueDelivery,
  attempt: number,
  what: { outcome: AttemptOutcome; error: string | null; headers: Record<string, string>; latencyMs: number },
): LaneOutcome {
  return {
    deliveryId: delivery.id,
    workflowId: input.workflowId,
    attempt,
    attemptedAt: new Date(),
    outcome: what.outcome,
    requestHeaders: what.headers,
    responseStatus: null,
    responseBodyExcerpt: null,
    latencyMs: what.latencyMs,
    error: what.error,
    willRetry: false,
    retryInMs: null,
    createdAt: delivery.created_at,
  };
}

/**
 * Records a group of a lane's attempts in one transaction, under the subscription's row lock: the failing streak
 * (a success ends it, a failure starts it), disabling (410 at once; `failing_continuously` once the streak is
 * WEBHOOK_DISABLE_AFTER_SECONDS old, with its webhook.disabled event), and each delivery's next step.
 */
async function recordLaneGroup(
  deps: WebhookActivityDeps,
  input: DeliverDueWebhooksInput,
  group: LaneOutcome[],
  counts: LaneCounts,
): Promise<void> {
  const config = deps.webhooks;
  const subscriptionId = input.subscriptionId;
  await inTenantTransaction(deps.db, input.tenantId, async (scope: TenantScope) => {
    const current = await findSubscription(scope, subscriptionId, { forUpdate: true });
    let enabled = current?.enabled ?? false;
    let failingSince = current?.failing_since ?? null;
    const now = new Date();
    for (const attempt of group) {
      const retryAfterMs = attempt.outcome === 'retry_after' ? attempt.retryAfterMs : undefined;
      if (attempt.outcome === 'succeeded') {
        failingSince = null;
      } else if (current && enabled) {
        failingSince ??= attempt.attemptedAt;
        if (attempt.outcome === 'gone') {
          await disableSubscription(scope, current, 'endpoint_gone');
          enabled = false;
        } else if (now.getTime() - failingSince.getTime() >= config.disableAfterSeconds * 1000) {
          await disableSubscription(scope, current, 'failing_continuously');
          enabled = false;
        }
      }
      const retryable =
        (attempt.outcome === 'retryable' || attempt.outcome === 'retry_after') && enabled && current !== undefined;
      const delay = retryable
        ? nextAttemptDelayMs(current.retry_policy, attempt.attempt, {
            unitMs: config.retryUnitMs,
            ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
            createdAt: attempt.createdAt,
            now,
          })
        : null;
      attempt.willRetry = delay !== null;
      attempt.retryInMs = delay;
      counts.attempted++;
      if (attempt.outcome === 'succeeded') counts.succeeded++;
      else if (attempt.willRetry) counts.retrying++;
      else counts.failed++;
    }
    if (current && (current.failing_since?.getTime() ?? null) !== (failingSince?.getTime() ?? null))
      await setFailingSince(scope, subscriptionId, failingSince);
    await recordLaneAttempts(scope, group);
    // Each attempt sent is a delivery of the tenant's volume quota (counted, never held back: events are the tenant's).
    await consumeUsage(scope, 'webhook_deliveries', group.length);
  });
}

/**
 * One round of a lane pass: re-reads the subscription (a deleted or disabled one fails its open deliveries), claims
 * its due deliveries, sends them with at most WEBHOOK_LANE_CONCURRENCY in flight and records the attempts in groups
 * as they complete. Answers what it found: nothing due, some, or a full batch (more may be due at once).
 */
async function deliverRound(
  deps: WebhookActivityDeps,
  input: DeliverDueWebhooksInput,
  counts: LaneCounts,
  agentFor: (url: string) => http.Agent,
): Promise<LaneRound> {
  const config = deps.webhooks;
  const claimed = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
    const subscription = await findSubscription(scope, input.subscriptionId);
    if (!subscription || !subscription.enabled) {
      const reason = subscription
        ? `The subscription is disabled (${subscription.disabled_reason ?? 'disabled'}).`
        : 'The event or the subscription no longer exists.';
      counts.failed += await failOpenDeliveries(scope, input.subscriptionId, reason);
      return undefined;
    }
    const due = await claimDueDeliveries(scope, input.subscriptionId, config.laneBatchSize);
    const events = new Map((await findEvents(scope, [...new Set(due.map((d) => d.event_id))])).map((e) => [e.id, e]));
    return { subscription, due, events };
  });
  if (!claimed) return 'stop';
  const { subscription, due, events } = claimed;
  if (due.length === 0) return 'none_due';
  const secrets = signingSecrets(subscription, config.secretEncryptionKey);
  const agent = agentFor(subscription.url);

  const recorder = createOutcomeRecorder<LaneOutcome>((group) => recordLaneGroup(deps, input, group, counts), {
    startAt: ATTEMPTS_PER_RECORDING,
    groupSize: ATTEMPTS_PER_RECORDING,
  });
  await sendConcurrently(due, config.laneConcurrency, async (delivery) => {
    const event = events.get(delivery.event_id);
    const attempt = delivery.attempts + 1;
    if (!event) {
      recorder.add(
        laneAttempt(input, delivery, attempt, {
          outcome: 'refused',
          error: 'The event no longer exists (past its retention).',
          headers: {},
          latencyMs: 0,
        }),
      );
      return;
    }
    const body = webhookBody(event);
    const attemptedAt = new Date();
    // A span per attempt, linked to the span that recorded the event (the request that caused it); the receiver
    // gets its traceparent, and the attempt log keeps the headers as sent.
    const { result, headers } = await inSpan(
      'webhook.deliver',
      {
        kind: SpanKind.CLIENT,
        links: linkTo(event.trace_context),
        attributes: {
          'webhook.id': subscription.id,
          'webhook.delivery_id': delivery.id,
          'webhook.attempt': attempt,
          'event.id': event.id,
          'event.type': event.type,
          'server.address': new URL(subscription.url).hostname,
        },
      },
      async () => {
        const sent = withTraceparent(signedHeaders(event, body, secrets));
        const answer = await sendWebhook({
          url: subscription.url,
          headers: sent,
          body,
          timeoutMs: config.timeoutMs,
          allowedHosts: config.allowedHosts,
          resolveHost: deps.resolveHost ?? systemResolveHost,
          agent,
        });
        if (answer.kind === 'response') trace.getActiveSpan()?.setAttribute('http.response.status_code', answer.status);
        return { result: answer, headers: sent };
      },
    );
    const { outcome, retryAfterMs } = classifyAttempt(result);
    recorder.add({
      ...laneAttempt(input, delivery, attempt, {
        outcome,
        error: attemptError(result, outcome),
        headers,
        latencyMs: result.latencyMs,
      }),
      attemptedAt,
      responseStatus: result.kind === 'response' ? result.status : null,
      responseBodyExcerpt: result.kind === 'response' ? result.bodyExcerpt : null,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  });
  await recorder.flush();
  return due.length >= config.laneBatchSize ? 'batch_full' : 'some_due';
}

/**
 * One pass of a subscription's lane (the rounds, their pacing and heartbeats: runLanePass): each round
 * (deliverRound) claims the due deliveries (up to WEBHOOK_LANE_BATCH_SIZE), sends them with at most
 * WEBHOOK_LANE_CONCURRENCY requests in flight, and records the attempts in groups as they complete, each with what
 * follows from it: success; 410 disables the subscription; 429/503 with Retry-After retry after it; other failures
 * retry on the subscription's policy (schedule, attempts, total deadline); a refused destination fails at once; a
 * subscription failing for WEBHOOK_DISABLE_AFTER_SECONDS is disabled. While the pass runs, the subscription is marked
 * (lane_pass_until) so the relay does not signal the lane for what the pass will take anyway.
 */
export async function deliverDueWebhooks(
  deps: WebhookActivityDeps,
  input: DeliverDueWebhooksInput,
): Promise<DeliverDueWebhooksResult> {
  const config = deps.webhooks;
  const counts: LaneCounts = { attempted: 0, succeeded: 0, retrying: 0, failed: 0 };
  // Keep-alive connections for the pass, one pool per scheme (the URL may change between rounds).
  const agents = new Map<string, http.Agent>();
  const agentFor = (url: string) => {
    const protocol = new URL(url).protocol;
    let agent = agents.get(protocol);
    if (!agent)
      agents.set(
        protocol,
        (agent = new (protocol === 'https:' ? https.Agent : http.Agent)({
          keepAlive: true,
          maxSockets: config.laneConcurrency,
        })),
      );
    return agent;
  };
  const marked = (seconds: number | null) =>
    inTenantTransaction(deps.db, input.tenantId, (scope) => setLanePassUntil(scope, input.subscriptionId, seconds));
  try {
    return await runLanePass({
      db: deps.db,
      tenantId: input.tenantId,
      passIntervalMs: config.lanePassIntervalMs,
      counts,
      begin: async (passMs) => {
        await marked(passMs / 1000);
        return true;
      },
      round: () => deliverRound(deps, input, counts, agentFor),
      // In this order: once the mark is gone the relay signals again, and the last look sees what it skipped.
      end: () => marked(null),
      nextDueInMs: (scope) => msUntilNextDue(scope, input.subscriptionId),
    });
  } finally {
    for (const agent of agents.values()) agent.destroy();
  }
}
