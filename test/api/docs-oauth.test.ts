import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureDemoTenant, type DemoTenant } from '../../db/demo-tenant';
import { browserUnavailable, launchChromium } from '../helpers/real-browser';
import { call, startTestStack, type TestStack } from '../helpers/stack';

/**
 * The docs page as a newcomer uses it, in a real Chromium: Authorize → authorization code with PKCE → the real
 * sign-in and consent pages → back on /docs with a user token → "Try it out" on GET /api/v1/me.
 */

describe('docs page sign-in (Swagger UI, authorization code + PKCE)', () => {
  let stack: TestStack;
  let dataDir: string;
  let demo: DemoTenant;
  /** The demo person's current sign-in (an upgrade of another data directory below gives it a new password). */
  let demoUser: { email: string; password: string };
  /**
   * Its own domain for the demo people: the documentation test makes demo@example.com a member of another tenant
   * while this file runs, and a sign-in by that address would then land there.
   */
  let emailDomain: string;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-docs-'));
    // No worker here: with SCENARIO_RUN_MODE=workflow the API's own runner runs the quick run the page creates.
    stack = await startTestStack({ env: { DATA_DIR: dataDir, SCENARIO_RUN_MODE: 'workflow' } });
    emailDomain = `${path.basename(dataDir).toLowerCase()}.example.com`;
    demo = await ensureDemoTenant(stack.db, dataDir, { emailDomain });
    demoUser = demo.user;
  });
  after(async () => {
    await stack.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the demo user and the docs client once, keeps them on later starts, and adds them to older data directories', async () => {
    assert.equal(demo.created, true);
    assert.equal(demo.user.email, `demo@${emailDomain}`);
    assert.ok(demo.user.password.length >= 12);
    const again = await ensureDemoTenant(stack.db, dataDir, { emailDomain });
    assert.deepEqual(
      { ...again, created: true, docsSignInCreated: true, governanceUsersCreated: true },
      { ...demo, docsSignInCreated: true },
    );
    assert.equal(again.docsSignInCreated, false);
    // The console's demo approver and analyst are made once too; their passwords are printed only that time.
    assert.equal(demo.governanceUsersCreated, true);
    assert.equal(again.governanceUsersCreated, false);
    assert.deepEqual([demo.approver.email, demo.analyst.email], [`approver@${emailDomain}`, `analyst@${emailDomain}`]);

    const client = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${demo.docsClientId}`, { key: demo.apiKey });
    assert.equal(client.status, 200);
    assert.equal(client.body.token_endpoint_auth_method, 'none');
    assert.deepEqual(client.body.grant_types, ['authorization_code', 'refresh_token']);

    // A data directory from before the docs sign-in: only the tenant and the key are saved.
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-docs-old-'));
    try {
      const saved = { tenantId: demo.tenantId, apiKey: demo.apiKey };
      fs.writeFileSync(path.join(older, 'demo-tenant.json'), JSON.stringify(saved));
      const upgraded = await ensureDemoTenant(stack.db, older, { emailDomain });
      assert.equal(upgraded.created, false);
      assert.equal(upgraded.docsSignInCreated, true);
      assert.equal(upgraded.tenantId, demo.tenantId);
      assert.notEqual(upgraded.docsClientId, demo.docsClientId);
      const file = JSON.parse(fs.readFileSync(path.join(older, 'demo-tenant.json'), 'utf8'));
      assert.deepEqual(file, {
        ...saved,
        docsClientId: upgraded.docsClientId,
        user: upgraded.user,
        approver: upgraded.approver,
        analyst: upgraded.analyst,
      });
      // The demo person existed already, so it was given the new password that was just saved and shown.
      demoUser = upgraded.user;
    } finally {
      fs.rmSync(older, { recursive: true, force: true });
    }
  });

  it("serves Swagger UI's redirect page and configures the Authorize dialog with the docs client and PKCE", async () => {
    const redirect = await call(stack.baseUrl, 'GET', '/docs/oauth2-redirect.html');
    assert.equal(redirect.status, 200);
    assert.match(redirect.headers.get('content-type') ?? '', /text\/html/);
    assert.match(redirect.body, /oauth2-redirect\.js/);
    assert.equal((await call(stack.baseUrl, 'GET', '/docs/oauth2-redirect.js')).status, 200);
    const init = await call(stack.baseUrl, 'GET', '/docs/assets/docs-init.js');
    assert.ok(init.body.includes(`"clientId":"${demo.docsClientId}"`), init.body);
    assert.ok(init.body.includes('"usePkceWithAuthorizationCodeGrant":true'), init.body);
    assert.ok(init.body.includes(`"oauth2RedirectUrl":"${stack.baseUrl}/docs/oauth2-redirect.html"`), init.body);
    const client = await call(stack.baseUrl, 'GET', `/api/v1/oauth-clients/${demo.docsClientId}`, { key: demo.apiKey });
    assert.deepEqual(client.body.redirect_uris, [`${stack.baseUrl}/docs/oauth2-redirect.html`]);
  });

  it('signs a person in on /docs and "Try it out" answers as that user', async (t) => {
    const unavailable = browserUnavailable();
    if (unavailable) {
      t.skip(unavailable);
      return;
    }
    const user = demoUser;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${stack.baseUrl}/docs`);
      await page.locator('.btn.authorize').first().click();
      const flow = page.locator('.auth-container', { hasText: 'authorizationCode' });
      await flow.waitFor();
      const [popup] = await Promise.all([page.waitForEvent('popup'), flow.locator('button.authorize').click()]);
      await popup.waitForLoadState();
      await popup.fill('#email', user.email);
      await popup.fill('#password', user.password);
      await popup.click('button[type=submit]');
      await popup.locator('button', { hasText: 'Allow' }).click();
      // The redirect page hands the code to Swagger UI, which exchanges it (with the PKCE verifier) and shows "Logout".
      await flow.locator('button', { hasText: 'Logout' }).waitFor({ timeout: 15_000 });
      await page.locator('.btn-done, button.close-modal').first().click();

      // Every family of the document is listed (expanded all at once, Swagger UI stopped after the first), collapsed:
      // open the family first.
      const document = (await (await fetch(`${stack.baseUrl}/api/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      const families = new Set(
        Object.values(document.paths).flatMap((item) =>
          Object.values(item).flatMap((operation) => operation?.tags ?? []),
        ),
      );
      await page.locator('#operations-tag-Audit_exports').waitFor();
      assert.ok(
        (await page.locator('.opblock-tag').count()) >= families.size,
        `${families.size} families in the document`,
      );
      await page.locator('#operations-tag-Account').click();
      const operation = page.locator('#operations-Account-getCurrentPrincipal');
      await operation.locator('.opblock-summary').click();
      await operation.locator('button.try-out__btn').click();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url() === `${stack.baseUrl}/api/v1/me`),
        operation.locator('button.execute').click(),
      ]);
      assert.equal(response.status(), 200);
      const me = await response.json();
      assert.equal(me.actor.type, 'user');
      assert.equal(me.actor.via_client, demo.docsClientId);
      assert.equal(me.tenant_id ?? me.tenant?.id, demo.tenantId);

      // The one endpoint the spec shows in full, run from the page with the body it pre-fills, unedited.
      await page.locator('#operations-tag-Scenarios').click();
      const create = page.locator('#operations-Scenarios-createScenario');
      await create.locator('.opblock-summary').click();
      await create.locator('button.try-out__btn').click();
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url() === `${stack.baseUrl}/api/v1/scenarios` && r.request().method() === 'POST'),
        create.locator('button.execute').click(),
      ]);
      const scenario = await created.json();
      assert.equal(created.status(), 201, JSON.stringify(scenario));
      assert.equal(scenario.status, 'completed');
      assert.deepEqual(scenario.created_by, { type: 'user', id: me.actor.id, via_client: demo.docsClientId });
    } finally {
      await browser.close();
    }
  });
});
