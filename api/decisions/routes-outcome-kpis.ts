import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DecisionOutcomeKpiService } from './outcome-kpis';

export function registerDecisionOutcomeKpiRoutes(
  router: AppRouter,
  operation: BindOperation,
  links: DecisionOutcomeKpiService,
): void {
  operation(router, 'linkDecisionOutcomeKpi', async (ctx, { params, body }) => {
    const link = await links.link(requestContext(ctx), params.id, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${link.decision_id}/outcome-kpis/${link.id}`);
    ctx.body = link;
  });

  operation(router, 'listDecisionOutcomeKpis', async (ctx, { params, query }) => {
    const { limit, cursor } = query;
    ctx.body = await links.list(requestContext(ctx), params.id, { limit, cursor });
  });

  operation(router, 'getDecisionOutcomeKpi', async (ctx, { params }) => {
    ctx.body = await links.get(requestContext(ctx), params.id, params.link_id);
  });

  operation(router, 'unlinkDecisionOutcomeKpi', async (ctx, { params }) => {
    await links.unlink(requestContext(ctx), params.id, params.link_id);
    ctx.status = 204;
  });
}
