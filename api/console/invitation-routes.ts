import type { Context } from 'koa';
import getRawBody from 'raw-body';
import type { Config } from '../../core/config';
import type { Knex } from 'knex';
import { acceptInvitation } from '../administration/accept-invitation';
import { getInvitation, type InvitationLookup, type OpenInvitation } from '../administration/get-invitation';
import { html } from './html';
import { layout, messagePage, noticeBlock, type Notice } from './layout';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

/**
 * The invitation pages' referrer policy. The token is in the address, so no request from the page may carry the path in
 * `Referer` (not to other sites, nor to this one's logs): `strict-origin` sends the origin alone. `no-referrer` would hide
 * that too, but then browsers send `Origin: null` with the page's own form, which the origin check below must refuse.
 */
export const INVITATION_REFERRER_POLICY = 'strict-origin';

/** The CLI's rule for a first password, kept here too: long beats clever. */
export const MIN_PASSWORD_LENGTH = 12;

const INVALID = {
  title: 'This invitation link is not valid',
  message:
    'It was already used, it expired, or it was replaced by a newer one. Ask an admin of the organisation to send you a new invitation.',
};

function setPasswordPage(open: OpenInvitation, token: string, notice?: Notice) {
  return layout({
    title: `Join ${open.tenantName}`,
    section: 'none',
    body: html`<h1>Join ${open.tenantName}</h1>
${noticeBlock(notice)}
<p>You were invited as <strong>${open.email}</strong>. Choose a password to sign in to the governance console and the API with.</p>
<form method="post" action="${CONSOLE_PREFIX}/invitations/${encodeURIComponent(token)}" class="admin-form">
  <p><label for="password">Password</label> <input type="password" id="password" name="password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="200" autocomplete="new-password" aria-describedby="password-rule"></p>
  <p id="password-rule" class="muted">At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.</p>
  <p><label for="confirm">Password again</label> <input type="password" id="confirm" name="confirm" required maxlength="200" autocomplete="new-password"></p>
  <div class="buttons"><button type="submit">Set my password and join</button></div>
</form>`,
  });
}

function joinPage(open: OpenInvitation, token: string, externalIdentityProvider: boolean) {
  const how = externalIdentityProvider
    ? 'You sign in through your organisation’s identity provider.'
    : 'You already have a password for this service: you sign in with it.';
  return layout({
    title: `Join ${open.tenantName}`,
    section: 'none',
    body: html`<h1>Join ${open.tenantName}</h1>
<p>You were invited as <strong>${open.email}</strong>. ${how}</p>
<form method="post" action="${CONSOLE_PREFIX}/invitations/${encodeURIComponent(token)}" class="admin-form">
  <div class="buttons"><button type="submit">Join ${open.tenantName}</button></div>
</form>`,
  });
}

async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(await getRawBody(ctx.req, { limit: '16kb', encoding: 'utf8' }));
}

/**
 * `/console/invitations/:token`: the link of an invitation email, for someone not signed in. A genuine, open link shows
 * a form to choose a first password (or, for a person who has one already or signs in elsewhere, a button to join);
 * sending it accepts the invitation once. Any other link — forged, used, revoked, expired, for someone removed since —
 * gets the same page, saying nothing of why beyond what the reader needs: 404 for a link the service never made (forged
 * or unknown), 410 for one it made that no longer works (used, revoked, replaced, expired, or its person removed).
 */
export function registerInvitationRoutes(kit: ConsoleToolkit, deps: { db: Knex; config: Config }): void {
  const key = deps.config.notifications.linkSigningKey;
  const external = deps.config.oauth.externalIssuer !== undefined;
  const publicOrigin = new URL(deps.config.publicBaseUrl).origin;
  const signIn = { href: `${CONSOLE_PREFIX}/login`, text: 'Go to the sign-in page' };
  const invalid = (ctx: Context, lookup: Exclude<InvitationLookup, { state: 'open' }>) =>
    kit.send(ctx, lookup.state === 'closed' ? 410 : 404, messagePage({ ...INVALID, link: signIn }));

  kit.router.get('/invitations/:token', async (ctx) => {
    ctx.set('Referrer-Policy', INVITATION_REFERRER_POLICY);
    const token = ctx.params.token as string;
    const lookup = await getInvitation(deps.db, key, token);
    if (lookup.state !== 'open') return invalid(ctx, lookup);
    const { open } = lookup;
    kit.send(ctx, 200, open.hasPassword || external ? joinPage(open, token, external) : setPasswordPage(open, token));
  });

  kit.router.post('/invitations/:token', async (ctx) => {
    ctx.set('Referrer-Policy', INVITATION_REFERRER_POLICY);
    // No session and so no CSRF token here: the token in the address is the secret, and a form from another origin is
    // refused. `Origin: null` (an opaque origin: a sandboxed frame, a data: page, or a page with no-referrer) is refused
    // too: anyone's page can send it, so it proves nothing; the page's policy above makes browsers send the real one.
    const origin = ctx.get('origin');
    if (origin && origin !== publicOrigin)
      return kit.refuse(ctx, 403, 'Request refused', 'This form was not sent from the console.');
    const token = ctx.params.token as string;
    const form = await readForm(ctx);
    const lookup = await getInvitation(deps.db, key, token);
    if (lookup.state !== 'open') return invalid(ctx, lookup);
    const { open } = lookup;
    let password: string | undefined;
    if (!open.hasPassword && !external) {
      password = form.get('password') ?? '';
      const problem =
        password.length < MIN_PASSWORD_LENGTH
          ? `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`
          : password !== form.get('confirm')
            ? 'The two passwords differ.'
            : undefined;
      if (problem) return kit.send(ctx, 422, setPasswordPage(open, token, { kind: 'error', title: problem }));
    }
    const accepted = await acceptInvitation(deps.db, key, token, password);
    if (accepted.state !== 'open') return invalid(ctx, accepted);
    const how = external
      ? 'Sign in through your organisation’s identity provider.'
      : password === undefined
        ? `Sign in as ${open.email} with your existing password.`
        : `Your password is set. Sign in as ${open.email} with it.`;
    kit.send(
      ctx,
      200,
      messagePage({
        title: `You have joined ${open.tenantName}`,
        message: how,
        link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in' },
      }),
    );
  });
}
