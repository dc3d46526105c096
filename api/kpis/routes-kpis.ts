import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { KpiService } from './service';

export function registerKpiRoutes(router: AppRouter, operation: BindOperation, kpis: KpiService): void {
  operation(router, 'createKpi', async (ctx, { body }) => {
    const created = await kpis.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/kpis/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listKpis', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await kpis.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getKpi', async (ctx, { params }) => {
    ctx.body = await kpis.get(requestContext(ctx), params.id);
  });

  operation(router, 'updateKpi', async (ctx, { params, body }) => {
    ctx.body = await kpis.update(requestContext(ctx), params.id, body);
  });

  operation(router, 'deleteKpi', async (ctx, { params }) => {
    await kpis.remove(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  operation(router, 'putKpiSource', async (ctx, { params, body }) => {
    ctx.body = await kpis.putSource(requestContext(ctx), params.id, body);
  });

  operation(router, 'deleteKpiSource', async (ctx, { params }) => {
    ctx.body = await kpis.deleteSource(requestContext(ctx), params.id);
  });

  operation(router, 'recordKpiPoints', async (ctx, { params, body }) => {
    ctx.status = 201;
    ctx.body = await kpis.recordPoints(requestContext(ctx), params.id, body);
  });

  operation(router, 'getKpiPointHistory', async (ctx, { params, query }) => {
    ctx.body = await kpis.pointHistory(requestContext(ctx), params.id, query.timestamp);
  });

  operation(router, 'getKpiValues', async (ctx, { params, query }) => {
    ctx.body = await kpis.values(requestContext(ctx), params.id, query);
  });

  operation(router, 'getKpiStatus', async (ctx, { params, query }) => {
    ctx.body = await kpis.status(requestContext(ctx), params.id, query.periods);
  });
}
