import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../context';
import { html, type SafeHtml } from '../console/html';
import { unsubscribe } from './unsubscribe';

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; line-height: 1.5">
<main>${body}</main></body></html>`.toString();
}

/**
 * `/notifications/unsubscribe?token=…`, outside the API and the console (the reader is not signed in). GET shows a
 * button and changes nothing (mail scanners follow links); POST unsubscribes: the one-click request a mail client
 * sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), or the button.
 */
export function createUnsubscribeRoutes(deps: { db: Knex; linkSigningKey: Buffer }) {
  const router = new Router<AppState>();
  router.get('/notifications/unsubscribe', (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html';
    ctx.body = page(
      'Unsubscribe',
      html`<h1>Unsubscribe</h1><p>Stop receiving these notifications by email? You can turn them on again on your preferences page in the console.</p>
<form method="post" action="/notifications/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
    );
  });
  router.post('/notifications/unsubscribe', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const outcome = await unsubscribe(deps.db, deps.linkSigningKey, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html';
    if (outcome.kind === 'invalid') {
      ctx.status = 400;
      ctx.body = page('Link not valid', html`<h1>This unsubscribe link is not valid</h1><p>Change your notifications on your preferences page in the console.</p>`);
      return;
    }
    ctx.body = page(
      'Unsubscribed',
      html`<h1>You are unsubscribed</h1><p>You will no longer receive ${outcome.what} from ${outcome.tenantName} by email. Turn it on again on your preferences page in the console.</p>`,
    );
  });
  return router;
}
