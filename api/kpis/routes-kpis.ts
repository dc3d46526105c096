import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { KpiCreate, KpiPointsInput, KpiService, KpiSourceInput, KpiUpdate, KpiValuesQuery } from './service';

export function registerKpiRoutes(router: AppRouter, operation: BindOperation, kpis: KpiService): void {
  operation(router, 'createKpi', async (ctx) => {
    const created = await kpis.create(requestContext(ctx), ctx.state.body as KpiCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/kpis/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listKpis', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; status?: 'active' | 'paused' | 'archived'; tag?: string; owner_id?: string };
    ctx.body = await kpis.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getKpi', async (ctx) => {
    ctx.body = await kpis.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'updateKpi', async (ctx) => {
    ctx.body = await kpis.update(requestContext(ctx), ctx.params.id as string, ctx.state.body as KpiUpdate);
  });

  operation(router, 'deleteKpi', async (ctx) => {
    await kpis.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  operation(router, 'putKpiSource', async (ctx) => {
    ctx.body = await kpis.putSource(requestContext(ctx), ctx.params.id as string, ctx.state.body as KpiSourceInput);
  });

  operation(router, 'deleteKpiSource', async (ctx) => {
    ctx.body = await kpis.deleteSource(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'recordKpiPoints', async (ctx) => {
    ctx.status = 201;
    ctx.body = await kpis.recordPoints(requestContext(ctx), ctx.params.id as string, ctx.state.body as KpiPointsInput);
  });

  operation(router, 'getKpiPointHistory', async (ctx) => {
    ctx.body = await kpis.pointHistory(requestContext(ctx), ctx.params.id as string, (ctx.state.query as { timestamp: string }).timestamp);
  });

  operation(router, 'getKpiValues', async (ctx) => {
    ctx.body = await kpis.values(requestContext(ctx), ctx.params.id as string, ctx.state.query as unknown as KpiValuesQuery);
  });

  operation(router, 'getKpiStatus', async (ctx) => {
    ctx.body = await kpis.status(requestContext(ctx), ctx.params.id as string, (ctx.state.query as { periods: number }).periods);
  });
}
