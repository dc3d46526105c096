// The acts on a submitted decision that its approval workflow carries out: each is checked here, sent to the
// workflow as an update, and answered with the decision as it then stands.
import { decisionNotPending } from '../../core/errors';
import { findMemberRole } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ApprovalActionRequest } from '../openapi/request-types.generated';
import { afterAction, readDecision, requireDecisionId, requireUser } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/** Approve, reject or ask for changes on the current step: people only, and only while the decision is pending approval. */
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
  const role = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    if (decision.status !== 'pending_approval') throw decisionNotPending(decision.status);
    return findMemberRole(scope, actor.id);
  });
  return afterAction(
    deps,
    context,
    id,
    await deps.approvals[action](id, { actor, role, expectedStep: body.expected_step, comment: body.comment ?? null }),
  );
}
