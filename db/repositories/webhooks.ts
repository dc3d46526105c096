import type { Knex } from 'knex';
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

export async function insertSubscription(
  scope: TenantScope,
  row: Partial<WebhookSubscriptionRecord>,
): Promise<WebhookSubscriptionRecord> {
  return insertScoped(scope, WebhookSubscriptionRecord, row);
}

/** What the audit log records of a subscription. */
export function auditedSubscription(record: WebhookSubscriptionRecord) {
  return {
    url: record.url,
    event_types: record.event_types,
    enabled: record.enabled,
    retry_policy: record.retry_policy,
  };
}

/** What enabling a disabled subscription again sets: enabled, and no reason, time or failing streak left over. */
export const ENABLED_AGAIN: Partial<WebhookSubscriptionRecord> = {
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
};

export async function findSubscription(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = live(scope).where('webhook_subscriptions.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as WebhookSubscriptionRecord | undefined;
}

export async function listSubscriptions(scope: TenantScope, page: PageRequest) {
  return paginate<WebhookSubscriptionRecord>(live(scope), 'webhook_subscriptions.id', page);
}

export async function updateSubscription(
  scope: TenantScope,
  id: string,
  patch: Partial<WebhookSubscriptionRecord>,
): Promise<WebhookSubscriptionRecord> {
  const [row] = (await live(scope)
    .where('webhook_subscriptions.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<WebhookSubscriptionRecord>)
    .returning('*')) as unknown as WebhookSubscriptionRecord[];
  return row as WebhookSubscriptionRecord;
}

/** Disables a subscription and emits webhook.disabled in the same transaction (not to the disabled subscription). */
export async function disableSubscription(
  scope: TenantScope,
  subscription: WebhookSubscriptionRecord,
  reason: WebhookDisabledReason,
): Promise<void> {
  const disabledAt = new Date();
  await updateSubscription(scope, subscription.id, {
    enabled: false,
    disabled_reason: reason,
    disabled_at: disabledAt,
  });
  await recordEvent(scope, 'webhook.disabled', {
    webhook: {
      id: subscription.id,
      url: subscription.url,
      disabled_reason: reason,
      disabled_at: disabledAt.toISOString(),
    },
  });
}

// ---- Deliveries ---------------------------------------------------------------------------------------------------

/**
 * The delivery row of a per-delivery workflow (the design before the lanes), created on its first attempt. Only those
 * workflows, still running from before the upgrade, call this; lanes' rows are written by the relay.
 */
export async function ensureDelivery(
  scope: TenantScope,
  row: {
    id?: string;
    subscriptionId: string;
    eventId: string;
    eventType: string;
    workflowId: string;
    redeliveryOf?: string | null;
  },
): Promise<WebhookDeliveryRecord> {
  await scope.trx.raw(
    `insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, event_type, workflow_id, status, redelivery_of)
     values (?, ?, ?, ?, ?, ?, 'pending', ?) on conflict (workflow_id) where workflow_id not like 'webhook\\_lane/%' do nothing`,
    [
      row.id ?? newId('webhookDelivery'),
      scope.tenantId,
      row.subscriptionId,
      row.eventId,
      row.eventType,
      row.workflowId,
      row.redeliveryOf ?? null,
    ],
  );
  return (await scoped(scope, WebhookDeliveryRecord)
    .where('workflow_id', row.workflowId)
    .first()) as WebhookDeliveryRecord;
}

export async function findDelivery(scope: TenantScope, subscriptionId: string, id: string) {
  return (await scoped(scope, WebhookDeliveryRecord)
    .where({ 'webhook_deliveries.id': id, subscription_id: subscriptionId })
    .first()) as WebhookDeliveryRecord | undefined;
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
  return (await scoped(scope, WebhookDeliveryAttemptRecord)
    .whereIn('delivery_id', deliveryIds)
    .orderBy('attempt')) as WebhookDeliveryAttemptRecord[];
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
export async function recordAttempt(
  scope: TenantScope,
  delivery: WebhookDeliveryRecord,
  attempt: AttemptRecord,
): Promise<void> {
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
    .patch({
      status: 'failed',
      last_error: reason,
      completed_at: new Date(),
      updated_at: new Date(),
    } as Partial<WebhookDeliveryRecord>);
}

/**
 * Retiring a per-delivery workflow: its delivery (created here if its first attempt never ran) becomes its
 * subscription's lane's, due now, keeping the attempts made so far. False when there is nothing left to send (it
 * succeeded or failed already).
 */
export async function handDeliveryToLane(
  scope: TenantScope,
  row: { subscriptionId: string; eventId: string; eventType: string; workflowId: string; redeliveryOf?: string | null },
): Promise<boolean> {
  const delivery = await ensureDelivery(scope, row);
  const result = await scope.trx.raw<{ rowCount: number }>(
    `update webhook_deliveries set next_attempt_at = coalesce(next_attempt_at, now()), completed_at = null, updated_at = now()
      where tenant_id = ? and id = ? and status in ('pending', 'retrying')`,
    [scope.tenantId, delivery.id],
  );
  return result.rowCount > 0;
}

/** Bindings for `unnest(?::type[], …)`: one array per column (nulls allowed), which knex passes through as is. */
function columns(values: unknown[]): Knex.RawBinding[] {
  return values as Knex.RawBinding[];
}

// ---- Lanes: one delivery workflow per subscription, every delivery's state in these rows ----------------------------

/** A delivery a lane owes: open while `next_attempt_at` is set (then `status` is `pending` or `retrying`). */
export interface LaneDeliveryRow {
  id: string;
  tenant_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  workflow_id: string;
}

/**
 * The relay's write, across tenants (as the table owner, outside row-level security), in the transaction that marks
 * the events dispatched: one open delivery per (event, subscription), due at once. A repeated pass writes nothing twice.
 */
export async function insertLaneDeliveries(trx: Knex.Transaction, rows: LaneDeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(
    `insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, event_type, workflow_id, status, next_attempt_at)
     select id, tenant_id, subscription_id, event_id, event_type, workflow_id, 'pending', now()
       from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) as d(id, tenant_id, subscription_id, event_id, event_type, workflow_id)
     on conflict (subscription_id, event_id) where redelivery_of is null do nothing`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.tenant_id),
      rows.map((r) => r.subscription_id),
      rows.map((r) => r.event_id),
      rows.map((r) => r.event_type),
      rows.map((r) => r.workflow_id),
    ],
  );
}

/** A redelivery asked for by a client: a new open delivery of the same event, due at once, on the subscription's lane. */
export async function insertRedelivery(
  scope: TenantScope,
  row: {
    id: string;
    subscriptionId: string;
    eventId: string;
    eventType: string;
    workflowId: string;
    redeliveryOf: string;
  },
): Promise<WebhookDeliveryRecord> {
  await scope.trx.raw(
    `insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, event_type, workflow_id, status, redelivery_of, next_attempt_at)
     values (?, ?, ?, ?, ?, ?, 'pending', ?, now())`,
    [row.id, scope.tenantId, row.subscriptionId, row.eventId, row.eventType, row.workflowId, row.redeliveryOf],
  );
  return (await scoped(scope, WebhookDeliveryRecord)
    .where('webhook_deliveries.id', row.id)
    .first()) as WebhookDeliveryRecord;
}

/** Closes an open delivery as failed (a redelivery Temporal could not take). */
export async function failDelivery(scope: TenantScope, id: string, reason: string): Promise<void> {
  await scoped(scope, WebhookDeliveryRecord)
    .where('webhook_deliveries.id', id)
    .whereIn('status', ['pending', 'retrying'])
    .patch({
      status: 'failed',
      last_error: reason,
      next_attempt_at: null,
      completed_at: new Date(),
      updated_at: new Date(),
    } as unknown as Partial<WebhookDeliveryRecord>);
}

/** Closes every open delivery of a subscription as failed: it was deleted or disabled. */
export async function failOpenDeliveries(scope: TenantScope, subscriptionId: string, reason: string): Promise<number> {
  const result = await scope.trx.raw<{ rowCount: number }>(
    `update webhook_deliveries set status = 'failed', last_error = ?, next_attempt_at = null, completed_at = now(), updated_at = now()
      where tenant_id = ? and subscription_id = ? and next_attempt_at is not null`,
    [reason, scope.tenantId, subscriptionId],
  );
  return result.rowCount;
}

export interface DueDelivery {
  id: string;
  event_id: string;
  attempts: number;
  created_at: Date;
}

/**
 * A lane pass's batch: the subscription's deliveries that are due, earliest first. Rows another pass is recording
 * right now (a pass Temporal gave up on whose worker lives on) are skipped rather than waited for.
 */
export async function claimDueDeliveries(
  scope: TenantScope,
  subscriptionId: string,
  limit: number,
): Promise<DueDelivery[]> {
  const result = await scope.trx.raw<{ rows: DueDelivery[] }>(
    `select id, event_id, attempts, created_at from webhook_deliveries
      where tenant_id = ? and subscription_id = ? and next_attempt_at <= now()
      order by next_attempt_at, id limit ? for update skip locked`,
    [scope.tenantId, subscriptionId, limit],
  );
  return result.rows;
}

/** Milliseconds until the subscription's earliest open delivery is due (0 if one is due now); null if none is open. */
export async function msUntilNextDue(scope: TenantScope, subscriptionId: string): Promise<number | null> {
  const result = await scope.trx.raw<{ rows: Array<{ ms: string | null }> }>(
    `select case when min(next_attempt_at) is not null
              then greatest(0, ceil(extract(epoch from min(next_attempt_at) - clock_timestamp()) * 1000))::bigint end as ms
       from webhook_deliveries where tenant_id = ? and subscription_id = ? and next_attempt_at is not null`,
    [scope.tenantId, subscriptionId],
  );
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

/** One recorded attempt of a lane, and where it leaves its delivery. */
export interface LaneAttempt extends AttemptRecord {
  deliveryId: string;
  workflowId: string;
  /** When `willRetry`: the delay before the next attempt. */
  retryInMs: number | null;
}

/**
 * Logs a lane's attempts and moves their deliveries on, in one round trip each: `succeeded`, `failed`, or `retrying`
 * with the next attempt due `retryInMs` from now. An attempt number already logged (the pass was retried after its
 * worker died) is not logged twice; a delivery closed meanwhile (its subscription was deleted) stays closed.
 */
export async function recordLaneAttempts(scope: TenantScope, attempts: LaneAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await scope.trx.raw(
    `insert into webhook_delivery_attempts
       (delivery_id, tenant_id, attempt, attempted_at, outcome, request_headers, response_status, response_body_excerpt, latency_ms, error)
     select delivery_id, ?, attempt, attempted_at, outcome, request_headers, response_status, response_body_excerpt, latency_ms, error
       from unnest(?::text[], ?::int[], ?::timestamptz[], ?::text[], ?::jsonb[], ?::int[], ?::text[], ?::int[], ?::text[])
         as a(delivery_id, attempt, attempted_at, outcome, request_headers, response_status, response_body_excerpt, latency_ms, error)
     on conflict (delivery_id, attempt) do nothing`,
    columns([
      scope.tenantId,
      attempts.map((a) => a.deliveryId),
      attempts.map((a) => a.attempt),
      attempts.map((a) => a.attemptedAt),
      attempts.map((a) => a.outcome),
      attempts.map((a) => JSON.stringify(a.requestHeaders)),
      attempts.map((a) => a.responseStatus),
      attempts.map((a) => a.responseBodyExcerpt),
      attempts.map((a) => a.latencyMs),
      attempts.map((a) => a.error),
    ]),
  );
  await scope.trx.raw(
    `update webhook_deliveries d
        set status = v.status,
            attempts = greatest(d.attempts, v.attempt),
            last_response_status = v.response_status,
            last_error = v.error,
            last_attempt_at = v.attempted_at,
            workflow_id = v.workflow_id,
            next_attempt_at = case when v.status = 'retrying' then now() + v.retry_in_ms * interval '1 millisecond' end,
            completed_at = case when v.status = 'retrying' then null else now() end,
            updated_at = now()
       from unnest(?::text[], ?::text[], ?::int[], ?::int[], ?::text[], ?::timestamptz[], ?::text[], ?::bigint[])
         as v(id, status, attempt, response_status, error, attempted_at, workflow_id, retry_in_ms)
      where d.id = v.id and d.tenant_id = ? and d.next_attempt_at is not null`,
    columns([
      attempts.map((a) => a.deliveryId),
      attempts.map((a) => (a.outcome === 'succeeded' ? 'succeeded' : a.willRetry ? 'retrying' : 'failed')),
      attempts.map((a) => a.attempt),
      attempts.map((a) => a.responseStatus),
      attempts.map((a) => a.error),
      attempts.map((a) => a.attemptedAt),
      attempts.map((a) => a.workflowId),
      attempts.map((a) => (a.willRetry ? (a.retryInMs ?? 0) : null)),
      scope.tenantId,
    ]),
  );
}

/**
 * The relay's safety net, across tenants: subscriptions with a delivery due for longer than `overdueSeconds`, whose
 * lane must have missed its wake-up (a crash between the relay's commit and its signal, a lane ended by hand).
 */
export async function subscriptionsWithOverdueDeliveries(
  db: Knex,
  overdueSeconds: number,
  tenantIds?: readonly string[],
): Promise<Array<{ tenant_id: string; subscription_id: string }>> {
  if (tenantIds && tenantIds.length === 0) return [];
  const result = await db.raw<{ rows: Array<{ tenant_id: string; subscription_id: string }> }>(
    `select distinct tenant_id, subscription_id from webhook_deliveries
      where next_attempt_at < now() - make_interval(secs => ?) ${tenantIds ? 'and tenant_id = any(?)' : ''}
      limit 1000`,
    tenantIds ? [overdueSeconds, tenantIds as string[]] : [overdueSeconds],
  );
  return result.rows;
}

/** Sets or clears the start of a subscription's run of failed attempts. */
export async function setFailingSince(
  scope: TenantScope,
  subscriptionId: string,
  failingSince: Date | null,
): Promise<void> {
  await scope.trx.raw('update webhook_subscriptions set failing_since = ? where tenant_id = ? and id = ?', [
    failingSince,
    scope.tenantId,
    subscriptionId,
  ]);
}

/** Ends a subscription's run of failed attempts, if it had one (a success; a subscription not failing is not written). */
export async function clearFailingSince(scope: TenantScope, subscriptionId: string): Promise<void> {
  await scope.trx.raw(
    'update webhook_subscriptions set failing_since = null where tenant_id = ? and id = ? and failing_since is not null',
    [scope.tenantId, subscriptionId],
  );
}

/**
 * Marks a lane pass as running for `seconds` (it takes newly due deliveries until then), or as ended (null). A pass
 * clears the mark before its last look at what is due, so a delivery the relay committed and did not signal for
 * (because the mark was set) is always seen.
 */
export async function setLanePassUntil(
  scope: TenantScope,
  subscriptionId: string,
  seconds: number | null,
): Promise<void> {
  await scope.trx.raw(
    `update webhook_subscriptions set lane_pass_until = case when ?::float8 is null then null else now() + make_interval(secs => ?::float8) end
      where tenant_id = ? and id = ?`,
    [seconds, seconds, scope.tenantId, subscriptionId],
  );
}

/** The relay, after its commit, across tenants: which of these subscriptions' lanes are in a pass (need no signal). */
export async function subscriptionsInLanePass(db: Knex, subscriptionIds: string[]): Promise<Set<string>> {
  if (subscriptionIds.length === 0) return new Set();
  const result = await db.raw<{ rows: Array<{ id: string }> }>(
    'select id from webhook_subscriptions where id = any(?) and lane_pass_until > now()',
    [subscriptionIds],
  );
  return new Set(result.rows.map((row) => row.id));
}
