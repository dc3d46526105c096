import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import { approvalPolicyArchived } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import { toIso } from '../../core/time';
import { DEFAULT_FLAGS, namedUsers, type ApprovalPolicyFlags, type ApprovalStepInput } from '../../rules/decisions/approval-policy';
import { BudgetExceededError, budgetFieldError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { PageRequest } from '../../db/pagination';
import type { ApprovalPolicyRecord, ApprovalPolicyVersionRecord } from '../../db/records/approval-policy';
import {
  findApprovalPolicy,
  findApprovalPolicyVersion,
  findTenantMemberIds,
  findCurrentVersions,
  insertApprovalPolicy,
  insertApprovalPolicyVersion,
  listApprovalPolicies,
  listApprovalPolicyVersions,
  updateApprovalPolicy,
} from '../../db/repositories/approval-policies';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

export interface ApprovalPolicyVersionInput {
  steps: ApprovalStepInput[];
  flags?: Partial<ApprovalPolicyFlags>;
}

/** A version's content with its conditions checked in the sandbox: the steps to store and the problems found so far. */
interface PreparedVersion {
  input: ApprovalPolicyVersionInput;
  steps: Awaited<ReturnType<ExpressionSandbox['prepareApprovalSteps']>>['steps'];
  errors: FieldError[];
}

export interface ApprovalPolicyCreate extends ApprovalPolicyVersionInput {
  name: string;
  description?: string;
}

function presentVersion(record: ApprovalPolicyVersionRecord) {
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

function presentPolicy(record: ApprovalPolicyRecord, version: ApprovalPolicyVersionRecord) {
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

export function createApprovalPolicyService(deps: { db: Knex; sandbox: ExpressionSandbox }) {
  const { db } = deps;

  const requirePolicyId = (id: string) => {
    if (!isIdOf('approvalPolicy', id)) throw notFound('approval_policy', id);
  };

  async function readPolicy(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
    const policy = await findApprovalPolicy(scope, id, options);
    if (!policy) throw notFound('approval_policy', id);
    return policy;
  }

  async function readVersion(scope: TenantScope, policy: ApprovalPolicyRecord, version: number) {
    const found = await findApprovalPolicyVersion(scope, policy.id, version);
    if (!found) throw notFound('approval_policy_version', `${policy.id}@${version}`);
    return found;
  }

  /**
   * A version's conditions checked and compiled in the expression sandbox: off the event loop, within the budget, or
   * a 422 naming the step. Done before the transaction opens, so no pooled connection waits on the sandbox.
   */
  async function prepareVersion(input: ApprovalPolicyVersionInput): Promise<PreparedVersion> {
    const { steps, errors } = await deps.sandbox.prepareApprovalSteps(input.steps).catch((error: unknown) => {
      if (error instanceof BudgetExceededError) throw validationFailed([budgetFieldError(error, '/steps')], 'The approval policy is not valid.');
      throw error;
    });
    return { input, steps, errors: errors as FieldError[] };
  }

  /**
   * Stores a prepared version. Named users are looked up inside the tenant's scope, so another tenant's user answers
   * exactly like one that does not exist.
   */
  async function storeVersion(scope: TenantScope, context: RequestContext, policyId: string, version: number, prepared: PreparedVersion) {
    const { input, steps } = prepared;
    const errors = [...prepared.errors];
    const named = namedUsers(input.steps);
    const members = await findTenantMemberIds(scope, named.map((n) => n.id).filter((id) => isIdOf('user', id)));
    for (const { path, id } of named) if (!members.has(id)) errors.push({ path, message: `no member "${id}" in this tenant` });
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

  const audit = (scope: TenantScope, context: RequestContext, action: AuditAction, policyId: string, payload: Record<string, unknown>) =>
    appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'approval_policy', resourceId: policyId, payload });

  /** The audit record carries the whole version: a policy's history can be read back from the log alone. */
  const audited = (version: ApprovalPolicyVersionRecord) => ({ version: version.version, steps: version.steps, flags: version.flags });

  return {
    async create(context: RequestContext, body: ApprovalPolicyCreate) {
      const prepared = await prepareVersion(body);
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
        await audit(scope, context, 'approval_policy.created', id, { name: policy.name, description: policy.description, ...audited(version) });
        return presentPolicy(policy, version);
      });
    },

    async list({ tenantId }: RequestContext, filters: { archived?: boolean }, page: PageRequest) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const { rows, nextCursor } = await listApprovalPolicies(scope, filters, page);
        const versions = new Map((await findCurrentVersions(scope, rows.map((r) => r.id))).map((v) => [v.policy_id, v]));
        return { data: rows.map((row) => presentPolicy(row, versions.get(row.id) as ApprovalPolicyVersionRecord)), next_cursor: nextCursor };
      });
    },

    /** The policy with its current version, or with the version asked for. */
    async get({ tenantId }: RequestContext, id: string, version: number | undefined) {
      requirePolicyId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const policy = await readPolicy(scope, id);
        return presentPolicy(policy, await readVersion(scope, policy, version ?? policy.current_version));
      });
    },

    async listVersions({ tenantId }: RequestContext, id: string, page: PageRequest) {
      requirePolicyId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        await readPolicy(scope, id);
        const { rows, nextCursor } = await listApprovalPolicyVersions(scope, id, page);
        return { data: rows.map(presentVersion), next_cursor: nextCursor };
      });
    },

    /** A new version, which becomes current; earlier versions stay as they were, for decisions submitted under them. */
    async createVersion(context: RequestContext, id: string, body: ApprovalPolicyVersionInput) {
      requirePolicyId(id);
      // An unknown or archived policy answers before the conditions are checked; the write re-checks both under its lock.
      const found = await inTenantTransaction(db, context.tenantId, (scope) => readPolicy(scope, id));
      if (found.archived_at) throw approvalPolicyArchived();
      const prepared = await prepareVersion(body);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await readPolicy(scope, id, { forUpdate: true });
        if (current.archived_at) throw approvalPolicyArchived();
        const next = current.current_version + 1;
        const version = await storeVersion(scope, context, id, next, prepared);
        const policy = await updateApprovalPolicy(scope, id, { current_version: next, updated_by: context.actor });
        await audit(scope, context, 'approval_policy.version_created', id, audited(version));
        return presentPolicy(policy, version);
      });
    },

    /** Archiving an archived policy changes and records nothing. */
    async archive(context: RequestContext, id: string) {
      requirePolicyId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        let policy = await readPolicy(scope, id, { forUpdate: true });
        if (!policy.archived_at) {
          policy = await updateApprovalPolicy(scope, id, { archived_at: new Date(), updated_by: context.actor });
          await audit(scope, context, 'approval_policy.archived', id, { archived_at: (policy.archived_at as Date).toISOString(), current_version: policy.current_version });
        }
        return presentPolicy(policy, await readVersion(scope, policy, policy.current_version));
      });
    },
  };
}

export type ApprovalPolicyService = ReturnType<typeof createApprovalPolicyService>;
