import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { OAuthClientService } from './service';

export function registerOAuthClientRoutes(
  router: AppRouter,
  operation: BindOperation,
  clients: OAuthClientService,
): void {
  operation(router, 'createOAuthClient', async (ctx, { body }) => {
    const created = await clients.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/oauth-clients/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listOAuthClients', async (ctx, { query }) => {
    ctx.body = await clients.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getOAuthClient', async (ctx, { params }) => {
    ctx.body = await clients.get(requestContext(ctx), params.id);
  });

  operation(router, 'revokeOAuthClient', async (ctx, { params }) => {
    ctx.body = await clients.revoke(requestContext(ctx), params.id);
  });
}
