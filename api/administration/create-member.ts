import { alreadyMember } from '../../core/errors';
import { newId } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import { findOrCreateUser, insertMembership, listMembers } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { inviteMember, wakeAfterInvite } from './invitation-records';
import { presentMember } from './member-records';
import type { AddMemberRequest } from '../openapi/request-types.generated';

export interface MemberCreate extends AddMemberRequest {
  /**
   * The operator's admin CLI only: the password of a person who does not exist yet. The HTTP API does not take
   * one, because a tenant admin could otherwise tell (by signing in) whether the email already had an account.
   */
  password?: string;
}

/** Adds a member; without a password (always, through the API) the person is invited by email to set one or sign in. */
export async function createMember(deps: MemberUseCaseDeps, { tenantId, actor }: RequestContext, body: MemberCreate) {
  const { db } = deps;
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const { user } = await findOrCreateUser(db, { email: body.email, displayName: body.display_name, passwordHash });
  const invitations = body.password ? undefined : deps.invitations;
  const member = await inTenantTransaction(db, tenantId, async (scope) => {
    const existing = (await listMembers(scope)).find((m) => m.user_id === user.id);
    if (existing) throw alreadyMember(user.email);
    // A new id for every membership, whether the person is new or known to other tenants: the answer is the same
    // either way (its time is now, its value unrelated to any other tenant's id for the person).
    const membership = await insertMembership(scope, user.id, body.role, actor, body.display_name, newId('user'));
    const invitation = invitations
      ? await inviteMember(
          scope,
          invitations,
          { memberId: membership.id, userId: user.id, email: user.email, role: body.role },
          actor,
          { resend: false },
        )
      : undefined;
    return presentMember(membership, user, invitation);
  });
  if (invitations) await wakeAfterInvite(invitations, tenantId);
  return member;
}
