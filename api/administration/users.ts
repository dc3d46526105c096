import type { Knex } from 'knex';
import { alreadyMember, invitationAccepted, lastAdmin } from '../../core/errors';
import type { RequestContext } from '../context';
import { notFound } from '../../core/app-error';
import { isIdOf, newId } from '../../core/ids';
import { hashPassword } from '../../core/passwords';
import { scopesForRole, type Role } from '../../core/roles';
import type { MembershipRecord, UserRecord } from '../../db/records/user';
import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import { changeMemberRole, findOrCreateUser, insertMembership, listMembers, removeMember } from '../../db/repositories/users';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { invitationStatus, latestInvitations, type InvitationRow } from '../../db/repositories/invitations';
import { createInvitationResendLimit } from './invitation-resend-limit';
import { inviteMember, presentInvitation, revokeInvitation, wakeAfterInvite, type InvitationDeps } from './invitations';

/**
 * A member as their tenant sees them. Nothing here may come from the person's life in other tenants: the name is
 * the one this tenant gave, and whether the person has a password (which only another tenant or the operator can
 * have set) is not shown.
 */
export function presentMember(membership: MembershipRecord, user: UserRecord, invitation?: InvitationRow) {
  return {
    // The membership's own id, never the person's global one (see MembershipRecord.id).
    id: membership.id,
    object: 'member' as const,
    email: user.email,
    display_name: membership.display_name ?? user.display_name,
    role: membership.role,
    scopes: scopesForRole(membership.role),
    created_by: membership.created_by,
    created_at: membership.created_at.toISOString(),
    updated_at: membership.updated_at.toISOString(),
    invitation: presentInvitation(invitation),
  };
}

export interface MemberCreate {
  email: string;
  display_name: string;
  role: Role;
  /**
   * The operator's admin CLI only: the password of a person who does not exist yet. The HTTP API does not take
   * one, because a tenant admin could otherwise tell (by signing in) whether the email already had an account.
   */
  password?: string;
}

/** A tenant's people: memberships with a role. The person (email, name, password) is shared across tenants. */
export function createUserService(deps: { db: Knex; invitations?: InvitationDeps }) {
  const { db } = deps;
  const resendLimit = createInvitationResendLimit(db);

  const memberOrNotFound = async (scope: TenantScope, memberId: string) => {
    const member = isIdOf('user', memberId) ? (await listMembers(scope)).find((m) => m.id === memberId) : undefined;
    if (!member) throw notFound('user', memberId);
    return member;
  };

  /** The last admin cannot be demoted or removed: a tenant must never lock itself out of its own administration. */
  const refuseIfLastAdmin = async (scope: TenantScope, member: MembershipRecord) => {
    if (member.role !== 'admin') return;
    // Locking the admin rows serialises concurrent demotions: two admins cannot demote each other at once.
    const admins = await scope.trx('memberships').where({ tenant_id: scope.tenantId, role: 'admin' }).forUpdate().select('user_id');
    if (admins.length <= 1) throw lastAdmin();
  };

  return {
    /** Adds a member; without a password (always, through the API) the person is invited by email to set one or sign in. */
    async add({ tenantId, actor }: RequestContext, body: MemberCreate) {
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const { user } = await findOrCreateUser(db, { email: body.email, displayName: body.display_name, passwordHash });
      const invitations = body.password ? undefined : deps.invitations;
      const member = await inTenantTransaction(db, tenantId, async (scope) => {
        const existing = (await listMembers(scope)).find((m) => m.user_id === user.id);
        if (existing) throw alreadyMember(user.email);
        // A new id for every membership, whether the person is new or known to other tenants: the answer is the same
        // either way (its time is now, its value unrelated to any other tenant's id for the person).
        const membership = await insertMembership(scope, user.id, body.role, actor, body.display_name, newId('user'));
        const invitation = invitations ? await inviteMember(scope, invitations, { memberId: membership.id, userId: user.id, email: user.email, role: body.role }, actor, { resend: false }) : undefined;
        return presentMember(membership, user, invitation);
      });
      if (invitations) await wakeAfterInvite(invitations, tenantId);
      return member;
    },

    /**
     * Sends a new invitation (the old link stops working); 409 once the member accepted one; 429 after
     * INVITATION_RESENDS sends to the member within the hour, so an admin (or a stolen admin session) cannot flood an
     * outside address.
     */
    async resendInvitation({ tenantId, actor }: RequestContext, memberId: string) {
      const invitations = deps.invitations;
      if (!invitations) throw new Error('invitations are not configured for this user service');
      const member = await resendLimit.whileAllowed(tenantId, memberId, () =>
        inTenantTransaction(db, tenantId, async (scope) => {
          const found = await memberOrNotFound(scope, memberId);
          const latest = (await latestInvitations(scope, [found.id])).get(found.id);
          if (latest && invitationStatus(latest) === 'accepted') throw invitationAccepted();
          const invitation = await inviteMember(scope, invitations, { memberId: found.id, userId: found.user_id, email: found.user.email, role: found.role }, actor, { resend: true });
          return presentMember(found, found.user, invitation);
        }),
      );
      await wakeAfterInvite(invitations, tenantId);
      return member;
    },

    /** The member's open invitation link stops working (idempotent); 409 once they accepted. */
    async revokeInvitation({ tenantId, actor }: RequestContext, memberId: string) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const found = await memberOrNotFound(scope, memberId);
        const latest = (await latestInvitations(scope, [found.id])).get(found.id);
        if (latest && invitationStatus(latest) === 'accepted') throw invitationAccepted();
        await revokeInvitation(scope, found.id, actor);
        return presentMember(found, found.user, (await latestInvitations(scope, [found.id])).get(found.id));
      });
    },

    async list({ tenantId }: RequestContext, page: PageRequest) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const { members, invitations } = await inTenantTransaction(db, tenantId, async (scope) => {
        const all = await listMembers(scope);
        return { members: all, invitations: await latestInvitations(scope, all.map((m) => m.id)) };
      });
      const remaining = members.filter((m) => after === undefined || m.id < after);
      const data = remaining.slice(0, page.limit).map((m) => presentMember(m, m.user, invitations.get(m.id)));
      const last = data[data.length - 1];
      return { data, next_cursor: remaining.length > page.limit && last ? encodeCursor(last.id) : null };
    },

    async get({ tenantId }: RequestContext, userId: string) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const member = await memberOrNotFound(scope, userId);
        return presentMember(member, member.user, (await latestInvitations(scope, [member.id])).get(member.id));
      });
    },

    async changeRole({ tenantId, actor }: RequestContext, memberId: string, role: Role) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const member = await memberOrNotFound(scope, memberId);
        if (member.role !== role) await refuseIfLastAdmin(scope, member);
        const updated = (await changeMemberRole(scope, memberId, role, actor)) as MembershipRecord;
        return presentMember(updated, member.user, (await latestInvitations(scope, [member.id])).get(member.id));
      });
    },

    async remove({ tenantId, actor }: RequestContext, memberId: string) {
      await inTenantTransaction(db, tenantId, async (scope) => {
        const member = await memberOrNotFound(scope, memberId);
        await refuseIfLastAdmin(scope, member);
        await removeMember(scope, memberId, actor);
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
