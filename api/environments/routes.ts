import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { EnvironmentService } from './service';

export function registerEnvironmentRoutes(
  router: AppRouter,
  operation: BindOperation,
  environments: EnvironmentService,
): void {
  operation(router, 'listEnvironments', async (ctx, { query }) => {
    ctx.body = await environments.list(requestContext(ctx), query);
  });
  operation(router, 'createEnvironment', async (ctx, { body }) => {
    const created = await environments.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/environments/${created.id}`);
    ctx.body = created;
  });
  operation(router, 'getEnvironment', async (ctx, { params }) => {
    ctx.body = await environments.get(requestContext(ctx), params.id);
  });
  operation(router, 'updateEnvironment', async (ctx, { params, body }) => {
    ctx.body = await environments.update(requestContext(ctx), params.id, body);
  });
  operation(router, 'archiveEnvironment', async (ctx, { params }) => {
    ctx.body = await environments.archive(requestContext(ctx), params.id);
  });
}
