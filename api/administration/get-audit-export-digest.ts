import type { RequestContext } from '../context';
import { requireCompletedAuditExport } from './audit-export-records';
import type { AuditExportUseCaseDeps } from './deps';

/** The compact JWS signed when the export completed. */
export async function getAuditExportDigest(
  deps: AuditExportUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
): Promise<string> {
  const job = await requireCompletedAuditExport(deps, tenantId, id);
  return job.digest_jws as string;
}
