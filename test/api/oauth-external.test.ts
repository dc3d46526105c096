import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const loadJose = () => import('jose');
type Jose = Awaited<ReturnType<typeof loadJose>>;
type SigningKey = Awaited<ReturnType<Jose['generateKeyPair']>>['privateKey'];

const AUDIENCE = 'https://api.decision-modeling.test';
const TENANT_CLAIM = 'https://decision-modeling.test/tenant';

/**
 * A second, independent issuer for the test: discovery + JWKS served by a small HTTP server, tokens signed with jose.
 * It can rotate its key, as a real provider would.
 */
async function startExternalIssuer(jose: Jose) {
  const keys: Array<{ kid: string; privateKey: SigningKey; publicJwk: Record<string, unknown> }> = [];
  const addKey = async (kid: string) => {
    const { privateKey, publicKey } = await jose.generateKeyPair('RS256', { extractable: true });
    keys.unshift({
      kid,
      privateKey,
      publicJwk: { ...(await jose.exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    });
  };
  await addKey('external-1');
  let issuer = '';
  const server = http.createServer((req, res) => {
    const send = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/.well-known/openid-configuration')
      return send({ issuer, jwks_uri: `${issuer}/jwks`, token_endpoint: `${issuer}/token` });
    if (req.url === '/jwks') return send({ keys: keys.map((k) => k.publicJwk) });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    rotate: () => addKey(`external-${keys.length + 1}`),
    sign: async (
      claims: Record<string, unknown>,
      options: { issuer?: string; audience?: string; expiresIn?: string | number } = {},
    ) => {
      const key = keys[0] as (typeof keys)[number];
      return new jose.SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .setSubject('external-subject')
        .sign(key.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OAuth 2.0: external OpenID provider mode', () => {
  let jose: Jose;
  let issuer: Awaited<ReturnType<typeof startExternalIssuer>>;
  let stack: TestStack;
  let tenant: TestTenant;
  let email: string;
  let userId: string;

  before(async () => {
    jose = await loadJose();
    issuer = await startExternalIssuer(jose);
    stack = await startTestStack({
      env: {
        OAUTH_ISSUER: issuer.issuer,
        OAUTH_AUDIENCE: AUDIENCE,
        OAUTH_TENANT_CLAIM: TENANT_CLAIM,
        OAUTH_USER_CLAIM: 'email',
      },
    });
    tenant = await createTestTenant(stack.db);
    email = `external-${Date.now()}@example.test`;
    const { user } = await findOrCreateUser(stack.db, { email, displayName: 'External', passwordHash: null });
    userId = user.id;
    await inTenantTransaction(stack.db, tenant.id, (scope) =>
      insertMembership(scope, user.id, 'approver', { type: 'system', id: 'test' }),
    );
  });
  after(async () => {
    await stack.close();
    await issuer.close();
  });

  it("accepts the external provider's tokens, mapping the configured claims to tenant and user, scopes limited by role", async () => {
    const token = await issuer.sign({
      [TENANT_CLAIM]: tenant.id,
      email,
      scope: 'decisions:write models:write admin',
      azp: 'external-app',
    });
    const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: token });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.tenant_id, tenant.id);
    assert.deepEqual(me.body.actor, { type: 'user', id: userId, via_client: 'external-app' });
    assert.deepEqual(
      me.body.scopes,
      ['models:read', 'decisions:read', 'decisions:write'],
      'approver role ∩ token scopes',
    );
    const apiKeys = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: tenant.key });
    assert.equal(apiKeys.status, 200, 'API keys keep working');
  });

  it('refuses wrong-issuer, wrong-audience, expired, tampered, alg=none tokens and tokens for a tenant the user is not in', async () => {
    const claims = { [TENANT_CLAIM]: tenant.id, email, scope: 'models:read' };
    const good = await issuer.sign(claims);
    const [h, p, s] = good.split('.') as [string, string, string];
    const tokens = {
      wrongIssuer: await issuer.sign(claims, { issuer: 'https://elsewhere.example' }),
      wrongAudience: await issuer.sign(claims, { audience: 'https://other-api.example' }),
      expired: await issuer.sign(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      tampered: `${h}.${Buffer.from(JSON.stringify({ ...claims, scope: 'admin' })).toString('base64url')}.${s}`,
      none: `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`,
      otherTenant: await issuer.sign({ ...claims, [TENANT_CLAIM]: (await createTestTenant(stack.db)).id }),
      noTenant: await issuer.sign({ email, scope: 'models:read' }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: token });
      assert.equal(response.status, 401, name);
      assert.match(response.headers.get('www-authenticate') ?? '', /error="invalid_token"/, name);
    }
  });

  it("follows the provider's key rotation", async () => {
    await issuer.rotate();
    const token = await issuer.sign({ [TENANT_CLAIM]: tenant.id, email, scope: 'models:read' });
    // jose refetches the JWKS for an unknown kid once its cooldown (5 s here) has passed since the last fetch.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await call(stack.baseUrl, 'GET', '/api/v1/me', { key: token })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.equal(status, 200);
  });

  it('turns the built-in provider off: its routes answer 404', async () => {
    for (const path of ['/.well-known/openid-configuration', '/oauth2/jwks', '/oauth2/auth', '/oauth2/interaction/x']) {
      assert.equal((await call(stack.baseUrl, 'GET', path)).status, 404, path);
    }
    assert.equal(
      (await call(stack.baseUrl, 'POST', '/oauth2/token', { rawBody: 'grant_type=client_credentials' })).status,
      404,
    );
  });
});
