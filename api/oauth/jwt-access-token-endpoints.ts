import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { default as Provider, Client, KoaContextWithOIDC } from 'oidc-provider' with {
  'resolution-mode': 'import',
};
import { grantExists } from '../../db/repositories/oidc-payloads';
import { accessTokenRevoked, recordRevokedAccessToken } from '../../db/repositories/revoked-access-tokens';
import {
  CLOCK_TOLERANCE_SECONDS,
  TokenRejected,
  type AccessTokenVerifier,
  type VerifiedAccessToken,
} from './access-token-verifier';

/**
 * Who may act on a token issued to which client. The provider's allowedPolicy for its stored (refresh) tokens and the
 * JWT access token handling here use the same functions, so both kinds of token follow one rule.
 */
export interface TokenEndpointPolicies {
  /** false: the revocation answers 200 without effect; an oidc-provider error thrown refuses the request with it. */
  mayRevoke(client: Client, tokenClientId: string | undefined): boolean;
  /** false: the introspection answers `{ active: false }`. */
  mayIntrospect(client: Client, tokenClientId: string | undefined): boolean;
}

export interface JwtAccessTokenEndpointDeps {
  db: Knex;
  /** The API's own verifier for the built-in provider's tokens: a token it refuses is neither active nor revocable. */
  verifier: AccessTokenVerifier;
  policies: TokenEndpointPolicies;
}

/** oidc-provider's errors carry the RFC 6749 error code and its HTTP status. */
interface OAuthError {
  error: string;
  error_description?: string;
  statusCode: number;
}

const isOAuthError = (error: unknown): error is OAuthError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as OAuthError).error === 'string' &&
  typeof (error as OAuthError).statusCode === 'number';

/** The token the client presented, if it is one of ours, live, and well formed; undefined for anything else. */
async function verifiedOrUndefined(
  verifier: AccessTokenVerifier,
  raw: string,
): Promise<VerifiedAccessToken | undefined> {
  try {
    return await verifier.verify(raw);
  } catch (error) {
    if (error instanceof TokenRejected) return undefined;
    throw error;
  }
}

/** RFC 7009: 200 for a revoked token and alike for an invalid, expired or unknown one (§2.2), so nothing is learnt. */
async function revokeAccessToken(
  ctx: KoaContextWithOIDC,
  deps: JwtAccessTokenEndpointDeps,
  raw: string,
): Promise<void> {
  const token = await verifiedOrUndefined(deps.verifier, raw);
  if (
    token?.tokenId &&
    token.clientId &&
    token.claims.exp &&
    deps.policies.mayRevoke(ctx.oidc.client as Client, token.clientId)
  ) {
    await recordRevokedAccessToken(deps.db, {
      jti: token.tokenId,
      tenantId: token.tenantId,
      clientId: token.clientId,
      // The API still accepts the token within its clock tolerance past exp, so the row must last as long.
      expiresAt: new Date((token.claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000),
    });
  }
  ctx.status = 200;
  ctx.body = '';
  ctx.type = 'text/plain';
}

/** RFC 7662: the token's claims while the API would accept it; `{ active: false }` for anything else, whatever the reason. */
async function introspectAccessToken(
  ctx: KoaContextWithOIDC,
  deps: JwtAccessTokenEndpointDeps,
  raw: string,
): Promise<void> {
  const token = await verifiedOrUndefined(deps.verifier, raw);
  let active = token !== undefined && deps.policies.mayIntrospect(ctx.oidc.client as Client, token.clientId);
  if (active && token) {
    const [revoked, grantInForce] = await Promise.all([
      token.tokenId ? accessTokenRevoked(deps.db, token.tokenId) : Promise.resolve(false),
      token.grantId ? grantExists(deps.db, token.grantId) : Promise.resolve(true),
    ]);
    active = !revoked && grantInForce;
  }
  ctx.status = 200;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = active && token ? { ...token.claims, active: true, token_type: 'Bearer' } : { active: false };
}

/**
 * oidc-provider answers `unsupported_token_type` for any JWT at revocation and introspection: it can only find and
 * destroy tokens it stored, and JWT access tokens are not stored. It still does everything before that check itself
 * (body parsing, client authentication by the client's registered method, duplicate parameters, token presence), so
 * this lets it, and only when the token's format was its one objection answers for the JWT access token here: a
 * revoked token is listed by its jti until it expires, which the API and introspection both consult.
 */
export function answerForJwtAccessTokens(provider: Provider, deps: JwtAccessTokenEndpointDeps): void {
  const refusedForFormat = new WeakSet<object>();
  const rememberFormatRefusal = (ctx: KoaContextWithOIDC, error: { error?: string }) => {
    if (error.error === 'unsupported_token_type') refusedForFormat.add(ctx);
  };
  provider.on('revocation.error', rememberFormatRefusal);
  provider.on('introspection.error', rememberFormatRefusal);

  provider.use(async (koaCtx: Context, next) => {
    await next();
    if (!refusedForFormat.has(koaCtx)) return;
    const ctx = koaCtx as unknown as KoaContextWithOIDC;
    const raw = String(ctx.oidc.params?.token);
    try {
      if (ctx.oidc.route === 'revocation') await revokeAccessToken(ctx, deps, raw);
      else await introspectAccessToken(ctx, deps, raw);
    } catch (error) {
      if (isOAuthError(error)) {
        ctx.status = error.statusCode;
        ctx.body = {
          error: error.error,
          ...(error.error_description ? { error_description: error.error_description } : {}),
        };
        return;
      }
      // Answered like the provider's own failures: logged through its server_error event, nothing internal exposed.
      provider.emit('server_error', ctx, error);
      ctx.status = 500;
      ctx.body = { error: 'server_error', error_description: 'oops! something went wrong' };
    }
  });
}
