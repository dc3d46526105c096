import type { Knex } from 'knex';
import { AppError } from '../../core/app-error';
import type { ErrorCodeWithStatus } from '../../core/errors';
import { parseApiKey, secretMatches } from '../../core/api-key-secret';
import { limitsFor } from '../../core/plans';
import type { Principal } from '../../core/principal';
import { findApiKeyCredentials, touchApiKeyLastUsed } from '../../db/repositories/api-keys';
import type { Logger } from '../../core/logger';
import type { ApiKeyCache } from './api-key-cache';
import { ALL_SCOPES, hasScope } from '../../core/scopes';
import { scopesForRole } from '../../core/roles';
import { findOAuthClientById } from '../../db/repositories/oauth-clients';
import { grantExists } from '../../db/repositories/oidc-payloads';
import { accessTokenRevoked } from '../../db/repositories/revoked-access-tokens';
import { findActiveClientAccess, findUserAccess } from '../../db/repositories/token-access';
import { CONSOLE_CLIENT_ID } from '../oauth/console-client';
import { TokenRejected, type AccessTokenVerifier, type VerifiedAccessToken } from '../oauth/access-token-verifier';

const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' };

/** A 401 with the Bearer challenge (also what a dedicated host answers for another tenant's key). */
export function unauthorized(code: ErrorCodeWithStatus<401>, detail: string): AppError {
  return new AppError(code, detail, { headers: BEARER_CHALLENGE });
}

/** RFC 6750 §3: a refused access token names the error in the challenge as well as in our problem+json body. */
export function invalidToken(code: ErrorCodeWithStatus<401>, detail: string): AppError {
  const description = detail.replace(/["\\]/g, '');
  return new AppError(code, detail, {
    headers: { 'WWW-Authenticate': `Bearer realm="api", error="invalid_token", error_description="${description}"` },
  });
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/** What both a user's and a client's rights come to: granted by the token AND allowed by their current standing. */
const intersectScopes = (tokenScopes: readonly string[], allowed: readonly string[]) =>
  ALL_SCOPES.filter((scope) => hasScope(tokenScopes, scope) && hasScope(allowed, scope));

const LAST_USED_PRECISION_MS = 60_000;

export function createAuthenticationService(deps: {
  db: Knex;
  logger: Logger;
  cache: ApiKeyCache;
  /** Checks OAuth access tokens (built-in or external provider). */
  accessTokens: AccessTokenVerifier;
  /** Built-in provider: its grants and clients live here and are checked per request too. */
  builtInProvider: boolean;
}) {
  const loadCredentials = async (keyId: string, now: number) => {
    const cached = deps.cache.get(keyId, now);
    if (cached) return cached;
    const loaded = await findApiKeyCredentials(deps.db, keyId);
    if (loaded) deps.cache.set(loaded, now);
    return loaded;
  };

  /** Built-in provider: a token revoked at /oauth2/token/revocation is listed by its jti until it expires. */
  const revokedAtEndpoint = (token: VerifiedAccessToken): Promise<boolean> =>
    token.tokenId && deps.builtInProvider ? accessTokenRevoked(deps.db, token.tokenId) : Promise.resolve(false);

  const userPrincipal = async (token: VerifiedAccessToken, user: string): Promise<Principal> => {
    const [access, grantInForce, client, revoked] = await Promise.all([
      findUserAccess(deps.db, token.tenantId, user),
      token.grantId && deps.builtInProvider ? grantExists(deps.db, token.grantId) : Promise.resolve(true),
      token.clientId && deps.builtInProvider && token.clientId !== CONSOLE_CLIENT_ID ? findOAuthClientById(deps.db, token.clientId) : Promise.resolve(undefined),
      revokedAtEndpoint(token),
    ]);
    if (!grantInForce || revoked) throw invalidToken('token_revoked', 'The access token has been revoked.');
    // The console is a platform client (api/oauth/console-client.ts), not a row of oauth_clients: it cannot be revoked.
    if (deps.builtInProvider && token.clientId && token.clientId !== CONSOLE_CLIENT_ID && (!client || client.revoked_at !== null)) {
      throw invalidToken('token_revoked', 'The OAuth client this token was issued to has been revoked.');
    }
    if (!access) throw invalidToken('invalid_token', 'The user of this access token is not an active member of its tenant.');
    return {
      tenantId: token.tenantId,
      actor: { type: 'user', id: access.user_id, ...(token.clientId ? { via_client: token.clientId } : {}) },
      scopes: intersectScopes(token.scopes, scopesForRole(access.role)),
      limits: limitsFor(access.plan, access.rate_limit_per_minute, access.rate_limit_per_day),
    };
  };

  const clientPrincipal = async (token: VerifiedAccessToken, clientId: string): Promise<Principal> => {
    const [access, revoked] = await Promise.all([findActiveClientAccess(deps.db, token.tenantId, clientId), revokedAtEndpoint(token)]);
    if (revoked) throw invalidToken('token_revoked', 'The access token has been revoked.');
    if (!access) throw invalidToken('token_revoked', 'The OAuth client of this access token has been revoked or does not belong to its tenant.');
    return {
      tenantId: token.tenantId,
      actor: { type: 'oauth_client', id: clientId },
      scopes: intersectScopes(token.scopes, access.scopes),
      limits: limitsFor(access.plan, access.rate_limit_per_minute, access.rate_limit_per_day),
    };
  };

  const authenticateAccessToken = async (raw: string): Promise<Principal> => {
    let token: VerifiedAccessToken;
    try {
      token = await deps.accessTokens.verify(raw);
    } catch (error) {
      if (error instanceof TokenRejected) throw invalidToken(error.code, error.message);
      throw error;
    }
    if (token.user !== undefined) return userPrincipal(token, token.user);
    if (token.clientId !== undefined && deps.builtInProvider) return clientPrincipal(token, token.clientId);
    throw invalidToken('invalid_token', 'The access token names neither a user nor a client.');
  };

  return {
    async authenticate(authorization: string | undefined): Promise<Principal> {
      if (!authorization) {
        throw unauthorized('authentication_required', 'Send an API key or an OAuth access token as "Authorization: Bearer <credential>".');
      }
      const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
      if (!match) throw unauthorized('invalid_authorization_header', 'The Authorization header must be "Bearer <API key or access token>".');
      if (!(match[1] as string).startsWith('dms_') && JWT_SHAPE.test(match[1] as string)) return authenticateAccessToken(match[1] as string);
      const parsed = parseApiKey(match[1] as string);
      if (!parsed) throw unauthorized('invalid_api_key', 'The API key is malformed or unknown.');
      const now = Date.now();
      const credentials = await loadCredentials(parsed.keyId, now);
      const currentSecret = credentials && secretMatches(parsed.secret, credentials.secret_hash);
      const previousSecret =
        credentials &&
        !currentSecret &&
        credentials.previous_secret_expires_at !== null &&
        credentials.previous_secret_expires_at.getTime() > now &&
        secretMatches(parsed.secret, credentials.previous_secret_hash);
      // One answer for "no such key" and "wrong secret": nothing to learn about which ids exist.
      if (!credentials || (!currentSecret && !previousSecret)) {
        throw unauthorized('invalid_api_key', 'The API key is malformed or unknown.');
      }
      if (credentials.revoked_at !== null) throw unauthorized('api_key_revoked', 'The API key has been revoked.');
      if (credentials.expires_at !== null && credentials.expires_at.getTime() <= now) {
        throw unauthorized('api_key_expired', `The API key expired at ${credentials.expires_at.toISOString()}.`);
      }
      if (credentials.last_used_at === null || now - credentials.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
        credentials.last_used_at = new Date(now);
        touchApiKeyLastUsed(deps.db, credentials.id).catch((err: unknown) =>
          deps.logger.warn({ err, key_id: credentials.id }, 'could not record API key use'),
        );
      }
      return {
        tenantId: credentials.tenant_id,
        actor: { type: 'api_key', id: credentials.id },
        scopes: credentials.scopes,
        limits: limitsFor(credentials.plan, credentials.rate_limit_per_minute, credentials.rate_limit_per_day),
      };
    },
  };
}

export type AuthenticationService = ReturnType<typeof createAuthenticationService>;
