import type { PageRequest } from '../../db/pagination';
import { listAuditRecords } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

export async function listDecisionHistory(
  { db }: DecisionUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  page: PageRequest,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await readDecision(scope, id);
    const { rows, nextCursor } = await listAuditRecords(scope, { resourceType: 'decision', resourceId: id }, page);
    return {
      data: rows.map((r) => ({
        sequence: r.sequence,
        audit_record_id: r.id,
        occurred_at: r.occurred_at,
        actor: r.actor,
        action: r.action,
        payload: r.payload,
      })),
      next_cursor: nextCursor,
    };
  });
}
