import { updateApprovalPolicy } from '../../db/repositories/approval-policies';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import { auditPolicy, presentPolicy, readPolicy, readVersion, requirePolicyId } from './approval-policy-records';

/** Archiving an archived policy changes and records nothing. */
export async function archiveApprovalPolicy({ db }: ApprovalPolicyUseCaseDeps, context: RequestContext, id: string) {
  requirePolicyId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    let policy = await readPolicy(scope, id, { forUpdate: true });
    if (!policy.archived_at) {
      policy = await updateApprovalPolicy(scope, id, { archived_at: new Date(), updated_by: context.actor });
      await auditPolicy(scope, context, 'approval_policy.archived', id, {
        archived_at: (policy.archived_at as Date).toISOString(),
        current_version: policy.current_version,
      });
    }
    return presentPolicy(policy, await readVersion(scope, policy, policy.current_version));
  });
}
