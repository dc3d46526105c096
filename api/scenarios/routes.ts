import { requestContext, type AppRouter } from '../context';
import type { LongPolls } from '../long-poll';
import type { BindOperation } from '../operations';
import type { ScenarioBatchService, ScenarioService } from './service';

export function registerScenarioRoutes(
  router: AppRouter,
  operation: BindOperation,
  scenarios: ScenarioService,
  batches: ScenarioBatchService,
  longPolls: LongPolls,
): void {
  operation(router, 'createScenario', async (ctx, { body }) => {
    const { scenario, done } = await scenarios.create(requestContext(ctx), body);
    ctx.status = done ? 201 : 202;
    ctx.set('Location', `/api/v1/scenarios/${scenario.id}`);
    ctx.body = scenario;
  });

  operation(router, 'listScenarios', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await scenarios.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'compareScenarios', async (ctx, { body }) => {
    ctx.body = await scenarios.compare(requestContext(ctx), body);
  });

  operation(router, 'createScenarioBatch', async (ctx, { body }) => {
    const batch = await batches.create(requestContext(ctx), body);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/scenarios/batches/${batch.id}`);
    ctx.body = batch;
  });

  operation(router, 'getScenarioBatch', async (ctx, { params }) => {
    const context = requestContext(ctx);
    await longPolls.respond(ctx, params.id, () => batches.get(context, params.id));
  });

  operation(router, 'cancelScenarioBatch', async (ctx, { params }) => {
    ctx.status = 202;
    ctx.body = await batches.cancel(requestContext(ctx), params.id);
  });

  operation(router, 'getScenario', async (ctx, { params }) => {
    const context = requestContext(ctx);
    await longPolls.respond(ctx, params.id, () => scenarios.get(context, params.id));
  });

  operation(router, 'updateScenario', async (ctx, { params, body }) => {
    const { scenario, done } = await scenarios.update(requestContext(ctx), params.id, body);
    ctx.status = done ? 200 : 202;
    if (!done) ctx.set('Location', `/api/v1/scenarios/${scenario.id}`);
    ctx.body = scenario;
  });

  operation(router, 'deleteScenario', async (ctx, { params }) => {
    await scenarios.remove(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  operation(router, 'listScenarioRuns', async (ctx, { params }) => {
    ctx.body = await scenarios.listRuns(requestContext(ctx), params.id);
  });
}
