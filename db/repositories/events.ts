import type { Knex } from 'knex';
import { EVENT_API_VERSION, type EventType } from '../../core/event-types';
import { newId } from '../../core/ids';
import { activeTraceparent } from '../../core/tracing';
import { ApiKeyRecord } from '../records/api-key';
import { EventRecord } from '../records/event';
import { paginate, type PageRequest } from '../pagination';
import { scoped, type TenantScope } from '../tenant-scope';

/**
 * The outbox relay and the API processes' event streams (db/change-notices.ts) LISTEN here; the payload is the tenant's
 * id. NOTIFY is delivered on commit, so a rolled-back event wakes nobody.
 */
export const EVENTS_CHANNEL = 'events_outbox';

/**
 * Writes an event into the outbox, inside the caller's transaction: it exists if and only if the change that
 * caused it commits. The per-tenant sequence row stays locked until then, so sequences follow commit order.
 */
export async function recordEvent(
  scope: TenantScope,
  type: EventType,
  data: Record<string, unknown>,
  options: { targetSubscriptionId?: string } = {},
): Promise<EventRecord> {
  const [event] = await recordEvents(scope, [{ type, data, targetSubscriptionId: options.targetSubscriptionId }]);
  return event as EventRecord;
}

/**
 * Writes several events into the outbox in one statement (one round trip: the tenant's next sequence numbers, the
 * rows, and one wake-up for the relay, sent on commit), inside the caller's transaction, with consecutive sequence
 * numbers in the order given. An event with `targetSubscriptionId` goes to that subscription only (a test event).
 * Each keeps the active span's trace context (core/tracing.ts), when tracing is on.
 */
export async function recordEvents(
  scope: TenantScope,
  events: ReadonlyArray<{ type: EventType; data: Record<string, unknown>; targetSubscriptionId?: string | undefined }>,
): Promise<EventRecord[]> {
  if (events.length === 0) return [];
  const result = await scope.trx.raw<{ rows: Array<Record<string, unknown>> }>(
    `with next as (
       insert into event_sequences (tenant_id, last_sequence) values (:tenantId, :count)
       on conflict (tenant_id) do update set last_sequence = event_sequences.last_sequence + :count
       returning last_sequence
     ), inserted as (
       insert into events (id, tenant_id, sequence, type, api_version, data, target_subscription_id, trace_context)
       select given.id, :tenantId, next.last_sequence - :count + given.position, given.type, :apiVersion, given.data,
              given.target, :traceContext::text
         from next, jsonb_to_recordset(:events::jsonb) as given(id text, position int, type text, data jsonb, target text)
       returning *
     )
     select inserted.*, (select pg_notify(:channel, :tenantId)) as notified from inserted order by inserted.sequence`,
    {
      tenantId: scope.tenantId,
      count: events.length,
      apiVersion: EVENT_API_VERSION,
      events: JSON.stringify(
        events.map((event, index) => ({
          id: newId('event'),
          position: index + 1,
          type: event.type,
          data: event.data,
          target: event.targetSubscriptionId ?? null,
        })),
      ),
      channel: EVENTS_CHANNEL,
      // The span recording it (a request's, an activity's): the webhook deliveries it leads to link back to it.
      traceContext: activeTraceparent(),
    },
  );
  return result.rows.map(({ notified: _notified, ...row }) => EventRecord.fromDatabaseJson(row) as EventRecord);
}

/** The trace context each of these events was recorded under (events recorded outside a trace have none). */
export async function eventTraceContexts(scope: TenantScope, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await scope
    .trx('events')
    .where('tenant_id', scope.tenantId)
    .whereIn('id', [...ids])
    .whereNotNull('trace_context')
    .select('id', 'trace_context')) as Array<{ id: string; trace_context: string }>;
  return new Map(rows.map((row) => [row.id, row.trace_context]));
}

export async function findEvent(scope: TenantScope, id: string): Promise<EventRecord | undefined> {
  return (await scoped(scope, EventRecord).where('events.id', id).first()) as EventRecord | undefined;
}

export async function findEvents(scope: TenantScope, ids: string[]): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  return (await scoped(scope, EventRecord).whereIn('events.id', ids)) as EventRecord[];
}

export async function listEvents(
  scope: TenantScope,
  filters: { type?: string; createdAfter?: string },
  page: PageRequest,
) {
  const query = scoped(scope, EventRecord);
  if (filters.type) query.where('type', filters.type);
  if (filters.createdAfter) query.where('created_at', '>=', filters.createdAfter);
  return paginate<EventRecord>(query, 'events.id', page);
}

// ---- The relay and the maintenance job: they work across tenants, as the table owner (outside row-level security).

export interface OutboxEvent {
  id: string;
  tenant_id: string;
  type: string;
  target_subscription_id: string | null;
  created_at: Date;
}

export interface DispatchTarget {
  id: string;
  tenant_id: string;
  event_types: string[];
  retry_policy: import('../records/webhook').WebhookRetryPolicy;
  created_at: Date;
}

/**
 * Claims up to `limit` undispatched events, oldest first, locking them for the caller's transaction. SKIP LOCKED
 * lets several relays (one per worker process) share the outbox without handing out an event twice at once.
 */
export async function claimUndispatchedEvents(
  trx: Knex.Transaction,
  limit: number,
  tenantIds?: readonly string[],
): Promise<OutboxEvent[]> {
  if (tenantIds && tenantIds.length === 0) return [];
  const result = await trx.raw<{ rows: OutboxEvent[] }>(
    `select id, tenant_id, type, target_subscription_id, created_at from events
      where dispatched_at is null ${tenantIds ? 'and tenant_id = any(?)' : ''}
      order by id limit ? for update skip locked`,
    tenantIds ? [tenantIds as string[], limit] : [limit],
  );
  return result.rows;
}

export async function enabledSubscriptionsOf(trx: Knex.Transaction, tenantIds: string[]): Promise<DispatchTarget[]> {
  const result = await trx.raw<{ rows: DispatchTarget[] }>(
    `select id, tenant_id, event_types, retry_policy, created_at from webhook_subscriptions
      where tenant_id = any(?) and enabled and deleted_at is null`,
    [tenantIds],
  );
  return result.rows;
}

export async function markEventsDispatched(trx: Knex.Transaction, ids: string[]): Promise<void> {
  await trx.raw('update events set dispatched_at = now() where id = any(?)', [ids]);
}

/** Retention: events (and their delivery logs, by cascade) older than the retention period are deleted. */
export async function deleteEventsOlderThan(db: Knex, days: number): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `delete from events where created_at < now() - make_interval(days => ?)`,
    [days],
  );
  return result.rowCount;
}

export interface ExpiringKey {
  id: string;
  tenant_id: string;
}

/**
 * Marks a key as having its api_key.expiring event, in the caller's transaction (which records the event): the key
 * as it is, or undefined when it was marked meanwhile, another worker is marking it (skipped, not waited for), or it
 * no longer expires.
 */
export async function markKeyExpiringEvent(
  scope: TenantScope,
  keyId: string,
): Promise<(ApiKeyRecord & { expires_at: Date }) | undefined> {
  const record = (await scoped(scope, ApiKeyRecord)
    .where('api_keys.id', keyId)
    .whereNull('expiring_event_at')
    .forUpdate()
    .skipLocked()
    .first()) as ApiKeyRecord | undefined;
  if (!record || record.expires_at === null) return undefined;
  await scoped(scope, ApiKeyRecord)
    .where('api_keys.id', keyId)
    .patch({ expiring_event_at: new Date() } as Partial<ApiKeyRecord>);
  return record as ApiKeyRecord & { expires_at: Date };
}

/** Live keys expiring within `days` for which api_key.expiring has not been emitted yet. */
export async function findKeysExpiringWithin(
  db: Knex,
  days: number,
  tenantIds?: readonly string[],
): Promise<ExpiringKey[]> {
  if (tenantIds && tenantIds.length === 0) return [];
  const result = await db.raw<{ rows: ExpiringKey[] }>(
    `select id, tenant_id from api_keys
      where expiring_event_at is null and revoked_at is null and expires_at is not null
        and expires_at > now() and expires_at <= now() + make_interval(days => ?)
        ${tenantIds ? 'and tenant_id = any(?)' : ''}
      order by id limit 500`,
    tenantIds ? [days, tenantIds as string[]] : [days],
  );
  return result.rows;
}
