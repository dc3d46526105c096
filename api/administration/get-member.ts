import { latestInvitations } from '../../db/repositories/invitations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { memberOrNotFound, presentMember } from './member-records';

export async function getMember({ db }: MemberUseCaseDeps, { tenantId }: RequestContext, userId: string) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const member = await memberOrNotFound(scope, userId);
    return presentMember(member, member.user, (await latestInvitations(scope, [member.id])).get(member.id));
  });
}
