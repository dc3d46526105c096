import { requestContext, type AppRouter } from '../context';
import type { LongPolls } from '../long-poll';
import type { BindOperation } from '../operations';

import type { IntegrationSyncService } from './syncs';

export function registerIntegrationSyncRoutes(
  router: AppRouter,
  operation: BindOperation,
  syncs: IntegrationSyncService,
  longPolls: LongPolls,
): void {
  operation(router, 'createIntegrationSync', async (ctx, { params, body }) => {
    const id = params.id;
    const { sync, created } = await syncs.create(requestContext(ctx), id, body);
    ctx.status = created ? 202 : 200;
    if (created) ctx.set('Location', `/api/v1/integrations/${id}/syncs/${sync.id}`);
    ctx.body = sync;
  });

  operation(router, 'listIntegrationSyncs', async (ctx, { params, query }) => {
    ctx.body = await syncs.list(requestContext(ctx), params.id, { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getIntegrationSync', async (ctx, { params }) => {
    const context = requestContext(ctx);
    await longPolls.respond(ctx, params.sync_id, () => syncs.get(context, params.id, params.sync_id));
  });

  operation(router, 'cancelIntegrationSync', async (ctx, { params }) => {
    ctx.body = await syncs.cancel(requestContext(ctx), params.id, params.sync_id);
  });

  operation(router, 'listIntegrationSyncRejections', async (ctx, { params, query }) => {
    ctx.body = await syncs.rejections(requestContext(ctx), params.id, params.sync_id, {
      limit: query.limit,
      cursor: query.cursor,
    });
  });

  operation(router, 'listDatasets', async (ctx) => {
    ctx.body = await syncs.datasets(requestContext(ctx));
  });

  operation(router, 'listDatasetRecords', async (ctx, { params, query }) => {
    ctx.body = await syncs.records(requestContext(ctx), params.name, {
      limit: query.limit,
      cursor: query.cursor,
      includeDeleted: query.include_deleted === true,
      asOf: query.as_of,
      filter: query.filter,
    });
  });
}
