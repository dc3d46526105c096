import crypto from 'node:crypto';
import { ConnectorError, type ConnectorEnvironment } from './connector';
import { requestJson } from './http-json';

/**
 * OAuth 2.0 client credentials grant (RFC 6749 §4.4) for connectors. The token request is a form POST through the
 * same SSRF-checked, DNS-pinned client as every source request. The client authenticates with HTTP Basic
 * (`client_secret_basic`, which RFC 6749 §2.3.1 requires every authorization server to support; id and secret are
 * form-urlencoded before base64, as the RFC says) unless the configuration asks for `client_secret_post` (both in the
 * form body). Tokens are cached per process, per (token URL, client id, scopes, secret), until shortly before
 * `expires_in` runs out; a source that refuses a cached token with 401 makes the caller `invalidate` it and ask again.
 * Neither the secret nor a token ever goes into an error message.
 */
export interface ClientCredentialsGrant {
  token_url: string;
  client_id: string;
  scopes?: string[];
  client_auth?: 'client_secret_basic' | 'client_secret_post';
}

/** Lifetime assumed when the token answer has no `expires_in`. */
const DEFAULT_LIFETIME_S = 300;
/** A token is renewed this long before it expires (at most), so a request never leaves with one about to lapse. */
const MAX_RENEWAL_MARGIN_MS = 30_000;
const MAX_CACHED_TOKENS = 500;

interface CachedToken {
  accessToken: string;
  renewAt: number;
}

const tokens = new Map<string, CachedToken>();
const pending = new Map<string, Promise<CachedToken>>();

function cacheKey(grant: ClientCredentialsGrant, clientSecret: string): string {
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        grant.token_url,
        grant.client_id,
        [...(grant.scopes ?? [])].sort(),
        grant.client_auth ?? 'client_secret_basic',
        clientSecret,
      ]),
    )
    .digest('hex');
}

const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

async function requestToken(
  grant: ClientCredentialsGrant,
  clientSecret: string,
  env: ConnectorEnvironment,
): Promise<CachedToken> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (grant.scopes && grant.scopes.length > 0) form.set('scope', grant.scopes.join(' '));
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if ((grant.client_auth ?? 'client_secret_basic') === 'client_secret_basic') {
    headers.authorization = `Basic ${Buffer.from(`${formEncode(grant.client_id)}:${formEncode(clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', grant.client_id);
    form.set('client_secret', clientSecret);
  }
  let body: unknown;
  try {
    ({ body } = await requestJson(grant.token_url, { method: 'POST', headers, body: form.toString() }, env));
  } catch (error) {
    if (error instanceof ConnectorError)
      throw new ConnectorError(`the OAuth token request failed: ${error.message}`, error.options);
    throw error;
  }
  const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof answer.access_token !== 'string' || answer.access_token === '')
    throw new ConnectorError('the OAuth token endpoint answered without an access_token');
  if (typeof answer.token_type === 'string' && answer.token_type.toLowerCase() !== 'bearer') {
    throw new ConnectorError(
      `the OAuth token endpoint issued a token of type ${answer.token_type.slice(0, 40)}, not bearer`,
    );
  }
  const lifetimeMs =
    (typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_LIFETIME_S) * 1000;
  return {
    accessToken: answer.access_token,
    renewAt: Date.now() + lifetimeMs - Math.min(MAX_RENEWAL_MARGIN_MS, lifetimeMs / 10),
  };
}

export interface TokenSource {
  /** A valid access token: the cached one, or a new one from the token endpoint. */
  token(): Promise<string>;
  /** Forgets a token the source refused (if it is still the cached one), so the next `token()` asks for a new one. */
  invalidate(accessToken: string): void;
}

export function clientCredentialsTokenSource(
  grant: ClientCredentialsGrant,
  clientSecret: string,
  env: ConnectorEnvironment,
): TokenSource {
  const key = cacheKey(grant, clientSecret);
  return {
    async token() {
      const cached = tokens.get(key);
      if (cached && cached.renewAt > Date.now()) return cached.accessToken;
      let request = pending.get(key);
      if (!request) {
        // Concurrent reads with the same client share one token request.
        request = requestToken(grant, clientSecret, env).finally(() => pending.delete(key));
        pending.set(key, request);
      }
      const fresh = await request;
      tokens.delete(key);
      if (tokens.size >= MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value as string);
      tokens.set(key, fresh);
      return fresh.accessToken;
    },
    invalidate(accessToken) {
      if (tokens.get(key)?.accessToken === accessToken) tokens.delete(key);
    },
  };
}
