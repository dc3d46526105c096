import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findAuditRecord } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentAuditRecord } from './audit-record-presenter';
import type { AuditLogUseCaseDeps } from './deps';

export async function getAuditRecord({ db }: AuditLogUseCaseDeps, { tenantId }: RequestContext, id: string) {
  if (!isIdOf('auditRecord', id)) throw notFound('audit record', id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findAuditRecord(scope, id));
  if (!record) throw notFound('audit record', id);
  return presentAuditRecord(record);
}
