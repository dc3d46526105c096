import { GENESIS_HASH } from '../../core/audit-chain';
import type { Actor } from '../../core/actor';
import { AuditExportRecord, type AuditExportFilters } from '../records/audit-export';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export async function createAuditExport(
  scope: TenantScope,
  row: { id: string; filters: AuditExportFilters; workflowId: string; createdBy: Actor },
): Promise<AuditExportRecord> {
  return insertScoped(scope, AuditExportRecord, {
    id: row.id,
    status: 'pending',
    filters: row.filters,
    records_written: 0,
    workflow_id: row.workflowId,
    created_by: row.createdBy,
  });
}

export async function findAuditExport(scope: TenantScope, id: string): Promise<AuditExportRecord | undefined> {
  return scoped(scope, AuditExportRecord).findById(id);
}

/** Only for a start Temporal refused: the export never ran, so nothing refers to it. */
export async function deleteUnstartedAuditExport(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, AuditExportRecord).where('id', id).where('status', 'pending').delete();
}

/** Running, with the records written so far (a retried attempt starts again from zero). */
export async function recordAuditExportProgress(scope: TenantScope, id: string, recordsWritten: number): Promise<void> {
  await scoped(scope, AuditExportRecord)
    .where('id', id)
    .whereIn('status', ['pending', 'running'])
    .patch({ status: 'running', records_written: recordsWritten, updated_at: new Date() });
}

export async function completeAuditExport(
  scope: TenantScope,
  id: string,
  result: { recordsWritten: number; digest: Record<string, unknown>; digestJws: string; completedAt: Date },
): Promise<void> {
  await scoped(scope, AuditExportRecord).where('id', id).whereIn('status', ['pending', 'running']).patch({
    status: 'completed',
    records_written: result.recordsWritten,
    digest: result.digest,
    digest_jws: result.digestJws,
    completed_at: result.completedAt,
    updated_at: result.completedAt,
  });
}

export async function failAuditExport(
  scope: TenantScope,
  id: string,
  error: { code: string; detail: string },
): Promise<void> {
  const now = new Date();
  await scoped(scope, AuditExportRecord)
    .where('id', id)
    .whereIn('status', ['pending', 'running'])
    .patch({ status: 'failed', error, completed_at: now, updated_at: now });
}

/**
 * The tenant's audit head now: the last sequence (0 before the first record) and its hash (the genesis hash before
 * the first record). An export covers records up to here, and its digest signs this head.
 */
export async function auditHead(scope: TenantScope): Promise<{ sequence: number; hash: string }> {
  const head = (await scope
    .trx('audit_heads')
    .where('tenant_id', scope.tenantId)
    .first('last_sequence', 'last_hash')) as { last_sequence: number; last_hash: string } | undefined;
  return head ? { sequence: head.last_sequence, hash: head.last_hash } : { sequence: 0, hash: GENESIS_HASH };
}

/** Where an export's file lives in the file store: one folder per tenant. */
export function auditExportFileKey(tenantId: string, exportId: string, format: 'jsonl' | 'csv'): string {
  return `${tenantId}/${exportId}.${format}`;
}
