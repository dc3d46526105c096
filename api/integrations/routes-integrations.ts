import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';

import type { IntegrationService } from './service';

export function registerIntegrationRoutes(
  router: AppRouter,
  operation: BindOperation,
  integrations: IntegrationService,
): void {
  operation(router, 'listConnectorTypes', async (ctx) => {
    ctx.body = integrations.connectorTypes();
  });

  operation(router, 'createIntegration', async (ctx, { body }) => {
    const created = await integrations.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/integrations/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listIntegrations', async (ctx, { query }) => {
    ctx.body = await integrations.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getIntegration', async (ctx, { params }) => {
    ctx.body = await integrations.get(requestContext(ctx), params.id);
  });

  operation(router, 'updateIntegration', async (ctx, { params, body }) => {
    ctx.body = await integrations.update(requestContext(ctx), params.id, body);
  });

  operation(router, 'deleteIntegration', async (ctx, { params }) => {
    await integrations.remove(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  operation(router, 'getIntegrationSchedule', async (ctx, { params }) => {
    ctx.body = await integrations.getSchedule(requestContext(ctx), params.id);
  });

  operation(router, 'checkIntegration', async (ctx, { params }) => {
    ctx.body = await integrations.check(requestContext(ctx), params.id);
  });

  operation(router, 'discoverIntegration', async (ctx, { params }) => {
    ctx.body = await integrations.discover(requestContext(ctx), params.id);
  });

  operation(router, 'getIntegrationFieldMapping', async (ctx, { params }) => {
    ctx.body = await integrations.getFieldMapping(requestContext(ctx), params.id);
  });

  operation(router, 'putIntegrationFieldMapping', async (ctx, { params, body }) => {
    ctx.body = await integrations.putFieldMapping(requestContext(ctx), params.id, body);
  });

  operation(router, 'validateIntegrationFieldMapping', async (ctx, { params, body }) => {
    ctx.body = await integrations.validateFieldMapping(requestContext(ctx), params.id, body);
  });
}
