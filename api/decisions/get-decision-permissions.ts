import { findMemberRole } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { authorsOf } from './review-content';

/**
 * What the caller may do with the decision now, so a page offers only that (the actions still check for
 * themselves): `review` approve, reject or ask for changes on the current step (named or by role, not kept from
 * it as owner, author, editor or approver of another step); `manage` resubmit, edit and withdraw (its owner or
 * author, an admin, or an API client) while changes are requested.
 */
export async function getDecisionPermissions(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
): Promise<{ review: boolean; manage: boolean }> {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    const user = context.actor.type === 'user' ? context.actor.id : null;
    const role = user ? await findMemberRole(scope, user) : null;
    const review =
      user !== null &&
      decision.status === 'pending_approval' &&
      !decision.excluded_user_ids.includes(user) &&
      (decision.awaiting.includes(`user:${user}`) || (role !== null && decision.awaiting.includes(`role:${role}`)));
    const manage =
      decision.status === 'changes_requested' &&
      (user === null || authorsOf(decision).includes(user) || role === 'admin');
    return { review, manage };
  });
}
