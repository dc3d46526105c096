import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { ADMIN_PREFIX, graceBody, lines, noticeOf, seeOther, type Admin, type AdminArea } from './admin-area';
import {
  confirmPage,
  DELIVERY_STATUSES,
  webhookPage,
  webhookSecretPage,
  webhooksPage,
  type DeliveryView,
  type WebhookForm,
  type WebhookView,
} from './admin-pages';
import type { Notice } from './layout';

const eventTypes = (area: AdminArea) =>
  area.services.webhooks.eventTypes().data.map((t) => ({ type: t.type, summary: t.summary }));

/** The form as the API's CreateWebhookRequest / UpdateWebhookRequest body. */
function webhookBody(form: URLSearchParams): { form: WebhookForm; body: Record<string, unknown> } {
  const values: WebhookForm = {
    url: (form.get('url') ?? '').trim(),
    description: (form.get('description') ?? '').trim(),
    event_types: form.get('event_types') ?? '',
    enabled: form.get('enabled') === 'true',
    schedule: form.get('schedule') ?? 'standard',
    max_attempts: (form.get('max_attempts') ?? '').trim(),
  };
  const retry: Record<string, unknown> = { schedule: values.schedule };
  if (values.max_attempts)
    retry.max_attempts = /^\d+$/.test(values.max_attempts) ? Number(values.max_attempts) : values.max_attempts;
  return {
    form: values,
    body: {
      url: values.url,
      description: values.description,
      event_types: lines(values.event_types ?? ''),
      enabled: values.enabled,
      retry_policy: retry,
    },
  };
}

async function renderWebhooks(
  area: AdminArea,
  ctx: Context,
  who: Admin,
  status = 200,
  notice?: Notice,
  form?: WebhookForm,
) {
  const list = await area.services.webhooks.list(who.context, { limit: 100 });
  area.kit.send(
    ctx,
    status,
    webhooksPage({
      viewer: who.viewer,
      webhooks: list.data as unknown as WebhookView[],
      types: eventTypes(area),
      form,
      notice,
    }),
  );
}

/** One subscription with its delivery log (filtered by `?status=`, paged by `?cursor=`). */
async function renderWebhook(
  area: AdminArea,
  ctx: Context,
  who: Admin,
  id: string,
  options: { status?: number; notice?: Notice; form?: WebhookForm; secret?: string } = {},
) {
  const webhook = await area.services.webhooks.get(who.context, id);
  const statusFilter =
    typeof ctx.query.status === 'string' && (DELIVERY_STATUSES as readonly string[]).includes(ctx.query.status)
      ? ctx.query.status
      : undefined;
  const cursor = typeof ctx.query.cursor === 'string' && ctx.query.cursor !== '' ? ctx.query.cursor : undefined;
  let deliveries: { data: unknown[]; next_cursor: string | null } = { data: [], next_cursor: null };
  let notice = options.notice;
  try {
    deliveries = await area.services.webhooks.listDeliveries(
      who.context,
      id,
      { status: statusFilter as never },
      { limit: 20, cursor },
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'invalid_cursor') throw error;
    notice ??= area.kit.plainWords(error);
  }
  const nextPage = deliveries.next_cursor
    ? `${area.base}/webhooks/${id}?${new URLSearchParams({ ...(statusFilter ? { status: statusFilter } : {}), cursor: deliveries.next_cursor })}`
    : null;
  area.kit.send(
    ctx,
    options.status ?? 200,
    webhookPage({
      viewer: who.viewer,
      webhook: webhook as unknown as WebhookView,
      types: eventTypes(area),
      deliveries: deliveries.data as DeliveryView[],
      statusFilter,
      nextPage,
      notice,
      form: options.form,
      ...(options.secret ? { secret: options.secret } : {}),
    }),
  );
}

/** Webhook subscriptions: list, create (the secret shown once), edit, delivery log, rotate the secret, test, redeliver, delete. */
export function registerAdminWebhookRoutes(area: AdminArea): void {
  const { kit, services, base } = area;
  const { router, send } = kit;

  router.get(`${ADMIN_PREFIX}/webhooks`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listWebhooks');
    if (who) await renderWebhooks(area, ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/webhooks`, async (ctx) => {
    const who = await area.adminPost(ctx, 'createWebhook');
    if (!who) return;
    const { form, body } = webhookBody(who.form);
    const result = await area.attempt('createWebhook', body, () =>
      services.webhooks.create(who.context, body as never),
    );
    if (!result.ok) return renderWebhooks(area, ctx, who, result.status, result.notice, form);
    send(
      ctx,
      201,
      webhookSecretPage({
        viewer: who.viewer,
        webhook: result.value as unknown as WebhookView,
        secret: result.value.secret,
      }),
    );
  });

  router.get(`${ADMIN_PREFIX}/webhooks/:id`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listWebhookDeliveries');
    if (who) await renderWebhook(area, ctx, who, ctx.params.id as string, { notice: noticeOf(ctx) });
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id`, async (ctx) => {
    const who = await area.adminPost(ctx, 'updateWebhook');
    if (!who) return;
    const id = ctx.params.id as string;
    const { form, body } = webhookBody(who.form);
    const result = await area.attempt('updateWebhook', body, () =>
      services.webhooks.update(who.context, id, body as never),
    );
    if (!result.ok) return renderWebhook(area, ctx, who, id, { status: result.status, notice: result.notice, form });
    seeOther(ctx, `${base}/webhooks/${encodeURIComponent(id)}?notice=webhook_updated`);
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/rotate-secret`, async (ctx) => {
    const who = await area.adminPost(ctx, 'rotateWebhookSecret');
    if (!who) return;
    const id = ctx.params.id as string;
    const body = graceBody(who.form.get('grace_period_seconds'));
    const result = await area.attempt('rotateWebhookSecret', body, () =>
      services.webhooks.rotateSecret(who.context, id, body.grace_period_seconds as number | undefined),
    );
    if (!result.ok) return renderWebhook(area, ctx, who, id, { status: result.status, notice: result.notice });
    await renderWebhook(area, ctx, who, id, {
      notice: { kind: 'success', title: 'The signing secret is rotated.' },
      secret: result.value.secret,
    });
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/test`, async (ctx) => {
    const who = await area.adminPost(ctx, 'sendWebhookTest');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await area.attempt('sendWebhookTest', undefined, () => services.webhooks.sendTest(who.context, id));
    if (!result.ok) return renderWebhook(area, ctx, who, id, { status: result.status, notice: result.notice });
    seeOther(ctx, `${base}/webhooks/${encodeURIComponent(id)}?notice=test_sent`);
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/deliveries/:deliveryId/redeliver`, async (ctx) => {
    const who = await area.adminPost(ctx, 'redeliverWebhookDelivery');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await area.attempt('redeliverWebhookDelivery', undefined, () =>
      services.webhooks.redeliver(who.context, id, ctx.params.deliveryId as string),
    );
    if (!result.ok) return renderWebhook(area, ctx, who, id, { status: result.status, notice: result.notice });
    seeOther(ctx, `${base}/webhooks/${encodeURIComponent(id)}?notice=redelivered`);
  });

  router.get(`${ADMIN_PREFIX}/webhooks/:id/delete`, async (ctx) => {
    const who = await area.adminGet(ctx, 'deleteWebhook');
    if (!who) return;
    const webhook = await services.webhooks.get(who.context, ctx.params.id as string);
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'webhooks',
        title: 'Delete this subscription?',
        message: `${webhook.url} will receive no more events. This cannot be undone.`,
        action: `${base}/webhooks/${webhook.id}/delete`,
        button: 'Delete the subscription',
        back: { href: `${base}/webhooks/${webhook.id}`, text: 'Keep it' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/webhooks/:id/delete`, async (ctx) => {
    const who = await area.adminPost(ctx, 'deleteWebhook');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await area.attempt('deleteWebhook', undefined, () => services.webhooks.remove(who.context, id));
    if (!result.ok) return renderWebhook(area, ctx, who, id, { status: result.status, notice: result.notice });
    seeOther(ctx, `${base}/webhooks?notice=webhook_deleted`);
  });
}
