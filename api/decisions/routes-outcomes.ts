import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DecisionOutcomeService } from './outcomes';

export function registerDecisionOutcomeRoutes(
  router: AppRouter,
  operation: BindOperation,
  outcomes: DecisionOutcomeService,
): void {
  operation(router, 'recordDecisionOutcome', async (ctx, { params, body }) => {
    const outcome = await outcomes.record(requestContext(ctx), params.id, body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${outcome.decision_id}/outcomes`);
    ctx.body = outcome;
  });

  operation(router, 'listDecisionOutcomes', async (ctx, { params, query }) => {
    const { limit, cursor, metric } = query;
    ctx.body = await outcomes.list(requestContext(ctx), params.id, { metric }, { limit, cursor });
  });

  operation(router, 'getDecisionOutcomeSummary', async (ctx, { params }) => {
    ctx.body = await outcomes.summary(requestContext(ctx), params.id);
  });
}
