import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ModelService } from './service';

/** A version's lifecycle: read one, replace a draft, submit it for review, roll back, the release history; a model's settings. */
export function registerModelLifecycleRoutes(router: AppRouter, operation: BindOperation, models: ModelService): void {
  operation(router, 'updateModel', async (ctx, { params, body }) => {
    ctx.body = await models.update(requestContext(ctx), params.id, body);
  });

  operation(router, 'getModelVersion', async (ctx, { params }) => {
    ctx.body = await models.getVersion(requestContext(ctx), params.id, params.version);
  });

  operation(router, 'replaceModelVersion', async (ctx, { params, body }) => {
    ctx.body = await models.replaceVersion(requestContext(ctx), params.id, params.version, body);
  });

  operation(router, 'submitModelVersion', async (ctx, { params, body }) => {
    ctx.body = await models.submitVersion(requestContext(ctx), params.id, params.version, body ?? {});
  });

  operation(router, 'publishModelVersion', async (ctx, { params, body }) => {
    ctx.body = await models.rollback(requestContext(ctx), params.id, params.version, body);
  });

  operation(router, 'listModelReleases', async (ctx, { params }) => {
    ctx.body = await models.listReleases(requestContext(ctx), params.id);
  });

  operation(router, 'promoteModelVersion', async (ctx, { params, body }) => {
    const deployment = await models.promote(requestContext(ctx), params.id, params.version, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${params.id}/deployments/${deployment.id}`);
    ctx.body = deployment;
  });

  operation(router, 'listModelDeployments', async (ctx, { params, query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await models.listDeployments(requestContext(ctx), params.id, filters, { limit, cursor });
  });

  operation(router, 'getModelDeployment', async (ctx, { params }) => {
    ctx.body = await models.getDeployment(requestContext(ctx), params.id, params.deployment_id);
  });

  operation(router, 'cancelModelDeployment', async (ctx, { params }) => {
    ctx.body = await models.cancelDeployment(requestContext(ctx), params.id, params.deployment_id);
  });

  operation(router, 'listEnvironmentDeployments', async (ctx, { params, query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await models.listEnvironmentDeployments(requestContext(ctx), params.id, filters, { limit, cursor });
  });
}
