import type { WebhookDeliveryStatus } from './service';
import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { WebhookCreate, WebhookService, WebhookUpdate } from './service';


export function registerWebhookRoutes(router: AppRouter, operation: BindOperation, webhooks: WebhookService): void {
  operation(router, 'listWebhookEventTypes', async (ctx) => {
    ctx.body = webhooks.eventTypes();
  });

  operation(router, 'createWebhook', async (ctx) => {
    const created = await webhooks.create(requestContext(ctx), ctx.state.body as WebhookCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/webhooks/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listWebhooks', async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await webhooks.list(requestContext(ctx), { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getWebhook', async (ctx) => {
    ctx.body = await webhooks.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'updateWebhook', async (ctx) => {
    ctx.body = await webhooks.update(requestContext(ctx), ctx.params.id as string, ctx.state.body as WebhookUpdate);
  });

  operation(router, 'deleteWebhook', async (ctx) => {
    await webhooks.remove(requestContext(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  operation(router, 'rotateWebhookSecret', async (ctx) => {
    const body = (ctx.state.body ?? {}) as { grace_period_seconds?: number };
    ctx.body = await webhooks.rotateSecret(requestContext(ctx), ctx.params.id as string, body.grace_period_seconds);
  });

  operation(router, 'sendWebhookTest', async (ctx) => {
    const event = await webhooks.sendTest(requestContext(ctx), ctx.params.id as string);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/events/${event.id}`);
    ctx.body = event;
  });

  operation(router, 'listWebhookDeliveries', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; status?: WebhookDeliveryStatus; event_type?: string; event_id?: string };
    ctx.body = await webhooks.listDeliveries(requestContext(ctx), ctx.params.id as string, filters, { limit, cursor });
  });

  operation(router, 'redeliverWebhookDelivery', async (ctx) => {
      const delivery = await webhooks.redeliver(requestContext(ctx), ctx.params.id as string, ctx.params.delivery_id as string);
      ctx.status = 202;
      ctx.set('Location', `/api/v1/webhooks/${ctx.params.id as string}/deliveries?event_id=${delivery.event_id}`);
      ctx.body = delivery;
    },
  );

  operation(router, 'listEvents', async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; type?: string; created_after?: string };
    ctx.body = await webhooks.listEvents(requestContext(ctx), filters, { limit, cursor });
  });

  operation(router, 'getEvent', async (ctx) => {
    ctx.body = await webhooks.getEvent(requestContext(ctx), ctx.params.id as string);
  });
}
