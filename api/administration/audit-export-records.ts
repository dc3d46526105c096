// What the audit export use cases share: presenting an export, finding one (or 404, or 409 until it completed), its filters as applied.
import { notFound, validationFailed } from '../../core/app-error';
import { auditExportNotReady } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { toIso } from '../../core/time';
import type { AuditExportFilters, AuditExportRecord } from '../../db/records/audit-export';
import { findAuditExport } from '../../db/repositories/audit-exports';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { CreateAuditExportRequest } from '../openapi/request-types.generated';
import type { AuditExportUseCaseDeps } from './deps';

/** An export's filters, as the document's CreateAuditExportRequest gives them. */
export type AuditExportCreate = CreateAuditExportRequest;
export type AuditExportFormat = 'jsonl' | 'csv';

export const CONTENT_TYPES: Record<AuditExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
};

export function presentAuditExport(job: AuditExportRecord) {
  return {
    id: job.id,
    object: 'audit_export' as const,
    status: job.status,
    filters: job.filters,
    progress: { records_written: job.records_written },
    digest: job.digest,
    error: job.error,
    workflow_id: job.workflow_id,
    created_by: job.created_by,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    completed_at: toIso(job.completed_at),
  };
}

/**
 * The filters as the export applies them, stated unambiguously in the signed digest: times in the records' own format
 * (RFC 3339 UTC with milliseconds), lists sorted. The OpenAPI validator has already checked the list sizes and that
 * every decision status exists.
 */
export function normaliseFilters(body: AuditExportCreate): AuditExportFilters {
  const filters: AuditExportFilters = {};
  if (body.occurred_after !== undefined) filters.occurred_after = new Date(body.occurred_after).toISOString();
  if (body.occurred_before !== undefined) filters.occurred_before = new Date(body.occurred_before).toISOString();
  if (body.resource_types !== undefined) filters.resource_types = [...body.resource_types].sort();
  if (body.decision_statuses !== undefined) filters.decision_statuses = [...body.decision_statuses].sort();
  if (body.decision_tags !== undefined) filters.decision_tags = [...body.decision_tags].sort();
  if (
    filters.occurred_after !== undefined &&
    filters.occurred_before !== undefined &&
    filters.occurred_after >= filters.occurred_before
  ) {
    throw validationFailed([{ path: '/occurred_before', message: 'must be later than occurred_after' }]);
  }
  return filters;
}

export async function requireAuditExport({ db }: AuditExportUseCaseDeps, tenantId: string, id: string) {
  const job = isIdOf('auditExport', id)
    ? await inTenantTransaction(db, tenantId, (scope) => findAuditExport(scope, id))
    : undefined;
  if (!job) throw notFound('audit export', id);
  return job;
}

export async function requireCompletedAuditExport(deps: AuditExportUseCaseDeps, tenantId: string, id: string) {
  const job = await requireAuditExport(deps, tenantId, id);
  if (job.status !== 'completed') throw auditExportNotReady(job.status);
  return job;
}
