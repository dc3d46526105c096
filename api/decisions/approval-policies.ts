import type { Knex } from 'knex';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import type {
  CreateApprovalPolicyRequest,
  CreateApprovalPolicyVersionRequest,
} from '../openapi/request-types.generated';
import { archiveApprovalPolicy } from './archive-approval-policy';
import { createApprovalPolicy } from './create-approval-policy';
import { createApprovalPolicyVersion } from './create-approval-policy-version';
import type { ApprovalPolicyUseCaseDeps } from './deps';
import { getApprovalPolicy } from './get-approval-policy';
import { listApprovalPolicies } from './list-approval-policies';
import { listApprovalPolicyVersions } from './list-approval-policy-versions';

/** Approval policies and their versions: one file per use case, bound to their dependencies. */
export function createApprovalPolicyService(deps: { db: Knex; sandbox: ExpressionSandbox }) {
  const useCases: ApprovalPolicyUseCaseDeps = { db: deps.db, sandbox: deps.sandbox };
  return {
    create: (context: RequestContext, body: CreateApprovalPolicyRequest) =>
      createApprovalPolicy(useCases, context, body),
    list: (context: RequestContext, filters: { archived?: boolean }, page: PageRequest) =>
      listApprovalPolicies(useCases, context, filters, page),
    get: (context: RequestContext, id: string, version: number | undefined) =>
      getApprovalPolicy(useCases, context, id, version),
    listVersions: (context: RequestContext, id: string, page: PageRequest) =>
      listApprovalPolicyVersions(useCases, context, id, page),
    createVersion: (context: RequestContext, id: string, body: CreateApprovalPolicyVersionRequest) =>
      createApprovalPolicyVersion(useCases, context, id, body),
    archive: (context: RequestContext, id: string) => archiveApprovalPolicy(useCases, context, id),
  };
}

export type ApprovalPolicyService = ReturnType<typeof createApprovalPolicyService>;
