import type { Context } from 'koa';
import { ADMIN_PREFIX, lines, noticeOf, seeOther, type Admin, type AdminArea } from './admin-area';
import {
  confirmPage,
  oauthClientSecretPage,
  oauthClientsPage,
  type OAuthClientForm,
  type OAuthClientView,
} from './admin-pages';
import type { Notice } from './layout';

async function renderClients(
  area: AdminArea,
  ctx: Context,
  who: Admin,
  status = 200,
  notice?: Notice,
  form?: OAuthClientForm,
) {
  const clients = await area.services.oauthClients.list(who.context, { limit: 100 });
  area.kit.send(
    ctx,
    status,
    oauthClientsPage({
      viewer: who.viewer,
      clients: clients.data as unknown as OAuthClientView[],
      names: who.names,
      form,
      notice,
    }),
  );
}

/** The form as the API's OAuthClientCreate body. */
function oauthClientBody(form: URLSearchParams): { form: OAuthClientForm; body: Record<string, unknown> } {
  const values: OAuthClientForm = {
    name: (form.get('name') ?? '').trim(),
    redirect_uris: form.get('redirect_uris') ?? '',
    grant_types: form.getAll('grant_types'),
    scopes: form.getAll('scopes'),
    token_endpoint_auth_method: form.get('token_endpoint_auth_method') ?? 'client_secret_basic',
  };
  const redirectUris = lines(values.redirect_uris ?? '');
  return {
    form: values,
    body: {
      name: values.name,
      grant_types: values.grant_types,
      scopes: values.scopes,
      token_endpoint_auth_method: values.token_endpoint_auth_method,
      ...(redirectUris.length > 0 ? { redirect_uris: redirectUris } : {}),
    },
  };
}

/** OAuth clients: list, register (the secret shown once), delete after a confirmation page. */
export function registerAdminOAuthClientRoutes(area: AdminArea): void {
  const { kit, services, base } = area;
  const { router, send } = kit;

  router.get(`${ADMIN_PREFIX}/oauth-clients`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listOAuthClients');
    if (who) await renderClients(area, ctx, who, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/oauth-clients`, async (ctx) => {
    const who = await area.adminPost(ctx, 'createOAuthClient');
    if (!who) return;
    const { form, body } = oauthClientBody(who.form);
    const result = await area.attempt('createOAuthClient', body, () =>
      services.oauthClients.create(who.context, body as never),
    );
    if (!result.ok) return renderClients(area, ctx, who, result.status, result.notice, form);
    send(
      ctx,
      201,
      oauthClientSecretPage({
        viewer: who.viewer,
        client: result.value as unknown as OAuthClientView & { client_secret?: string },
      }),
    );
  });

  router.get(`${ADMIN_PREFIX}/oauth-clients/:id/delete`, async (ctx) => {
    const who = await area.adminGet(ctx, 'revokeOAuthClient');
    if (!who) return;
    const client = await services.oauthClients.get(who.context, ctx.params.id as string);
    send(
      ctx,
      200,
      confirmPage({
        viewer: who.viewer,
        section: 'oauth-clients',
        title: `Delete the client “${client.name}”?`,
        message: `${client.name} (${client.id}) will no longer get tokens, and the tokens it holds stop working at once. This cannot be undone.`,
        action: `${base}/oauth-clients/${client.id}/delete`,
        button: `Delete “${client.name}”`,
        back: { href: `${base}/oauth-clients`, text: 'Keep it' },
      }),
    );
  });

  router.post(`${ADMIN_PREFIX}/oauth-clients/:id/delete`, async (ctx) => {
    const who = await area.adminPost(ctx, 'revokeOAuthClient');
    if (!who) return;
    const result = await area.attempt('revokeOAuthClient', undefined, () =>
      services.oauthClients.revoke(who.context, ctx.params.id as string),
    );
    if (!result.ok) return renderClients(area, ctx, who, result.status, result.notice);
    seeOther(ctx, `${base}/oauth-clients?notice=client_deleted`);
  });
}
