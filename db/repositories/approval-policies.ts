import { ApprovalPolicyRecord, ApprovalPolicyVersionRecord } from '../records/approval-policy';
import { MembershipRecord } from '../records/user';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export async function insertApprovalPolicy(
  scope: TenantScope,
  row: Partial<ApprovalPolicyRecord>,
): Promise<ApprovalPolicyRecord> {
  return insertScoped(scope, ApprovalPolicyRecord, row);
}

export async function insertApprovalPolicyVersion(
  scope: TenantScope,
  row: Partial<ApprovalPolicyVersionRecord>,
): Promise<ApprovalPolicyVersionRecord> {
  return insertScoped(scope, ApprovalPolicyVersionRecord, row);
}

export async function findApprovalPolicy(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = scoped(scope, ApprovalPolicyRecord).where('approval_policies.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as ApprovalPolicyRecord | undefined;
}

export async function listApprovalPolicies(
  scope: TenantScope,
  filters: { archived?: boolean | undefined },
  page: PageRequest,
) {
  const query = scoped(scope, ApprovalPolicyRecord);
  if (filters.archived === true) query.whereNotNull('archived_at');
  if (filters.archived === false) query.whereNull('archived_at');
  return paginate<ApprovalPolicyRecord>(query, 'approval_policies.id', page);
}

export async function updateApprovalPolicy(
  scope: TenantScope,
  id: string,
  patch: Partial<ApprovalPolicyRecord>,
): Promise<ApprovalPolicyRecord> {
  const [row] = (await scoped(scope, ApprovalPolicyRecord)
    .where('approval_policies.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<ApprovalPolicyRecord>)
    .returning('*')) as unknown as ApprovalPolicyRecord[];
  return row as ApprovalPolicyRecord;
}

export async function findApprovalPolicyVersion(scope: TenantScope, policyId: string, version: number) {
  return (await scoped(scope, ApprovalPolicyVersionRecord).where({ policy_id: policyId, version }).first()) as
    ApprovalPolicyVersionRecord | undefined;
}

/** The current version of each of these policies, in one query (for a page of policies). */
export async function findCurrentVersions(scope: TenantScope, policyIds: string[]) {
  if (policyIds.length === 0) return [];
  return (await scoped(scope, ApprovalPolicyVersionRecord).whereRaw(
    '(policy_id, version) in (select id, current_version from approval_policies where id = any(?))',
    [policyIds],
  )) as ApprovalPolicyVersionRecord[];
}

/** Newest version first: version ids are minted in version order. */
export async function listApprovalPolicyVersions(scope: TenantScope, policyId: string, page: PageRequest) {
  return paginate<ApprovalPolicyVersionRecord>(
    scoped(scope, ApprovalPolicyVersionRecord).where('policy_id', policyId),
    'approval_policy_versions.id',
    page,
  );
}

/** Which of these people belong to the scope's tenant (a policy may name only members). */
export async function findTenantMemberIds(scope: TenantScope, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  // Member ids (the memberships' own), as the API shows them.
  const rows = (await scoped(scope, MembershipRecord).whereIn('id', userIds).select('id')) as MembershipRecord[];
  return new Set(rows.map((r) => r.id));
}
