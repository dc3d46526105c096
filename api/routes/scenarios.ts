import type { Principal } from '../../core/principal';
import type { AppContext, AppRouter } from '../context';
import { requireScope } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { RequestValidators } from '../openapi/validators';
import type { BatchCreate, ScenarioBatchService } from '../services/scenario-batches';
import type { RequestContext, ScenarioCreate, ScenarioService, ScenarioUpdate } from '../services/scenarios';

function requestContext(ctx: AppContext): RequestContext {
  const principal = ctx.state.principal as Principal;
  return { tenantId: principal.tenantId, actor: principal.actor, requestId: ctx.state.requestId, receivedAt: ctx.state.receivedAt };
}

export function registerScenarioRoutes(
  router: AppRouter,
  scenarios: ScenarioService,
  batches: ScenarioBatchService,
  validators: RequestValidators,
): void {
  router.post('/scenarios', requireScope('scenarios:write'), validate(validators, 'createScenario'), async (ctx) => {
    const { scenario, done } = await scenarios.create(requestContext(ctx), ctx.state.body as ScenarioCreate);
    ctx.status = done ? 201 : 202;
    ctx.set('Location', `/api/v1/scenarios/${scenario.id}`);
    ctx.body = scenario;
  });

  router.get('/scenarios', requireScope('scenarios:read'), validate(validators, 'listScenarios'), async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string } & Parameters<ScenarioService['list']>[1];
    ctx.body = await scenarios.list(requestContext(ctx).tenantId, filters, { limit, cursor });
  });

  router.post('/scenarios/compare', requireScope('scenarios:read'), validate(validators, 'compareScenarios'), async (ctx) => {
    ctx.body = await scenarios.compare(requestContext(ctx).tenantId, ctx.state.body as { scenario_ids: string[]; baseline_id?: string });
  });

  router.post('/scenarios/batch', requireScope('scenarios:write'), validate(validators, 'createScenarioBatch'), async (ctx) => {
    const batch = await batches.create(requestContext(ctx), ctx.state.body as BatchCreate);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/scenarios/batches/${batch.id}`);
    ctx.body = batch;
  });

  router.get('/scenarios/batches/:id', requireScope('scenarios:read'), validate(validators, 'getScenarioBatch'), async (ctx) => {
    ctx.body = await batches.get(requestContext(ctx).tenantId, ctx.params.id as string);
  });

  router.post('/scenarios/batches/:id/cancel', requireScope('scenarios:write'), validate(validators, 'cancelScenarioBatch'), async (ctx) => {
    ctx.status = 202;
    ctx.body = await batches.cancel(requestContext(ctx).tenantId, ctx.params.id as string);
  });

  router.get('/scenarios/:id', requireScope('scenarios:read'), validate(validators, 'getScenario'), async (ctx) => {
    ctx.body = await scenarios.get(requestContext(ctx).tenantId, ctx.params.id as string);
  });

  router.patch('/scenarios/:id', requireScope('scenarios:write'), validate(validators, 'updateScenario'), async (ctx) => {
    const { scenario, done } = await scenarios.update(requestContext(ctx), ctx.params.id as string, ctx.state.body as ScenarioUpdate);
    ctx.status = done ? 200 : 202;
    if (!done) ctx.set('Location', `/api/v1/scenarios/${scenario.id}`);
    ctx.body = scenario;
  });

  router.delete('/scenarios/:id', requireScope('scenarios:write'), validate(validators, 'deleteScenario'), async (ctx) => {
    await scenarios.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  router.get('/scenarios/:id/runs', requireScope('scenarios:read'), validate(validators, 'listScenarioRuns'), async (ctx) => {
    ctx.body = await scenarios.listRuns(requestContext(ctx).tenantId, ctx.params.id as string);
  });
}
