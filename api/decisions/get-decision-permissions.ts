import { findMemberRole } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { authorsOf } from './review-content';
import { delegationToActOn, stepNames } from './step-delegations';

/**
 * What the caller may do with the decision now, so a page offers only that (the actions still check for
 * themselves): `review` approve, reject or ask for changes on the current step (named or by role, not kept from
 * it as owner, author, editor or approver of another step), for themselves or, as the delegate of an approver who is
 * away, `on_behalf_of` them; `manage` resubmit, edit and withdraw (its owner or author, an admin, or an API client)
 * while changes are requested.
 */
export async function getDecisionPermissions(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
): Promise<{ review: boolean; manage: boolean; on_behalf_of: { user_id: string; until: string } | null }> {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    const user = context.actor.type === 'user' ? context.actor.id : null;
    const role = user ? await findMemberRole(scope, user) : null;
    const reviewable =
      user !== null && decision.status === 'pending_approval' && !decision.excluded_user_ids.includes(user);
    const named = reviewable && user !== null && stepNames(decision, user, role);
    // Not named by the step: perhaps the delegate of an approver who is away.
    const delegation =
      reviewable && user !== null && !named ? await delegationToActOn(scope, decision, user, new Date()) : null;
    const manage =
      decision.status === 'changes_requested' &&
      (user === null || authorsOf(decision).includes(user) || role === 'admin');
    return {
      review: named || delegation !== null,
      manage,
      on_behalf_of: delegation ? { user_id: delegation.member_id, until: delegation.ends_at.toISOString() } : null,
    };
  });
}
