import { removeMember } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { memberOrNotFound, refuseIfLastAdmin } from './member-records';

/** The membership ends (the person stays, for their other tenants); the last admin cannot be removed. */
export async function deleteMember({ db }: MemberUseCaseDeps, { tenantId, actor }: RequestContext, memberId: string) {
  await inTenantTransaction(db, tenantId, async (scope) => {
    const member = await memberOrNotFound(scope, memberId);
    await refuseIfLastAdmin(scope, member);
    await removeMember(scope, memberId, actor);
  });
}
