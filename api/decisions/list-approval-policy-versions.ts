import type { PageRequest } from '../../db/pagination';
import { listApprovalPolicyVersions as listApprovalPolicyVersionRows } from '../../db/repositories/approval-policies';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import { presentVersion, readPolicy, requirePolicyId } from './approval-policy-records';

export async function listApprovalPolicyVersions(
  { db }: ApprovalPolicyUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  page: PageRequest,
) {
  requirePolicyId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await readPolicy(scope, id);
    const { rows, nextCursor } = await listApprovalPolicyVersionRows(scope, id, page);
    return { data: rows.map(presentVersion), next_cursor: nextCursor };
  });
}
