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
 * Upserts one page of mapped records in one statement. Each CTE sees the rows as they stood before the statement,
 * so the counts compare the incoming content hash with the stored one: new rows are inserted, rows whose hash changed
 * (or that were flagged deleted) are updated, the rest are unchanged (still marked as seen by this sync).
 */
export async function upsertDatasetPage(
  scope: TenantScope,
  page: { dataset: string; integrationId: string; syncId: string; rows: MappedRow[] },
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (page.rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const incoming = JSON.stringify(page.rows.map((row) => ({ primary_key: row.primaryKey, data: row.data, content_hash: row.contentHash })));
  const result = await scope.trx.raw<{ rows: Array<{ inserted: number; updated: number; unchanged: number }> }>(
    `with incoming as (
       select * from jsonb_to_recordset(:incoming::jsonb) as r(primary_key text, data jsonb, content_hash text)
     ), existing as (
       select d.primary_key, d.content_hash, d.deleted_at from dataset_records d
        where d.tenant_id = :tenantId and d.dataset = :dataset and d.primary_key in (select primary_key from incoming)
     ), upserted as (
       insert into dataset_records (tenant_id, dataset, primary_key, data, content_hash, integration_id, first_seen_sync_id, last_seen_sync_id)
       select :tenantId, :dataset, primary_key, data, content_hash, :integrationId, :syncId, :syncId from incoming
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
     select count(*) filter (where e.primary_key is null)::int as inserted,
            count(*) filter (where e.primary_key is not null and (e.content_hash <> i.content_hash or e.deleted_at is not null))::int as updated,
            count(*) filter (where e.content_hash = i.content_hash and e.deleted_at is null)::int as unchanged
       from incoming i left join existing e using (primary_key)`,
    { incoming, tenantId: scope.tenantId, dataset: page.dataset, integrationId: page.integrationId, syncId: page.syncId },
  );
  return result.rows[0] as { inserted: number; updated: number; unchanged: number };
}

export async function insertRejections(scope: TenantScope, syncId: string, rejections: Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await IntegrationSyncRejectionRecord.query(scope.trx).insert(
    rejections.map((r) => ({ tenant_id: scope.tenantId, sync_id: syncId, primary_key: r.primaryKey, source_record: r.sourceRecord, errors: r.errors })),
  );
}

/**
 * After a full sync: the integration's records in the dataset that this sync did not see are flagged deleted (kept,
 * with the time), except those it saw but rejected (their last good version stays).
 */
export async function markUnseenDeleted(scope: TenantScope, page: { dataset: string; integrationId: string; syncId: string }): Promise<number> {
  return (await scoped(scope, DatasetRecord)
    .where({ dataset: page.dataset, integration_id: page.integrationId })
    .whereNull('deleted_at')
    .whereNot('last_seen_sync_id', page.syncId)
    .whereNotIn(
      'primary_key',
      IntegrationSyncRejectionRecord.query(scope.trx).select('primary_key').where({ tenant_id: scope.tenantId, sync_id: page.syncId }).whereNotNull('primary_key'),
    )
    .patch({ deleted_at: new Date(), updated_at: new Date() })) as unknown as number;
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

function encodeKeyCursor(lastKey: string): string {
  return Buffer.from(JSON.stringify({ after_key: lastKey })).toString('base64url');
}

function decodeKeyCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after_key?: unknown };
    if (typeof parsed.after_key === 'string' && !parsed.after_key.includes('\u0000')) return parsed.after_key;
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** A dataset's records in primary-key order (keyset paging); flagged-deleted ones only when asked. */
export async function listDatasetRecords(scope: TenantScope, dataset: string, page: PageRequest & { includeDeleted: boolean }) {
  const query = scoped(scope, DatasetRecord).where('dataset', dataset);
  if (!page.includeDeleted) query.whereNull('deleted_at');
  if (page.cursor !== undefined) query.where('primary_key', '>', decodeKeyCursor(page.cursor));
  const rows = (await query.orderBy('primary_key', 'asc').limit(page.limit + 1)) as DatasetRecord[];
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  return { rows: pageRows, nextCursor: hasMore ? encodeKeyCursor(pageRows[pageRows.length - 1]!.primary_key) : null };
}
