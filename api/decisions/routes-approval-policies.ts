import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ApprovalPolicyService } from './approval-policies';

export function registerApprovalPolicyRoutes(
  router: AppRouter,
  operation: BindOperation,
  policies: ApprovalPolicyService,
): void {
  operation(router, 'createApprovalPolicy', async (ctx, { body }) => {
    const created = await policies.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/approval-policies/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listApprovalPolicies', async (ctx, { query }) => {
    const { limit, cursor, archived } = query;
    ctx.body = await policies.list(requestContext(ctx), { archived }, { limit, cursor });
  });

  operation(router, 'getApprovalPolicy', async (ctx, { params, query }) => {
    const { version } = query;
    ctx.body = await policies.get(requestContext(ctx), params.id, version);
  });

  operation(router, 'createApprovalPolicyVersion', async (ctx, { params, body }) => {
    const policy = await policies.createVersion(requestContext(ctx), params.id, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/approval-policies/${policy.id}?version=${policy.current_version}`);
    ctx.body = policy;
  });

  operation(router, 'listApprovalPolicyVersions', async (ctx, { params, query }) => {
    const { limit, cursor } = query;
    ctx.body = await policies.listVersions(requestContext(ctx), params.id, { limit, cursor });
  });

  operation(router, 'archiveApprovalPolicy', async (ctx, { params }) => {
    ctx.body = await policies.archive(requestContext(ctx), params.id);
  });
}
