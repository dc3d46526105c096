import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DatasetService } from './datasets';

export function registerDatasetRoutes(router: AppRouter, operation: BindOperation, datasets: DatasetService): void {
  operation(router, 'aggregateDataset', async (ctx, { params, body }) => {
    ctx.body = await datasets.aggregate(requestContext(ctx), params.name, body);
  });
}
