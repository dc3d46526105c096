import crypto from 'node:crypto';
import { AppError } from '../../core/app-error';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { Principal } from '../../core/principal';
import { decryptWebhookSecret as decrypt, encryptWebhookSecret as encrypt } from '../../core/webhook-secret';
import type { ConsoleSessionRow, ConsoleSessionStore } from '../administration/console-session-store';
import type { AuthenticationService } from '../administration/authentication';
import type { ConsoleOAuthClient } from './oauth-client';

export const SESSION_COOKIE = 'dms_console_session';
export const COOKIE_PATH = '/console';
/** A sign-in not finished in this time starts again. */
const PENDING_SECONDS = 10 * 60;
/** Refresh the access token this long before it expires, so a request never starts with one about to lapse. */
const REFRESH_MARGIN_MS = 30_000;

const randomToken = () => crypto.randomBytes(32).toString('base64url');
const hashOf = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** The session a request carries: who (the principal as the API would authenticate them) and the form token. */
export interface ConsoleSession {
  idHash: string;
  principal: Principal;
  csrfToken: string;
}

/** Set-Cookie for the session id: HttpOnly, SameSite=Lax, Path=/console, Secure outside development. */
export function sessionCookie(config: Config, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (config.console.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Only paths of the console itself are places to return to after signing in (no open redirect). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !/^\/console(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_\-=&%.:+]*)?$/.test(value)) return '/console';
  return value;
}

/**
 * Console sessions in Postgres: the browser only ever holds a random id; tokens stay server-side, encrypted at rest
 * with the same AES-256-GCM key as webhook secrets (WEBHOOK_SECRET_KEY). Every request re-authenticates the access
 * token exactly as the API does (signature, grant, membership, scopes re-checked against the current role), so a
 * changed role or a removed member takes effect on the next page.
 */
export function createConsoleSessions(deps: {
  store: ConsoleSessionStore;
  config: Config;
  logger: Logger;
  oauth: ConsoleOAuthClient;
  authentication: AuthenticationService;
}) {
  const { store, config } = deps;
  const key = config.webhooks.secretEncryptionKey;
  const idleSeconds = config.console.sessionIdleSeconds;

  const principalFor = (accessToken: string) => deps.authentication.authenticate(`Bearer ${accessToken}`);

  const refreshed = (row: ConsoleSessionRow) => refreshTokens(deps, row);

  return {
    /** Starts a sign-in: a pending session (state, PKCE verifier) and the provider's authorization URL. */
    async begin(returnTo: string): Promise<{ cookie: string; location: string }> {
      const id = randomToken();
      const state = randomToken();
      const verifier = randomToken();
      await store.insert(pendingSessionRow(id, state, verifier, returnTo));
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      return {
        cookie: sessionCookie(config, id, PENDING_SECONDS),
        location: await deps.oauth.authorizationUrl(state, challenge),
      };
    },

    /**
     * The provider's redirect back: the state must be the one of this browser's pending sign-in; the code is
     * exchanged (with the PKCE verifier) and the pending session is replaced by an active one under a new id.
     */
    async complete(
      cookieValue: string | undefined,
      params: URLSearchParams,
    ): Promise<{ cookie: string; returnTo: string }> {
      const pending = cookieValue ? await store.find(hashOf(cookieValue)) : undefined;
      const state = params.get('state');
      if (
        !pending ||
        pending.status !== 'pending' ||
        !state ||
        !pending.oauth_state ||
        !crypto.timingSafeEqual(Buffer.from(hashOf(state)), Buffer.from(hashOf(pending.oauth_state)))
      ) {
        throw new AppError(
          'bad_request',
          'This sign-in was not started in this browser or has expired. Sign in again.',
        );
      }
      const error = params.get('error');
      if (error) {
        await store.delete(pending.id_hash);
        throw new AppError(
          'sign_in_refused',
          error === 'access_denied' ? 'Sign-in was cancelled or refused.' : `Sign-in failed (${error}).`,
        );
      }
      const code = params.get('code');
      if (!code) throw new AppError('bad_request', 'The identity provider sent no authorization code. Sign in again.');
      const tokens = await deps.oauth.exchangeCode(code, pending.code_verifier as string);
      const principal = await principalFor(tokens.accessToken);
      if (principal.actor.type !== 'user')
        throw new AppError('user_actor_required', 'The console is for people: the token names no user.');
      const id = randomToken();
      const activated = await store.activate(
        pending.id_hash,
        activeSessionRow(id, { tenantId: principal.tenantId, userId: principal.actor.id }, tokens, key, idleSeconds),
      );
      if (!activated) throw new AppError('bad_request', 'This sign-in was already completed. Sign in again.');
      return { cookie: sessionCookie(config, id, idleSeconds), returnTo: pending.return_to ?? '/console' };
    },

    /** The request's session, or undefined (none, expired, or its tokens no longer accepted: the row is then deleted). */
    async load(cookieValue: string | undefined): Promise<ConsoleSession | undefined> {
      if (!cookieValue) return undefined;
      const row = await store.find(hashOf(cookieValue));
      if (!row || row.status !== 'active' || !row.access_token_encrypted) return undefined;
      let accessToken: string | undefined = decrypt(row.access_token_encrypted, key);
      if (!row.access_token_expires_at || row.access_token_expires_at.getTime() - REFRESH_MARGIN_MS < Date.now())
        accessToken = await refreshed(row);
      let principal: Principal | undefined;
      for (let attempt = 0; accessToken && !principal && attempt < 2; attempt++) {
        try {
          principal = await principalFor(accessToken);
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 401) throw error;
          // Expired early (clock skew) or revoked: one refresh; a revoked grant refuses it too.
          accessToken = attempt === 0 && error.code === 'token_expired' ? await refreshed(row) : undefined;
        }
      }
      if (!principal) {
        await store.delete(row.id_hash);
        return undefined;
      }
      // Sliding expiry, written at most once a minute.
      if (Date.now() - row.last_seen_at.getTime() > 60_000) {
        await store.update(row.id_hash, {
          last_seen_at: new Date(),
          expires_at: new Date(Date.now() + idleSeconds * 1000),
        });
      }
      return { idHash: row.id_hash, principal, csrfToken: row.csrf_token };
    },

    /** Ends the session and revokes its refresh token (which ends the grant and so its access tokens too). */
    async end(cookieValue: string | undefined): Promise<void> {
      if (!cookieValue) return;
      const row = await store.delete(hashOf(cookieValue));
      if (!row) return;
      try {
        if (row.refresh_token_encrypted)
          await deps.oauth.revoke(decrypt(row.refresh_token_encrypted, key), 'refresh_token');
        else if (row.access_token_encrypted)
          await deps.oauth.revoke(decrypt(row.access_token_encrypted, key), 'access_token');
      } catch (error) {
        deps.logger.warn({ err: error }, 'console sign-out could not revoke the session tokens');
      }
    },

    clearedCookie: () => sessionCookie(config, '', 0),

    csrfMatches(session: ConsoleSession, presented: string | null): boolean {
      if (!presented) return false;
      const a = Buffer.from(hashOf(presented));
      const b = Buffer.from(hashOf(session.csrfToken));
      return crypto.timingSafeEqual(a, b);
    },
  };
}

type SessionDeps = Parameters<typeof createConsoleSessions>[0];

/** New tokens for an active session through its refresh token (stored encrypted), or undefined: then it signs out. */
async function refreshTokens(deps: SessionDeps, row: ConsoleSessionRow): Promise<string | undefined> {
  const key = deps.config.webhooks.secretEncryptionKey;
  if (!row.refresh_token_encrypted) return undefined;
  try {
    const tokens = await deps.oauth.refresh(decrypt(row.refresh_token_encrypted, key));
    await deps.store.update(row.id_hash, {
      access_token_encrypted: encrypt(tokens.accessToken, key),
      ...(tokens.refreshToken ? { refresh_token_encrypted: encrypt(tokens.refreshToken, key) } : {}),
      access_token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000),
    });
    return tokens.accessToken;
  } catch (error) {
    deps.logger.info({ err: error }, 'console session could not be refreshed; signing out');
    return undefined;
  }
}

/** A sign-in under way: its state and PKCE verifier, where to go back to, no person yet. */
function pendingSessionRow(id: string, state: string, verifier: string, returnTo: string) {
  return {
    id_hash: hashOf(id),
    status: 'pending' as const,
    csrf_token: randomToken(),
    oauth_state: state,
    code_verifier: verifier,
    return_to: safeReturnPath(returnTo),
    tenant_id: null,
    user_id: null,
    access_token_encrypted: null,
    refresh_token_encrypted: null,
    access_token_expires_at: null,
    expires_at: new Date(Date.now() + PENDING_SECONDS * 1000),
  };
}

/** The signed-in session that replaces a pending one under a new id, holding the person's tokens encrypted. */
function activeSessionRow(
  id: string,
  person: { tenantId: string; userId: string },
  tokens: { accessToken: string; refreshToken?: string; expiresIn: number },
  key: Buffer,
  idleSeconds: number,
) {
  return {
    id_hash: hashOf(id),
    status: 'active' as const,
    csrf_token: randomToken(),
    oauth_state: null,
    code_verifier: null,
    return_to: null,
    tenant_id: person.tenantId,
    user_id: person.userId,
    access_token_encrypted: encrypt(tokens.accessToken, key),
    refresh_token_encrypted: tokens.refreshToken ? encrypt(tokens.refreshToken, key) : null,
    access_token_expires_at: new Date(Date.now() + tokens.expiresIn * 1000),
    expires_at: new Date(Date.now() + idleSeconds * 1000),
  };
}

export type ConsoleSessions = ReturnType<typeof createConsoleSessions>;
