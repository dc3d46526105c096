import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ApiKeyService } from './service';

export function registerApiKeyRoutes(router: AppRouter, operation: BindOperation, apiKeys: ApiKeyService): void {
  operation(router, 'createApiKey', async (ctx, { body }) => {
    const created = await apiKeys.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/api-keys/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listApiKeys', async (ctx, { query }) => {
    ctx.body = await apiKeys.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getApiKey', async (ctx, { params }) => {
    ctx.body = await apiKeys.get(requestContext(ctx), params.id);
  });

  operation(router, 'revokeApiKey', async (ctx, { params }) => {
    ctx.body = await apiKeys.revoke(requestContext(ctx), params.id);
  });

  operation(router, 'rotateApiKey', async (ctx, { params, body }) => {
    ctx.body = await apiKeys.rotate(requestContext(ctx), params.id, body?.grace_period_seconds);
  });
}
