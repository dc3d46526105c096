import type { RequestContext } from '../context';
import { presentAuditExport, requireAuditExport } from './audit-export-records';
import type { AuditExportUseCaseDeps } from './deps';

export async function getAuditExport(deps: AuditExportUseCaseDeps, { tenantId }: RequestContext, id: string) {
  return presentAuditExport(await requireAuditExport(deps, tenantId, id));
}
