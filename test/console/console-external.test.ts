import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { default as Provider, Configuration } from 'oidc-provider' with { 'resolution-mode': 'import' };
import type { Browser, Page } from 'playwright-core';
import type { Role } from '../../core/roles';
import { decryptWebhookSecret } from '../../core/webhook-secret';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { browserUnavailable, launchChromium, screenshotPath } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const AUDIENCE = 'https://api.decision-modeling.test';
const TENANT_CLAIM = 'https://decision-modeling.test/tenant';
const CONSOLE_CLIENT_ID = 'governance-console';
const CONSOLE_CLIENT_SECRET = crypto.randomBytes(24).toString('base64url');
const API_SCOPES = 'decisions:read decisions:write kpis:read kpis:write';

/** A person at the external provider: the subject they sign in with there, and the claims their tokens carry. */
interface ExternalAccount {
  email: string;
  tenantId: string;
}

/**
 * A real, separate OpenID provider (oidc-provider) on its own port: discovery, its own RS256 keys published in its
 * JWKS, one confidential client for the console (PKCE required), JWT access tokens for the API's audience carrying the
 * person's email and the tenant claim, refresh tokens and revocation. Its login and consent pages are oidc-provider's
 * development interactions: the login field is the subject (any password), "Continue" grants what was asked.
 * It listens before it is configured, because the console's redirect URI (the test stack's port) is not known yet.
 */
async function startExternalProvider(accounts: Map<string, ExternalAccount>) {
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let provider: Provider | undefined;

  return {
    issuer,
    async configure(consoleRedirectUri: string): Promise<void> {
      const { default: ProviderClass, errors } = await import('oidc-provider');
      const jose = await import('jose');
      const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
      const signingKey = {
        ...(await jose.exportJWK(privateKey)),
        kid: 'external-provider-1',
        alg: 'RS256',
        use: 'sig',
      };
      const configuration: Configuration = {
        clients: [
          {
            client_id: CONSOLE_CLIENT_ID,
            client_secret: CONSOLE_CLIENT_SECRET,
            redirect_uris: [consoleRedirectUri],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey as never] },
        scopes: ['openid', 'offline_access', 'email'],
        claims: { openid: ['sub'], email: ['email'] },
        pkce: { required: () => true },
        cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          IdToken: 600,
          RefreshToken: 3600,
          Grant: 3600,
          Interaction: 600,
          Session: 3600,
        },
        features: {
          devInteractions: { enabled: true },
          // A client revokes only its own tokens, as at any real provider.
          revocation: {
            enabled: true,
            allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
          },
          resourceIndicators: {
            enabled: true,
            defaultResource: async () => AUDIENCE,
            useGrantedResource: async () => true,
            getResourceServerInfo: async (_ctx, resourceIndicator) => {
              if (resourceIndicator !== AUDIENCE) throw new errors.InvalidTarget();
              return {
                scope: API_SCOPES,
                audience: AUDIENCE,
                accessTokenTTL: 600,
                accessTokenFormat: 'jwt',
                jwt: { sign: { alg: 'RS256' } },
              };
            },
          },
        },
        // The claims the API's external mode maps: OAUTH_USER_CLAIM=email and OAUTH_TENANT_CLAIM.
        extraTokenClaims: async (_ctx, token) => {
          const account = accounts.get((token as { accountId?: string }).accountId ?? '');
          return account ? { email: account.email, [TENANT_CLAIM]: account.tenantId } : undefined;
        },
        findAccount: async (_ctx, sub) => {
          const account = accounts.get(sub);
          if (!account) return undefined;
          return { accountId: sub, claims: async () => ({ sub, email: account.email }) };
        },
      };
      provider = new ProviderClass(issuer, configuration);
      handler = provider.callback();
    },
    /** The provider's own answer to a refresh token (after sign-out it must refuse it). */
    async refresh(refreshToken: string): Promise<{ status: number; body: { error?: string; access_token?: string } }> {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${CONSOLE_CLIENT_ID}:${CONSOLE_CLIENT_SECRET}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('Governance console with an external OpenID provider (OAUTH_ISSUER)', () => {
  const accounts = new Map<string, ExternalAccount>();
  let external: Awaited<ReturnType<typeof startExternalProvider>>;
  let stack: TestStack;
  let alpha: TestTenant;
  let beta: TestTenant;
  let gamma: TestTenant;
  let approver: { id: string; email: string };
  let decisionId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const addMember = async (label: string, tenantIds: string[], role: Role) => {
    const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    // No password here: people authenticate at the external provider.
    const { user } = await findOrCreateUser(stack.db, {
      email,
      displayName: `${label[0]?.toUpperCase()}${label.slice(1)} Person`,
      passwordHash: null,
    });
    for (const tenantId of tenantIds)
      await inTenantTransaction(stack.db, tenantId, (scope) =>
        insertMembership(scope, user.id, role, { type: 'system', id: 'test' }),
      );
    return { id: user.id, email };
  };

  before(async () => {
    external = await startExternalProvider(accounts);
    stack = await startTestStack({
      worker: true,
      env: {
        OAUTH_ISSUER: external.issuer,
        OAUTH_AUDIENCE: AUDIENCE,
        OAUTH_TENANT_CLAIM: TENANT_CLAIM,
        OAUTH_USER_CLAIM: 'email',
        CONSOLE_OAUTH_CLIENT_ID: CONSOLE_CLIENT_ID,
        CONSOLE_OAUTH_CLIENT_SECRET: CONSOLE_CLIENT_SECRET,
      },
    });
    await external.configure(`${stack.baseUrl}/console/callback`);
    alpha = await createTestTenant(stack.db, { name: 'Alpha Logistics' });
    beta = await createTestTenant(stack.db, { name: 'Beta Retail' });
    gamma = await createTestTenant(stack.db, { name: 'Gamma' });
    // One person, member of Alpha and Beta; the tenant of a session is the one the provider's token names.
    approver = await addMember('approver', [alpha.id, beta.id], 'approver');
    const owner = await addMember('owner', [alpha.id], 'approver');
    accounts.set('ext|approver-alpha', { email: approver.email, tenantId: alpha.id });
    accounts.set('ext|approver-beta', { email: approver.email, tenantId: beta.id });
    accounts.set('ext|approver-gamma', { email: approver.email, tenantId: gamma.id });

    const policy = await api('POST', '/approval-policies', alpha.key, {
      name: 'Named approver',
      steps: [{ name: 'Sign-off', approvals_required: 1, approvers: { user_ids: [approver.id] }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const created = await api('POST', '/decisions', alpha.key, {
      title: 'Open a second warehouse',
      options: [{ label: 'Lyon' }, { label: 'Lille' }],
      chosen_option: 'opt_1',
      owner_id: owner.id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    decisionId = created.body.id;
    const submitted = await api('POST', `/decisions/${decisionId}/submit`, alpha.key, {
      approval_policy_id: policy.body.id,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
  });
  after(async () => {
    await stack?.close();
    await external?.close();
  });

  it('sends a visitor to the external provider’s authorization endpoint: its console client, PKCE S256, login and consent asked', async () => {
    const response = await fetch(`${stack.baseUrl}/console/login`, { redirect: 'manual' });
    assert.equal(response.status, 303);
    const location = new URL(response.headers.get('location') as string);
    assert.equal(
      `${location.origin}${location.pathname}`,
      `${external.issuer}/auth`,
      'the endpoint from the provider’s discovery document',
    );
    assert.equal(location.searchParams.get('client_id'), CONSOLE_CLIENT_ID);
    assert.equal(location.searchParams.get('redirect_uri'), `${stack.baseUrl}/console/callback`);
    assert.equal(location.searchParams.get('code_challenge_method'), 'S256');
    assert.match(location.searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(location.searchParams.get('scope')?.split(' '), [
      'openid',
      'offline_access',
      'decisions:read',
      'decisions:write',
      'kpis:read',
      'kpis:write',
      'models:read',
      'models:write',
      'webhooks:read',
      'webhooks:write',
      'admin',
    ]);
    // OpenID Connect Core §11: offline access (a refresh token) is granted on consent.
    assert.deepEqual(location.searchParams.get('prompt')?.split(' '), ['login', 'consent']);
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    let browser: Browser;
    before(async () => {
      browser = await launchChromium();
    });
    after(async () => browser?.close());

    /** /console → the external provider's login page → its consent page → back to the console. */
    const signIn = async (subject: string): Promise<Page> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      await page.goto(`${stack.baseUrl}/console`);
      await page.waitForSelector('input[name=login]');
      assert.ok(page.url().startsWith(`${external.issuer}/interaction/`), page.url());
      await page.fill('input[name=login]', subject);
      await page.fill('input[name=password]', 'any password will do at the development provider');
      await page.click('button[type=submit]');
      await page.locator('button', { hasText: 'Continue' }).click();
      return page;
    };

    const sessionsOf = async (userId: string) =>
      stack.db('console_sessions').where({ user_id: userId, status: 'active' }).orderBy('created_at', 'desc');

    it('signs in at the external provider, lands on the inbox of the tenant its token names, approves, and signs out (refresh token revoked)', async () => {
      const page = await signIn('ext|approver-alpha');
      await page.waitForURL(`${stack.baseUrl}/console`);
      assert.match((await page.textContent('.who')) ?? '', /Approver Person · Alpha Logistics \(approver\)/);
      await page.screenshot({ path: screenshotPath('console-external-inbox'), fullPage: true });

      // An access token about to lapse is refreshed at the provider's token endpoint, server-side, on the next page.
      const [signedIn] = await sessionsOf(approver.id);
      assert.ok(signedIn);
      await stack
        .db('console_sessions')
        .where({ id_hash: signedIn.id_hash })
        .update({ access_token_expires_at: new Date(Date.now() - 1000) });
      await page.reload();
      assert.match((await page.textContent('.who')) ?? '', /Approver Person · Alpha Logistics/);
      const [refreshed] = await sessionsOf(approver.id);
      const key = stack.config.webhooks.secretEncryptionKey;
      assert.notEqual(
        decryptWebhookSecret(refreshed.access_token_encrypted, key),
        decryptWebhookSecret(signedIn.access_token_encrypted, key),
        'a new access token',
      );
      assert.ok(
        refreshed.access_token_expires_at.getTime() > Date.now() + 60_000,
        'valid for the provider’s lifetime again',
      );

      const row = page.locator('tr', { hasText: 'Open a second warehouse' });
      assert.match((await row.textContent()) ?? '', /Step 1: Sign-off/);
      await row.locator('a').click();
      await page.waitForURL(`${stack.baseUrl}/console/decisions/${decisionId}`);
      await page.locator('#action-comment').fill('Approved through the external provider.');
      await page.locator('button', { hasText: 'Approve step 1' }).click();
      await page.waitForSelector('.notice.success');
      assert.match((await page.textContent('.facts')) ?? '', /Approved/);

      const decision = await api('GET', `/decisions/${decisionId}`, alpha.key);
      assert.equal(decision.body.status, 'approved');
      const audit = await api('GET', `/audit-log?action=decision.step.approved&resource_id=${decisionId}`, alpha.key);
      assert.equal(audit.status, 200, JSON.stringify(audit.body));
      assert.deepEqual(
        audit.body.data[0]?.actor,
        { type: 'user', id: approver.id, via_client: CONSOLE_CLIENT_ID },
        'the person, through the console’s client at the provider',
      );

      // The session holds the provider's refresh token (server-side, encrypted); signing out revokes it there.
      const [session] = await sessionsOf(approver.id);
      assert.ok(session?.refresh_token_encrypted, 'a refresh token from the external provider');
      const refreshToken = decryptWebhookSecret(
        session.refresh_token_encrypted,
        stack.config.webhooks.secretEncryptionKey,
      );
      await page.locator('button', { hasText: 'Sign out' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/signed-out`);
      assert.equal((await sessionsOf(approver.id)).length, 0, 'the session row is gone');
      const refused = await external.refresh(refreshToken);
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.equal(refused.body.error, 'invalid_grant', 'the provider no longer honours the refresh token');
      // The next visit asks the provider to sign someone in again.
      await page.goto(`${stack.baseUrl}/console`);
      await page.waitForSelector('input[name=login]');
      await page.context().close();
    });

    it('a token naming another tenant sees nothing of this one: the decision page is the same 404 as a missing id', async () => {
      const page = await signIn('ext|approver-beta');
      await page.waitForURL(`${stack.baseUrl}/console`);
      assert.match((await page.textContent('.who')) ?? '', /Approver Person · Beta Retail \(approver\)/);
      assert.equal(await page.locator('tr', { hasText: 'Open a second warehouse' }).count(), 0, 'not in Beta’s inbox');
      const foreign = await page.goto(`${stack.baseUrl}/console/decisions/${decisionId}`);
      const foreignHtml = await page.content();
      const missing = await page.goto(`${stack.baseUrl}/console/decisions/dec_01m7yvrz8c1x16083v41p1avpr`);
      assert.equal(foreign?.status(), 404);
      assert.equal(missing?.status(), 404);
      assert.doesNotMatch(foreignHtml, /Open a second warehouse/);
      assert.equal(foreignHtml, await page.content());
      await page.goto(`${stack.baseUrl}/console`);
      await page.locator('button', { hasText: 'Sign out' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/signed-out`);
      await page.context().close();
    });

    it('refuses a sign-in whose token names a tenant the person is not a member of', async () => {
      const sessionsBefore = (await sessionsOf(approver.id)).length;
      const page = await signIn('ext|approver-gamma');
      await page.waitForURL(/\/console\/callback\?/);
      assert.match((await page.textContent('h1')) ?? '', /Sign-in did not complete/);
      assert.match((await page.textContent('main')) ?? '', /not an active member of its tenant/);
      assert.equal((await sessionsOf(approver.id)).length, sessionsBefore, 'no session');
      await page.goto(`${stack.baseUrl}/console`);
      await page.waitForSelector('input[name=login]');
      await page.context().close();
    });
  });
});
