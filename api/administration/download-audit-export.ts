import type { Readable } from 'node:stream';
import { notFound } from '../../core/app-error';
import { auditExportFileKey } from '../../db/repositories/audit-exports';
import type { RequestContext } from '../context';
import { CONTENT_TYPES, requireCompletedAuditExport, type AuditExportFormat } from './audit-export-records';
import type { AuditExportUseCaseDeps } from './deps';

/** The stored file as a stream (never read into memory), with its content type and a file name. */
export async function downloadAuditExport(
  deps: AuditExportUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  format: AuditExportFormat,
): Promise<{ body: Readable; contentType: string; fileName: string }> {
  const job = await requireCompletedAuditExport(deps, tenantId, id);
  const body = await deps.exportFiles.get(auditExportFileKey(tenantId, job.id, format));
  if (!body) throw notFound('audit export file', `${job.id}.${format}`);
  return { body, contentType: CONTENT_TYPES[format], fileName: `${job.id}.${format}` };
}
