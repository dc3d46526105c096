import { appendAuditRecord } from '../../db/repositories/audit-log';
import { upsertDelegation } from '../../db/repositories/delegations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { SetDelegationRequest } from '../openapi/request-types.generated';
import { checkDelegation, delegatingMember, presentDelegation, type DelegationOwner } from './delegation-records';
import type { MemberUseCaseDeps } from './deps';

/**
 * Sets (or replaces) who acts for a member on their approval steps, and for which period: the member themselves, or
 * an admin for them. Audited as `member.delegation.set`.
 */
export async function setDelegation(
  { db }: MemberUseCaseDeps,
  context: RequestContext,
  owner: DelegationOwner,
  body: SetDelegationRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const memberId = await delegatingMember(scope, context, owner);
    const now = new Date();
    const { delegateId, startsAt, endsAt } = await checkDelegation(scope, memberId, body, now);
    const stored = await upsertDelegation(scope, {
      member_id: memberId,
      delegate_id: delegateId,
      starts_at: startsAt,
      ends_at: endsAt,
      reason: body.reason ?? null,
      created_by: context.actor,
    });
    const view = presentDelegation(stored, now);
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'member.delegation.set',
      resourceType: 'member',
      resourceId: memberId,
      payload: { delegate: view.delegate, from: view.from, until: view.until, reason: view.reason },
    });
    return view;
  });
}
