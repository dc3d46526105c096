import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { AggregateRequest, DatasetService } from './datasets';

export function registerDatasetRoutes(router: AppRouter, operation: BindOperation, datasets: DatasetService): void {
  operation(router, 'aggregateDataset', async (ctx) => {
    ctx.body = await datasets.aggregate(requestContext(ctx), ctx.params.name as string, ctx.state.body as AggregateRequest);
  });
}
