import type { Knex } from 'knex';
import type { AuditChainRecord } from '../../core/audit-chain';
import { notFound, type FieldError } from '../../core/app-error';
import { invalidParameters } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import { findAuditRecord, listAuditRecords, verifyAuditChain, type AuditLogFilters } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

/** The list's query filters, as the validated query carries them (the enums already checked against the document). */
export type AuditLogQuery = {
  resource_type?: string;
  resource_id?: string;
  actor_id?: string;
  action?: string;
  occurred_after?: string;
  occurred_before?: string;
};

/** The stored record as the API shows it: every stored (and hashed) field, plus the unhashed `object`. */
export function presentAuditRecord(record: AuditChainRecord) {
  return { object: 'audit_record' as const, ...record };
}

function toFilters(query: AuditLogQuery): AuditLogFilters {
  // The document's date-time format admits only instants the service can use (api/openapi/validators.ts).
  const from = query.occurred_after === undefined ? undefined : new Date(query.occurred_after);
  const to = query.occurred_before === undefined ? undefined : new Date(query.occurred_before);
  if (from && to && to <= from) {
    const error: FieldError = { path: '/query/occurred_before', message: 'must be later than occurred_after' };
    throw invalidParameters(`"${error.path}" ${error.message}.`, [error]);
  }
  return {
    resourceType: query.resource_type,
    resourceId: query.resource_id,
    actorId: query.actor_id,
    action: query.action,
    from,
    to,
  };
}

export function createAuditLogService(deps: { db: Knex }) {
  const { db } = deps;
  return {
    async list({ tenantId }: RequestContext, query: AuditLogQuery, page: PageRequest) {
      const filters = toFilters(query);
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listAuditRecords(scope, filters, page));
      return { data: rows.map(presentAuditRecord), next_cursor: nextCursor };
    },

    async get({ tenantId }: RequestContext, id: string) {
      if (!isIdOf('auditRecord', id)) throw notFound('audit record', id);
      const record = await inTenantTransaction(db, tenantId, (scope) => findAuditRecord(scope, id));
      if (!record) throw notFound('audit record', id);
      return presentAuditRecord(record);
    },

    async verify({ tenantId }: RequestContext) {
      const checkedAt = new Date().toISOString();
      const verification = await inTenantTransaction(db, tenantId, (scope) => verifyAuditChain(scope));
      return { object: 'audit_log_verification' as const, ...verification, checked_at: checkedAt };
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
