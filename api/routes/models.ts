import type { Principal } from '../../core/principal';
import type { AppContext, AppRouter } from '../context';
import { requireScope } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { RequestValidators } from '../openapi/validators';
import type { ModelCreate, ModelService, ModelUpload } from '../services/models';

const principalOf = (ctx: AppContext) => ctx.state.principal as Principal;

export function registerModelRoutes(router: AppRouter, models: ModelService, validators: RequestValidators): void {
  router.get('/models', requireScope('models:read'), validate(validators, 'listModels'), async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; category?: string; status?: string; source?: string };
    ctx.body = await models.list(principalOf(ctx).tenantId, filters, { limit, cursor });
  });

  router.post('/models', requireScope('models:write'), validate(validators, 'createModel'), async (ctx) => {
    const principal = principalOf(ctx);
    const created = await models.create(principal.tenantId, principal.actor, ctx.state.body as ModelCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/models/${created.id}`);
    ctx.body = created;
  });

  router.get('/models/:id', requireScope('models:read'), validate(validators, 'getModel'), async (ctx) => {
    ctx.body = await models.get(principalOf(ctx).tenantId, ctx.params.id as string);
  });

  router.get('/models/:id/versions', requireScope('models:read'), validate(validators, 'listModelVersions'), async (ctx) => {
    ctx.body = await models.listVersions(principalOf(ctx).tenantId, ctx.params.id as string);
  });

  router.post('/models/:id/versions', requireScope('models:write'), validate(validators, 'createModelVersion'), async (ctx) => {
    const principal = principalOf(ctx);
    ctx.status = 201;
    ctx.body = await models.createVersion(principal.tenantId, principal.actor, ctx.params.id as string, ctx.state.body as ModelUpload);
  });

  router.post('/models/:id/deprecate', requireScope('models:write'), validate(validators, 'deprecateModel'), async (ctx) => {
    ctx.body = await models.deprecate(principalOf(ctx).tenantId, principalOf(ctx).actor, ctx.params.id as string);
  });

  router.post('/models/:id/validate', requireScope('models:read'), validate(validators, 'validateModelInputs'), async (ctx) => {
    ctx.body = await models.validateInputs(principalOf(ctx).tenantId, ctx.params.id as string, ctx.state.body as { inputs: unknown; model_version?: string });
  });
}
