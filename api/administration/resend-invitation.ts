import { invitationAccepted } from '../../core/errors';
import { invitationStatus, latestInvitations } from '../../db/repositories/invitations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { inviteMember, wakeAfterInvite } from './invitation-records';
import { memberOrNotFound, presentMember } from './member-records';

/**
 * Sends a new invitation (the old link stops working); 409 once the member accepted one; 429 after
 * INVITATION_RESENDS sends to the member within the hour, so an admin (or a stolen admin session) cannot flood an
 * outside address.
 */
export async function resendInvitation(
  { db, invitations, resendLimit }: MemberUseCaseDeps,
  { tenantId, actor }: RequestContext,
  memberId: string,
) {
  if (!invitations) throw new Error('invitations are not configured for this user service');
  const member = await resendLimit.whileAllowed(tenantId, memberId, () =>
    inTenantTransaction(db, tenantId, async (scope) => {
      const found = await memberOrNotFound(scope, memberId);
      const latest = (await latestInvitations(scope, [found.id])).get(found.id);
      if (latest && invitationStatus(latest) === 'accepted') throw invitationAccepted();
      const invitation = await inviteMember(
        scope,
        invitations,
        { memberId: found.id, userId: found.user_id, email: found.user.email, role: found.role },
        actor,
        { resend: true },
      );
      return presentMember(found, found.user, invitation);
    }),
  );
  await wakeAfterInvite(invitations, tenantId);
  return member;
}
