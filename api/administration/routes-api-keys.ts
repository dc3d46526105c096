import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { ApiKeyService, CreateApiKeyInput } from './api-keys';


export function registerApiKeyRoutes(router: AppRouter, operation: BindOperation, apiKeys: ApiKeyService): void {
  operation(router, 'createApiKey', async (ctx) => {
    const created = await apiKeys.create(requestContext(ctx), ctx.state.body as CreateApiKeyInput);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/api-keys/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listApiKeys', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await apiKeys.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getApiKey', async (ctx) => {
    ctx.body = await apiKeys.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'revokeApiKey', async (ctx) => {
    ctx.body = await apiKeys.revoke(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'rotateApiKey', async (ctx) => {
    const body = (ctx.state.body ?? {}) as { grace_period_seconds?: number };
    ctx.body = await apiKeys.rotate(requestContext(ctx), ctx.params.id as string, body.grace_period_seconds);
  });
}
