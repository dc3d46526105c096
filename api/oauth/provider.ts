import type { Knex } from 'knex';
import type { default as Provider, AdapterPayload, Configuration, JWKS } from 'oidc-provider' with {
  'resolution-mode': 'import',
};
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { clientSecretMatches } from '../../core/client-secret';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import { ALL_SCOPES } from '../../core/scopes';
import { findUserById } from '../../db/repositories/users';
import { findGrantTenant } from '../../db/repositories/oidc-payloads';
import { SIGNING_ALG } from '../../db/repositories/signing-keys';
import { createBuiltInTokenVerifier } from './access-token-verifier';
import { createOidcAdapter, OPENID_SCOPES } from './adapter';
import { CONSOLE_CLIENT_ID, consoleClientMetadata } from './console-client';
import { answerForJwtAccessTokens, type TokenEndpointPolicies } from './jwt-access-token-endpoints';
import { clientMayCallFrom, crossOriginPolicy } from './cross-origin';
import { renderErrorPage, renderSignedOutPage, renderSignOutPage, signOutForm } from './pages';
import { cookieKeysFrom, type SigningKeyStore } from './signing-key-store';

/** Every endpoint of the built-in provider lives under this prefix; discovery is at /.well-known/openid-configuration. */
export const OAUTH_PREFIX = '/oauth2';
export const INTERACTION_PREFIX = `${OAUTH_PREFIX}/interaction`;

const ROUTES = {
  authorization: `${OAUTH_PREFIX}/auth`,
  token: `${OAUTH_PREFIX}/token`,
  jwks: `${OAUTH_PREFIX}/jwks`,
  revocation: `${OAUTH_PREFIX}/token/revocation`,
  introspection: `${OAUTH_PREFIX}/token/introspection`,
  userinfo: `${OAUTH_PREFIX}/me`,
  end_session: `${OAUTH_PREFIX}/session/end`,
  pushed_authorization_request: `${OAUTH_PREFIX}/par`,
  backchannel_authentication: `${OAUTH_PREFIX}/backchannel`,
  code_verification: `${OAUTH_PREFIX}/device`,
  device_authorization: `${OAUTH_PREFIX}/device/auth`,
  registration: `${OAUTH_PREFIX}/reg`,
  challenge: `${OAUTH_PREFIX}/challenge`,
};

/** A grant (a user's consent to one client for one tenant) ends after a year at the latest, however often it is refreshed. */
const GRANT_MAX_SECONDS = 365 * 86_400;
const AUTHORIZATION_CODE_SECONDS = 60;
const INTERACTION_SECONDS = 10 * 60;
const SESSION_SECONDS = 8 * 3600;

export interface BuiltInProviderDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  keys: SigningKeyStore;
}

/**
 * The built-in OpenID provider (oidc-provider), configured for this API: authorization code with PKCE, client
 * credentials, rotating refresh tokens, JWT access tokens for the one resource server (the API, `aud` =
 * `${publicBaseUrl}/api/v1`) carrying `tenant_id`, revocation and introspection of access and refresh tokens for the
 * confidential client they were issued to. Built for one set of signing keys; see createProviderHolder for rotation.
 */
export async function buildProvider(deps: BuiltInProviderDeps, privateJwks: JWKS['keys']): Promise<Provider> {
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const { config, db } = deps;
  const audience = config.oauth.audience;
  const apiScopes = new Set(ALL_SCOPES);
  // Public clients can neither revoke nor introspect; a confidential client only the tokens issued to itself (another
  // client, maybe another tenant's, learns nothing about them).
  const tokenEndpointPolicies: TokenEndpointPolicies = {
    mayRevoke(client, tokenClientId) {
      if (client.clientAuthMethod === 'none') return false;
      if (tokenClientId !== client.clientId)
        throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
      return true;
    },
    mayIntrospect: (client, tokenClientId) => client.clientAuthMethod !== 'none' && tokenClientId === client.clientId,
  };

  const configuration: Configuration = {
    adapter: createOidcAdapter(db, (id) =>
      id === CONSOLE_CLIENT_ID
        ? (consoleClientMetadata(config, privateJwks as JWK[]) as unknown as AdapterPayload)
        : undefined,
    ),
    clients: [],
    jwks: { keys: privateJwks },
    routes: ROUTES,
    scopes: [...OPENID_SCOPES, ...ALL_SCOPES],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    extraParams: ['tenant_id'],
    extraClientMetadata: { properties: ['tenant_id'] },
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG] },
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: SIGNING_ALG,
    },
    // PKCE (S256, the only method oidc-provider supports) for every authorization code client, not only public ones.
    pkce: { required: () => true },
    cookies: {
      keys: cookieKeysFrom(privateJwks as never),
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    // Only the grant made by this authorization's own consent counts, never an earlier one of the session: consent is
    // asked on every authorization because that is where the user picks the tenant of the new grant.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    // Refresh tokens go to every client registered for the refresh_token grant (no offline_access/prompt=consent dance).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Always rotate; presenting a rotated-out refresh token again revokes the whole grant (oidc-provider's reuse detection).
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.oauth.accessTokenTtlSeconds,
      ClientCredentials: config.oauth.accessTokenTtlSeconds,
      IdToken: config.oauth.accessTokenTtlSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_SECONDS,
      RefreshToken: config.oauth.refreshTokenTtlSeconds,
      Grant: GRANT_MAX_SECONDS,
      Interaction: INTERACTION_SECONDS,
      Session: SESSION_SECONDS,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // These cover the tokens the provider stores (refresh tokens); JWT access tokens: answerForJwtAccessTokens below.
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => tokenEndpointPolicies.mayIntrospect(client, token.clientId),
      },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => tokenEndpointPolicies.mayRevoke(client, token.clientId),
      },
      userinfo: { enabled: true },
      // Signing out takes a press of the page's button (a POST with the provider's anti-forgery token); see
      // requireConfirmedSignOut for the case the provider would submit by itself.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = renderSignOutPage(form, true);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = renderSignedOutPage(ctx.oidc.client?.clientName ?? undefined);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator, client) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          const clientScopes = (client.scope ?? '').split(' ').filter((scope) => apiScopes.has(scope));
          return {
            scope: clientScopes.join(' '),
            audience,
            accessTokenTTL: config.oauth.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    extraTokenClaims: async (ctx, token) => {
      if (token.kind === 'ClientCredentials') {
        return { tenant_id: (ctx.oidc.client?.metadata() as { tenant_id?: string } | undefined)?.tenant_id };
      }
      const grantId = (token as { grantId?: string }).grantId;
      if (!grantId) return undefined;
      // grant_id lets the API refuse a token at once when its grant is revoked (refresh token reuse, revocation).
      return { tenant_id: await findGrantTenant(db, grantId), grant_id: grantId };
    },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      if (!user || user.disabled_at !== null) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, email: user.email, email_verified: false, name: user.display_name }),
      };
    },
    clientBasedCORS: (ctx, origin, client) => clientMayCallFrom(client, origin),
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
  };

  const provider = new ProviderClass(config.publicBaseUrl, configuration);
  provider.proxy = config.oauth.trustProxy;
  // Only a hash of each client secret is stored, so compare the hash of what the client presents.
  provider.Client.prototype.compareClientSecret = function compareHashedClientSecret(actual: string) {
    return clientSecretMatches(actual, this.clientSecret);
  };
  provider.use(crossOriginPolicy({ db, publicDocumentPaths: ['/.well-known/openid-configuration', ROUTES.jwks] }));
  provider.use(requireConfirmedSignOut);
  provider.on('server_error', (_ctx, error) => deps.logger.error({ err: error }, 'OpenID provider error'));
  answerForJwtAccessTokens(provider, {
    db,
    verifier: createBuiltInTokenVerifier({ keys: deps.keys, issuer: config.publicBaseUrl, audience }),
    policies: tokenEndpointPolicies,
  });
  return provider;
}

/**
 * Without a signed-in account, oidc-provider answers the sign-out request with a page that submits the confirmation
 * by itself (a script posting its form): a sign-out no one asked for, which another site could start with a link.
 * That answer is replaced by the same question as for a signed-in person, with the same form, submitted only by a press.
 */
const requireConfirmedSignOut: Parameters<Provider['use']>[0] = async (ctx, next) => {
  await next();
  const oidc = (
    ctx as {
      oidc?: {
        route?: string;
        session?: { accountId?: string; state?: { secret?: string } };
        urlFor: (name: string) => string;
      };
    }
  ).oidc;
  if (oidc?.route !== 'end_session' || ctx.status !== 200 || oidc.session?.accountId) return;
  const xsrf = oidc.session?.state?.secret;
  if (!xsrf) return;
  ctx.type = 'html';
  ctx.body = renderSignOutPage(signOutForm(oidc.urlFor('end_session_confirm'), xsrf), false);
};

/**
 * Hands out the provider for the current signing keys, rebuilding it when a rotation (in any process) changed them.
 * All provider state is in Postgres, so a rebuilt provider carries on where the old one stopped.
 */
export function createProviderHolder(deps: BuiltInProviderDeps) {
  let current: { fingerprint: string; provider: Promise<Provider> } | undefined;
  return {
    async provider(): Promise<Provider> {
      const jwks = await deps.keys.currentPrivateJwks();
      const fingerprint = jwks.map((jwk) => jwk.kid).join(',');
      if (current?.fingerprint !== fingerprint)
        current = { fingerprint, provider: buildProvider(deps, jwks as JWKS['keys']) };
      return current.provider;
    },
  };
}

export type ProviderHolder = ReturnType<typeof createProviderHolder>;
