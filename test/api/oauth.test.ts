import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../core/passwords';
import type { Role } from '../../core/roles';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { deleteExpiredOidcPayloads } from '../../db/repositories/oidc-payloads';
import { deleteExpiredRevokedAccessTokens } from '../../db/repositories/revoked-access-tokens';
import { rotateSigningKey } from '../../db/repositories/signing-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createBrowser, formAction } from '../helpers/browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const loadOidc = () => import('openid-client');
type Oidc = Awaited<ReturnType<typeof loadOidc>>;
type OidcConfiguration = InstanceType<Oidc['Configuration']>;

const PASSWORD = 'correct horse battery staple';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

const decodeJwt = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'));
const decodeHeader = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString('utf8'));

describe('OAuth 2.0: built-in provider, client registration and token authentication', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  let oidc: Oidc;
  let analyst: { id: string; email: string };
  let webClient: { client_id: string; client_secret: string };
  let serviceClient: { client_id: string; client_secret: string; id: string };

  const addUser = async (email: string, memberships: Array<[string, Role]>) => {
    const { user } = await findOrCreateUser(stack.db, {
      email,
      displayName: email.split('@')[0] as string,
      passwordHash: await hashPassword(PASSWORD),
    });
    for (const [tenantId, role] of memberships) {
      await inTenantTransaction(stack.db, tenantId, (scope) =>
        insertMembership(scope, user.id, role, { type: 'system', id: 'test' }),
      );
    }
    return { id: user.id, email: user.email };
  };

  const registerClient = async (tenant: TestTenant, body: Record<string, unknown>) => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', { key: tenant.key, body });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body;
  };

  const discover = (clientId: string, secret?: string): Promise<OidcConfiguration> =>
    oidc.discovery(new URL(stack.baseUrl), clientId, secret, secret ? undefined : oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });

  /** A full browser-style authorization code flow with PKCE: login form, consent form, code exchange by openid-client. */
  const authorize = async (options: {
    clientId: string;
    secret: string;
    email: string;
    scope: string;
    tenantId?: string;
    chooseTenant?: string;
  }) => {
    const config = await discover(options.clientId, options.secret);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: options.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(options.tenantId ? { tenant_id: options.tenantId } : {}),
    });
    const browser = createBrowser();
    let response = await browser.request(url.toString());
    assert.equal(response.status, 303);
    const loginPage = await browser.request(response.location as string);
    assert.match(loginPage.html, /<label for="password">/);
    response = await browser.request(formAction(loginPage.html, stack.baseUrl), {
      form: { email: options.email, password: PASSWORD },
    });
    assert.equal(response.status, 303, response.html);
    response = await browser.request(response.location as string);
    assert.equal(response.status, 303);
    const consentPage = await browser.request(response.location as string);
    assert.equal(consentPage.status, 200, consentPage.html);
    const tenantField = /name="tenant_id" value="([^"]+)"/.exec(consentPage.html);
    const tenantId = options.chooseTenant ?? tenantField?.[1];
    response = await browser.request(formAction(consentPage.html, stack.baseUrl, '/confirm'), {
      form: { tenant_id: tenantId as string },
    });
    assert.equal(response.status, 303, response.html);
    response = await browser.request(response.location as string);
    assert.equal(response.status, 303, response.html);
    assert.ok(response.location?.startsWith(REDIRECT_URI), response.location);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(response.location as string), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return { config, tokens, consentPage };
  };

  before(async () => {
    oidc = await loadOidc();
    stack = await startTestStack();
    tenantA = await createTestTenant(stack.db, { name: 'Alpha' });
    tenantB = await createTestTenant(stack.db, { name: 'Beta' });
    analyst = await addUser(`analyst-${Date.now()}@example.test`, [[tenantA.id, 'analyst']]);
    webClient = await registerClient(tenantA, {
      name: 'Planning app',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: [REDIRECT_URI],
      scopes: ['scenarios:*', 'models:read', 'admin'],
    });
    serviceClient = await registerClient(tenantA, {
      name: 'Nightly sync',
      grant_types: ['client_credentials'],
      scopes: ['models:read', 'scenarios:read'],
    });
  });
  after(async () => stack.close());

  it('publishes OpenID discovery and a JWKS under the service base URL', async () => {
    const discovery = await call(stack.baseUrl, 'GET', '/.well-known/openid-configuration');
    assert.equal(discovery.status, 200);
    assert.equal(discovery.body.issuer, stack.baseUrl);
    assert.equal(discovery.body.token_endpoint, `${stack.baseUrl}/oauth2/token`);
    assert.equal(discovery.body.jwks_uri, `${stack.baseUrl}/oauth2/jwks`);
    assert.equal(discovery.body.revocation_endpoint, `${stack.baseUrl}/oauth2/token/revocation`);
    assert.equal(discovery.body.introspection_endpoint, `${stack.baseUrl}/oauth2/token/introspection`);
    assert.deepEqual(discovery.body.code_challenge_methods_supported, ['S256']);
    const jwks = await call(stack.baseUrl, 'GET', '/oauth2/jwks');
    assert.equal(jwks.status, 200);
    assert.ok(jwks.body.keys.length >= 1);
    for (const key of jwks.body.keys) {
      assert.equal(key.d, undefined, 'no private key material is published');
      assert.equal(key.alg, 'ES256');
    }
  });

  it('registers OAuth clients: secret shown once and stored hashed, list/get/revoke, tenant isolation, validation', async () => {
    assert.match(serviceClient.client_id, /^cli_[0-9a-z]{26}$/);
    assert.equal(typeof serviceClient.client_secret, 'string');
    const stored = await stack.db('oauth_clients').where({ id: serviceClient.client_id }).first();
    assert.notEqual(stored.secret_hash, serviceClient.client_secret);
    assert.equal(stored.secret_hash.length, 64);

    const fetched = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${serviceClient.client_id}`, {
      key: tenantA.key,
    });
    assert.equal(fetched.status, 200);
    assert.equal(fetched.body.client_secret, undefined);
    assert.deepEqual(fetched.body.created_by, { type: 'api_key', id: tenantA.keyId });

    const list = await call(stack.baseUrl, 'GET', '/api/v1/oauth-clients?limit=1', { key: tenantA.key });
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    assert.equal(typeof list.body.next_cursor, 'string');

    const otherTenant = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${serviceClient.client_id}`, {
      key: tenantB.key,
    });
    assert.equal(otherTenant.status, 404);
    assert.match(otherTenant.headers.get('content-type') ?? '', /problem\+json/);
    const revokeOther = await call(stack.baseUrl, 'POST', `/api/v1/oauth-clients/${serviceClient.client_id}/revoke`, {
      key: tenantB.key,
    });
    assert.equal(revokeOther.status, 404);

    const publicWithSecretGrant = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
      key: tenantA.key,
      body: {
        name: 'bad',
        grant_types: ['client_credentials'],
        scopes: ['models:read'],
        token_endpoint_auth_method: 'none',
      },
    });
    assert.equal(publicWithSecretGrant.status, 422);
    assert.equal(publicWithSecretGrant.body.code, 'validation_failed');
    const insecureRedirect = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
      key: tenantA.key,
      body: {
        name: 'bad',
        grant_types: ['authorization_code'],
        scopes: ['models:read'],
        redirect_uris: ['http://evil.example/cb'],
      },
    });
    assert.equal(insecureRedirect.status, 422);
    assert.equal(insecureRedirect.body.errors[0].path, '/redirect_uris/0');
  });

  it('client credentials: a 1-hour ES256 JWT for the tenant, acting as the client with its own scopes', async () => {
    const config = await discover(serviceClient.client_id, serviceClient.client_secret);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'models:read scenarios:read' });
    assert.equal(tokens.token_type.toLowerCase(), 'bearer');
    assert.equal(tokens.expires_in, 3600);
    const header = decodeHeader(tokens.access_token);
    assert.equal(header.alg, 'ES256');
    assert.equal(header.typ, 'at+jwt');
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.iss, stack.baseUrl);
    assert.equal(claims.aud, `${stack.baseUrl}/api/v1`);
    assert.equal(claims.sub, serviceClient.client_id);
    assert.equal(claims.tenant_id, tenantA.id);
    assert.equal(claims.exp - claims.iat, 3600);
    assert.equal(claims.scope, 'models:read scenarios:read');

    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.tenant_id, tenantA.id);
    assert.deepEqual(me.body.actor, { type: 'oauth_client', id: serviceClient.client_id });
    assert.deepEqual(me.body.scopes, ['scenarios:read', 'models:read']);
    assert.ok(me.headers.get('ratelimit'), 'token calls are rate limited like API keys');

    const admin = await call(stack.baseUrl, 'GET', '/api/v1/oauth-clients', { key: tokens.access_token });
    assert.equal(admin.status, 403);

    await assert.rejects(
      oidc.clientCredentialsGrant(config, { scope: 'admin' }),
      (error: { error?: string }) => error.error === 'invalid_scope',
    );
    const wrongSecret = await discover(serviceClient.client_id, 'not-the-secret');
    await assert.rejects(
      oidc.clientCredentialsGrant(wrongSecret, { scope: 'models:read' }),
      (error: { error?: string }) => error.error === 'invalid_client',
    );
  });

  it('authorization code with PKCE: login and consent pages, user token limited by role, actor records the client', async () => {
    const wrongLogin = async (email: string) => {
      const config = await discover(webClient.client_id, webClient.client_secret);
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid scenarios:read',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const browser = createBrowser();
      const start = await browser.request(url.toString());
      const page = await browser.request(start.location as string);
      return browser.request(formAction(page.html, stack.baseUrl), { form: { email, password: 'wrong password' } });
    };
    const wrongPassword = await wrongLogin(analyst.email);
    const unknownUser = await wrongLogin('nobody@example.test');
    assert.equal(wrongPassword.status, 401);
    assert.equal(unknownUser.status, 401);
    const message = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
    assert.equal(message(wrongPassword.html), message(unknownUser.html), 'no user enumeration');

    const { tokens } = await authorize({
      clientId: webClient.client_id,
      secret: webClient.client_secret,
      email: analyst.email,
      scope: 'openid offline_access scenarios:read scenarios:write models:read admin',
    });
    assert.ok(tokens.refresh_token, 'a refresh token');
    assert.ok(tokens.id_token, 'an ID token');
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.sub, analyst.id);
    assert.equal(claims.tenant_id, tenantA.id);
    assert.equal(claims.client_id, webClient.client_id);
    assert.equal(claims.aud, `${stack.baseUrl}/api/v1`);
    assert.ok(!claims.scope.split(' ').includes('admin'), 'an analyst is never granted admin');

    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.actor, { type: 'user', id: analyst.id, via_client: webClient.client_id });
    assert.deepEqual(me.body.scopes, ['scenarios:read', 'scenarios:write', 'models:read']);

    // Role changes and removed memberships apply to live tokens at once.
    await stack.db('memberships').where({ tenant_id: tenantA.id, user_id: analyst.id }).update({ role: 'viewer' });
    const demoted = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.deepEqual(demoted.body.scopes, ['scenarios:read', 'models:read']);
    await stack.db('memberships').where({ tenant_id: tenantA.id, user_id: analyst.id }).delete();
    const removed = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(removed.status, 401);
    assert.match(removed.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    await inTenantTransaction(stack.db, tenantA.id, (scope) =>
      insertMembership(scope, analyst.id, 'analyst', { type: 'system', id: 'test' }),
    );
  });

  it('lets a member of several tenants pick one; the token is useless against the other tenant', async () => {
    const both = await addUser(`both-${Date.now()}@example.test`, [
      [tenantA.id, 'admin'],
      [tenantB.id, 'viewer'],
    ]);
    const { tokens, consentPage } = await authorize({
      clientId: webClient.client_id,
      secret: webClient.client_secret,
      email: both.email,
      scope: 'openid admin scenarios:read',
      chooseTenant: tenantB.id,
    });
    assert.match(consentPage.html, /<select id="tenant_id" name="tenant_id"/);
    assert.equal(decodeJwt(tokens.access_token).tenant_id, tenantB.id);
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.body.tenant_id, tenantB.id);
    assert.deepEqual(me.body.scopes, ['scenarios:read'], 'a viewer in tenant B, whatever the role in tenant A');
    const tenantAClient = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${webClient.client_id}`, {
      key: tokens.access_token,
    });
    assert.equal(tenantAClient.status, 403);

    // The authorization parameter tenant_id preselects the tenant: no chooser.
    const preselected = await authorize({
      clientId: webClient.client_id,
      secret: webClient.client_secret,
      email: both.email,
      scope: 'openid admin',
      tenantId: tenantA.id,
    });
    assert.doesNotMatch(preselected.consentPage.html, /<select/);
    const adminMe = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: preselected.tokens.access_token });
    assert.equal(adminMe.body.tenant_id, tenantA.id);
    const otherTenantsClient = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${serviceClient.client_id}`, {
      key: preselected.tokens.access_token,
    });
    assert.equal(otherTenantsClient.status, 200);
    const bClient = await registerClient(tenantB, {
      name: 'B sync',
      grant_types: ['client_credentials'],
      scopes: ['models:read'],
    });
    const crossTenant = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${bClient.client_id}`, {
      key: preselected.tokens.access_token,
    });
    assert.equal(crossTenant.status, 404, 'an admin token for tenant A cannot see tenant B');
  });

  it('rotates refresh tokens; a reused refresh token revokes the whole family, live access tokens included', async () => {
    const { config, tokens } = await authorize({
      clientId: webClient.client_id,
      secret: webClient.client_secret,
      email: analyst.email,
      scope: 'openid offline_access scenarios:read',
    });
    const first = tokens.refresh_token as string;
    const refreshed = await oidc.refreshTokenGrant(config, first);
    assert.ok(refreshed.refresh_token && refreshed.refresh_token !== first, 'rotated');
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: refreshed.access_token })).status, 200);

    await assert.rejects(
      oidc.refreshTokenGrant(config, first),
      (error: { error?: string }) => error.error === 'invalid_grant',
    );
    await assert.rejects(
      oidc.refreshTokenGrant(config, refreshed.refresh_token as string),
      (error: { error?: string }) => error.error === 'invalid_grant',
    );
    const revokedAccess = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: refreshed.access_token });
    assert.equal(revokedAccess.status, 401);
    assert.equal(revokedAccess.body.code, 'token_revoked');
  });

  it('revokes (RFC 7009) and introspects (RFC 7662) tokens for confidential clients', async () => {
    const { config, tokens } = await authorize({
      clientId: webClient.client_id,
      secret: webClient.client_secret,
      email: analyst.email,
      scope: 'openid offline_access scenarios:read',
    });
    const active = await oidc.tokenIntrospection(config, tokens.refresh_token as string);
    assert.equal(active.active, true);
    assert.equal(active.client_id, webClient.client_id);
    await oidc.tokenRevocation(config, tokens.refresh_token as string);
    const inactive = await oidc.tokenIntrospection(config, tokens.refresh_token as string);
    assert.equal(inactive.active, false);
    await assert.rejects(
      oidc.refreshTokenGrant(config, tokens.refresh_token as string),
      (error: { error?: string }) => error.error === 'invalid_grant',
    );
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.status, 401, 'revoking the refresh token revokes its grant, and so the access tokens of it');
  });

  /** The token endpoints' raw HTTP answer (client_secret_basic), for what openid-client does not show: status, headers, body. */
  const postTokenEndpoint = async (
    path: 'revocation' | 'introspection',
    client: { client_id: string; client_secret: string },
    form: Record<string, string>,
  ) => {
    const response = await fetch(`${stack.baseUrl}/oauth2/token/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  };

  it('introspects and revokes client-credentials JWT access tokens; only the client they were issued to may', async () => {
    const config = await discover(serviceClient.client_id, serviceClient.client_secret);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'models:read scenarios:read' });
    const claims = decodeJwt(tokens.access_token);

    const active = await oidc.tokenIntrospection(config, tokens.access_token);
    assert.equal(active.active, true);
    assert.equal(active.client_id, serviceClient.client_id);
    assert.equal(active.sub, serviceClient.client_id);
    assert.equal(active.scope, 'models:read scenarios:read');
    assert.equal(active.token_type, 'Bearer');
    assert.equal(active.iss, stack.baseUrl);
    assert.equal(active.aud, `${stack.baseUrl}/api/v1`);
    assert.equal(active.tenant_id, tenantA.id);
    assert.equal(active.jti, claims.jti);
    assert.equal(active.exp, claims.exp);
    assert.equal(active.iat, claims.iat);
    const raw = await postTokenEndpoint('introspection', serviceClient, {
      token: tokens.access_token,
      token_type_hint: 'access_token',
    });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get('cache-control'), 'no-store');
    assert.match(raw.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(raw.json().active, true);

    // Another confidential client (same tenant even) learns nothing and revokes nothing.
    const otherClient = await discover(webClient.client_id, webClient.client_secret);
    assert.deepEqual(await oidc.tokenIntrospection(otherClient, tokens.access_token), { active: false });
    await assert.rejects(
      oidc.tokenRevocation(otherClient, tokens.access_token),
      (error: { error?: string }) => error.error === 'invalid_request',
    );
    assert.equal((await oidc.tokenIntrospection(config, tokens.access_token)).active, true);
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token })).status, 200);

    const wrongSecret = await postTokenEndpoint(
      'revocation',
      { client_id: serviceClient.client_id, client_secret: 'not-the-secret' },
      { token: tokens.access_token },
    );
    assert.equal(wrongSecret.status, 401, 'the provider authenticates the client before any token handling');
    assert.equal(wrongSecret.json().error, 'invalid_client');
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token })).status, 200);

    const revoked = await postTokenEndpoint('revocation', serviceClient, { token: tokens.access_token });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.text, '');
    assert.deepEqual(await oidc.tokenIntrospection(config, tokens.access_token), { active: false });
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.status, 401);
    assert.equal(me.body.code, 'token_revoked');
    assert.match(me.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    await oidc.tokenRevocation(config, tokens.access_token);
    const row = await stack.db('revoked_access_tokens').where({ jti: claims.jti }).first();
    assert.equal(row.tenant_id, tenantA.id);
    assert.equal(row.client_id, serviceClient.client_id);
    assert.ok(row.expires_at.getTime() >= claims.exp * 1000, 'listed at least until the token expires');

    const fresh = await oidc.clientCredentialsGrant(config, { scope: 'models:read' });
    assert.equal(
      (await call(stack.baseUrl, 'GET', '/api/v1/me', { key: fresh.access_token })).status,
      200,
      'only the revoked token is refused',
    );
  });

  it('introspects and revokes a user access token without ending its grant; unknown and foreign tokens change nothing', async () => {
    const { config, tokens } = await authorize({
      clientId: webClient.client_id,
      secret: webClient.client_secret,
      email: analyst.email,
      scope: 'openid offline_access scenarios:read',
    });
    const active = await oidc.tokenIntrospection(config, tokens.access_token, { token_type_hint: 'access_token' });
    assert.equal(active.active, true);
    assert.equal(active.sub, analyst.id);
    assert.equal(active.client_id, webClient.client_id);
    assert.equal(active.tenant_id, tenantA.id);
    assert.equal(active.token_type, 'Bearer');
    const service = await discover(serviceClient.client_id, serviceClient.client_secret);
    assert.deepEqual(await oidc.tokenIntrospection(service, tokens.access_token), { active: false });
    assert.deepEqual(
      await oidc.tokenIntrospection(service, tokens.refresh_token as string),
      { active: false },
      'refresh tokens too',
    );

    await oidc.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    assert.deepEqual(await oidc.tokenIntrospection(config, tokens.access_token), { active: false });
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.status, 401);
    assert.equal(me.body.code, 'token_revoked');

    // Revoking an access token ends that token only: the refresh token still works, and so do its new access tokens.
    assert.equal((await oidc.tokenIntrospection(config, tokens.refresh_token as string)).active, true);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: refreshed.access_token })).status, 200);

    // Revoking the refresh token ends the grant, and so its live access tokens, which introspection reports.
    await oidc.tokenRevocation(config, refreshed.refresh_token as string);
    assert.deepEqual(await oidc.tokenIntrospection(config, refreshed.access_token), { active: false });

    // RFC 7009 §2.2: an invalid token is answered 200 all the same; introspection says inactive.
    const { SignJWT, generateKeyPair } = await import('jose');
    const foreignKey = (await generateKeyPair('ES256')).privateKey;
    const forged = await new SignJWT({ ...decodeJwt(refreshed.access_token) })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: decodeHeader(refreshed.access_token).kid })
      .sign(foreignKey);
    const garbage = 'eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.c2ln';
    for (const [name, token] of Object.entries({
      forged,
      garbage,
      idToken: tokens.id_token as string,
      opaque: 'not-a-token-at-all',
    })) {
      const revocation = await postTokenEndpoint('revocation', webClient, { token });
      assert.equal(revocation.status, 200, `${name}: ${revocation.text}`);
      const introspection = await postTokenEndpoint('introspection', webClient, { token });
      assert.equal(introspection.status, 200, name);
      assert.deepEqual(introspection.json(), { active: false }, name);
    }
    assert.equal(
      await stack
        .db('revoked_access_tokens')
        .where({ jti: decodeJwt(forged).jti })
        .first(),
      undefined,
      'a forged token revokes nothing',
    );
    const missing = await postTokenEndpoint('revocation', webClient, {});
    assert.equal(missing.status, 400);
    assert.equal(missing.json().error, 'invalid_request');
  });

  it('a public client can neither introspect nor revoke its access tokens', async () => {
    const spa = await registerClient(tenantA, {
      name: 'Browser app',
      grant_types: ['authorization_code'],
      redirect_uris: [REDIRECT_URI],
      scopes: ['models:read'],
      token_endpoint_auth_method: 'none',
    });
    const { config, tokens } = await authorize({
      clientId: spa.client_id,
      secret: '',
      email: analyst.email,
      scope: 'openid models:read',
    });
    assert.deepEqual(await oidc.tokenIntrospection(config, tokens.access_token), { active: false });
    await oidc.tokenRevocation(config, tokens.access_token);
    assert.equal(
      (await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token })).status,
      200,
      'revocation had no effect',
    );
    assert.equal(
      await stack
        .db('revoked_access_tokens')
        .where({ jti: decodeJwt(tokens.access_token).jti })
        .first(),
      undefined,
    );
  });

  it('forgets revoked access tokens once they have expired', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await stack.db('revoked_access_tokens').insert([
      { jti: 'expired-revoked-test', tenant_id: tenantA.id, client_id: serviceClient.client_id, expires_at: past },
      { jti: 'live-revoked-test', tenant_id: tenantA.id, client_id: serviceClient.client_id, expires_at: future },
    ]);
    assert.ok((await deleteExpiredRevokedAccessTokens(stack.db)) >= 1);
    const left = await stack
      .db('revoked_access_tokens')
      .whereIn('jti', ['expired-revoked-test', 'live-revoked-test'])
      .pluck('jti');
    assert.deepEqual(left, ['live-revoked-test']);
  });

  it('refuses expired, wrong-audience, wrong-issuer, tampered, alg=none and foreign-key tokens', async () => {
    const { SignJWT, importJWK, generateKeyPair } = await import('jose');
    const active = await stack.db('signing_keys').where({ status: 'active' }).first();
    const key = await importJWK(active.private_jwk, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const sign = (
      claims: Record<string, unknown>,
      signingKey: Parameters<InstanceType<typeof SignJWT>['sign']>[0] = key,
      kid: string = active.kid,
    ) =>
      new SignJWT({ scope: 'models:read', tenant_id: tenantA.id, client_id: serviceClient.client_id, ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
        .setSubject(serviceClient.client_id)
        .setIssuedAt(now - 7200)
        .sign(signingKey);
    const good = await sign({ iss: stack.baseUrl, aud: `${stack.baseUrl}/api/v1`, exp: now + 600 });
    assert.equal(
      (await call(stack.baseUrl, 'GET', '/api/v1/me', { key: good })).status,
      200,
      'the control token works',
    );

    const expired = await sign({ iss: stack.baseUrl, aud: `${stack.baseUrl}/api/v1`, exp: now - 3600 });
    const wrongAudience = await sign({ iss: stack.baseUrl, aud: 'https://other.example/api', exp: now + 600 });
    const wrongIssuer = await sign({ iss: 'https://evil.example', aud: `${stack.baseUrl}/api/v1`, exp: now + 600 });
    const [h, p, s] = good.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(good), scope: 'admin' })).toString('base64url');
    const tampered = `${h}.${tamperedPayload}.${s}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${p}.`;
    const foreign = await sign(
      { iss: stack.baseUrl, aud: `${stack.baseUrl}/api/v1`, exp: now + 600 },
      (await generateKeyPair('ES256')).privateKey,
    );

    const expiredResponse = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: expired });
    assert.equal(expiredResponse.status, 401);
    assert.equal(expiredResponse.body.code, 'token_expired');
    for (const [name, token] of Object.entries({ expired, wrongAudience, wrongIssuer, tampered, none, foreign })) {
      const response = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: token });
      assert.equal(response.status, 401, name);
      assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer realm="api", error="invalid_token"/, name);
      assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/, name);
    }
  });

  it('rotates the signing key without invalidating live tokens', async () => {
    const config = await discover(serviceClient.client_id, serviceClient.client_secret);
    const before = await oidc.clientCredentialsGrant(config, { scope: 'models:read' });
    // A token naming no key must not use up the key reload that the rotated key's first token needs.
    const kidless = `${Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'at+jwt' })).toString('base64url')}.${before.access_token.split('.')[1]}.c2ln`;
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: kidless })).status, 401);
    const { kid, retired } = await rotateSigningKey(stack.db);
    assert.ok(retired.includes(decodeHeader(before.access_token).kid));
    const afterRotation = await oidc.clientCredentialsGrant(config, { scope: 'models:read' });
    assert.equal(decodeHeader(afterRotation.access_token).kid, kid, 'new tokens are signed with the new key');
    const jwks = await call(stack.baseUrl, 'GET', '/oauth2/jwks');
    const kids = jwks.body.keys.map((k: { kid: string }) => k.kid);
    assert.ok(
      kids.includes(kid) && kids.includes(decodeHeader(before.access_token).kid),
      'the retired key is still published',
    );
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: before.access_token })).status, 200);
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: afterRotation.access_token })).status, 200);
  });

  it('a revoked client gets no tokens and its live tokens are refused', async () => {
    const client = await registerClient(tenantA, {
      name: 'Short-lived',
      grant_types: ['client_credentials'],
      scopes: ['models:read'],
    });
    const config = await discover(client.client_id, client.client_secret);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'models:read' });
    const revoked = await call(stack.baseUrl, 'POST', `/api/v1/oauth-clients/${client.client_id}/revoke`, {
      key: tenantA.key,
    });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.status, 'revoked');
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.access_token });
    assert.equal(me.status, 401);
    assert.equal(me.body.code, 'token_revoked');
    await assert.rejects(
      oidc.clientCredentialsGrant(config, { scope: 'models:read' }),
      (error: { error?: string }) => error.error === 'invalid_client',
    );
  });

  it('rate-limits failed sign-ins per email, refusing even the right password', async () => {
    const victim = await addUser(`victim-${Date.now()}@example.test`, [[tenantA.id, 'viewer']]);
    const config = await discover(webClient.client_id, webClient.client_secret);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = createBrowser();
    const start = await browser.request(url.toString());
    const page = await browser.request(start.location as string);
    const action = formAction(page.html, stack.baseUrl);
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal((await browser.request(action, { form: { email: victim.email, password: 'guess' } })).status, 401);
    }
    const blocked = await browser.request(action, { form: { email: victim.email, password: PASSWORD } });
    assert.equal(blocked.status, 429);
  });
});

describe('OpenID provider storage', () => {
  it('reclaims expired rows and keeps live ones', async () => {
    const stack = await startTestStack();
    try {
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 3_600_000);
      await stack.db('oidc_payloads').insert([
        { model: 'Session', id: 'expired-test-row', payload: JSON.stringify({}), expires_at: past },
        { model: 'Session', id: 'live-test-row', payload: JSON.stringify({}), expires_at: future },
      ]);
      assert.ok((await deleteExpiredOidcPayloads(stack.db)) >= 1);
      const left = await stack.db('oidc_payloads').whereIn('id', ['expired-test-row', 'live-test-row']).pluck('id');
      assert.deepEqual(left, ['live-test-row']);
    } finally {
      await stack.close();
    }
  });
});
