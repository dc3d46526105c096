import { verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { AuditLogUseCaseDeps } from './deps';

/** Walks the tenant's hash chain and says whether every record still links to the one before it. */
export async function verifyAuditLog({ db }: AuditLogUseCaseDeps, { tenantId }: RequestContext) {
  const checkedAt = new Date().toISOString();
  const verification = await inTenantTransaction(db, tenantId, (scope) => verifyAuditChain(scope));
  return { object: 'audit_log_verification' as const, ...verification, checked_at: checkedAt };
}
