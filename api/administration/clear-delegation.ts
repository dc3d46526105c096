import { appendAuditRecord } from '../../db/repositories/audit-log';
import { deleteDelegation } from '../../db/repositories/delegations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { delegatingMember, type DelegationOwner } from './delegation-records';
import type { MemberUseCaseDeps } from './deps';

/**
 * Ends a member's delegation now: their steps are theirs alone again. Clearing when none is set does nothing (and
 * audits nothing), so a retry is harmless. Audited as `member.delegation.cleared`.
 */
export async function clearDelegation({ db }: MemberUseCaseDeps, context: RequestContext, owner: DelegationOwner) {
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    const memberId = await delegatingMember(scope, context, owner);
    const removed = await deleteDelegation(scope, memberId);
    if (!removed) return;
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'member.delegation.cleared',
      resourceType: 'member',
      resourceId: memberId,
      payload: {
        delegate: removed.delegate_id,
        from: removed.starts_at.toISOString(),
        until: removed.ends_at.toISOString(),
      },
    });
  });
}
