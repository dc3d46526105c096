import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DatasetDefinitionService } from './dataset-definitions';

export function registerDatasetDefinitionRoutes(
  router: AppRouter,
  operation: BindOperation,
  datasets: DatasetDefinitionService,
): void {
  operation(router, 'createDataset', async (ctx, { body }) => {
    const created = await datasets.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/datasets/${created.name}`);
    ctx.body = created;
  });

  operation(router, 'getDataset', async (ctx, { params }) => {
    ctx.body = await datasets.get(requestContext(ctx), params.name);
  });

  operation(router, 'updateDataset', async (ctx, { params, body }) => {
    ctx.body = await datasets.update(requestContext(ctx), params.name, body);
  });

  operation(router, 'deleteDataset', async (ctx, { params }) => {
    await datasets.remove(requestContext(ctx), params.name);
    ctx.status = 204;
  });
}
