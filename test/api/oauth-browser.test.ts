import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../core/passwords';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { browserUnavailable, launchChromium, seriousAccessibilityViolations } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const PASSWORD = 'correct horse battery staple';

/**
 * The OAuth walk-through of docs/security.md, step by step, with a person in a real Chromium: register a client, open
 * the authorization URL (code + PKCE), sign in and allow on the real pages, land on the client's own redirect URI (a
 * different origin, as every real client is), then exchange the code, call the API, refresh, and use client
 * credentials, with the same form posts that page's curl commands send.
 */
describe(
  'OAuth walk-through in a real browser (authorization code + PKCE to a client on another origin)',
  { skip: browserUnavailable() },
  () => {
    let stack: TestStack;
    let tenant: TestTenant;
    let callbackServer: http.Server;
    let callbackUrl: string;
    const callbacks: URL[] = [];

    before(async () => {
      stack = await startTestStack();
      tenant = await createTestTenant(stack.db);
      const { user } = await findOrCreateUser(stack.db, {
        email: 'walkthrough@example.test',
        displayName: 'Walk Through',
        passwordHash: await hashPassword(PASSWORD),
      });
      await inTenantTransaction(stack.db, tenant.id, (scope) =>
        insertMembership(scope, user.id, 'analyst', { type: 'system', id: 'test' }),
      );
      callbackServer = http.createServer((req, res) => {
        callbacks.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
        res.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
      });
      await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
      callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
    });
    after(async () => {
      callbackServer.close();
      await stack.close();
    });

    const tokenRequest = async (
      clientId: string,
      clientSecret: string,
      form: Record<string, string>,
      path = '/oauth2/token',
    ) => {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };

    it('signs the person in, lands on the client redirect URI with a code, and every later step works', async () => {
      const client = await call(stack.baseUrl, 'POST', '/api/v1/oauth-clients', {
        key: tenant.key,
        body: {
          name: 'My CLI',
          grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
          redirect_uris: [callbackUrl],
          scopes: ['scenarios:read', 'scenarios:write', 'models:read'],
        },
      });
      assert.equal(client.status, 201, JSON.stringify(client.body));
      const { client_id: clientId, client_secret: clientSecret } = client.body as {
        client_id: string;
        client_secret: string;
      };

      const verifier = crypto.randomBytes(32).toString('base64url');
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      const authorizationUrl =
        `${stack.baseUrl}/oauth2/auth?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(callbackUrl)}` +
        `&scope=${encodeURIComponent('openid offline_access scenarios:read models:read')}` +
        `&code_challenge=${challenge}&code_challenge_method=S256&state=xyz`;

      const browser = await launchChromium();
      try {
        // axe is injected as a script; the pages' own policy (rightly) allows none, so the test context bypasses it.
        const page = await (await browser.newContext({ bypassCSP: true })).newPage();
        await page.goto(authorizationUrl);
        assert.deepEqual(await seriousAccessibilityViolations(page), [], 'sign-in page');
        await page.fill('#email', 'walkthrough@example.test');
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        await page.waitForSelector('text=Organisation');
        assert.deepEqual(await seriousAccessibilityViolations(page), [], 'consent page');
        // A browser applies the page's form-action policy to the redirects after the form post as well; the last
        // one goes to the client's redirect URI on another origin, which the policy must therefore allow.
        await Promise.all([
          page.waitForURL((url) => url.toString().startsWith(callbackUrl)),
          page.locator('button', { hasText: 'Allow' }).click(),
        ]);
        assert.match((await page.textContent('body')) ?? '', /You can close this window/);
      } finally {
        await browser.close();
      }
      const landed = callbacks.find((url) => url.pathname === '/callback') as URL;
      assert.equal(landed.searchParams.get('state'), 'xyz');
      const code = landed.searchParams.get('code') as string;
      assert.ok(code);

      const tokens = await tokenRequest(clientId, clientSecret, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callbackUrl,
        code_verifier: verifier,
      });
      assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
      const me = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: tokens.body.access_token });
      assert.equal(me.status, 200);
      assert.deepEqual(me.body.actor.type, 'user');
      assert.equal(me.body.actor.via_client, clientId);
      assert.deepEqual(me.body.scopes, ['scenarios:read', 'models:read']);

      const refreshed = await tokenRequest(clientId, clientSecret, {
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token,
      });
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      assert.notEqual(refreshed.body.refresh_token, tokens.body.refresh_token, 'refresh tokens rotate');
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: refreshed.body.access_token })).status, 200);

      const service = await tokenRequest(clientId, clientSecret, {
        grant_type: 'client_credentials',
        scope: 'scenarios:read',
      });
      assert.equal(service.status, 200, JSON.stringify(service.body));
      const asClient = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: service.body.access_token });
      assert.deepEqual(asClient.body.actor, { type: 'oauth_client', id: clientId });

      // The code is single-use: presenting it again is refused, and (RFC 6749 §4.1.2) ends the grant it produced.
      const replayed = await tokenRequest(clientId, clientSecret, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callbackUrl,
        code_verifier: verifier,
      });
      assert.equal(replayed.status, 400);
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: refreshed.body.access_token })).status, 401);
    });
  },
);
