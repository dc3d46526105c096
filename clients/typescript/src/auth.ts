/**
 * How the client authenticates: an API key, an OAuth client's credentials (a token fetched and refreshed before it
 * expires), or a person's access token with a callback that refreshes it.
 */

export interface Authenticator {
  /** The `Authorization` header value for the next request. */
  authorization(context: AuthContext): Promise<string>;
  /** After a 401: drop what is cached and say whether a retry may succeed (a refreshed token). */
  unauthorized?(context: AuthContext): Promise<boolean>;
}

export interface AuthContext {
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  signal?: AbortSignal | undefined;
}

/** An API key (`dms_…`) from the administration area. */
export function apiKey(key: string): Authenticator {
  if (!key) throw new TypeError('apiKey: the key is empty');
  return { authorization: async () => `Bearer ${key}` };
}

export interface ClientCredentialsOptions {
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes (default: all the client was registered with). */
  scope?: string;
  /** The token endpoint (default: `/oauth2/token` on the client's base URL; an external provider's otherwise). */
  tokenUrl?: string;
  /** Refresh this many seconds before the token expires (default 60, or a tenth of a short lifetime). */
  refreshBeforeSeconds?: number;
}

interface CachedToken {
  value: string;
  /** Epoch ms after which a new one is fetched. */
  refreshAt: number;
}

/**
 * OAuth 2.0 client credentials (a service account): the token is fetched on first use, shared by concurrent requests,
 * and fetched again shortly before it expires (or after a 401).
 */
export function clientCredentials(options: ClientCredentialsOptions): Authenticator {
  let cached: CachedToken | undefined;
  let pending: Promise<CachedToken> | undefined;
  const fetchToken = async (context: AuthContext): Promise<CachedToken> => {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (options.scope) form.set('scope', options.scope);
    const basic = btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`);
    const url = new URL(options.tokenUrl ?? '/oauth2/token', context.baseUrl);
    const response = await context.fetch(
      new Request(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        ...(context.signal ? { signal: context.signal } : {}),
      }),
    );
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new Error(
        `the token endpoint refused the client credentials: ${response.status} ${body.error ?? ''} ${body.error_description ?? ''}`.trim(),
      );
    }
    const lifetime = body.expires_in ?? 3600;
    const before = options.refreshBeforeSeconds ?? Math.min(60, lifetime / 10);
    return { value: body.access_token, refreshAt: Date.now() + (lifetime - before) * 1000 };
  };
  return {
    async authorization(context) {
      if (!cached || Date.now() >= cached.refreshAt) {
        pending ??= fetchToken(context).finally(() => {
          pending = undefined;
        });
        cached = await pending;
      }
      return `Bearer ${cached.value}`;
    },
    async unauthorized() {
      cached = undefined;
      return true;
    },
  };
}

export interface UserTokenOptions {
  accessToken: string;
  /** When the access token expires (epoch ms or a Date); refreshed shortly before when given. */
  expiresAt?: number | Date;
  /** Gets a new access token (from your refresh token); called before expiry and after a 401. */
  refresh: () => Promise<{ accessToken: string; expiresAt?: number | Date }>;
  /** Refresh this many seconds before `expiresAt` (default 30). */
  refreshBeforeSeconds?: number;
}

/** A person's access token (authorization code with PKCE), refreshed through your callback. */
export function userToken(options: UserTokenOptions): Authenticator {
  let token = options.accessToken;
  let expiresAt = options.expiresAt === undefined ? undefined : Number(options.expiresAt);
  let pending: Promise<void> | undefined;
  const refresh = () => {
    pending ??= options
      .refresh()
      .then((next) => {
        token = next.accessToken;
        expiresAt = next.expiresAt === undefined ? undefined : Number(next.expiresAt);
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  return {
    async authorization() {
      if (expiresAt !== undefined && Date.now() >= expiresAt - (options.refreshBeforeSeconds ?? 30) * 1000)
        await refresh();
      return `Bearer ${token}`;
    },
    async unauthorized() {
      await refresh();
      return true;
    },
  };
}
