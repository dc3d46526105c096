import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DatasetCreate, DatasetDefinitionService, DatasetUpdate } from './dataset-definitions';

export function registerDatasetDefinitionRoutes(router: AppRouter, operation: BindOperation, datasets: DatasetDefinitionService): void {
  operation(router, 'createDataset', async (ctx) => {
    const created = await datasets.create(requestContext(ctx), ctx.state.body as DatasetCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/datasets/${created.name}`);
    ctx.body = created;
  });

  operation(router, 'getDataset', async (ctx) => {
    ctx.body = await datasets.get(requestContext(ctx), ctx.params.name as string);
  });

  operation(router, 'updateDataset', async (ctx) => {
    ctx.body = await datasets.update(requestContext(ctx), ctx.params.name as string, ctx.state.body as DatasetUpdate);
  });

  operation(router, 'deleteDataset', async (ctx) => {
    await datasets.remove(requestContext(ctx), ctx.params.name as string);
    ctx.status = 204;
  });
}
