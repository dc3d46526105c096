import { invitationAccepted } from '../../core/errors';
import { invitationStatus, latestInvitations } from '../../db/repositories/invitations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { revokeInvitation } from './invitation-records';
import { memberOrNotFound, presentMember } from './member-records';

/** The member's open invitation link stops working (idempotent); 409 once they accepted. */
export async function revokeMemberInvitation(
  { db }: MemberUseCaseDeps,
  { tenantId, actor }: RequestContext,
  memberId: string,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const found = await memberOrNotFound(scope, memberId);
    const latest = (await latestInvitations(scope, [found.id])).get(found.id);
    if (latest && invitationStatus(latest) === 'accepted') throw invitationAccepted();
    await revokeInvitation(scope, found.id, actor);
    return presentMember(found, found.user, (await latestInvitations(scope, [found.id])).get(found.id));
  });
}
