import { toIso } from '../../core/time';
import { findMemberRole, listApprovalInbox as listApprovalInboxRows } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireUser } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/** The caller's inbox: decisions whose current step they may act on and have not, oldest submission first. */
export async function listApprovalInbox({ db }: DecisionUseCaseDeps, context: RequestContext, limit: number) {
  const actor = requireUser(context, 'An approval inbox');
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const role = await findMemberRole(scope, actor.id);
    const rows = await listApprovalInboxRows(scope, { userId: actor.id, role }, limit);
    return {
      data: rows.map((row) => ({
        object: 'approval_task' as const,
        // A model version's review travels as a release decision: the reader is told which of the two waits for them.
        item_kind: row.model_release ? ('model_review' as const) : ('decision' as const),
        decision_id: row.id,
        title: row.title,
        step: row.current_step as number,
        step_name: row.step_name,
        approvals_required: row.approvals_required,
        approvals_given: row.approvals.filter((a) => a.step === row.current_step).length,
        sla_due_at: toIso(row.step_sla_due_at),
        deadline_at: toIso(row.step_deadline_at),
        escalated: row.escalated,
        approval_policy_id: row.approval_policy_id as string,
        approval_policy_version: row.approval_policy_version as number,
        submitted_at: toIso(row.submitted_at) as string,
      })),
    };
  });
}
