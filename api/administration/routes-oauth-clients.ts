import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { CreateOAuthClientInput, OAuthClientService } from './oauth-clients';


export function registerOAuthClientRoutes(router: AppRouter, operation: BindOperation, clients: OAuthClientService): void {
  operation(router, 'createOAuthClient', async (ctx) => {
    const created = await clients.create(requestContext(ctx), ctx.state.body as CreateOAuthClientInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/oauth-clients/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listOAuthClients', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await clients.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getOAuthClient', async (ctx) => {
    ctx.body = await clients.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'revokeOAuthClient', async (ctx) => {
    ctx.body = await clients.revoke(requestContext(ctx), ctx.params.id as string);
  });
}
