import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import { isIdOf, newId } from '../../core/ids';
import { toIso } from '../../core/time';
import { DEFAULT_FLAGS, namedUsers } from '../../rules/decisions/approval-policy';
import { BudgetExceededError, budgetFieldError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { ApprovalPolicyRecord, ApprovalPolicyVersionRecord } from '../../db/records/approval-policy';
import {
  findApprovalPolicy,
  findApprovalPolicyVersion,
  findTenantMemberIds,
  insertApprovalPolicyVersion,
} from '../../db/repositories/approval-policies';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import type { TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { CreateApprovalPolicyVersionRequest } from '../openapi/request-types.generated';

/** A version's content as the API takes it. */
export type ApprovalPolicyVersionInput = CreateApprovalPolicyVersionRequest;

/** A version's content with its conditions checked in the sandbox: the steps to store and the problems found so far. */
export interface PreparedVersion {
  input: ApprovalPolicyVersionInput;
  steps: Awaited<ReturnType<ExpressionSandbox['prepareApprovalSteps']>>['steps'];
  errors: FieldError[];
}

export function presentVersion(record: ApprovalPolicyVersionRecord) {
  return {
    object: 'approval_policy_version' as const,
    policy_id: record.policy_id,
    version: record.version,
    steps: record.steps,
    flags: record.flags,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
  };
}

export function presentPolicy(record: ApprovalPolicyRecord, version: ApprovalPolicyVersionRecord) {
  return {
    id: record.id,
    object: 'approval_policy' as const,
    name: record.name,
    description: record.description,
    current_version: record.current_version,
    archived_at: toIso(record.archived_at),
    version: presentVersion(version),
    created_by: record.created_by,
    updated_by: record.updated_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export function requirePolicyId(id: string): void {
  if (!isIdOf('approvalPolicy', id)) throw notFound('approval_policy', id);
}

export async function readPolicy(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const policy = await findApprovalPolicy(scope, id, options);
  if (!policy) throw notFound('approval_policy', id);
  return policy;
}

export async function readVersion(scope: TenantScope, policy: ApprovalPolicyRecord, version: number) {
  const found = await findApprovalPolicyVersion(scope, policy.id, version);
  if (!found) throw notFound('approval_policy_version', `${policy.id}@${version}`);
  return found;
}

/**
 * A version's conditions checked and compiled in the expression sandbox: off the event loop, within the budget, or
 * a 422 naming the step. Done before the transaction opens, so no pooled connection waits on the sandbox.
 */
export async function prepareVersion(
  sandbox: ExpressionSandbox,
  input: ApprovalPolicyVersionInput,
): Promise<PreparedVersion> {
  const { steps, errors } = await sandbox.prepareApprovalSteps(input.steps).catch((error: unknown) => {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, '/steps')], 'The approval policy is not valid.');
    throw error;
  });
  return { input, steps, errors: errors as FieldError[] };
}

/**
 * Stores a prepared version. Named users are looked up inside the tenant's scope, so another tenant's user answers
 * exactly like one that does not exist.
 */
export async function storeVersion(
  scope: TenantScope,
  context: RequestContext,
  policyId: string,
  version: number,
  prepared: PreparedVersion,
) {
  const { input, steps } = prepared;
  const errors = [...prepared.errors];
  const named = namedUsers(input.steps);
  const members = await findTenantMemberIds(
    scope,
    named.map((n) => n.id).filter((id) => isIdOf('user', id)),
  );
  for (const { path, id } of named)
    if (!members.has(id)) errors.push({ path, message: `no member "${id}" in this tenant` });
  if (errors.length > 0) throw validationFailed(errors, 'The approval policy is not valid.');
  return insertApprovalPolicyVersion(scope, {
    id: newId('approvalPolicyVersion'),
    policy_id: policyId,
    version,
    steps,
    flags: { ...DEFAULT_FLAGS, ...input.flags },
    created_by: context.actor,
  });
}

export function auditPolicy(
  scope: TenantScope,
  context: RequestContext,
  action: AuditAction,
  policyId: string,
  payload: Record<string, unknown>,
) {
  return appendAuditRecord(scope, {
    actor: context.actor,
    action,
    resourceType: 'approval_policy',
    resourceId: policyId,
    payload,
  });
}

/** The audit record carries the whole version: a policy's history can be read back from the log alone. */
export function audited(version: ApprovalPolicyVersionRecord) {
  return { version: version.version, steps: version.steps, flags: version.flags };
}
