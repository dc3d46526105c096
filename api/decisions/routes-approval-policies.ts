import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ApprovalPolicyCreate, ApprovalPolicyService, ApprovalPolicyVersionInput } from './approval-policies';

export function registerApprovalPolicyRoutes(router: AppRouter, operation: BindOperation, policies: ApprovalPolicyService): void {
  operation(router, 'createApprovalPolicy', async (ctx) => {
    const created = await policies.create(requestContext(ctx), ctx.state.body as ApprovalPolicyCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/approval-policies/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listApprovalPolicies', async (ctx) => {
    const { limit, cursor, archived } = ctx.state.query as { limit: number; cursor?: string; archived?: boolean };
    ctx.body = await policies.list(requestContext(ctx), { archived }, { limit, cursor });
  });

  operation(router, 'getApprovalPolicy', async (ctx) => {
    const { version } = ctx.state.query as { version?: number };
    ctx.body = await policies.get(requestContext(ctx), ctx.params.id as string, version);
  });

  operation(router, 'createApprovalPolicyVersion', async (ctx) => {
    const policy = await policies.createVersion(requestContext(ctx), ctx.params.id as string, ctx.state.body as ApprovalPolicyVersionInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/approval-policies/${policy.id}?version=${policy.current_version}`);
    ctx.body = policy;
  });

  operation(router, 'listApprovalPolicyVersions', async (ctx) => {
    const { limit, cursor } = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await policies.listVersions(requestContext(ctx), ctx.params.id as string, { limit, cursor });
  });

  operation(router, 'archiveApprovalPolicy', async (ctx) => {
    ctx.body = await policies.archive(requestContext(ctx), ctx.params.id as string);
  });
}
