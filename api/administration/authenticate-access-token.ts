import { limitsFor } from '../../core/plans';
import type { Principal } from '../../core/principal';
import { scopesForRole } from '../../core/roles';
import { ALL_SCOPES, hasScope } from '../../core/scopes';
import { findOAuthClientById } from '../../db/repositories/oauth-clients';
import { grantExists } from '../../db/repositories/oidc-payloads';
import { accessTokenRevoked } from '../../db/repositories/revoked-access-tokens';
import { findActiveClientAccess, findUserAccess } from '../../db/repositories/token-access';
import { TokenRejected, type VerifiedAccessToken } from '../oauth/access-token-verifier';
import { CONSOLE_CLIENT_ID } from '../oauth/console-client';
import { invalidToken } from './credential-errors';
import type { AuthenticationDeps } from './deps';

/** What both a user's and a client's rights come to: granted by the token AND allowed by their current standing. */
const intersectScopes = (tokenScopes: readonly string[], allowed: readonly string[]) =>
  ALL_SCOPES.filter((scope) => hasScope(tokenScopes, scope) && hasScope(allowed, scope));

/** Built-in provider: a token revoked at /oauth2/token/revocation is listed by its jti until it expires. */
const revokedAtEndpoint = (deps: AuthenticationDeps, token: VerifiedAccessToken): Promise<boolean> =>
  token.tokenId && deps.builtInProvider ? accessTokenRevoked(deps.db, token.tokenId) : Promise.resolve(false);

/** A user's token: the grant and client still in force, the person still a member; their role caps the scopes. */
async function userPrincipal(deps: AuthenticationDeps, token: VerifiedAccessToken, user: string): Promise<Principal> {
  const [access, grantInForce, client, revoked] = await Promise.all([
    findUserAccess(deps.db, token.tenantId, user),
    token.grantId && deps.builtInProvider ? grantExists(deps.db, token.grantId) : Promise.resolve(true),
    token.clientId && deps.builtInProvider && token.clientId !== CONSOLE_CLIENT_ID
      ? findOAuthClientById(deps.db, token.clientId)
      : Promise.resolve(undefined),
    revokedAtEndpoint(deps, token),
  ]);
  if (!grantInForce || revoked) throw invalidToken('token_revoked', 'The access token has been revoked.');
  // The console is a platform client (api/oauth/console-client.ts), not a row of oauth_clients: it cannot be revoked.
  if (
    deps.builtInProvider &&
    token.clientId &&
    token.clientId !== CONSOLE_CLIENT_ID &&
    (!client || client.revoked_at !== null)
  ) {
    throw invalidToken('token_revoked', 'The OAuth client this token was issued to has been revoked.');
  }
  if (!access)
    throw invalidToken('invalid_token', 'The user of this access token is not an active member of its tenant.');
  return {
    tenantId: token.tenantId,
    actor: { type: 'user', id: access.user_id, ...(token.clientId ? { via_client: token.clientId } : {}) },
    scopes: intersectScopes(token.scopes, scopesForRole(access.role)),
    limits: limitsFor(access.plan, access.rate_limit_per_minute, access.rate_limit_per_day),
    // A person signed in through a pinned client acts in that client's environment.
    environmentId: client?.environment_id ?? null,
  };
}

/** A client's own token (client credentials): the client still active; its registered scopes cap the token's. */
async function clientPrincipal(
  deps: AuthenticationDeps,
  token: VerifiedAccessToken,
  clientId: string,
): Promise<Principal> {
  const [access, revoked] = await Promise.all([
    findActiveClientAccess(deps.db, token.tenantId, clientId),
    revokedAtEndpoint(deps, token),
  ]);
  if (revoked) throw invalidToken('token_revoked', 'The access token has been revoked.');
  if (!access)
    throw invalidToken(
      'token_revoked',
      'The OAuth client of this access token has been revoked or does not belong to its tenant.',
    );
  return {
    tenantId: token.tenantId,
    actor: { type: 'oauth_client', id: clientId },
    scopes: intersectScopes(token.scopes, access.scopes),
    limits: limitsFor(access.plan, access.rate_limit_per_minute, access.rate_limit_per_day),
    environmentId: access.environment_id,
  };
}

/** An OAuth access token (built-in or external provider), checked against the holder's current standing. */
export async function authenticateAccessToken(deps: AuthenticationDeps, raw: string): Promise<Principal> {
  let token: VerifiedAccessToken;
  try {
    token = await deps.accessTokens.verify(raw);
  } catch (error) {
    if (error instanceof TokenRejected) throw invalidToken(error.code, error.message);
    throw error;
  }
  if (token.user !== undefined) return userPrincipal(deps, token, token.user);
  if (token.clientId !== undefined && deps.builtInProvider) return clientPrincipal(deps, token, token.clientId);
  throw invalidToken('invalid_token', 'The access token names neither a user nor a client.');
}
