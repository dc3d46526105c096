import type { PageRequest } from '../../db/pagination';
import { listAuditRecords as listAuditRows } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentAuditRecord, toFilters, type AuditLogQuery } from './audit-record-presenter';
import type { AuditLogUseCaseDeps } from './deps';

export async function listAuditRecords(
  { db }: AuditLogUseCaseDeps,
  { tenantId }: RequestContext,
  query: AuditLogQuery,
  page: PageRequest,
) {
  const filters = toFilters(query);
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listAuditRows(scope, filters, page));
  return { data: rows.map(presentAuditRecord), next_cursor: nextCursor };
}
