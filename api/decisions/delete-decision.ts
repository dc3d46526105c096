import { updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { auditDecision, readDraft, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/** Only a draft; the row stays (soft delete), its history with it. */
export async function deleteDecision({ db }: DecisionUseCaseDeps, context: RequestContext, id: string): Promise<void> {
  requireDecisionId(id);
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    await readDraft(scope, id, 'delete');
    const deletedAt = new Date();
    await updateDecision(scope, id, { deleted_at: deletedAt, updated_by: context.actor });
    await auditDecision(scope, context, 'decision.deleted', id, { deleted_at: deletedAt.toISOString() });
  });
}
