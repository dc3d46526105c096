import type { PageRequest } from '../../db/pagination';
import type { ApprovalPolicyVersionRecord } from '../../db/records/approval-policy';
import {
  findCurrentVersions,
  listApprovalPolicies as listApprovalPolicyRows,
} from '../../db/repositories/approval-policies';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import { presentPolicy } from './approval-policy-records';

export async function listApprovalPolicies(
  { db }: ApprovalPolicyUseCaseDeps,
  { tenantId }: RequestContext,
  filters: { archived?: boolean },
  page: PageRequest,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const { rows, nextCursor } = await listApprovalPolicyRows(scope, filters, page);
    const versions = new Map(
      (
        await findCurrentVersions(
          scope,
          rows.map((r) => r.id),
        )
      ).map((v) => [v.policy_id, v]),
    );
    return {
      data: rows.map((row) => presentPolicy(row, versions.get(row.id) as ApprovalPolicyVersionRecord)),
      next_cursor: nextCursor,
    };
  });
}
