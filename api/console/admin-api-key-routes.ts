import type { Context } from 'koa';
import { ADMIN_PREFIX, dateToInstant, graceBody, noticeOf, seeOther, type Admin, type AdminArea } from './admin-area';
import { apiKeySecretPage, apiKeysPage, confirmPage, type ApiKeyForm, type ApiKeyView } from './admin-pages';
import type { Notice } from './layout';

async function renderKeys(area: AdminArea, ctx: Context, who: Admin, status = 200, notice?: Notice, form?: ApiKeyForm) {
  const keys = await area.services.apiKeys.list(who.context, { limit: 100 });
  area.kit.send(
    ctx,
    status,
    apiKeysPage({
      viewer: who.viewer,
      keys: keys.data as unknown as ApiKeyView[],
      names: who.names,
      now: new Date(),
      form,
      notice,
    }),
  );
}

/** API keys: list, create (the secret shown once), rotate with a grace period, revoke after a confirmation page. */
export function registerAdminApiKeyRoutes(area: AdminArea): void {
  const { kit, services, base } = area;
  const { router, send } = kit;

  router.get(`${ADMIN_PREFIX}/api-keys`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listApiKeys');
    if (who) await renderKeys(area, ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/api-keys`, async (ctx) => {
    const who = await area.adminPost(ctx, 'createApiKey');
    if (!who) return;
    const form: ApiKeyForm = {
      name: (who.form.get('name') ?? '').trim(),
      scopes: who.form.getAll('scopes'),
      expires_on: (who.form.get('expires_on') ?? '').trim(),
    };
    const body: Record<string, unknown> = { name: form.name, scopes: form.scopes };
    if (form.expires_on) body.expires_at = dateToInstant(form.expires_on);
    const result = await area.attempt('createApiKey', body, () => services.apiKeys.create(who.context, body as never));
    if (!result.ok) return renderKeys(area, ctx, who, result.status, result.notice, form);
    // The secret is in this response only: never in a redirect, the session or a log.
    send(
      ctx,
      201,
      apiKeySecretPage({
        viewer: who.viewer,
        key: result.value as unknown as ApiKeyView & { key: string },
        rotated: false,
        names: who.names,
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/api-keys/:id/rotate`, async (ctx) => {
    const who = await area.adminPost(ctx, 'rotateApiKey');
    if (!who) return;
    const body = graceBody(who.form.get('grace_period_seconds'));
    const result = await area.attempt('rotateApiKey', body, () =>
      services.apiKeys.rotate(who.context, ctx.params.id as string, body.grace_period_seconds as number | undefined),
    );
    if (!result.ok) return renderKeys(area, ctx, who, result.status, result.notice);
    send(
      ctx,
      200,
      apiKeySecretPage({
        viewer: who.viewer,
        key: result.value as unknown as ApiKeyView & { key: string },
        rotated: true,
        names: who.names,
      }),
    );
  });

  router.get(`${ADMIN_PREFIX}/api-keys/:id/revoke`, async (ctx) => {
    const who = await area.adminGet(ctx, 'revokeApiKey');
    if (!who) return;
    const key = await services.apiKeys.get(who.context, ctx.params.id as string);
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'api-keys',
        title: `Revoke the key “${key.name}”?`,
        message: `Programs using ${key.key_prefix}… will be refused from the moment you confirm. This cannot be undone.`,
        action: `${base}/api-keys/${key.id}/revoke`,
        button: `Revoke “${key.name}”`,
        back: { href: `${base}/api-keys`, text: 'Keep it' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/api-keys/:id/revoke`, async (ctx) => {
    const who = await area.adminPost(ctx, 'revokeApiKey');
    if (!who) return;
    const result = await area.attempt('revokeApiKey', undefined, () =>
      services.apiKeys.revoke(who.context, ctx.params.id as string),
    );
    if (!result.ok) return renderKeys(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/api-keys?notice=key_revoked`);
  });
}
