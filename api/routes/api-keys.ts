import type { Principal } from '../../core/principal';
import type { AppContext, AppRouter } from '../context';
import { requireScope } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { RequestValidators } from '../openapi/validators';
import type { ApiKeyService, CreateApiKeyInput } from '../services/api-keys';

const principalOf = (ctx: AppContext): Principal => ctx.state.principal as Principal;

export function registerApiKeyRoutes(router: AppRouter, apiKeys: ApiKeyService, validators: RequestValidators): void {
  router.post('/api-keys', requireScope('admin'), validate(validators, 'createApiKey'), async (ctx) => {
    const principal = principalOf(ctx);
    const created = await apiKeys.create(principal.tenantId, principal.actor, ctx.state.body as CreateApiKeyInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/api-keys/${created.id}`);
    ctx.body = created;
  });

  router.get('/api-keys', requireScope('admin'), validate(validators, 'listApiKeys'), async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await apiKeys.list(principalOf(ctx).tenantId, { limit: query.limit, cursor: query.cursor });
  });

  router.get('/api-keys/:id', requireScope('admin'), validate(validators, 'getApiKey'), async (ctx) => {
    ctx.body = await apiKeys.get(principalOf(ctx).tenantId, ctx.params.id as string);
  });

  router.post('/api-keys/:id/revoke', requireScope('admin'), validate(validators, 'revokeApiKey'), async (ctx) => {
    ctx.body = await apiKeys.revoke(principalOf(ctx).tenantId, ctx.params.id as string);
  });

  router.post('/api-keys/:id/rotate', requireScope('admin'), validate(validators, 'rotateApiKey'), async (ctx) => {
    const body = (ctx.state.body ?? {}) as { grace_period_seconds?: number };
    ctx.body = await apiKeys.rotate(principalOf(ctx).tenantId, ctx.params.id as string, body.grace_period_seconds);
  });
}
