// What the audit log use cases share: presenting a record, and turning the list's query into the repository's filters.
import type { AuditChainRecord } from '../../core/audit-chain';
import type { FieldError } from '../../core/app-error';
import { invalidParameters } from '../../core/errors';
import type { AuditLogFilters } from '../../db/repositories/audit-log';

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

export function toFilters(query: AuditLogQuery): AuditLogFilters {
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
