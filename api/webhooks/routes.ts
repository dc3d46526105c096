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

  // Before getEvent: /events/stream is not an event id.
  operation(router, 'streamEvents', async (ctx, { query }) => {
    const stream = await webhooks.streamEvents(requestContext(ctx), {
      types: query.types,
      resourceId: query.resource_id,
      after: query.after,
      lastEventId: ctx.get('last-event-id') || undefined,
    });
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    // Each message must reach the client as it is written: no caching, and no buffering by a proxy (nginx's
    // proxy_buffering honours X-Accel-Buffering) or by Nagle's algorithm on the socket.
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setTimeout(0);
    ctx.body = stream;
  });

  operation(router, 'getEvent', async (ctx, { params }) => {
    ctx.body = await webhooks.getEvent(requestContext(ctx), params.id);
  });
}
