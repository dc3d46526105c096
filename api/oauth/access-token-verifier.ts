import type { JWTPayload, JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };
import { identityProviderUnavailable } from '../../core/errors';
import { SIGNING_ALG } from '../../db/repositories/signing-keys';
import type { SigningKeyStore } from './signing-key-store';

/** Seconds of clock difference tolerated between the token's issuer and this server. */
export const CLOCK_TOLERANCE_SECONDS = 5;
/** How soon an unknown kid may trigger another JWKS fetch from an external provider (jose's default is 30 s). */
const JWKS_REFETCH_COOLDOWN_MS = 5000;
/** Asymmetric algorithms only: never `none`, never HMAC (whose "key" a verifier would have to share). */
const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** The claims the API acts on, whichever provider issued the token. */
export interface VerifiedAccessToken {
  tenantId: string;
  scopes: string[];
  /** The OAuth client the token was issued to, if the token names it. */
  clientId: string | undefined;
  /** A user token: the user (id, or for external providers the configured claim's value); undefined for a service token. */
  user: string | undefined;
  /** Built-in provider: the grant, so a revoked grant stops its live tokens at once. */
  grantId: string | undefined;
  /** The token's `jti`: a built-in token revoked at the revocation endpoint is refused by it. */
  tokenId: string | undefined;
  /** Every claim of the verified token (introspection answers with them). */
  claims: JWTPayload;
}

export class TokenRejected extends Error {
  constructor(
    readonly code: 'invalid_token' | 'token_expired',
    detail: string,
  ) {
    super(detail);
  }
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifiedAccessToken>;
}

const scopesOf = (payload: JWTPayload): string[] => {
  if (typeof payload.scope === 'string') return payload.scope.split(' ').filter(Boolean);
  if (Array.isArray(payload.scp)) return payload.scp.filter((s): s is string => typeof s === 'string');
  return [];
};

const stringClaim = (payload: JWTPayload, name: string): string | undefined => {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

async function verifyJwt(
  token: string,
  key: JWTVerifyGetKey,
  options: { issuer: string; audience: string; algorithms: string[]; typ?: string },
): Promise<JWTPayload> {
  const { errors: joseErrors, jwtVerify } = await import('jose');
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: options.algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
      ...(options.typ ? { typ: options.typ } : {}),
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new TokenRejected('token_expired', 'The access token has expired.');
    if (error instanceof joseErrors.JOSEError || error instanceof Error) {
      throw new TokenRejected(
        'invalid_token',
        'The access token is malformed, not signed by a trusted key, or not meant for this API.',
      );
    }
    throw error;
  }
}

/** Tokens of the built-in provider, checked against its keys in memory (no HTTP round trip to our own JWKS). */
export function createBuiltInTokenVerifier(deps: {
  keys: SigningKeyStore;
  issuer: string;
  audience: string;
}): AccessTokenVerifier {
  const getKey: JWTVerifyGetKey = (header) => deps.keys.verificationKeyFor(header);
  return {
    async verify(token) {
      // RFC 9068 typ: an ID token (typ JWT) signed by the same key can never pass as an access token.
      const payload = await verifyJwt(token, getKey, {
        issuer: deps.issuer,
        audience: deps.audience,
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
      });
      const tenantId = stringClaim(payload, 'tenant_id');
      const clientId = stringClaim(payload, 'client_id');
      if (!tenantId) throw new TokenRejected('invalid_token', 'The access token names no tenant.');
      // Client-credentials tokens have the client as subject; user tokens the user.
      const serviceToken = clientId !== undefined && payload.sub === clientId;
      return {
        tenantId,
        scopes: scopesOf(payload),
        clientId,
        user: serviceToken ? undefined : payload.sub,
        grantId: stringClaim(payload, 'grant_id'),
        tokenId: stringClaim(payload, 'jti'),
        claims: payload,
      };
    },
  };
}

interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
}

/**
 * Tokens of an external OpenID provider: discovery once (retried on failure), its JWKS through jose's remote key set,
 * which caches keys and refetches when a token names a key it has not seen (the provider rotated).
 */
export function createExternalTokenVerifier(deps: {
  issuer: string;
  audience: string;
  tenantClaim: string;
  userClaim: string;
  onDiscoveryError: (error: unknown) => void;
}): AccessTokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const url = `${deps.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const metadata = (await response.json()) as DiscoveryDocument;
    if (metadata.issuer !== deps.issuer)
      throw new Error(`discovery names issuer ${metadata.issuer}, expected ${deps.issuer}`);
    const { createRemoteJWKSet } = await import('jose');
    // A token naming an unknown kid (the provider rotated) refetches the JWKS, at most once per cooldown.
    return createRemoteJWKSet(new URL(metadata.jwks_uri), {
      cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
      timeoutDuration: 5000,
    });
  };
  const keys = async (): Promise<JWTVerifyGetKey> => {
    keySet ??= discover().catch((error: unknown) => {
      keySet = undefined;
      deps.onDiscoveryError(error);
      throw identityProviderUnavailable();
    });
    return keySet;
  };

  return {
    async verify(token) {
      const getKey = await keys();
      const payload = await verifyJwt(token, getKey, {
        issuer: deps.issuer,
        audience: deps.audience,
        algorithms: EXTERNAL_ALGORITHMS,
      });
      const tenantId = stringClaim(payload, deps.tenantClaim);
      const user = stringClaim(payload, deps.userClaim);
      if (!tenantId)
        throw new TokenRejected(
          'invalid_token',
          `The access token has no "${deps.tenantClaim}" claim naming the tenant.`,
        );
      if (!user)
        throw new TokenRejected('invalid_token', `The access token has no "${deps.userClaim}" claim naming the user.`);
      return {
        tenantId,
        scopes: scopesOf(payload),
        clientId: stringClaim(payload, 'client_id') ?? stringClaim(payload, 'azp'),
        user,
        grantId: undefined,
        tokenId: stringClaim(payload, 'jti'),
        claims: payload,
      };
    },
  };
}
