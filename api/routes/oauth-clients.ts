import type { Principal } from '../../core/principal';
import type { AppContext, AppRouter } from '../context';
import { requireScope } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { RequestValidators } from '../openapi/validators';
import type { CreateOAuthClientInput, OAuthClientService } from '../services/oauth-clients';

const principalOf = (ctx: AppContext): Principal => ctx.state.principal as Principal;

export function registerOAuthClientRoutes(router: AppRouter, clients: OAuthClientService, validators: RequestValidators): void {
  router.post('/oauth-clients', requireScope('admin'), validate(validators, 'createOAuthClient'), async (ctx) => {
    const principal = principalOf(ctx);
    const created = await clients.create(principal.tenantId, principal.actor, ctx.state.body as CreateOAuthClientInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/oauth-clients/${created.id}`);
    ctx.body = created;
  });

  router.get('/oauth-clients', requireScope('admin'), validate(validators, 'listOAuthClients'), async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await clients.list(principalOf(ctx).tenantId, { limit: query.limit, cursor: query.cursor });
  });

  router.get('/oauth-clients/:id', requireScope('admin'), validate(validators, 'getOAuthClient'), async (ctx) => {
    ctx.body = await clients.get(principalOf(ctx).tenantId, ctx.params.id as string);
  });

  router.post('/oauth-clients/:id/revoke', requireScope('admin'), validate(validators, 'revokeOAuthClient'), async (ctx) => {
    ctx.body = await clients.revoke(principalOf(ctx).tenantId, ctx.params.id as string);
  });
}
