import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ModelService } from './service';

export function registerModelRoutes(router: AppRouter, operation: BindOperation, models: ModelService): void {
  operation(router, 'listModels', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await models.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'createModel', async (ctx, { body }) => {
    const created = await models.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'getModel', async (ctx, { params }) => {
    ctx.body = await models.get(requestContext(ctx), params.id);
  });

  operation(router, 'listModelVersions', async (ctx, { params }) => {
    ctx.body = await models.listVersions(requestContext(ctx), params.id);
  });

  operation(router, 'createModelVersion', async (ctx, { params, body }) => {
    ctx.status = 201;
    ctx.body = await models.createVersion(requestContext(ctx), params.id, body);
  });

  operation(router, 'deprecateModel', async (ctx, { params }) => {
    ctx.body = await models.deprecate(requestContext(ctx), params.id);
  });

  operation(router, 'validateModelInputs', async (ctx, { params, body }) => {
    ctx.body = await models.validateInputs(requestContext(ctx), params.id, body);
  });

  operation(router, 'evaluateModel', async (ctx, { params, body }) => {
    ctx.body = await models.evaluate(requestContext(ctx), params.id, body);
  });
}
