import type { Principal } from '../../core/principal';
import type { WebhookDeliveryStatus } from '../../db/models/webhook';
import type { AppContext, AppRouter } from '../context';
import { requireScope } from '../middleware/authenticate';
import { validate } from '../middleware/validate';
import type { RequestValidators } from '../openapi/validators';
import type { WebhookCreate, WebhookService, WebhookUpdate } from '../services/webhooks';

const principalOf = (ctx: AppContext): Principal => ctx.state.principal as Principal;
const tenantOf = (ctx: AppContext): string => principalOf(ctx).tenantId;

export function registerWebhookRoutes(router: AppRouter, webhooks: WebhookService, validators: RequestValidators): void {
  router.get('/webhooks/event-types', requireScope('webhooks:read'), validate(validators, 'listWebhookEventTypes'), async (ctx) => {
    ctx.body = webhooks.eventTypes();
  });

  router.post('/webhooks', requireScope('webhooks:write'), validate(validators, 'createWebhook'), async (ctx) => {
    const created = await webhooks.create(tenantOf(ctx), principalOf(ctx).actor, ctx.state.body as WebhookCreate);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/webhooks/${created.id}`);
    ctx.body = created;
  });

  router.get('/webhooks', requireScope('webhooks:read'), validate(validators, 'listWebhooks'), async (ctx) => {
    const query = ctx.state.query as { limit: number; cursor?: string };
    ctx.body = await webhooks.list(tenantOf(ctx), { limit: query.limit, cursor: query.cursor });
  });

  router.get('/webhooks/:id', requireScope('webhooks:read'), validate(validators, 'getWebhook'), async (ctx) => {
    ctx.body = await webhooks.get(tenantOf(ctx), ctx.params.id as string);
  });

  router.patch('/webhooks/:id', requireScope('webhooks:write'), validate(validators, 'updateWebhook'), async (ctx) => {
    ctx.body = await webhooks.update(tenantOf(ctx), ctx.params.id as string, ctx.state.body as WebhookUpdate);
  });

  router.delete('/webhooks/:id', requireScope('webhooks:write'), validate(validators, 'deleteWebhook'), async (ctx) => {
    await webhooks.remove(tenantOf(ctx), ctx.params.id as string);
    ctx.status = 204;
  });

  router.post('/webhooks/:id/rotate-secret', requireScope('webhooks:write'), validate(validators, 'rotateWebhookSecret'), async (ctx) => {
    const body = (ctx.state.body ?? {}) as { grace_period_seconds?: number };
    ctx.body = await webhooks.rotateSecret(tenantOf(ctx), ctx.params.id as string, body.grace_period_seconds);
  });

  router.post('/webhooks/:id/test', requireScope('webhooks:write'), validate(validators, 'sendWebhookTest'), async (ctx) => {
    const event = await webhooks.sendTest(tenantOf(ctx), ctx.params.id as string);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/events/${event.id}`);
    ctx.body = event;
  });

  router.get('/webhooks/:id/deliveries', requireScope('webhooks:read'), validate(validators, 'listWebhookDeliveries'), async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; status?: WebhookDeliveryStatus; event_type?: string; event_id?: string };
    ctx.body = await webhooks.listDeliveries(tenantOf(ctx), ctx.params.id as string, filters, { limit, cursor });
  });

  router.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    requireScope('webhooks:write'),
    validate(validators, 'redeliverWebhookDelivery'),
    async (ctx) => {
      const delivery = await webhooks.redeliver(tenantOf(ctx), ctx.params.id as string, ctx.params.deliveryId as string);
      ctx.status = 202;
      ctx.set('Location', `/api/v1/webhooks/${ctx.params.id as string}/deliveries?event_id=${delivery.event_id}`);
      ctx.body = delivery;
    },
  );

  router.get('/events', requireScope('webhooks:read'), validate(validators, 'listEvents'), async (ctx) => {
    const { limit, cursor, ...filters } = ctx.state.query as { limit: number; cursor?: string; type?: string; created_after?: string };
    ctx.body = await webhooks.listEvents(tenantOf(ctx), filters, { limit, cursor });
  });

  router.get('/events/:id', requireScope('webhooks:read'), validate(validators, 'getEvent'), async (ctx) => {
    ctx.body = await webhooks.getEvent(tenantOf(ctx), ctx.params.id as string);
  });
}
