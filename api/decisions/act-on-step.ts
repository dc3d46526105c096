// The acts on a submitted decision that its approval workflow carries out: each is checked here, sent to the
// workflow as an update, and answered with the decision as it then stands.
import { decisionNotPending } from '../../core/errors';
import { findMemberRole } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ApprovalActionRequest } from '../openapi/request-types.generated';
import { afterAction, readDecision, requireDecisionId, requireUser } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { delegationsOnStep, stepNames } from './step-delegations';

/**
 * Approve, reject or ask for changes on the current step: people only, and only while the decision is pending approval;
 * a delegate of an approver who is away acts on their behalf (the workflow checks both against separation of duties).
 */
export async function actOnStep(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: ApprovalActionRequest,
  action: 'approve' | 'reject' | 'requestChanges',
) {
  requireDecisionId(id);
  const actor = requireUser(
    context,
    {
      approve: 'Approving a decision',
      reject: 'Rejecting a decision',
      requestChanges: 'Asking for changes to a decision',
    }[action],
  );
  const { role, onBehalfOf } = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    if (decision.status !== 'pending_approval') throw decisionNotPending(decision.status);
    const role = await findMemberRole(scope, actor.id);
    // Someone the step names acts for themselves; anyone else perhaps for an approver who is away (as their delegate).
    // Separation of duties is the workflow's to apply, to both of them: it refuses naming the reason.
    if (stepNames(decision, actor.id, role)) return { role, onBehalfOf: undefined };
    const delegations = await delegationsOnStep(scope, decision, actor.id, new Date());
    const delegation = delegations.find((d) => !decision.excluded_user_ids.includes(d.member_id)) ?? delegations[0];
    return { role, onBehalfOf: delegation ? { id: delegation.member_id, role: delegation.member_role } : undefined };
  });
  return afterAction(
    deps,
    context,
    id,
    await deps.approvals[action](id, {
      actor,
      role,
      expectedStep: body.expected_step,
      comment: body.comment ?? null,
      ...(onBehalfOf ? { onBehalfOf } : {}),
    }),
  );
}
