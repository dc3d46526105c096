import { invalidCursor } from '../../core/errors';
import type { StreamState } from '../../integrations/connectors/connector';
import { paginate, type PageRequest } from '../pagination';
import {
  DatasetRecord,
  IntegrationSyncRecord,
  IntegrationSyncRejectionRecord,
  type SyncStatus,
} from '../records/integration-sync';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export const RUNNING_SYNC_STATUSES: SyncStatus[] = ['queued', 'syncing'];

export async function insertSync(
  scope: TenantScope,
  row: Partial<IntegrationSyncRecord>,
): Promise<IntegrationSyncRecord> {
  return insertScoped(scope, IntegrationSyncRecord, row);
}

/** The integration's queued or running sync, if any (at most one: a partial unique index). */
export async function findRunningSync(scope: TenantScope, integrationId: string) {
  return (await scoped(scope, IntegrationSyncRecord)
    .where({ integration_id: integrationId })
    .whereIn('status', RUNNING_SYNC_STATUSES)
    .first()) as IntegrationSyncRecord | undefined;
}

/** Whether a sync writing into the dataset is queued or running (its pages commit one by one before it completes). */
export async function isDatasetSyncRunning(scope: TenantScope, dataset: string): Promise<boolean> {
  return (
    (await scoped(scope, IntegrationSyncRecord).where({ dataset }).whereIn('status', RUNNING_SYNC_STATUSES).first()) !==
    undefined
  );
}

/** A sync whose workflow could not be started: removed, as if never requested. */
export async function deleteUnstartedSync(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, IntegrationSyncRecord).where({ id, status: 'queued' }).delete();
}

export async function findSync(
  scope: TenantScope,
  id: string,
  options: { integrationId?: string; forUpdate?: boolean } = {},
) {
  const query = scoped(scope, IntegrationSyncRecord).where('integration_syncs.id', id);
  if (options.integrationId !== undefined) query.where('integration_syncs.integration_id', options.integrationId);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as IntegrationSyncRecord | undefined;
}

export async function listSyncs(scope: TenantScope, integrationId: string, page: PageRequest) {
  return paginate<IntegrationSyncRecord>(
    scoped(scope, IntegrationSyncRecord).where('integration_syncs.integration_id', integrationId),
    'integration_syncs.id',
    page,
  );
}

/**
 * The read state the integration's last finished sync ended at: where the next incremental sync starts. A cancelled
 * sync counts: its state is that of its last committed page, so the next incremental sync continues its read from
 * there (or from where it began, when it committed none).
 */
export async function lastFinishedSyncState(
  scope: TenantScope,
  integrationId: string,
  stream: string,
): Promise<StreamState | null> {
  const last = (await scoped(scope, IntegrationSyncRecord)
    .where({ integration_id: integrationId, stream })
    .whereIn('status', ['completed', 'partially_completed', 'cancelled'])
    .orderBy('id', 'desc')
    .first()) as IntegrationSyncRecord | undefined;
  return last?.state ?? last?.start_state ?? null;
}

/** With `writtenNow`, the sync also wrote records just now: `last_written_at` is the transaction's time. */
export async function updateSync(
  scope: TenantScope,
  id: string,
  patch: Partial<IntegrationSyncRecord>,
  options: { writtenNow?: boolean } = {},
): Promise<IntegrationSyncRecord> {
  const [row] = (await scoped(scope, IntegrationSyncRecord)
    .where('integration_syncs.id', id)
    .patch({
      ...patch,
      ...(options.writtenNow ? { last_written_at: scope.trx.fn.now() } : {}),
      updated_at: new Date(),
    } as Partial<IntegrationSyncRecord>)
    .returning('*')) as unknown as IntegrationSyncRecord[];
  return row as IntegrationSyncRecord;
}

/** What one committed page of a sync adds to its counters. */
export interface SyncPageCounts {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/**
 * Adds a committed page to its sync: the counters, the source's state after the page, the fill-rate counters, and
 * `last_written_at` when the page wrote a version. Only while the sync is still `syncing` at the page count the
 * attempt started from (`pagesCommitted`); false when another attempt committed meanwhile or the sync was ended (the
 * caller rolls the page back rather than apply it twice).
 */
export async function recordSyncPage(
  scope: TenantScope,
  syncId: string,
  pagesCommitted: number,
  page: { counts: SyncPageCounts; state: unknown; fieldFill: unknown },
): Promise<boolean> {
  const { trx } = scope;
  const { counts } = page;
  const updated = (await trx('integration_syncs')
    .where({ tenant_id: scope.tenantId, id: syncId, status: 'syncing', pages_committed: pagesCommitted })
    .update({
      records_read: trx.raw('records_read + ?', [counts.read]),
      records_inserted: trx.raw('records_inserted + ?', [counts.inserted]),
      records_updated: trx.raw('records_updated + ?', [counts.updated]),
      records_unchanged: trx.raw('records_unchanged + ?', [counts.unchanged]),
      records_rejected: trx.raw('records_rejected + ?', [counts.rejected]),
      pages_committed: trx.raw('pages_committed + 1'),
      ...(counts.inserted + counts.updated > 0 ? { last_written_at: trx.fn.now() } : {}),
      state: JSON.stringify(page.state),
      field_fill: JSON.stringify(page.fieldFill),
      updated_at: trx.fn.now(),
    })
    .returning('id')) as Array<Record<string, unknown>>;
  return updated.length > 0;
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
 * Upserts one page of mapped records and keeps their history, in one statement that finds its rows through the
 * page's keys (the primary key's index; never a join against the whole dataset, so a page costs the same at the
 * millionth record as at the first).
 *
 * The history is kept the way a system-versioned table keeps it: the current version of a record is its row in
 * `dataset_records` (`updated_at` is when that version began, `changed_by_sync_id` the sync that wrote it), and a
 * record whose content changed, or that comes back after being flagged deleted, moves its previous version into
 * `dataset_record_versions`, closed at this transaction's time. The upsert's `RETURNING old.*` (Postgres 18) hands the
 * previous versions to the history insert and gives the counts: rows without a previous version were inserted, rows
 * whose hash changed or that were flagged deleted were updated, the rest are unchanged (still marked as seen by this
 * sync). A record inserted is written once.
 */
export async function upsertDatasetPage(
  scope: TenantScope,
  page: { dataset: string; integrationId: string; syncId: string; rows: MappedRow[] },
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (page.rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const incoming = JSON.stringify(
    page.rows.map((row) => ({ primary_key: row.primaryKey, data: row.data, content_hash: row.contentHash })),
  );
  const result = await scope.trx.raw<{ rows: Array<{ inserted: number; updated: number; total: number }> }>(
    `with upserted as (
       insert into dataset_records as d (tenant_id, dataset, primary_key, data, content_hash, integration_id, first_seen_sync_id, last_seen_sync_id, changed_by_sync_id)
       select :tenantId, :dataset, r.primary_key, r.data, r.content_hash, :integrationId, :syncId, :syncId, :syncId
         from jsonb_to_recordset(:incoming::jsonb) as r(primary_key text, data jsonb, content_hash text)
       on conflict (tenant_id, dataset, primary_key) do update set
         data = excluded.data,
         content_hash = excluded.content_hash,
         integration_id = excluded.integration_id,
         last_seen_sync_id = excluded.last_seen_sync_id,
         deleted_at = null,
         changed_by_sync_id = case when d.content_hash = excluded.content_hash and d.deleted_at is null then d.changed_by_sync_id else excluded.changed_by_sync_id end,
         updated_at = case when d.content_hash = excluded.content_hash and d.deleted_at is null then d.updated_at else now() end
       returning new.primary_key, old.primary_key is null as inserted,
                 old.primary_key is not null and (old.content_hash <> new.content_hash or old.deleted_at is not null) as changed,
                 old.data as old_data, old.content_hash as old_hash, old.integration_id as old_integration_id,
                 old.changed_by_sync_id as old_sync_id, old.deleted_at is not null as old_deleted, old.updated_at as old_from
     ), superseded as (
       insert into dataset_record_versions (tenant_id, dataset, primary_key, data, content_hash, integration_id, sync_id, deleted, valid_from, valid_to, closed_by_sync_id)
       select :tenantId, :dataset, primary_key, old_data, old_hash, old_integration_id, old_sync_id, old_deleted, old_from, now(), :syncId
         from upserted where changed
       returning 1
     )
     select count(*) filter (where inserted)::int as inserted, count(*) filter (where changed)::int as updated, count(*)::int as total from upserted`,
    {
      incoming,
      tenantId: scope.tenantId,
      dataset: page.dataset,
      integrationId: page.integrationId,
      syncId: page.syncId,
    },
  );
  const counts = result.rows[0] as { inserted: number; updated: number; total: number };
  return {
    inserted: counts.inserted,
    updated: counts.updated,
    unchanged: counts.total - counts.inserted - counts.updated,
  };
}

export async function insertRejections(scope: TenantScope, syncId: string, rejections: Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await IntegrationSyncRejectionRecord.query(scope.trx).insert(
    rejections.map((r) => ({
      tenant_id: scope.tenantId,
      sync_id: syncId,
      primary_key: r.primaryKey,
      source_record: r.sourceRecord,
      errors: r.errors,
    })),
  );
}

/**
 * After a full sync: the integration's records in the dataset that this sync did not see are flagged deleted (kept,
 * with the time), except those it saw but rejected (their last good version stays). The flag is a new version: the
 * previous one moves into the history, closed now (one statement for the whole dataset, not one per record).
 */
export async function markUnseenDeleted(
  scope: TenantScope,
  page: { dataset: string; integrationId: string; syncId: string },
): Promise<number> {
  const result = await scope.trx.raw<{ rows: Array<{ deleted: number }> }>(
    `with gone as (
       update dataset_records d set deleted_at = now(), updated_at = now(), changed_by_sync_id = :syncId
        where d.tenant_id = :tenantId and d.dataset = :dataset and d.integration_id = :integrationId
          and d.deleted_at is null and d.last_seen_sync_id <> :syncId
          and d.primary_key not in (select r.primary_key from integration_sync_rejections r
                                     where r.tenant_id = :tenantId and r.sync_id = :syncId and r.primary_key is not null)
       returning old.primary_key, old.data, old.content_hash, old.integration_id, old.changed_by_sync_id, old.updated_at
     ), superseded as (
       insert into dataset_record_versions (tenant_id, dataset, primary_key, data, content_hash, integration_id, sync_id, deleted, valid_from, valid_to, closed_by_sync_id)
       select :tenantId, :dataset, primary_key, data, content_hash, integration_id, changed_by_sync_id, false, updated_at, now(), :syncId from gone
       returning 1
     )
     select count(*)::int as deleted from gone`,
    { tenantId: scope.tenantId, dataset: page.dataset, integrationId: page.integrationId, syncId: page.syncId },
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
    .orderBy('dataset')) as unknown as Array<{
    dataset: string;
    records: number;
    deleted_records: number;
    updated_at: Date;
  }>;
}
