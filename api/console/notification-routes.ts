import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { NOTIFICATION_KIND_NAMES } from '../../core/notification-kinds';
import type { NotificationService } from '../notifications/service';
import type { UpdateNotificationPreferencesRequest } from '../openapi/request-types.generated';
import { notificationsPreferencesSaved } from './notices';
import { preferencesPage, type NotificationView, type PreferenceView } from './notification-pages';
import type { Notice } from './layout';
import type { ConsoleSession } from './session';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

async function renderPreferences(
  kit: ConsoleToolkit,
  notifications: NotificationService,
  ctx: Context,
  session: ConsoleSession,
  status: number,
  notice?: Notice,
) {
  const context = kit.contextOf(ctx, session);
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  const preferences = await notifications.getPreferences(context);
  const recent = await notifications.list(context, { mine: true }, { limit: 20 });
  kit.send(
    ctx,
    status,
    preferencesPage({
      viewer,
      timeZone: preferences.time_zone,
      kinds: preferences.kinds as PreferenceView[],
      recent: recent.data as NotificationView[],
      notice,
    }),
  );
}

/** `/console/notifications`: the signed-in person's preferences (the same use case as PATCH /me/notification-preferences) and their log. */
export function registerNotificationRoutes(kit: ConsoleToolkit, deps: { notifications: NotificationService }): void {
  const { notifications } = deps;

  kit.router.get('/notifications', async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    await renderPreferences(
      kit,
      notifications,
      ctx,
      session,
      200,
      ctx.query.notice === 'saved' ? notificationsPreferencesSaved : undefined,
    );
  });

  kit.router.post('/notifications', async (ctx) => {
    const checked = await kit.checkedPost(ctx);
    if (!checked) return;
    const { session, form } = checked;
    const preferences = Object.fromEntries(
      NOTIFICATION_KIND_NAMES.flatMap((kind) => (form.get(kind) ? [[kind, form.get(kind) as string]] : [])),
    );
    const body = { ...(form.get('time_zone') ? { time_zone: form.get('time_zone') as string } : {}), preferences };
    const problems = kit.validators.forOperation('updateNotificationPreferences').body?.(body) ?? [];
    try {
      if (problems.length > 0) throw new AppError('validation_failed', 'The form is not valid.', { errors: problems });
      // Validated against the operation's schema just above: the form's answers are the request body's type.
      await notifications.updatePreferences(kit.contextOf(ctx, session), body as UpdateNotificationPreferencesRequest);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        return renderPreferences(kit, notifications, ctx, session, error.status, kit.plainWords(error));
      throw error;
    }
    ctx.redirect(`${CONSOLE_PREFIX}/notifications?notice=saved`);
    ctx.status = 303;
  });
}
