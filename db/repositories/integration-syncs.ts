import { invalidCursor } from '../../core/errors';
import type { StreamState } from '../../integrations/connectors/connector';
import { paginate, type PageRequest } from '../pagination';
import { DatasetRecord, IntegrationSyncRecord, IntegrationSyncRejectionRecord, type SyncStatus } from '../records/integration-sync';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export const RUNNING_SYNC_STATUSES: SyncStatus[] = ['queued', 'syncing'];

export async function insertSync(scope: TenantScope, row: Partial<IntegrationSyncRecord>): Promise<IntegrationSyncRecord> {
  return insertScoped(scope, IntegrationSyncRecord, row);
}

/** The integration's queued or running sync, if any (at most one: a partial unique index). */
export async function findRunningSync(scope: TenantScope, integrationId: string) {
  return (await scoped(scope, IntegrationSyncRecord).where({ integration_id: integrationId }).whereIn('status', RUNNING_SYNC_STATUSES).first()) as
    | IntegrationSyncRecord
    | undefined;
}

/** Whether a sync writing into the dataset is queued or running (its pages commit one by one before it completes). */
export async function isDatasetSyncRunning(scope: TenantScope, dataset: string): Promise<boolean> {
  return (await scoped(scope, IntegrationSyncRecord).where({ dataset }).whereIn('status', RUNNING_SYNC_STATUSES).first()) !== undefined;
}

/** A sync whose workflow could not be started: removed, as if never requested. */
export async function deleteUnstartedSync(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, IntegrationSyncRecord).where({ id, status: 'queued' }).delete();
}

export async function findSync(scope: TenantScope, id: string, options: { integrationId?: string; forUpdate?: boolean } = {}) {
  const query = scoped(scope, IntegrationSyncRecord).where('integration_syncs.id', id);
  if (options.integrationId !== undefined) query.where('integration_syncs.integration_id', options.integrationId);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as IntegrationSyncRecord | undefined;
}

export async function listSyncs(scope: TenantScope, integrationId: string, page: PageRequest) {
  return paginate<IntegrationSyncRecord>(scoped(scope, IntegrationSyncRecord).where('integration_syncs.integration_id', integrationId), 'integration_syncs.id', page);
}

/**
 * The read state the integration's last finished sync ended at: where the next incremental sync starts. A cancelled
 * sync counts: its state is that of its last committed page, so the next incremental sync continues its read from
 * there (or from where it began, when it committed none).
 */
export async function lastFinishedSyncState(scope: TenantScope, integrationId: string, stream: string): Promise<StreamState | null> {
  const last = (await scoped(scope, IntegrationSyncRecord)
    .where({ integration_id: integrationId, stream })
    .whereIn('status', ['completed', 'partially_completed', 'cancelled'])
    .orderBy('id', 'desc')
    .first()) as IntegrationSyncRecord | undefined;
  return last?.state ?? last?.start_state ?? null;
}

export async function updateSync(scope: TenantScope, id: string, patch: Partial<IntegrationSyncRecord>): Promise<IntegrationSyncRecord> {
  const [row] = (await scoped(scope, IntegrationSyncRecord)
    .where('integration_syncs.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<IntegrationSyncRecord>)
    .returning('*')) as unknown as IntegrationSyncRecord[];
  return row as IntegrationSyncRecord;
}

export interface MappedRow {
  primaryKey: string;
  data: Record<string, unknown>;
  contentHash: string;
}

export interface Rejection {
  primaryKey: string | null;
  sourceRecord: Record<string, unknown>;
  errors: Array<{ path: string; message: string }>;
}

/**
 * Upserts one page of mapped records and keeps their history. Every statement finds its rows through the page's keys
 * (`= any(keys)`, an index lookup per key), never by joining the page against the whole dataset, so a page costs the
 * same at the millionth record as at the first (a join let the planner scan the growing table once per page).
 *
 * 1. The stored versions of the page's keys: comparing content hashes gives the counts (new rows inserted, rows whose
 *    hash changed or that were flagged deleted updated, the rest unchanged, still marked as seen by this sync).
 * 2. The open history versions of the updated records are closed (first: the one-open-version index is checked per
 *    row), then 3. one statement upserts the current versions and opens a version, as of the transaction's time, for
 *    every inserted and updated record.
 */
export async function upsertDatasetPage(
  scope: TenantScope,
  page: { dataset: string; integrationId: string; syncId: string; rows: MappedRow[] },
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (page.rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const keys = page.rows.map((row) => row.primaryKey);
  const stored = await scope.trx.raw<{ rows: Array<{ primary_key: string; content_hash: string; deleted: boolean }> }>(
    `select primary_key, content_hash, deleted_at is not null as deleted from dataset_records
      where tenant_id = :tenantId and dataset = :dataset and primary_key = any(:keys::text[])`,
    { tenantId: scope.tenantId, dataset: page.dataset, keys },
  );
  const before = new Map(stored.rows.map((row) => [row.primary_key, row]));
  const inserted: MappedRow[] = [];
  const updated: MappedRow[] = [];
  for (const row of page.rows) {
    const existing = before.get(row.primaryKey);
    if (!existing) inserted.push(row);
    else if (existing.content_hash !== row.contentHash || existing.deleted) updated.push(row);
  }
  // The changed records' open versions are closed first, so the statement below can open their new ones.
  if (updated.length > 0) {
    await scope.trx.raw(
      `update dataset_record_versions set valid_to = now(), closed_by_sync_id = :syncId
        where tenant_id = :tenantId and dataset = :dataset and primary_key = any(:keys::text[]) and valid_to is null`,
      { tenantId: scope.tenantId, dataset: page.dataset, syncId: page.syncId, keys: updated.map((row) => row.primaryKey) },
    );
  }
  // One statement, the page parsed once: the current versions upserted, and a history version opened for every
  // inserted and changed record (`open`).
  const opened = new Set([...inserted, ...updated].map((row) => row.primaryKey));
  const incoming = JSON.stringify(
    page.rows.map((row) => ({ primary_key: row.primaryKey, data: row.data, content_hash: row.contentHash, open: opened.has(row.primaryKey) })),
  );
  await scope.trx.raw(
    `with r as materialized (
       select * from jsonb_to_recordset(:incoming::jsonb) as r(primary_key text, data jsonb, content_hash text, open boolean)
     ), upserted as (
       insert into dataset_records (tenant_id, dataset, primary_key, data, content_hash, integration_id, first_seen_sync_id, last_seen_sync_id)
       select :tenantId, :dataset, primary_key, data, content_hash, :integrationId, :syncId, :syncId from r
       on conflict (tenant_id, dataset, primary_key) do update set
         data = excluded.data,
         content_hash = excluded.content_hash,
         integration_id = excluded.integration_id,
         last_seen_sync_id = excluded.last_seen_sync_id,
         deleted_at = null,
         updated_at = case when dataset_records.content_hash = excluded.content_hash and dataset_records.deleted_at is null
                           then dataset_records.updated_at else now() end
       returning 1
     )
     insert into dataset_record_versions (tenant_id, dataset, primary_key, data, content_hash, integration_id, sync_id, deleted, valid_from)
     select :tenantId, :dataset, primary_key, data, content_hash, :integrationId, :syncId, false, now() from r where open`,
    { incoming, tenantId: scope.tenantId, dataset: page.dataset, integrationId: page.integrationId, syncId: page.syncId },
  );
  return { inserted: inserted.length, updated: updated.length, unchanged: page.rows.length - inserted.length - updated.length };
}

export async function insertRejections(scope: TenantScope, syncId: string, rejections: Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await IntegrationSyncRejectionRecord.query(scope.trx).insert(
    rejections.map((r) => ({ tenant_id: scope.tenantId, sync_id: syncId, primary_key: r.primaryKey, source_record: r.sourceRecord, errors: r.errors })),
  );
}

/**
 * After a full sync: the integration's records in the dataset that this sync did not see are flagged deleted (kept,
 * with the time), except those it saw but rejected (their last good version stays). Their open history versions are
 * closed and a `deleted` version opened in their place (two statements for the whole dataset, not one per record).
 */
export async function markUnseenDeleted(scope: TenantScope, page: { dataset: string; integrationId: string; syncId: string }): Promise<number> {
  const bindings = { tenantId: scope.tenantId, dataset: page.dataset, integrationId: page.integrationId, syncId: page.syncId };
  const result = await scope.trx.raw<{ rows: Array<{ deleted: number }> }>(
    `with gone as (
       update dataset_records d set deleted_at = now(), updated_at = now()
        where d.tenant_id = :tenantId and d.dataset = :dataset and d.integration_id = :integrationId
          and d.deleted_at is null and d.last_seen_sync_id <> :syncId
          and d.primary_key not in (select r.primary_key from integration_sync_rejections r
                                     where r.tenant_id = :tenantId and r.sync_id = :syncId and r.primary_key is not null)
       returning d.primary_key
     ), closed as (
       update dataset_record_versions v set valid_to = now(), closed_by_sync_id = :syncId
         from gone g
        where v.tenant_id = :tenantId and v.dataset = :dataset and v.primary_key = g.primary_key and v.valid_to is null
       returning 1
     )
     select count(*)::int as deleted from gone`,
    bindings,
  );
  // The rows this transaction flagged carry its time (now() is the transaction's start, the same in every statement).
  await scope.trx.raw(
    `insert into dataset_record_versions (tenant_id, dataset, primary_key, data, content_hash, integration_id, sync_id, deleted, valid_from)
     select d.tenant_id, d.dataset, d.primary_key, d.data, d.content_hash, d.integration_id, :syncId, true, now()
       from dataset_records d
      where d.tenant_id = :tenantId and d.dataset = :dataset and d.integration_id = :integrationId and d.deleted_at = now()
        and not exists (select 1 from dataset_record_versions v
                         where v.tenant_id = d.tenant_id and v.dataset = d.dataset and v.primary_key = d.primary_key and v.valid_to is null)`,
    bindings,
  );
  return result.rows[0]?.deleted ?? 0;
}

function encodeNumberCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ after_id: lastId })).toString('base64url');
}

function decodeNumberCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after_id?: unknown };
    if (Number.isSafeInteger(parsed.after_id) && (parsed.after_id as number) > 0) return parsed.after_id as number;
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** A sync's rejections in the order they were read. */
export async function listRejections(scope: TenantScope, syncId: string, page: PageRequest) {
  const query = scoped(scope, IntegrationSyncRejectionRecord).where('sync_id', syncId);
  if (page.cursor !== undefined) query.where('id', '>', decodeNumberCursor(page.cursor));
  const rows = (await query.orderBy('id', 'asc').limit(page.limit + 1)) as IntegrationSyncRejectionRecord[];
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  return { rows: pageRows, nextCursor: hasMore ? encodeNumberCursor(pageRows[pageRows.length - 1]!.id) : null };
}

/** The tenant's datasets that hold records, with their counts. */
export async function listDatasets(scope: TenantScope) {
  return (await scoped(scope, DatasetRecord)
    .select('dataset')
    .select(scope.trx.raw('count(*) filter (where deleted_at is null)::int as records'))
    .select(scope.trx.raw('count(*) filter (where deleted_at is not null)::int as deleted_records'))
    .select(scope.trx.raw('max(updated_at) as updated_at'))
    .groupBy('dataset')
    .orderBy('dataset')) as unknown as Array<{ dataset: string; records: number; deleted_records: number; updated_at: Date }>;
}
