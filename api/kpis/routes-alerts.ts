import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { AlertListQuery, AlertRuleInput, AlertRuleUpdate, KpiAlertService } from './alerts';

export function registerKpiAlertRoutes(router: AppRouter, operation: BindOperation, alerts: KpiAlertService): void {
  operation(router, 'createKpiAlertRule', async (ctx) => {
    const created = await alerts.createRule(requestContext(ctx), ctx.params.id as string, ctx.state.body as AlertRuleInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/kpis/${created.kpi_id}/alert-rules/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listKpiAlertRules', async (ctx) => {
    const { limit, cursor } = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await alerts.listRules(requestContext(ctx), ctx.params.id as string, { limit, cursor });
  });

  operation(router, 'getKpiAlertRule', async (ctx) => {
    ctx.body = await alerts.getRule(requestContext(ctx), ctx.params.id as string, ctx.params.rule_id as string);
  });

  operation(router, 'updateKpiAlertRule', async (ctx) => {
    ctx.body = await alerts.updateRule(requestContext(ctx), ctx.params.id as string, ctx.params.rule_id as string, ctx.state.body as AlertRuleUpdate);
  });

  operation(router, 'deleteKpiAlertRule', async (ctx) => {
    await alerts.removeRule(requestContext(ctx), ctx.params.id as string, ctx.params.rule_id as string);
    ctx.status = 204;
  });

  operation(router, 'listKpiAlerts', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as unknown as { limit: number; cursor?: string } & AlertListQuery;
    ctx.body = await alerts.listKpiAlerts(requestContext(ctx), ctx.params.id as string, filters, { limit, cursor });
  });

  operation(router, 'listAlerts', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as unknown as { limit: number; cursor?: string } & AlertListQuery;
    ctx.body = await alerts.listAlerts(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getAlert', async (ctx) => {
    ctx.body = await alerts.getAlert(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'acknowledgeAlert', async (ctx) => {
    ctx.body = await alerts.acknowledge(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'silenceAlert', async (ctx) => {
    ctx.body = await alerts.silence(requestContext(ctx), ctx.params.id as string, ctx.state.body as { until: string; reason: string });
  });

  operation(router, 'resolveAlert', async (ctx) => {
    ctx.body = await alerts.resolve(requestContext(ctx), ctx.params.id as string, (ctx.state.body ?? {}) as { reason?: string });
  });
}
