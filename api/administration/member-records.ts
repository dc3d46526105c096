// What the member use cases share: presenting a member with their latest invitation, finding one (or 404), the last-admin rule.
import { lastAdmin } from '../../core/errors';
import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { scopesForRole } from '../../core/roles';
import type { MembershipRecord, UserRecord } from '../../db/records/user';
import type { InvitationRow } from '../../db/repositories/invitations';
import { listMembers, lockTenantAdmins } from '../../db/repositories/users';
import type { TenantScope } from '../../db/tenant-scope';
import { presentInvitation } from './invitation-records';

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

export async function memberOrNotFound(scope: TenantScope, memberId: string) {
  const member = isIdOf('user', memberId) ? (await listMembers(scope)).find((m) => m.id === memberId) : undefined;
  if (!member) throw notFound('user', memberId);
  return member;
}

/** The last admin cannot be demoted or removed: a tenant must never lock itself out of its own administration. */
export async function refuseIfLastAdmin(scope: TenantScope, member: MembershipRecord) {
  if (member.role !== 'admin') return;
  // Locking the admin rows serialises concurrent demotions: two admins cannot demote each other at once.
  const admins = await lockTenantAdmins(scope);
  if (admins.length <= 1) throw lastAdmin();
}
