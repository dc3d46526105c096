import { newId } from '../../core/ids';
import { insertApprovalPolicy } from '../../db/repositories/approval-policies';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { CreateApprovalPolicyRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import { audited, auditPolicy, prepareVersion, presentPolicy, storeVersion } from './approval-policy-records';

export async function createApprovalPolicy(
  { db, sandbox }: ApprovalPolicyUseCaseDeps,
  context: RequestContext,
  body: CreateApprovalPolicyRequest,
) {
  const prepared = await prepareVersion(sandbox, body);
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const id = newId('approvalPolicy');
    // The policy row first (the version refers to it); a refused version rolls both back.
    const policy = await insertApprovalPolicy(scope, {
      id,
      name: body.name,
      description: body.description ?? '',
      current_version: 1,
      created_by: context.actor,
      updated_by: context.actor,
    });
    const version = await storeVersion(scope, context, id, 1, prepared);
    await auditPolicy(scope, context, 'approval_policy.created', id, {
      name: policy.name,
      description: policy.description,
      ...audited(version),
    });
    return presentPolicy(policy, version);
  });
}
