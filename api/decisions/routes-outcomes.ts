import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DecisionOutcomeService, OutcomeInput } from './outcomes';

export function registerDecisionOutcomeRoutes(router: AppRouter, operation: BindOperation, outcomes: DecisionOutcomeService): void {
  operation(router, 'recordDecisionOutcome', async (ctx) => {
    const outcome = await outcomes.record(requestContext(ctx), ctx.params.id as string, ctx.state.body as OutcomeInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/decisions/${outcome.decision_id}/outcomes`);
    ctx.body = outcome;
  });

  operation(router, 'listDecisionOutcomes', async (ctx) => {
    const { limit, cursor, metric } = ctx.state.query as { limit: number; cursor?: string; metric?: string };
    ctx.body = await outcomes.list(requestContext(ctx), ctx.params.id as string, { metric }, { limit, cursor });
  });

  operation(router, 'getDecisionOutcomeSummary', async (ctx) => {
    ctx.body = await outcomes.summary(requestContext(ctx), ctx.params.id as string);
  });
}
