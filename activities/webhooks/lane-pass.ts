import http from 'node:http';
import https from 'node:https';
import { Context } from '@temporalio/activity';
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
import { tenantWorkersOf } from '../../db/repositories/tenants';
import { consumeUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { DeliverDueWebhooksInput, DeliverDueWebhooksResult } from '../../workflows/webhooks/contracts';
import type { WebhookActivityDeps } from './deliveries';
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
async function recordLaneGroup(deps: WebhookActivityDeps, input: DeliverDueWebhooksInput, group: LaneOutcome[], counts: LaneCounts): Promise<void> {
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
      const retryable = (attempt.outcome === 'retryable' || attempt.outcome === 'retry_after') && enabled && current !== undefined;
      const delay = retryable
        ? nextAttemptDelayMs(current.retry_policy, attempt.attempt, { unitMs: config.retryUnitMs, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), createdAt: attempt.createdAt, now })
        : null;
      attempt.willRetry = delay !== null;
      attempt.retryInMs = delay;
      counts.attempted++;
      if (attempt.outcome === 'succeeded') counts.succeeded++;
      else if (attempt.willRetry) counts.retrying++;
      else counts.failed++;
    }
    if (current && (current.failing_since?.getTime() ?? null) !== (failingSince?.getTime() ?? null)) await setFailingSince(scope, subscriptionId, failingSince);
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
): Promise<'subscription_gone' | 'none_due' | 'some_due' | 'batch_full'> {
  const config = deps.webhooks;
  const claimed = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
    const subscription = await findSubscription(scope, input.subscriptionId);
    if (!subscription || !subscription.enabled) {
      const reason = subscription ? `The subscription is disabled (${subscription.disabled_reason ?? 'disabled'}).` : 'The event or the subscription no longer exists.';
      counts.failed += await failOpenDeliveries(scope, input.subscriptionId, reason);
      return undefined;
    }
    const due = await claimDueDeliveries(scope, input.subscriptionId, config.laneBatchSize);
    const events = new Map((await findEvents(scope, [...new Set(due.map((d) => d.event_id))])).map((e) => [e.id, e]));
    return { subscription, due, events };
  });
  if (!claimed) return 'subscription_gone';
  const { subscription, due, events } = claimed;
  if (due.length === 0) return 'none_due';
  const secrets = signingSecrets(subscription, config.secretEncryptionKey);
  const agent = agentFor(subscription.url);

  const pending: LaneOutcome[] = [];
  let recording: Promise<void> = Promise.resolve();
  const record = () => {
    const group = pending.splice(0, pending.length);
    if (group.length === 0) return recording;
    recording = recording.then(() => recordLaneGroup(deps, input, group, counts));
    return recording;
  };

  const attemptOne = async (delivery: DueDelivery): Promise<void> => {
    const event = events.get(delivery.event_id);
    const attempt = delivery.attempts + 1;
    if (!event) {
      pending.push(laneAttempt(input, delivery, attempt, { outcome: 'refused', error: 'The event no longer exists (past its retention).', headers: {}, latencyMs: 0 }));
      return;
    }
    const body = webhookBody(event);
    const headers = signedHeaders(event, body, secrets);
    const attemptedAt = new Date();
    const result = await sendWebhook({ url: subscription.url, headers, body, timeoutMs: config.timeoutMs, allowedHosts: config.allowedHosts, resolveHost: deps.resolveHost ?? systemResolveHost, agent });
    const { outcome, retryAfterMs } = classifyAttempt(result);
    pending.push({
      ...laneAttempt(input, delivery, attempt, { outcome, error: attemptError(result, outcome), headers, latencyMs: result.latencyMs }),
      attemptedAt,
      responseStatus: result.kind === 'response' ? result.status : null,
      responseBodyExcerpt: result.kind === 'response' ? result.bodyExcerpt : null,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
    // A failed recording fails the round below (awaiting `recording`); here it must not go unhandled.
    if (pending.length >= ATTEMPTS_PER_RECORDING) void record().catch(() => undefined);
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(config.laneConcurrency, due.length) }, async () => {
      while (next < due.length) await attemptOne(due[next++] as DueDelivery);
    }),
  );
  await record();
  await recording;
  return due.length >= config.laneBatchSize ? 'batch_full' : 'some_due';
}

/**
 * One pass of a subscription's lane, in rounds (deliverRound): each claims the due deliveries (up to
 * WEBHOOK_LANE_BATCH_SIZE), sends them with at most WEBHOOK_LANE_CONCURRENCY requests in flight, and records the
 * attempts in groups as they complete, each with what follows from it: success; 410 disables the subscription;
 * 429/503 with Retry-After retry after it; other failures retry on the subscription's policy (schedule, attempts,
 * total deadline); a refused destination fails at once; a subscription failing for WEBHOOK_DISABLE_AFTER_SECONDS
 * is disabled. A full batch is followed by the next round at once; a partial one by the next round one
 * WEBHOOK_LANE_PASS_INTERVAL_MS after it started; the pass ends when nothing is due or after
 * max(1 s, 20 intervals), so a steady trickle of events costs Temporal one pass per couple of seconds. Heartbeats
 * keep it alive; if its worker dies, the pass is retried and sends again whatever it had not recorded (at least
 * once). Answers when the lane should look again.
 */
export async function deliverDueWebhooks(deps: WebhookActivityDeps, input: DeliverDueWebhooksInput): Promise<DeliverDueWebhooksResult> {
  const config = deps.webhooks;
  const context = Context.current();
  const heartbeat = setInterval(() => context.heartbeat(), Math.max(500, (context.info.heartbeatTimeoutMs ?? 30_000) / 3));
  const counts: LaneCounts = { attempted: 0, succeeded: 0, retrying: 0, failed: 0 };
  // Keep-alive connections for the pass, one pool per scheme (the URL may change between rounds).
  const agents = new Map<string, http.Agent>();
  const agentFor = (url: string) => {
    const protocol = new URL(url).protocol;
    let agent = agents.get(protocol);
    if (!agent) agents.set(protocol, (agent = new (protocol === 'https:' ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: config.laneConcurrency })));
    return agent;
  };
  const interval = config.lanePassIntervalMs;
  const passMs = Math.max(1000, 20 * interval);
  const passEnds = Date.now() + passMs;
  const marked = (seconds: number | null) => inTenantTransaction(deps.db, input.tenantId, (scope) => setLanePassUntil(scope, input.subscriptionId, seconds));
  try {
    await marked(passMs / 1000);
    for (;;) {
      const roundStarted = Date.now();
      const round = await deliverRound(deps, input, counts, agentFor);
      if (round === 'subscription_gone') {
        await marked(null);
        return { ...counts, nextDueInMs: null };
      }
      if (Date.now() >= passEnds || context.cancellationSignal.aborted) break;
      if (round === 'none_due') break;
      // Not a full batch: what arrives meanwhile goes in the next round, at most one per interval.
      if (round === 'some_due') await new Promise((resolve) => setTimeout(resolve, Math.max(0, roundStarted + interval - Date.now())));
    }
    // In this order: once the mark is gone the relay signals again, and this last look sees what it skipped.
    await marked(null);
    const { nextDueInMs, tenantWorkers } = await inTenantTransaction(deps.db, input.tenantId, async (scope) => ({
      nextDueInMs: await msUntilNextDue(scope, input.subscriptionId),
      tenantWorkers: await tenantWorkersOf(scope),
    }));
    return { ...counts, nextDueInMs, tenantWorkers };
  } finally {
    clearInterval(heartbeat);
    for (const agent of agents.values()) agent.destroy();
  }
}
