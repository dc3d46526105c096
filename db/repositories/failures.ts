import { decodeTimeCursor, encodeTimeCursor, type PageRequest } from '../pagination';
import type { TenantScope } from '../tenant-scope';

/** The kinds of failure the service records, each where its family keeps it. */
export const FAILURE_KINDS = [
  'scenario',
  'batch_item',
  'integration_sync',
  'webhook_delivery',
  'webhook_subscription',
  'notification',
  'kpi_check',
  'model_replay',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface FailureRow {
  id: string;
  kind: FailureKind;
  resource_id: string;
  parent_id: string | null;
  code: string;
  message: string;
  first_seen_at: Date;
  last_seen_at: Date;
  attempts: number;
}

export interface FailureFilters {
  kind?: FailureKind | undefined;
  /** The failed resource's id, or its parent's (a webhook's deliveries, an integration's syncs, a batch's items). */
  resource?: string | undefined;
  since?: string | undefined;
  code?: string | undefined;
  ids?: readonly string[];
}

/**
 * Every failure of the tenant, read where each family records it. A failure's id is its kind and the failed
 * resource's own id, so it is stable for as long as the failure stands. A batch's failed run is listed once, as its
 * batch item (with its scenario's cause), and stands only while that scenario's latest run is the failed one. A delivery that was redelivered, a sync
 * followed by a newer sync of its integration, or a replay by a newer replay of the same version, is no longer a
 * failure: the newer attempt is the one that counts.
 * Times are cut to milliseconds so that a cursor (which carries one) compares exactly.
 */
const FAILURES_SQL = `
  select ('scenario_' || s.id)::text as id, 'scenario'::text as kind, s.id::text as resource_id, s.model_id::text as parent_id,
    coalesce(s.error->>'code', 'scenario_failed')::text as code, coalesce(s.error->>'message', s.error->>'detail', '')::text as message,
    s.created_at as first_seen_at, coalesce(s.completed_at, s.updated_at) as last_seen_at, s.run_number::int as attempts
  from scenarios s where s.tenant_id = :tenant and s.status = 'failed' and s.deleted_at is null and s.batch_id is null
  union all
  select ('batch_item_' || i.batch_id || '_' || i.item_index)::text, 'batch_item', i.batch_id, i.scenario_id,
    coalesce(s.error->>'code', 'batch_item_failed'), coalesce(s.error->>'detail', s.error->>'message', ''),
    b.created_at, coalesce(s.completed_at, b.completed_at, b.updated_at), s.run_number::int
  from scenario_batch_items i join scenario_batches b on b.id = i.batch_id
    join scenarios s on s.id = i.scenario_id and s.tenant_id = i.tenant_id
  where i.tenant_id = :tenant and i.status = 'failed' and s.status = 'failed' and s.deleted_at is null
  union all
  select ('integration_sync_' || y.id)::text, 'integration_sync', y.id, y.integration_id,
    coalesce(y.error->>'code', case when y.status = 'failed' then 'sync_failed' else 'sync_partially_completed' end),
    coalesce(y.error->>'detail', y.records_rejected || ' record(s) rejected'),
    y.created_at, coalesce(y.completed_at, y.updated_at), 1
  from integration_syncs y join integrations n on n.id = y.integration_id and n.deleted_at is null
  where y.tenant_id = :tenant and y.status in ('failed', 'partially_completed')
    and not exists (select 1 from integration_syncs z where z.integration_id = y.integration_id and z.id > y.id)
  union all
  select ('webhook_delivery_' || d.id)::text, 'webhook_delivery', d.id, d.subscription_id,
    case when d.last_response_status is not null then 'http_' || d.last_response_status else 'delivery_failed' end,
    coalesce(d.last_error, ''), d.created_at, coalesce(d.last_attempt_at, d.completed_at, d.updated_at), d.attempts
  from webhook_deliveries d join webhook_subscriptions w on w.id = d.subscription_id and w.deleted_at is null
  where d.tenant_id = :tenant and d.status = 'failed'
    and not exists (select 1 from webhook_deliveries r where r.redelivery_of = d.id)
  union all
  select ('webhook_subscription_' || w.id)::text, 'webhook_subscription', w.id, null,
    'webhook_' || w.disabled_reason,
    case when w.disabled_reason = 'endpoint_gone' then 'The endpoint answered 410 Gone; the subscription was disabled.'
      else 'Every delivery failed for too long; the subscription was disabled.' end,
    coalesce(w.failing_since, w.disabled_at, w.updated_at), coalesce(w.disabled_at, w.updated_at), 0
  from webhook_subscriptions w
  where w.tenant_id = :tenant and w.enabled = false and w.deleted_at is null
    and w.disabled_reason in ('endpoint_gone', 'failing_continuously')
  union all
  select ('notification_' || t.id)::text, 'notification', t.id, t.event_id,
    case when t.last_response_code is not null then 'response_' || t.last_response_code else 'notification_failed' end,
    coalesce(t.last_error, ''), t.created_at, t.updated_at, t.attempts
  from notifications t where t.tenant_id = :tenant and t.status = 'failed'
  union all
  select ('kpi_check_' || k.id)::text, 'kpi_check', k.id, null, 'kpi_check_failed', k.check_error,
    coalesce(k.checked_at, k.updated_at), coalesce(k.checked_at, k.updated_at), 1
  from kpis k where k.tenant_id = :tenant and k.check_error is not null and k.deleted_at is null
  union all
  select ('model_replay_' || p.id)::text, 'model_replay', p.id, p.model_id,
    coalesce(p.error->>'code', 'replay_failed'), coalesce(p.error->>'detail', ''),
    p.created_at, coalesce(p.completed_at, p.updated_at), 1
  from model_replays p where p.tenant_id = :tenant and p.status = 'failed'
    and not exists (select 1 from model_replays q
      where q.tenant_id = p.tenant_id and q.model_id = p.model_id and q.version = p.version and q.created_at > p.created_at)`;

function filteredFailures(scope: TenantScope, filters: FailureFilters) {
  const conditions: string[] = [];
  const bindings: Record<string, unknown> = { tenant: scope.tenantId };
  if (filters.kind) {
    conditions.push('f.kind = :kind');
    bindings.kind = filters.kind;
  }
  if (filters.resource) {
    conditions.push('(f.resource_id = :resource or f.parent_id = :resource)');
    bindings.resource = filters.resource;
  }
  if (filters.since) {
    conditions.push('f.last_seen_at >= cast(:since as timestamptz)');
    bindings.since = filters.since;
  }
  if (filters.code) {
    conditions.push('f.code = :code');
    bindings.code = filters.code;
  }
  if (filters.ids) {
    conditions.push('f.id = any(:ids)');
    bindings.ids = [...filters.ids];
  }
  return { conditions, bindings };
}

const SELECTED = `f.id, f.kind, f.resource_id, f.parent_id, f.code, f.message, f.attempts,
  date_trunc('milliseconds', f.first_seen_at) as first_seen_at, date_trunc('milliseconds', f.last_seen_at) as last_seen_at`;

/** A page of the tenant's failures, the most recently seen first. */
export async function listFailures(
  scope: TenantScope,
  filters: FailureFilters,
  page: PageRequest,
): Promise<{ rows: FailureRow[]; nextCursor: string | null }> {
  const { conditions, bindings } = filteredFailures(scope, filters);
  if (page.cursor !== undefined) {
    const after = decodeTimeCursor(page.cursor);
    conditions.push(`(date_trunc('milliseconds', f.last_seen_at), f.id) < (cast(:after_at as timestamptz), :after_id)`);
    bindings.after_at = after.at;
    bindings.after_id = after.id;
  }
  bindings.limit = page.limit + 1;
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const result = await scope.trx.raw<{ rows: FailureRow[] }>(
    `select ${SELECTED} from (${FAILURES_SQL}) f ${where} order by date_trunc('milliseconds', f.last_seen_at) desc, f.id desc limit :limit`,
    bindings,
  );
  const rows = result.rows.slice(0, page.limit);
  const last = rows[rows.length - 1];
  return {
    rows,
    nextCursor:
      result.rows.length > page.limit && last ? encodeTimeCursor({ at: last.last_seen_at, id: last.id }) : null,
  };
}

/** Every failure the filters select (at most `limit`), the most recently seen first: what a bulk retry takes. */
export async function selectFailures(
  scope: TenantScope,
  filters: FailureFilters,
  limit: number,
): Promise<FailureRow[]> {
  const { conditions, bindings } = filteredFailures(scope, filters);
  bindings.limit = limit;
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const result = await scope.trx.raw<{ rows: FailureRow[] }>(
    `select ${SELECTED} from (${FAILURES_SQL}) f ${where} order by date_trunc('milliseconds', f.last_seen_at) desc, f.id desc limit :limit`,
    bindings,
  );
  return result.rows;
}

/** How many failures the filters select. */
export async function countFailures(scope: TenantScope, filters: FailureFilters): Promise<number> {
  const { conditions, bindings } = filteredFailures(scope, filters);
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const result = await scope.trx.raw<{ rows: Array<{ count: string }> }>(
    `select count(*) as count from (${FAILURES_SQL}) f ${where}`,
    bindings,
  );
  return Number(result.rows[0]?.count ?? 0);
}
