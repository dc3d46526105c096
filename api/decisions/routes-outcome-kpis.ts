import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DecisionOutcomeKpiService, OutcomeKpiLinkInput } from './outcome-kpis';

export function registerDecisionOutcomeKpiRoutes(router: AppRouter, operation: BindOperation, links: DecisionOutcomeKpiService): void {
  operation(router, 'linkDecisionOutcomeKpi', async (ctx) => {
    const link = await links.link(requestContext(ctx), ctx.params.id as string, ctx.state.body as OutcomeKpiLinkInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${link.decision_id}/outcome-kpis/${link.id}`);
    ctx.body = link;
  });

  operation(router, 'listDecisionOutcomeKpis', async (ctx) => {
    const { limit, cursor } = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await links.list(requestContext(ctx), ctx.params.id as string, { limit, cursor });
  });

  operation(router, 'getDecisionOutcomeKpi', async (ctx) => {
    ctx.body = await links.get(requestContext(ctx), ctx.params.id as string, ctx.params.link_id as string);
  });

  operation(router, 'unlinkDecisionOutcomeKpi', async (ctx) => {
    await links.unlink(requestContext(ctx), ctx.params.id as string, ctx.params.link_id as string);
    ctx.status = 204;
  });
}
