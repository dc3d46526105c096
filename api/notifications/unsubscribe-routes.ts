import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../context';
import { html, type SafeHtml } from '../console/html';
import { UNSUBSCRIBE_LINK_DAYS } from '../../notifications/links';
import { unsubscribe, type UnsubscribeOutcome } from './unsubscribe';

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; line-height: 1.5">
<main>${body}</main></body></html>`.toString();
}

const SETTINGS_PATH = '/console/notifications';
const settingsLink = html`<a href="${SETTINGS_PATH}">your notification settings</a>`;

/** The pages for outcomes that change nothing, whichever of GET or POST met them. */
function unchangedPage(outcome: Exclude<UnsubscribeOutcome, { kind: 'unsubscribed' }>): {
  status: number;
  body: string;
} {
  switch (outcome.kind) {
    case 'invalid':
      return {
        status: 400,
        body: page(
          'Link not valid',
          html`<h1>This unsubscribe link is not valid</h1><p>Nothing was changed. Change your notifications in ${settingsLink}.</p>`,
        ),
      };
    case 'expired':
      return {
        status: 410,
        body: page(
          'Link expired',
          html`<h1>This unsubscribe link has expired</h1><p>Nothing was changed. Links in emails work for ${String(UNSUBSCRIBE_LINK_DAYS)} days, and only until you next change your notification settings. Change what ${outcome.tenantName} sends you in ${settingsLink}.</p>`,
        ),
      };
    case 'mandatory':
      return {
        status: 200,
        body: page(
          'Cannot be turned off',
          html`<h1>These emails cannot be turned off</h1><p>${outcome.tenantName} requires everyone to receive ${outcome.what}, so nothing was changed. You can still choose between immediate emails and the daily digest in ${settingsLink}.</p>`,
        ),
      };
  }
}

/**
 * `/notifications/unsubscribe?token=…`, outside the API and the console (the reader is not signed in). GET shows a
 * button and changes nothing (mail scanners follow links); POST unsubscribes: the one-click request a mail client
 * sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), or the button. A link that is expired,
 * replaced by a later choice, or names a mandatory kind gets a page saying so (on GET already, without a button).
 */
export function createUnsubscribeRoutes(deps: { db: Knex; linkSigningKey: Buffer }) {
  const router = new Router<AppState>();
  router.get('/notifications/unsubscribe', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const outcome = await unsubscribe(deps.db, deps.linkSigningKey, token, { apply: false });
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html';
    if (outcome.kind !== 'unsubscribed') {
      const answer = unchangedPage(outcome);
      ctx.status = answer.status;
      ctx.body = answer.body;
      return;
    }
    ctx.body = page(
      'Unsubscribe',
      html`<h1>Unsubscribe</h1><p>Stop receiving ${outcome.what} from ${outcome.tenantName} by email? You can turn them on again in ${settingsLink}.</p>
<form method="post" action="/notifications/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
    );
  });
  router.post('/notifications/unsubscribe', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const outcome = await unsubscribe(deps.db, deps.linkSigningKey, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html';
    if (outcome.kind !== 'unsubscribed') {
      const answer = unchangedPage(outcome);
      ctx.status = answer.status;
      ctx.body = answer.body;
      return;
    }
    const stillMandatory =
      outcome.mandatory.length > 0
        ? html` ${outcome.tenantName} requires ${outcome.mandatory.join(', ')}, so those still arrive.`
        : html``;
    ctx.body = page(
      'Unsubscribed',
      html`<h1>You are unsubscribed</h1><p>You will no longer receive ${outcome.what} from ${outcome.tenantName} by email.${stillMandatory} Turn it on again in ${settingsLink}.</p>`,
    );
  });
  return router;
}
