import { findDelegation } from '../../db/repositories/delegations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { delegatingMember, noDelegation, presentDelegation, type DelegationOwner } from './delegation-records';
import type { MemberUseCaseDeps } from './deps';

/** A member's delegation (404 when none is set), whether or not its period has begun or ended. */
export async function getDelegation({ db }: MemberUseCaseDeps, context: RequestContext, owner: DelegationOwner) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const memberId = await delegatingMember(scope, context, owner);
    const row = await findDelegation(scope, memberId);
    if (!row) throw noDelegation(memberId);
    return presentDelegation(row, new Date());
  });
}
