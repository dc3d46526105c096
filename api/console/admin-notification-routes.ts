import type { Context } from 'koa';
import { ADMIN_PREFIX, seeOther, type Admin, type AdminArea } from './admin-area';
import {
  adminNotificationsPage,
  LOG_STATUSES,
  type ChatDestinationView,
  type NotificationView,
} from './notification-pages';
import type { Notice } from './layout';
import type {
  CreateChatDestinationRequest,
  UpdateNotificationSettingsRequest,
} from '../openapi/request-types.generated';

type ChatForm = { name?: string; format?: string; url?: string; kinds?: string[] };

const NOTICES: Record<string, Notice> = {
  settings_saved: { kind: 'success', title: 'Mandatory kinds saved. They apply to the next notifications.' },
  destination_added: { kind: 'success', title: 'The chat channel receives the kinds you chose from now on.' },
  destination_removed: { kind: 'success', title: 'The chat channel is removed.' },
};

async function renderNotifications(
  area: AdminArea,
  ctx: Context,
  who: Admin,
  status = 200,
  notice?: Notice,
  form?: ChatForm,
) {
  const notifications = area.services.notifications;
  const statusFilter =
    typeof ctx.query.status === 'string' && (LOG_STATUSES as readonly string[]).includes(ctx.query.status)
      ? ctx.query.status
      : undefined;
  const cursor = typeof ctx.query.cursor === 'string' && ctx.query.cursor !== '' ? ctx.query.cursor : undefined;
  const log = await notifications.list(who.context, statusFilter ? { status: statusFilter } : {}, {
    limit: 50,
    cursor,
  });
  const settings = await notifications.getSettings(who.context);
  const destinations = await notifications.listChatDestinations(who.context);
  const nextPage = log.next_cursor
    ? `${area.base}/notifications?${new URLSearchParams({ ...(statusFilter ? { status: statusFilter } : {}), cursor: log.next_cursor })}`
    : null;
  area.kit.send(
    ctx,
    status,
    adminNotificationsPage({
      viewer: who.viewer,
      log: log.data as NotificationView[],
      statusFilter,
      nextPage,
      mandatoryKinds: settings.mandatory_kinds,
      destinations: destinations.data as ChatDestinationView[],
      ...(form ? { form } : {}),
      notice: notice ?? (typeof ctx.query.notice === 'string' ? NOTICES[ctx.query.notice] : undefined),
    }),
  );
}

/** `/console/admin/notifications`: the tenant's notification log, its mandatory kinds and its chat channels, through the API's use cases. */
export function registerAdminNotificationRoutes(area: AdminArea): void {
  const { router } = area.kit;
  const notifications = () => area.services.notifications;

  router.get(`${ADMIN_PREFIX}/notifications`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listNotifications');
    if (who) await renderNotifications(area, ctx, who);
  });

  router.post(`${ADMIN_PREFIX}/notifications/settings`, async (ctx) => {
    const who = await area.adminPost(ctx, 'updateNotificationSettings');
    if (!who) return;
    // area.attempt validates it against the operation's schema before the use case sees it.
    const body = { mandatory_kinds: who.form.getAll('mandatory_kinds') } as UpdateNotificationSettingsRequest;
    const result = await area.attempt('updateNotificationSettings', body, () =>
      notifications().updateSettings(who.context, body),
    );
    if (!result.ok) return renderNotifications(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${area.base}/notifications?notice=settings_saved`);
  });

  router.post(`${ADMIN_PREFIX}/notifications/chat-destinations`, async (ctx) => {
    const who = await area.adminPost(ctx, 'createChatDestination');
    if (!who) return;
    const form: ChatForm = {
      name: (who.form.get('name') ?? '').trim(),
      format: who.form.get('format') ?? 'slack',
      url: (who.form.get('url') ?? '').trim(),
      kinds: who.form.getAll('kinds'),
    };
    const body = {
      name: form.name as string,
      format: form.format as 'slack' | 'teams',
      url: form.url as string,
      kinds: form.kinds as CreateChatDestinationRequest['kinds'],
    };
    const result = await area.attempt('createChatDestination', body, () =>
      notifications().createChatDestination(who.context, body),
    );
    if (!result.ok) return renderNotifications(area, ctx, who, result.status, result.notice, form);
    seeOther(ctx, `${area.base}/notifications?notice=destination_added`);
  });

  router.post(`${ADMIN_PREFIX}/notifications/chat-destinations/:id/delete`, async (ctx) => {
    const who = await area.adminPost(ctx, 'deleteChatDestination');
    if (!who) return;
    await notifications().deleteChatDestination(who.context, ctx.params.id as string);
    seeOther(ctx, `${area.base}/notifications?notice=destination_removed`);
  });
}
