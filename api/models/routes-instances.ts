import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { DecisionInstanceQuery } from './list-decision-instances';
import type { ModelService } from './service';

/** Decision instances: search, one instance, a version's rule hits, and the legal hold that keeps a model's. */
export function registerDecisionInstanceRoutes(
  router: AppRouter,
  operation: BindOperation,
  models: ModelService,
): void {
  operation(router, 'listDecisionInstances', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await models.listInstances(requestContext(ctx), filters as DecisionInstanceQuery, { limit, cursor });
  });

  operation(router, 'getDecisionInstance', async (ctx, { params, query }) => {
    ctx.body = await models.getInstance(requestContext(ctx), params.id, { trace: query.trace });
  });

  operation(router, 'getModelRuleHits', async (ctx, { params, query }) => {
    ctx.body = await models.ruleHits(requestContext(ctx), params.id, params.version, query);
  });

  operation(router, 'placeModelLegalHold', async (ctx, { params, body }) => {
    ctx.body = await models.setLegalHold(requestContext(ctx), params.id, { reason: body.reason });
  });

  operation(router, 'liftModelLegalHold', async (ctx, { params }) => {
    ctx.body = await models.setLegalHold(requestContext(ctx), params.id, null);
  });
}
