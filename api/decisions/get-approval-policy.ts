import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import { presentPolicy, readPolicy, readVersion, requirePolicyId } from './approval-policy-records';

/** The policy with its current version, or with the version asked for. */
export async function getApprovalPolicy(
  { db }: ApprovalPolicyUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  version: number | undefined,
) {
  requirePolicyId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    const policy = await readPolicy(scope, id);
    return presentPolicy(policy, await readVersion(scope, policy, version ?? policy.current_version));
  });
}
