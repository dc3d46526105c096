import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { NotificationService } from './service';

export function registerNotificationRoutes(
  router: AppRouter,
  operation: BindOperation,
  notifications: NotificationService,
): void {
  operation(router, 'getNotificationPreferences', async (ctx) => {
    ctx.body = await notifications.getPreferences(requestContext(ctx));
  });

  operation(router, 'updateNotificationPreferences', async (ctx, { body }) => {
    ctx.body = await notifications.updatePreferences(requestContext(ctx), body);
  });

  operation(router, 'listMyNotifications', async (ctx, { query }) => {
    const { limit, cursor, ...filter } = query;
    ctx.body = await notifications.list(requestContext(ctx), { ...filter, mine: true }, { limit, cursor });
  });

  operation(router, 'listNotifications', async (ctx, { query }) => {
    const { limit, cursor, ...filter } = query;
    ctx.body = await notifications.list(requestContext(ctx), filter, { limit, cursor });
  });

  operation(router, 'getNotification', async (ctx, { params }) => {
    ctx.body = await notifications.get(requestContext(ctx), params.id);
  });

  operation(router, 'getNotificationSettings', async (ctx) => {
    ctx.body = await notifications.getSettings(requestContext(ctx));
  });

  operation(router, 'updateNotificationSettings', async (ctx, { body }) => {
    ctx.body = await notifications.updateSettings(requestContext(ctx), body);
  });

  operation(router, 'createChatDestination', async (ctx, { body }) => {
    const created = await notifications.createChatDestination(requestContext(ctx), body);
    ctx.status = 201;
    ctx.set('Location', `/api/v1/chat-destinations/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listChatDestinations', async (ctx) => {
    ctx.body = await notifications.listChatDestinations(requestContext(ctx));
  });

  operation(router, 'getChatDestination', async (ctx, { params }) => {
    ctx.body = await notifications.getChatDestination(requestContext(ctx), params.id);
  });

  operation(router, 'updateChatDestination', async (ctx, { params, body }) => {
    ctx.body = await notifications.updateChatDestination(requestContext(ctx), params.id, body);
  });

  operation(router, 'deleteChatDestination', async (ctx, { params }) => {
    await notifications.deleteChatDestination(requestContext(ctx), params.id);
    ctx.status = 204;
  });

  operation(router, 'listKpiWatchers', async (ctx, { params }) => {
    ctx.body = await notifications.listKpiWatchers(requestContext(ctx), params.id);
  });

  operation(router, 'watchKpi', async (ctx, { params }) => {
    ctx.body = await notifications.watchKpi(requestContext(ctx), params.id);
  });

  operation(router, 'unwatchKpi', async (ctx, { params }) => {
    ctx.body = await notifications.unwatchKpi(requestContext(ctx), params.id);
  });
}
