import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ModelCreate, ModelService, ModelUpload } from './service';


export function registerModelRoutes(router: AppRouter, operation: BindOperation, models: ModelService): void {
  operation(router, 'listModels', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; category?: string; status?: string; source?: string };
    ctx.body = await models.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'createModel', async (ctx) => {
    const created = await models.create(requestContext(ctx), ctx.state.body as ModelCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'getModel', async (ctx) => {
    ctx.body = await models.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'listModelVersions', async (ctx) => {
    ctx.body = await models.listVersions(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'createModelVersion', async (ctx) => {
    ctx.status = 201;
    ctx.body = await models.createVersion(requestContext(ctx), ctx.params.id as string, ctx.state.body as ModelUpload);
  });

  operation(router, 'deprecateModel', async (ctx) => {
    ctx.body = await models.deprecate(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'validateModelInputs', async (ctx) => {
    ctx.body = await models.validateInputs(requestContext(ctx), ctx.params.id as string, ctx.state.body as { inputs: unknown; model_version?: string });
  });
}
