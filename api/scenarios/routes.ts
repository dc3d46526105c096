import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { BatchCreate, ScenarioBatchService } from './batches';
import type { ScenarioCreate, ScenarioService, ScenarioUpdate } from './service';

export function registerScenarioRoutes(router: AppRouter, operation: BindOperation, scenarios: ScenarioService, batches: ScenarioBatchService): void {
  operation(router, 'createScenario', async (ctx) => {
    const { scenario, done } = await scenarios.create(requestContext(ctx), ctx.state.body as ScenarioCreate);
    ctx.status = done ? 201 : 202;
    ctx.set('Location', `/api/v1/scenarios/${scenario.id}`);
    ctx.body = scenario;
  });

  operation(router, 'listScenarios', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string } & Parameters<ScenarioService['list']>[1];
    ctx.body = await scenarios.list(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'compareScenarios', async (ctx) => {
    ctx.body = await scenarios.compare(requestContext(ctx), ctx.state.body as { scenario_ids: string[]; baseline_id?: string });
  });

  operation(router, 'createScenarioBatch', async (ctx) => {
    const batch = await batches.create(requestContext(ctx), ctx.state.body as BatchCreate);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/scenarios/batches/${batch.id}`);
    ctx.body = batch;
  });

  operation(router, 'getScenarioBatch', async (ctx) => {
    ctx.body = await batches.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'cancelScenarioBatch', async (ctx) => {
    ctx.status = 202;
    ctx.body = await batches.cancel(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'getScenario', async (ctx) => {
    ctx.body = await scenarios.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'updateScenario', async (ctx) => {
    const { scenario, done } = await scenarios.update(requestContext(ctx), ctx.params.id as string, ctx.state.body as ScenarioUpdate);
    ctx.status = done ? 200 : 202;
    if (!done) ctx.set('Location', `/api/v1/scenarios/${scenario.id}`);
    ctx.body = scenario;
  });

  operation(router, 'deleteScenario', async (ctx) => {
    await scenarios.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  operation(router, 'listScenarioRuns', async (ctx) => {
    ctx.body = await scenarios.listRuns(requestContext(ctx), ctx.params.id as string);
  });
}
