import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DatasetFilter } from './datasets';
import type { IntegrationSyncCreate, IntegrationSyncService } from './syncs';

export function registerIntegrationSyncRoutes(router: AppRouter, operation: BindOperation, syncs: IntegrationSyncService): void {
  operation(router, 'createIntegrationSync', async (ctx) => {
    const id = ctx.params.id as string;
    const { sync, created } = await syncs.create(requestContext(ctx), id, ctx.state.body as IntegrationSyncCreate);
    ctx.status = created ? 202 : 200;
    if (created) ctx.set('Location', `/api/v1/integrations/${id}/syncs/${sync.id}`);
    ctx.body = sync;
  });

  operation(router, 'listIntegrationSyncs', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await syncs.list(requestContext(ctx), ctx.params.id as string, { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getIntegrationSync', async (ctx) => {
    ctx.body = await syncs.get(requestContext(ctx), ctx.params.id as string, ctx.params.sync_id as string);
  });

  operation(router, 'cancelIntegrationSync', async (ctx) => {
    ctx.body = await syncs.cancel(requestContext(ctx), ctx.params.id as string, ctx.params.sync_id as string);
  });

  operation(router, 'listIntegrationSyncRejections', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await syncs.rejections(requestContext(ctx), ctx.params.id as string, ctx.params.sync_id as string, { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'listDatasets', async (ctx) => {
    ctx.body = await syncs.datasets(requestContext(ctx));
  });

  operation(router, 'listDatasetRecords', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string; include_deleted?: boolean; as_of?: string; filter?: DatasetFilter };
    ctx.body = await syncs.records(requestContext(ctx), ctx.params.name as string, {
      limit: query.limit,
      cursor: query.cursor,
      includeDeleted: query.include_deleted === true,
      asOf: query.as_of,
      filter: query.filter,
    });
  });
}
