import type { Config } from '../../core/config';
import {
  CONSOLE_CLIENT_ID,
  CONSOLE_REQUESTED_SCOPES,
  consoleClientSecret,
  consoleRedirectUri,
} from '../oauth/console-client';
import { OAUTH_PREFIX } from '../oauth/provider';
import type { SigningKeyStore } from '../oauth/signing-key-store';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  /** Seconds the access token lives, as the provider says. */
  expiresIn: number;
}

export class ConsoleSignInError extends Error {}

interface Endpoints {
  authorization: string;
  token: string;
  revocation: string | undefined;
}

const HTTP_TIMEOUT_MS = 5000;

/**
 * The console's side of authorization code + PKCE: the authorization URL, the code exchange, refresh and revocation.
 * With the built-in provider it is the platform client `dms-console` (api/oauth/console-client.ts) talking to this
 * server's own /oauth2 endpoints at PUBLIC_BASE_URL; with OAUTH_ISSUER, the client CONSOLE_OAUTH_CLIENT_ID at that
 * provider's endpoints from its discovery document. Undefined credentials mean the console cannot sign anyone in.
 */
export function createConsoleOAuthClient(deps: { config: Config; keys: SigningKeyStore | undefined }) {
  const { config } = deps;
  const external = config.oauth.externalIssuer;
  let discovered: Promise<Endpoints> | undefined;

  const endpoints = async (): Promise<Endpoints> => {
    if (!external) {
      const base = `${config.publicBaseUrl}${OAUTH_PREFIX}`;
      return { authorization: `${base}/auth`, token: `${base}/token`, revocation: `${base}/token/revocation` };
    }
    discovered ??= (async () => {
      const response = await fetch(`${external.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new ConsoleSignInError(`the identity provider's discovery answered ${response.status}`);
      const metadata = (await response.json()) as {
        authorization_endpoint: string;
        token_endpoint: string;
        revocation_endpoint?: string;
      };
      return {
        authorization: metadata.authorization_endpoint,
        token: metadata.token_endpoint,
        revocation: metadata.revocation_endpoint,
      };
    })().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  const credentials = async (): Promise<{ id: string; secret: string }> => {
    if (!external)
      return {
        id: CONSOLE_CLIENT_ID,
        secret: consoleClientSecret(await (deps.keys as SigningKeyStore).currentPrivateJwks()),
      };
    return { id: config.console.externalClientId as string, secret: config.console.externalClientSecret as string };
  };

  const tokenRequest = async (form: Record<string, string>): Promise<TokenSet> => {
    const { id, secret } = await credentials();
    const response = await fetch((await endpoints()).token, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new ConsoleSignInError(
        `the token endpoint refused the request (${response.status} ${body.error ?? ''})`.trim(),
      );
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 300,
    };
  };

  return {
    /** False with an external provider and no CONSOLE_OAUTH_CLIENT_ID/SECRET. */
    configured:
      !external || (config.console.externalClientId !== undefined && config.console.externalClientSecret !== undefined),

    async authorizationUrl(state: string, codeChallenge: string): Promise<string> {
      const { id } = await credentials();
      const url = new URL((await endpoints()).authorization);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: id,
        redirect_uri: consoleRedirectUri(config),
        scope: CONSOLE_REQUESTED_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        // Always ask who is there: a shared governance workstation must never carry the last person's sign-in over.
        // An external provider grants offline_access (the refresh token that keeps the session past the access token's
        // life and that sign-out revokes) only with consent asked (OpenID Connect Core §11; oidc-provider drops the
        // scope otherwise). The built-in provider asks for consent on every authorization anyway (the tenant is picked there).
        prompt: external ? 'login consent' : 'login',
      }).toString();
      return url.toString();
    },

    exchangeCode: (code: string, codeVerifier: string) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: consoleRedirectUri(config),
        code_verifier: codeVerifier,
      }),

    refresh: (refreshToken: string) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** RFC 7009; revoking a refresh token at the built-in provider ends its whole grant (its access tokens too). */
    async revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
      const endpoint = (await endpoints()).revocation;
      if (!endpoint) return;
      const { id, secret } = await credentials();
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new ConsoleSignInError(`the revocation endpoint answered ${response.status}`);
    },
  };
}

export type ConsoleOAuthClient = ReturnType<typeof createConsoleOAuthClient>;
