import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { KpiAlertService } from './service';

export function registerKpiAlertRoutes(router: AppRouter, operation: BindOperation, alerts: KpiAlertService): void {
  operation(router, 'createKpiAlertRule', async (ctx, { params, body }) => {
    const created = await alerts.createRule(requestContext(ctx), params.id, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/kpis/${created.kpi_id}/alert-rules/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listKpiAlertRules', async (ctx, { params, query }) => {
    const { limit, cursor } = query;
    ctx.body = await alerts.listRules(requestContext(ctx), params.id, { limit, cursor });
  });

  operation(router, 'getKpiAlertRule', async (ctx, { params }) => {
    ctx.body = await alerts.getRule(requestContext(ctx), params.id, params.rule_id);
  });

  operation(router, 'updateKpiAlertRule', async (ctx, { params, body }) => {
    ctx.body = await alerts.updateRule(requestContext(ctx), params.id, params.rule_id, body);
  });

  operation(router, 'deleteKpiAlertRule', async (ctx, { params }) => {
    await alerts.removeRule(requestContext(ctx), params.id, params.rule_id);
    ctx.status = 204;
  });

  operation(router, 'listKpiAlerts', async (ctx, { params, query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await alerts.listKpiAlerts(requestContext(ctx), params.id, filters, { limit, cursor });
  });

  operation(router, 'listAlerts', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await alerts.listAlerts(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getAlert', async (ctx, { params }) => {
    ctx.body = await alerts.getAlert(requestContext(ctx), params.id);
  });

  operation(router, 'acknowledgeAlert', async (ctx, { params }) => {
    ctx.body = await alerts.acknowledge(requestContext(ctx), params.id);
  });

  operation(router, 'silenceAlert', async (ctx, { params, body }) => {
    ctx.body = await alerts.silence(requestContext(ctx), params.id, body);
  });

  operation(router, 'resolveAlert', async (ctx, { params, body }) => {
    ctx.body = await alerts.resolve(requestContext(ctx), params.id, body ?? {});
  });
}
