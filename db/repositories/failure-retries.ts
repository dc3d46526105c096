import type { Actor } from '../../core/actor';
import { decodeCursor, encodeCursor, type PageRequest } from '../pagination';
import type { TenantScope } from '../tenant-scope';
import type { FailureRow } from './failures';

export type FailureRetryStatus = 'pending' | 'running' | 'completed' | 'cancelled' | 'failed';
export type FailureRetryItemStatus = 'pending' | 'started' | 'succeeded' | 'failed' | 'cancelled';

export interface FailureRetryRow {
  id: string;
  status: FailureRetryStatus;
  selection: Record<string, unknown>;
  total: number;
  workflow_id: string;
  created_by: Actor;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export interface FailureRetryItemRow {
  retry_id: string;
  position: number;
  failure_id: string;
  kind: string;
  resource_id: string;
  parent_id: string | null;
  status: FailureRetryItemStatus;
  retried_resource_id: string | null;
  error: { code: string; message: string } | null;
  started_at: Date | null;
  completed_at: Date | null;
}

export type FailureRetryCounts = Record<FailureRetryItemStatus, number>;

/** Stores a bulk retry and its items (fixed now, in the order they will be retried). */
export async function insertFailureRetry(
  scope: TenantScope,
  retry: { id: string; selection: Record<string, unknown>; workflowId: string; createdBy: Actor },
  failures: readonly FailureRow[],
): Promise<FailureRetryRow> {
  const inserted = await scope.trx.raw<{ rows: FailureRetryRow[] }>(
    `insert into failure_retries (id, tenant_id, status, selection, total, workflow_id, created_by)
     values (?, ?, 'pending', ?, ?, ?, ?) returning *`,
    [
      retry.id,
      scope.tenantId,
      JSON.stringify(retry.selection),
      failures.length,
      retry.workflowId,
      JSON.stringify(retry.createdBy),
    ],
  );
  if (failures.length > 0)
    await scope.trx.raw(
      `insert into failure_retry_items (retry_id, tenant_id, position, failure_id, kind, resource_id, parent_id)
       select ?, ?, item.position, item.failure_id, item.kind, item.resource_id, item.parent_id
       from jsonb_to_recordset(?::jsonb) as item(position int, failure_id text, kind text, resource_id text, parent_id text)`,
      [
        retry.id,
        scope.tenantId,
        JSON.stringify(
          failures.map((failure, position) => ({
            position,
            failure_id: failure.id,
            kind: failure.kind,
            resource_id: failure.resource_id,
            parent_id: failure.parent_id,
          })),
        ),
      ],
    );
  return inserted.rows[0] as FailureRetryRow;
}

/** A retry whose workflow could not be started: nothing of it stays. */
export async function deleteFailureRetry(scope: TenantScope, id: string): Promise<void> {
  await scope.trx.raw('delete from failure_retries where id = ? and tenant_id = ?', [id, scope.tenantId]);
}

export async function findFailureRetry(scope: TenantScope, id: string): Promise<FailureRetryRow | undefined> {
  const result = await scope.trx.raw<{ rows: FailureRetryRow[] }>(
    'select * from failure_retries where id = ? and tenant_id = ?',
    [id, scope.tenantId],
  );
  return result.rows[0];
}

/** A page of the tenant's retries, newest first. */
export async function listFailureRetries(
  scope: TenantScope,
  page: PageRequest,
): Promise<{ rows: FailureRetryRow[]; nextCursor: string | null }> {
  const before = page.cursor !== undefined ? decodeCursor(page.cursor) : undefined;
  const result = await scope.trx.raw<{ rows: FailureRetryRow[] }>(
    `select * from failure_retries where tenant_id = ? ${before ? 'and id < ?' : ''} order by id desc limit ?`,
    [scope.tenantId, ...(before ? [before] : []), page.limit + 1],
  );
  const rows = result.rows.slice(0, page.limit);
  const last = rows[rows.length - 1];
  return { rows, nextCursor: result.rows.length > page.limit && last ? encodeCursor(last.id) : null };
}

export async function countFailureRetryItems(scope: TenantScope, retryId: string): Promise<FailureRetryCounts> {
  const result = await scope.trx.raw<{ rows: Array<{ status: FailureRetryItemStatus; count: string }> }>(
    'select status, count(*) as count from failure_retry_items where retry_id = ? and tenant_id = ? group by status',
    [retryId, scope.tenantId],
  );
  const counts: FailureRetryCounts = { pending: 0, started: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const row of result.rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The items of a retry in their order (the first `limit`). */
export async function listFailureRetryItems(
  scope: TenantScope,
  retryId: string,
  limit: number,
): Promise<FailureRetryItemRow[]> {
  const result = await scope.trx.raw<{ rows: FailureRetryItemRow[] }>(
    'select * from failure_retry_items where retry_id = ? and tenant_id = ? order by position limit ?',
    [retryId, scope.tenantId, limit],
  );
  return result.rows;
}

/** The next items still to retry, in order. */
export async function nextPendingFailureRetryItems(
  scope: TenantScope,
  retryId: string,
  limit: number,
): Promise<FailureRetryItemRow[]> {
  const result = await scope.trx.raw<{ rows: FailureRetryItemRow[] }>(
    `select * from failure_retry_items where retry_id = ? and tenant_id = ? and status = 'pending'
     order by position limit ?`,
    [retryId, scope.tenantId, limit],
  );
  return result.rows;
}

/** One item, locked for the transaction that retries it. */
export async function lockFailureRetryItem(
  scope: TenantScope,
  retryId: string,
  failureId: string,
): Promise<FailureRetryItemRow | undefined> {
  const result = await scope.trx.raw<{ rows: FailureRetryItemRow[] }>(
    'select * from failure_retry_items where retry_id = ? and failure_id = ? and tenant_id = ? for update',
    [retryId, failureId, scope.tenantId],
  );
  return result.rows[0];
}

export async function markFailureRetryItemStarted(
  scope: TenantScope,
  retryId: string,
  failureId: string,
  retriedResourceId: string,
): Promise<void> {
  await scope.trx.raw(
    `update failure_retry_items set status = 'started', retried_resource_id = ?, started_at = now()
     where retry_id = ? and failure_id = ? and tenant_id = ? and status = 'pending'`,
    [retriedResourceId, retryId, failureId, scope.tenantId],
  );
}

/** An item's outcome; only an item not yet settled takes one. */
export async function settleFailureRetryItem(
  scope: TenantScope,
  retryId: string,
  failureId: string,
  outcome: { status: 'succeeded' | 'failed' | 'cancelled'; error: { code: string; message: string } | null },
): Promise<void> {
  await scope.trx.raw(
    `update failure_retry_items set status = ?, error = ?, completed_at = now()
     where retry_id = ? and failure_id = ? and tenant_id = ? and status in ('pending', 'started')`,
    [outcome.status, outcome.error ? JSON.stringify(outcome.error) : null, retryId, failureId, scope.tenantId],
  );
}

/**
 * An item whose retry its family refused (deleted, paused, no longer failed…): failed, with the family's reason.
 * Answers nothing to set going.
 */
export async function refuseFailureRetryItem(
  scope: TenantScope,
  item: Pick<FailureRetryItemRow, 'retry_id' | 'failure_id'>,
  code: string,
  message: string,
): Promise<undefined> {
  await settleFailureRetryItem(scope, item.retry_id, item.failure_id, { status: 'failed', error: { code, message } });
  return undefined;
}

/**
 * The started items with where their new attempt stands: the redelivery's or the new sync's status and error.
 * A new attempt that is gone (its subscription or integration deleted since) reads as `gone`.
 */
export async function startedFailureRetryItems(
  scope: TenantScope,
  retryId: string,
): Promise<
  Array<FailureRetryItemRow & { attempt_status: string; attempt_code: string | null; attempt_message: string | null }>
> {
  const result = await scope.trx.raw(
    `select i.*,
       coalesce(d.status, y.status, t.status, p.status, s.status,
         case when k.id is null then null when k.check_error is null then 'succeeded' else 'failed' end, 'gone') as attempt_status,
       coalesce(case when d.last_response_status is not null then 'http_' || d.last_response_status end, y.error->>'code',
         case when t.last_response_code is not null then 'response_' || t.last_response_code end, p.error->>'code',
         s.error->>'code', case when k.check_error is not null then 'kpi_check_failed' end) as attempt_code,
       coalesce(d.last_error, y.error->>'detail', t.last_error, p.error->>'detail', s.error->>'detail', k.check_error) as attempt_message
     from failure_retry_items i
       left join webhook_deliveries d on i.kind = 'webhook_delivery' and d.id = i.retried_resource_id
       left join integration_syncs y on i.kind = 'integration_sync' and y.id = i.retried_resource_id
       left join notifications t on i.kind = 'notification' and t.id = i.retried_resource_id and t.tenant_id = i.tenant_id
       left join model_replays p on i.kind = 'model_replay' and p.id = i.retried_resource_id and p.tenant_id = i.tenant_id
       left join scenarios s on i.kind in ('scenario', 'batch_item') and s.id = i.retried_resource_id
         and s.tenant_id = i.tenant_id and s.deleted_at is null
       left join kpis k on i.kind = 'kpi_check' and k.id = i.retried_resource_id and k.tenant_id = i.tenant_id
         and k.deleted_at is null
     where i.retry_id = ? and i.tenant_id = ? and i.status = 'started'
     order by i.position`,
    [retryId, scope.tenantId],
  );
  return result.rows as Array<
    FailureRetryItemRow & { attempt_status: string; attempt_code: string | null; attempt_message: string | null }
  >;
}

export async function markFailureRetryRunning(scope: TenantScope, id: string): Promise<void> {
  await scope.trx.raw(
    `update failure_retries set status = 'running', updated_at = now() where id = ? and tenant_id = ? and status = 'pending'`,
    [id, scope.tenantId],
  );
}

/** The retry ends: items never started are cancelled (a cancelled retry), and the status is final. */
export async function finishFailureRetry(
  scope: TenantScope,
  id: string,
  status: 'completed' | 'cancelled' | 'failed',
): Promise<void> {
  await scope.trx.raw(
    `update failure_retry_items set status = 'cancelled', completed_at = now()
     where retry_id = ? and tenant_id = ? and status = 'pending'`,
    [id, scope.tenantId],
  );
  await scope.trx.raw(
    `update failure_retries set status = ?, updated_at = now(), completed_at = now()
     where id = ? and tenant_id = ? and status in ('pending', 'running')`,
    [status, id, scope.tenantId],
  );
}
