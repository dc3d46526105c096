import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { FieldMappingDefinition } from '../../integrations/field-mapping';
import type { IntegrationCreate, IntegrationService, IntegrationUpdate } from './service';

export function registerIntegrationRoutes(router: AppRouter, operation: BindOperation, integrations: IntegrationService): void {
  operation(router, 'listConnectorTypes', async (ctx) => {
    ctx.body = integrations.connectorTypes();
  });

  operation(router, 'createIntegration', async (ctx) => {
    const created = await integrations.create(requestContext(ctx), ctx.state.body as IntegrationCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/integrations/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listIntegrations', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await integrations.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getIntegration', async (ctx) => {
    ctx.body = await integrations.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'updateIntegration', async (ctx) => {
    ctx.body = await integrations.update(requestContext(ctx), ctx.params.id as string, ctx.state.body as IntegrationUpdate);
  });

  operation(router, 'deleteIntegration', async (ctx) => {
    await integrations.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  operation(router, 'getIntegrationSchedule', async (ctx) => {
    ctx.body = await integrations.getSchedule(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'checkIntegration', async (ctx) => {
    ctx.body = await integrations.check(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'discoverIntegration', async (ctx) => {
    ctx.body = await integrations.discover(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'getIntegrationFieldMapping', async (ctx) => {
    ctx.body = await integrations.getFieldMapping(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'putIntegrationFieldMapping', async (ctx) => {
    ctx.body = await integrations.putFieldMapping(requestContext(ctx), ctx.params.id as string, ctx.state.body as FieldMappingDefinition);
  });

  operation(router, 'validateIntegrationFieldMapping', async (ctx) => {
    ctx.body = await integrations.validateFieldMapping(requestContext(ctx), ctx.params.id as string, ctx.state.body as { mapping: FieldMappingDefinition; limit?: number });
  });
}
