import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ModelService } from './service';

/** Decision-table verification: a version's analysis, the suite generated from its tables, the tenant's gate defaults. */
export function registerModelVerificationRoutes(
  router: AppRouter,
  operation: BindOperation,
  models: ModelService,
): void {
  operation(router, 'analyseModelVersion', async (ctx, { params }) => {
    ctx.body = await models.analyseVersion(requestContext(ctx), params.id, params.version);
  });

  operation(router, 'generateModelTestCases', async (ctx, { params, body }) => {
    const generated = await models.generateTestCases(requestContext(ctx), params.id, params.version, body ?? {});
    ctx.status = generated.stored ? 201 : 200;
    ctx.body = generated;
  });

  operation(router, 'getModelSettings', async (ctx) => {
    ctx.body = await models.getSettings(requestContext(ctx));
  });

  operation(router, 'updateModelSettings', async (ctx, { body }) => {
    ctx.body = await models.updateSettings(requestContext(ctx), body);
  });
}
