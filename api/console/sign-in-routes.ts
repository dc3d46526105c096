import { AppError } from '../../core/app-error';
import type { ConsoleOAuthClient } from './oauth-client';
import { messagePage } from './layout';
import { readSessionCookie, safeReturnPath, type ConsoleSessions } from './session';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

/** Sign-in (code + PKCE at the identity provider), its callback, and sign-out (session deleted, refresh token revoked). */
export function registerSignInRoutes(
  kit: ConsoleToolkit,
  deps: { oauth: ConsoleOAuthClient; sessions: ConsoleSessions },
): void {
  const { router, send, refuse, checkedPost } = kit;
  const { oauth, sessions } = deps;

  router.get('/login', async (ctx) => {
    if (!oauth.configured) {
      return refuse(
        ctx,
        503,
        'Sign-in is not configured',
        'With an external identity provider, set CONSOLE_OAUTH_CLIENT_ID and CONSOLE_OAUTH_CLIENT_SECRET to the console’s client there.',
      );
    }
    const returnTo = typeof ctx.query.return_to === 'string' ? ctx.query.return_to : CONSOLE_PREFIX;
    const started = await sessions.begin(safeReturnPath(returnTo));
    ctx.set('Set-Cookie', started.cookie);
    ctx.status = 303;
    ctx.redirect(started.location);
    ctx.status = 303;
  });

  router.get('/callback', async (ctx) => {
    try {
      const done = await sessions.complete(readSessionCookie(ctx.get('cookie')), new URLSearchParams(ctx.querystring));
      ctx.set('Set-Cookie', done.cookie);
      ctx.redirect(done.returnTo);
      ctx.status = 303;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      send(
        ctx,
        error.status === 403 ? 403 : 400,
        messagePage({
          title: 'Sign-in did not complete',
          message: error.detail,
          link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in again' },
        }),
      );
    }
  });

  router.get('/signed-out', (ctx) =>
    send(
      ctx,
      200,
      messagePage({
        title: 'Signed out',
        message: 'You have signed out of the governance console.',
        link: { href: `${CONSOLE_PREFIX}/login`, text: 'Sign in again' },
      }),
    ),
  );

  router.post('/logout', async (ctx) => {
    const checked = await checkedPost(ctx);
    if (!checked) return;
    await sessions.end(readSessionCookie(ctx.get('cookie')));
    ctx.set('Set-Cookie', sessions.clearedCookie());
    ctx.redirect(`${CONSOLE_PREFIX}/signed-out`);
    ctx.status = 303;
  });
}
