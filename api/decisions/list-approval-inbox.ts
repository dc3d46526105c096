import { toIso } from '../../core/time';
import {
  findMemberRole,
  listApprovalInbox as listApprovalInboxRows,
  type InboxRow,
} from '../../db/repositories/decisions';
import { delegationsInEffectTo } from '../../db/repositories/delegations';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireUser } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

type OnBehalfOf = { user_id: string; until: string } | null;

/**
 * The steps of approvers who are away and delegated them to this person now, that separation of duties lets the
 * delegate act on (a step they could act on themselves is listed as theirs).
 */
async function delegatedRows(scope: TenantScope, delegateId: string, own: InboxRow[], limit: number) {
  const seen = new Set(own.map((row) => row.id));
  const found: Array<{ row: InboxRow; onBehalfOf: OnBehalfOf }> = [];
  for (const delegation of await delegationsInEffectTo(scope, delegateId, new Date())) {
    const person = { userId: delegation.member_id, role: delegation.member_role };
    for (const row of await listApprovalInboxRows(scope, person, limit)) {
      if (seen.has(row.id) || row.excluded_user_ids.includes(delegateId)) continue;
      seen.add(row.id);
      found.push({ row, onBehalfOf: { user_id: delegation.member_id, until: delegation.ends_at.toISOString() } });
    }
  }
  return found;
}

/**
 * The caller's inbox: decisions whose current step they may act on and have not, oldest submission first, including
 * the steps of approvers who are away and named them their delegate (`on_behalf_of`).
 */
export async function listApprovalInbox({ db }: DecisionUseCaseDeps, context: RequestContext, limit: number) {
  const actor = requireUser(context, 'An approval inbox');
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const role = await findMemberRole(scope, actor.id);
    const own = await listApprovalInboxRows(scope, { userId: actor.id, role }, limit);
    const tasks = [
      ...own.map((row) => ({ row, onBehalfOf: null as OnBehalfOf })),
      ...(await delegatedRows(scope, actor.id, own, limit)),
    ]
      .sort(
        (a, b) =>
          (a.row.submitted_at?.getTime() ?? 0) - (b.row.submitted_at?.getTime() ?? 0) ||
          a.row.id.localeCompare(b.row.id),
      )
      .slice(0, limit);
    return {
      data: tasks.map(({ row, onBehalfOf }) => ({
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
        ...(onBehalfOf ? { on_behalf_of: onBehalfOf } : {}),
      })),
    };
  });
}
