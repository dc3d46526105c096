import type { Actor } from '../../core/actor';
import type { AuditAction, AuditResourceType } from '../../core/audit-actions';
import { auditRecordHash, GENESIS_HASH, verifyChain, type AuditChainRecord } from '../../core/audit-chain';
import { newId } from '../../core/ids';
import { AuditLogRecord } from '../records/audit-log';
import { decodeSequenceCursor, encodeSequenceCursor, type PageRequest } from '../pagination';
import { scoped, type TenantScope } from '../tenant-scope';

export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string;
  /** What changed: ids, names, scopes, roles, expiry. Never a secret or a secret's hash. */
  payload: Record<string, unknown>;
}

/**
 * A stored row in the shape that is hashed and exported: plain JSON, the time as an RFC 3339 string. Takes a model
 * instance (`occurred_at` a Date) or a raw export row (`occurred_at` already formatted by Postgres).
 */
function toChainRecord(row: AuditLogRecord | AuditExportRow): AuditChainRecord {
  return {
    tenant_id: row.tenant_id,
    sequence: Number(row.sequence),
    id: row.id,
    occurred_at: typeof row.occurred_at === 'string' ? row.occurred_at : row.occurred_at.toISOString(),
    actor: row.actor,
    action: row.action,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    payload: row.payload,
    previous_hash: row.previous_hash,
    hash: row.hash,
  };
}

/**
 * The one order of the tenant's two per-tenant counters: the outbox's event sequence row, then the audit chain head.
 * A transaction that appends an audit record first locks the tenant's event sequence row (a no-op update, inserting
 * it if missing), whether or not it records an event before or after: so a writer holding the chain head never waits
 * for the event sequence row another writer holds while that writer waits for the chain head (the deadlock of
 * decision creates, webhook test events and comments in one tenant). Writers that only record events are unaffected.
 */
async function lockTenantSequences(scope: TenantScope): Promise<void> {
  await scope.trx.raw(
    `insert into event_sequences (tenant_id, last_sequence) values (?, 0)
     on conflict (tenant_id) do update set last_sequence = event_sequences.last_sequence`,
    [scope.tenantId],
  );
}

/**
 * Appends one record to the scope's tenant's chain, inside the caller's transaction: it commits or rolls back with
 * the change it describes. The first statement takes the tenant's next sequence number and the previous record's
 * hash, locking the tenant's head row until commit; concurrent appends in the tenant queue behind it (so the chain
 * never forks and a rollback leaves no gap), and other tenants' appends never touch that row.
 *
 * Call it as the last write of the transaction: from here to commit the tenant's audited writers queue, so any lock
 * taken after it lengthens the queue and, taken in another order elsewhere, could deadlock.
 */
export async function appendAuditRecord(scope: TenantScope, entry: AuditEntry): Promise<AuditChainRecord> {
  return (await appendAuditRecords(scope, [entry]))[0] as AuditChainRecord;
}

/**
 * Appends several records to the chain in the order given, as `appendAuditRecord` does one: the sequence numbers of
 * all are claimed in one statement, the chain is hashed here, and the rows are written in one more.
 */
export async function appendAuditRecords(
  scope: TenantScope,
  entries: readonly AuditEntry[],
): Promise<AuditChainRecord[]> {
  if (entries.length === 0) return [];
  await lockTenantSequences(scope);
  const claimed = await scope.trx.raw<{ rows: Array<{ last_sequence: number; last_hash: string }> }>(
    `insert into audit_heads (tenant_id, last_sequence, last_hash) values (?, ?, ?)
     on conflict (tenant_id) do update set last_sequence = audit_heads.last_sequence + excluded.last_sequence
     returning last_sequence, last_hash`,
    [scope.tenantId, entries.length, GENESIS_HASH],
  );
  const head = claimed.rows[0] as { last_sequence: number; last_hash: string };
  const records: AuditChainRecord[] = [];
  let previousHash = head.last_hash;
  const firstSequence = Number(head.last_sequence) - entries.length + 1;
  for (const [index, entry] of entries.entries()) {
    const unhashed = {
      tenant_id: scope.tenantId,
      sequence: firstSequence + index,
      id: newId('auditRecord'),
      // Milliseconds, as Postgres returns them exactly (it keeps microseconds, a Date has none to lose).
      occurred_at: new Date().toISOString(),
      actor: plainJson(entry.actor),
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      // Hashed exactly as it will read back from jsonb: what JSON would make of it (Dates as strings, no undefined).
      payload: plainJson(entry.payload),
      previous_hash: previousHash,
    };
    const record: AuditChainRecord = { ...unhashed, hash: auditRecordHash(unhashed) };
    records.push(record);
    previousHash = record.hash;
  }
  await scope.trx.raw(
    `with moved as (update audit_heads set last_hash = :hash where tenant_id = :tenantId)
     insert into audit_log (tenant_id, sequence, id, occurred_at, actor, action, resource_type, resource_id, payload, previous_hash, hash)
     select :tenantId, given.sequence, given.id, given.occurred_at, given.actor, given.action, given.resource_type,
            given.resource_id, given.payload, given.previous_hash, given.hash
       from jsonb_to_recordset(:records::jsonb) as given(sequence bigint, id text, occurred_at timestamptz, actor jsonb,
            action text, resource_type text, resource_id text, payload jsonb, previous_hash text, hash text)`,
    { tenantId: scope.tenantId, hash: previousHash, records: JSON.stringify(records) },
  );
  return records;
}

function plainJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export interface AuditLogFilters {
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** Newest first (highest sequence first), keyset-paginated on the sequence number. */
export async function listAuditRecords(
  scope: TenantScope,
  filters: AuditLogFilters,
  page: PageRequest,
): Promise<{ rows: AuditChainRecord[]; nextCursor: string | null }> {
  const query = scoped(scope, AuditLogRecord);
  if (filters.resourceType !== undefined) query.where('resource_type', filters.resourceType);
  if (filters.resourceId !== undefined) query.where('resource_id', filters.resourceId);
  if (filters.actorId !== undefined) query.whereRaw(`actor->>'id' = ?`, [filters.actorId]);
  if (filters.action !== undefined) query.where('action', filters.action);
  if (filters.from !== undefined) query.where('occurred_at', '>=', filters.from);
  if (filters.to !== undefined) query.where('occurred_at', '<', filters.to);
  if (page.cursor !== undefined) query.where('sequence', '<', decodeSequenceCursor(page.cursor));
  const rows = (await query.orderBy('sequence', 'desc').limit(page.limit + 1)) as AuditLogRecord[];
  const pageRows = rows.slice(0, page.limit).map(toChainRecord);
  const last = pageRows[pageRows.length - 1];
  return { rows: pageRows, nextCursor: rows.length > page.limit && last ? encodeSequenceCursor(last.sequence) : null };
}

/** One record of the scope's tenant by its id (`aud_…`); another tenant's record is not found. */
export async function findAuditRecord(scope: TenantScope, id: string): Promise<AuditChainRecord | undefined> {
  const row = (await scoped(scope, AuditLogRecord).where('id', id).first()) as AuditLogRecord | undefined;
  return row ? toChainRecord(row) : undefined;
}

/**
 * The tenant's records in ascending sequence order, `batchSize` at a time (keyset on the sequence), so a verifier or
 * an export reads any number of records in bounded memory. Runs in the caller's transaction.
 */
export async function* streamAuditRecords(
  scope: TenantScope,
  options: { fromSequence?: number; toSequence?: number; batchSize?: number | undefined } = {},
): AsyncGenerator<AuditChainRecord[]> {
  const batchSize = options.batchSize ?? 1000;
  let next = options.fromSequence ?? 1;
  for (;;) {
    const query = scoped(scope, AuditLogRecord).where('sequence', '>=', next);
    if (options.toSequence !== undefined) query.where('sequence', '<=', options.toSequence);
    const rows = (await query.orderBy('sequence', 'asc').limit(batchSize)) as AuditLogRecord[];
    if (rows.length === 0) return;
    yield rows.map(toChainRecord);
    if (rows.length < batchSize) return;
    next = (rows[rows.length - 1] as AuditLogRecord).sequence + 1;
  }
}

/** What an audit export selects (all optional; given together they all apply). */
export interface AuditExportSelection {
  /** Inclusive. */
  occurredAfter?: string | undefined;
  /** Exclusive. */
  occurredBefore?: string | undefined;
  resourceTypes?: readonly string[] | undefined;
  /** Records about decisions whose status (as the transaction sees it) is one of these; other resource types are left out. */
  decisionStatuses?: readonly string[] | undefined;
  /** Records about decisions carrying any of these tags; other resource types are left out. */
  decisionTags?: readonly string[] | undefined;
}

/** A raw row of the export query: the chain record's fields, `sequence` as the driver hands a bigint over. */
type AuditExportRow = Omit<AuditChainRecord, 'sequence'> & { sequence: string | number };

/**
 * The records an export selects, in ascending sequence order up to `toSequence`, `batchSize` at a time: keyset
 * batches on the primary key, every filter applied by Postgres so unselected rows never reach the process. Plain
 * rows (no model instances) and the time already formatted as the chain hashes it (RFC 3339 UTC, milliseconds),
 * because an export reads millions of them. Runs in the caller's transaction: give it one snapshot (repeatable
 * read) so a decision's status cannot change between two batches of the same export.
 */
export async function* streamAuditExportRecords(
  scope: TenantScope,
  options: { toSequence: number; batchSize?: number | undefined; selection: AuditExportSelection },
): AsyncGenerator<AuditChainRecord[]> {
  const batchSize = options.batchSize ?? 1000;
  const { selection } = options;
  const conditions: string[] = ['tenant_id = :tenantId', 'sequence >= :next', 'sequence <= :toSequence'];
  const bindings: Record<string, unknown> = { tenantId: scope.tenantId, toSequence: options.toSequence, batchSize };
  if (selection.occurredAfter !== undefined) {
    conditions.push('occurred_at >= :occurredAfter');
    bindings.occurredAfter = selection.occurredAfter;
  }
  if (selection.occurredBefore !== undefined) {
    conditions.push('occurred_at < :occurredBefore');
    bindings.occurredBefore = selection.occurredBefore;
  }
  if (selection.resourceTypes !== undefined) {
    conditions.push('resource_type = any(:resourceTypes::text[])');
    bindings.resourceTypes = [...selection.resourceTypes];
  }
  if (selection.decisionStatuses !== undefined || selection.decisionTags !== undefined) {
    // A deleted decision has no current status and is listed nowhere: its records match neither filter.
    const decisionConditions = ['d.tenant_id = :tenantId', 'd.deleted_at is null'];
    if (selection.decisionStatuses !== undefined) {
      decisionConditions.push('d.status = any(:decisionStatuses::text[])');
      bindings.decisionStatuses = [...selection.decisionStatuses];
    }
    if (selection.decisionTags !== undefined) {
      decisionConditions.push('d.tags && :decisionTags::text[]');
      bindings.decisionTags = [...selection.decisionTags];
    }
    conditions.push(
      `resource_type = 'decision' and resource_id in (select d.id from decisions d where ${decisionConditions.join(' and ')})`,
    );
  }
  const sql = `select tenant_id, sequence, id,
      to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at,
      actor, action, resource_type, resource_id, payload, previous_hash, hash
    from audit_log where ${conditions.join(' and ')} order by sequence limit :batchSize`;
  let next = 1;
  for (;;) {
    const result = await scope.trx.raw<{ rows: AuditExportRow[] }>(sql, { ...bindings, next });
    const rows = result.rows;
    if (rows.length === 0) return;
    yield rows.map(toChainRecord);
    if (rows.length < batchSize) return;
    next = Number((rows[rows.length - 1] as AuditExportRow).sequence) + 1;
  }
}

export interface AuditChainVerification {
  verified: boolean;
  records_checked: number;
  first_broken_sequence: number | null;
  head_sequence: number;
  head_hash: string;
}

/**
 * Re-walks the tenant's whole chain from the genesis hash up to the head as it stood when the walk began (records
 * appended meanwhile are left for the next walk). Besides each record's own hash and link, the end of the walk must
 * meet the head row: that catches records deleted from the end, and a last record rewritten with a recomputed hash.
 */
export async function verifyAuditChain(
  scope: TenantScope,
  options: { batchSize?: number } = {},
): Promise<AuditChainVerification> {
  const head = (await scope
    .trx('audit_heads')
    .where('tenant_id', scope.tenantId)
    .first('last_sequence', 'last_hash')) as { last_sequence: number; last_hash: string } | undefined;
  const headSequence = head?.last_sequence ?? 0;
  const headHash = head?.last_hash ?? GENESIS_HASH;
  const result = (recordsChecked: number, broken: number | null): AuditChainVerification => ({
    verified: broken === null,
    records_checked: recordsChecked,
    first_broken_sequence: broken,
    head_sequence: headSequence,
    head_hash: headHash,
  });

  if (headSequence === 0) return result(0, null);

  let previousHash = GENESIS_HASH;
  let nextSequence = 1;
  let checked = 0;
  for await (const batch of streamAuditRecords(scope, { toSequence: headSequence, batchSize: options.batchSize })) {
    const broken = verifyChain(batch, previousHash, nextSequence);
    if (broken !== null) return result(checked + batch.filter((record) => record.sequence <= broken).length, broken);
    checked += batch.length;
    const last = batch[batch.length - 1] as AuditChainRecord;
    previousHash = last.hash;
    nextSequence = last.sequence + 1;
  }
  if (nextSequence <= headSequence) return result(checked, nextSequence);
  if (previousHash !== headHash) return result(checked, headSequence);
  return result(checked, null);
}
