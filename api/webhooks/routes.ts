import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { WebhookService } from './service';

export function registerWebhookRoutes(router: AppRouter, operation: BindOperation, webhooks: WebhookService): void {
  operation(router, 'listWebhookEventTypes', async (ctx) => {
    ctx.body = webhooks.eventTypes();
  });

  operation(router, 'createWebhook', async (ctx, { body }) => {
    const created = await webhooks.create(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/webhooks/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listWebhooks', async (ctx, { query }) => {
    ctx.body = await webhooks.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getWebhook', async (ctx, { params }) => {
    ctx.body = await webhooks.get(requestContext(ctx), params.id);
  });

  operation(router, 'updateWebhook', async (ctx, { params, body }) => {
    ctx.body = await webhooks.update(requestContext(ctx), params.id, body);
  });

  operation(router, 'deleteWebhook', async (ctx, { params }) => {
    await webhooks.remove(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  operation(router, 'rotateWebhookSecret', async (ctx, { params, body }) => {
    ctx.body = await webhooks.rotateSecret(requestContext(ctx), params.id, body?.grace_period_seconds);
  });

  operation(router, 'sendWebhookTest', async (ctx, { params }) => {
    const event = await webhooks.sendTest(requestContext(ctx), params.id);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/events/${event.id}`);
    ctx.body = event;
  });

  operation(router, 'listWebhookDeliveries', async (ctx, { params, query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await webhooks.listDeliveries(requestContext(ctx), params.id, filters, { limit, cursor });
  });

  operation(router, 'redeliverWebhookDelivery', async (ctx, { params }) => {
    const delivery = await webhooks.redeliver(requestContext(ctx), params.id, params.delivery_id);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/webhooks/${params.id}/deliveries?event_id=${delivery.event_id}`);
    ctx.body = delivery;
  });

  operation(router, 'listEvents', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await webhooks.listEvents(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getEvent', async (ctx, { params }) => {
    ctx.body = await webhooks.getEvent(requestContext(ctx), params.id);
  });
}
