import { newId } from '../../core/ids';
import { createAuditExport as storeAuditExport, deleteUnstartedAuditExport } from '../../db/repositories/audit-exports';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { normaliseFilters, presentAuditExport, type AuditExportCreate } from './audit-export-records';
import type { AuditExportUseCaseDeps } from './deps';
import { auditExportWorkflowId } from './start-audit-exports';

/** Stores the export as pending and starts its workflow; the client polls the export until it completes. */
export async function createAuditExport(
  { db, exports }: AuditExportUseCaseDeps,
  context: RequestContext,
  body: AuditExportCreate,
) {
  const filters = normaliseFilters(body);
  const id = newId('auditExport');
  const job = await inTenantTransaction(db, context.tenantId, (scope) =>
    storeAuditExport(scope, { id, filters, workflowId: auditExportWorkflowId(id), createdBy: context.actor }),
  );
  await exports.startExport({ tenantId: context.tenantId, exportId: id }, () =>
    inTenantTransaction(db, context.tenantId, (scope) => deleteUnstartedAuditExport(scope, id)),
  );
  return presentAuditExport(job);
}
