import type { Role } from '../../core/roles';
import type { MembershipRecord } from '../../db/records/user';
import { latestInvitations } from '../../db/repositories/invitations';
import { changeMemberRole as storeMemberRole } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { memberOrNotFound, presentMember, refuseIfLastAdmin } from './member-records';

export async function updateMemberRole(
  { db }: MemberUseCaseDeps,
  { tenantId, actor }: RequestContext,
  memberId: string,
  role: Role,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const member = await memberOrNotFound(scope, memberId);
    if (member.role !== role) await refuseIfLastAdmin(scope, member);
    const updated = (await storeMemberRole(scope, memberId, role, actor)) as MembershipRecord;
    return presentMember(updated, member.user, (await latestInvitations(scope, [member.id])).get(member.id));
  });
}
