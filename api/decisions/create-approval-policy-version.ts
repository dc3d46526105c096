import { approvalPolicyArchived } from '../../core/errors';
import { updateApprovalPolicy } from '../../db/repositories/approval-policies';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { CreateApprovalPolicyVersionRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import {
  audited,
  auditPolicy,
  prepareVersion,
  presentPolicy,
  readPolicy,
  requirePolicyId,
  storeVersion,
} from './approval-policy-records';

/** A new version, which becomes current; earlier versions stay as they were, for decisions submitted under them. */
export async function createApprovalPolicyVersion(
  { db, sandbox }: ApprovalPolicyUseCaseDeps,
  context: RequestContext,
  id: string,
  body: CreateApprovalPolicyVersionRequest,
) {
  requirePolicyId(id);
  // An unknown or archived policy answers before the conditions are checked; the write re-checks both under its lock.
  const found = await inTenantTransaction(db, context.tenantId, (scope) => readPolicy(scope, id));
  if (found.archived_at) throw approvalPolicyArchived();
  const prepared = await prepareVersion(sandbox, body);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await readPolicy(scope, id, { forUpdate: true });
    if (current.archived_at) throw approvalPolicyArchived();
    const next = current.current_version + 1;
    const version = await storeVersion(scope, context, id, next, prepared);
    const policy = await updateApprovalPolicy(scope, id, { current_version: next, updated_by: context.actor });
    await auditPolicy(scope, context, 'approval_policy.version_created', id, audited(version));
    return presentPolicy(policy, version);
  });
}
