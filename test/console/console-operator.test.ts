import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { adminWithEnv } from '../helpers/admin-cli';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import type { Page } from 'playwright-core';
import { browserUnavailable, useConsoleInChromium } from '../helpers/real-browser';
import { createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The platform operator's page (/console/admin/operator): enterprise tenants' endpoints and workers moved from the
 * console, by people the admin CLI made operators only; a tenant admin finds neither the page nor its forms (404).
 */
describe('Governance console: the platform operator page', () => {
  let stack: TestStack;
  let home: TestTenant;
  let customer: TestTenant;
  let operator: ConsoleMember;
  let tenantAdmin: ConsoleMember;

  before(async () => {
    stack = await startTestStack({ env: { TENANT_WORKERS_CACHE_SECONDS: '0', DEDICATED_ENDPOINT_CACHE_SECONDS: '0' } });
    home = await createTestTenant(stack.db, { name: `Platform ${crypto.randomBytes(3).toString('hex')}` });
    customer = await createTestTenant(stack.db, { name: `Customer ${crypto.randomBytes(3).toString('hex')}` });
    // A member id of its own, as every membership made today has: the grant is on the account, the session acts as the member.
    operator = await addConsoleMember(stack.db, 'operator', home.id, 'viewer', { mintedMemberId: true });
    assert.notEqual(operator.id, operator.accountId);
    tenantAdmin = await addConsoleMember(stack.db, 'custadmin', customer.id, 'admin');
    const granted = await adminWithEnv(process.env, 'operator', 'grant', '--email', operator.email);
    assert.equal(granted.code, 0, granted.stderr);
    assert.deepEqual(JSON.parse(granted.stdout), {
      object: 'platform_operator',
      user_id: operator.accountId,
      email: operator.email,
      platform_operator: true,
    });
    const unknown = await adminWithEnv(process.env, 'operator', 'grant', '--email', 'nobody@example.test');
    assert.equal(unknown.code, 2);
    assert.match(JSON.parse(unknown.stderr).error, /no person with the email/);
  });
  after(async () => stack?.close());

  const auditOf = (tenantId: string, action: string) =>
    stack.db('audit_log').where({ tenant_id: tenantId, action }).orderBy('sequence', 'desc').first();

  it("refuses what the page's forms cannot send: a starter tenant, a form without the session's CSRF token", async () => {
    const { browser, csrf, inbox } = await signInToConsoleOverHttp(stack.baseUrl, operator.email);
    assert.doesNotMatch(inbox.html, /Platform operator/);
    // The page lists enterprise tenants only, so a starter tenant's form exists only as a hand-made request.
    const starter = await createTestTenant(stack.db, { plan: 'starter' });
    const small = await browser.request(`${stack.baseUrl}/console/admin/operator/tenants/${starter.id}/workers`, {
      form: { _csrf: csrf, workers: 'dedicated' },
    });
    assert.equal(small.status, 422);
    assert.match(small.html, /enterprise feature/);
    assert.equal((await stack.db('tenants').where({ id: starter.id }).first('workers')).workers, 'shared');
    const before = (await stack.db('tenants').where({ id: customer.id }).first('workers')).workers;
    const target = before === 'shared' ? 'dedicated' : 'shared';
    const forged = await browser.request(`${stack.baseUrl}/console/admin/operator/tenants/${customer.id}/workers`, {
      form: { workers: target },
    });
    assert.equal(forged.status, 403, "a form without the session's CSRF token is refused");
    const elsewhere = await browser.request(`${stack.baseUrl}/console/admin/operator/tenants/${customer.id}/workers`, {
      form: { _csrf: csrf, workers: target },
      headers: { origin: 'https://elsewhere.example' },
    });
    assert.equal(elsewhere.status, 403, 'a form from another origin is refused');
    assert.equal((await stack.db('tenants').where({ id: customer.id }).first('workers')).workers, before);
  });

  it('does not exist for anyone else, tenant admins included (404)', async () => {
    const { browser, csrf } = await signInToConsoleOverHttp(stack.baseUrl, tenantAdmin.email);
    const before = await stack.db('audit_log').where({ tenant_id: customer.id }).count<{ n: string }[]>({ n: '*' });
    assert.equal((await browser.request(`${stack.baseUrl}/console/admin/operator`)).status, 404);
    for (const [path, form] of [
      [`/console/admin/operator/tenants/${customer.id}/workers`, { workers: 'shared' }],
      [`/console/admin/operator/tenants/${customer.id}/endpoint`, { host: '', shared_host: 'open' }],
    ] as const) {
      const refused = await browser.request(`${stack.baseUrl}${path}`, { form: { _csrf: csrf, ...form } });
      assert.equal(refused.status, 404, path);
    }
    const afterCount = await stack.db('audit_log').where({ tenant_id: customer.id }).count<{ n: string }[]>({ n: '*' });
    assert.equal(afterCount[0]?.n, before[0]?.n, 'nothing was changed');
    // The tenant's own admins see where they are served, not how to change it.
    const overview = await browser.request(`${stack.baseUrl}/console/admin`);
    assert.equal(overview.status, 200);
    assert.doesNotMatch(overview.html, /Platform operator/);
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-operator-',
    });

    /** Submits the form by clicking its button, as a person does; answers the response to the form's POST. */
    const clickSubmit = async (page: Page, formAction: string) => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === formAction),
        page.click(`form[action="${formAction}"] button[type=submit]`),
      ]);
      return response;
    };

    it("the whole path: operator grant on the person, sign in, the page, a move and an endpoint by clicking, audited with the person's id; refusals on the page", async () => {
      const { context, page } = await signIn(operator.email);
      const opened = await page.goto(`${stack.baseUrl}/console/admin/operator`);
      assert.equal(
        opened?.status(),
        200,
        'the page answers the granted operator, whose member id is not the account id',
      );
      assert.ok(await page.isVisible(`#tenant-${customer.id}`));

      await page.selectOption(`#workers-${customer.id}`, 'dedicated');
      const moved = await clickSubmit(page, `/console/admin/operator/tenants/${customer.id}/workers`);
      assert.equal(moved.status(), 303);
      await page.waitForURL(`${stack.baseUrl}/console/admin/operator?notice=workers_moved`);
      assert.match((await page.textContent('[role=status], .notice')) ?? '', /new work goes to its new workers/);
      assert.equal((await stack.db('tenants').where({ id: customer.id }).first('workers')).workers, 'dedicated');
      const workersRecord = await auditOf(customer.id, 'dedicated_workers.updated');
      assert.deepEqual(workersRecord.actor, { type: 'system', id: `platform-operator/${operator.accountId}` });
      assert.deepEqual(workersRecord.payload, { workers: 'dedicated', previous: 'shared', schedules_reapplied: 0 });

      const host = `cust-${crypto.randomBytes(4).toString('hex')}.api.example.test`;
      await page.fill(`#host-${customer.id}`, host);
      await page.selectOption(`#shared-${customer.id}`, 'open');
      assert.equal((await clickSubmit(page, `/console/admin/operator/tenants/${customer.id}/endpoint`)).status(), 303);
      await page.waitForURL(`${stack.baseUrl}/console/admin/operator?notice=endpoint_saved`);
      assert.deepEqual((await auditOf(customer.id, 'dedicated_endpoint.updated')).payload, {
        host,
        shared_host_open: true,
      });

      // A refusal the operator can fix comes back on the page; nothing changes.
      await page.fill(`#host-${customer.id}`, 'bad_host!.example.test');
      const badHost = await clickSubmit(page, `/console/admin/operator/tenants/${customer.id}/endpoint`);
      assert.equal(badHost.status(), 422);
      assert.match((await page.textContent('main')) ?? '', /must be a host name/);
      assert.equal((await stack.db('tenants').where({ id: customer.id }).first('dedicated_host')).dedicated_host, host);
      assert.deepEqual(cspViolations, []);
      await context.close();

      // The tenant's own admins see where they are served, not how to change it.
      const { browser: adminBrowser } = await signInToConsoleOverHttp(stack.baseUrl, tenantAdmin.email);
      const overview = await adminBrowser.request(`${stack.baseUrl}/console/admin`);
      assert.match(overview.html, /Dedicated: this tenant’s runs/);
      assert.match(overview.html, new RegExp(host.replace(/\./g, '\\.')));
    });

    it('moves a tenant back to shared workers with the keyboard, and the page passes axe', async () => {
      const { context, page } = await signIn(operator.email);
      await page.goto(`${stack.baseUrl}/console/admin/operator`);
      await checkAccessibility(context, page.url(), 'operator');
      await page.focus(`#workers-${customer.id}`);
      await page.selectOption(`#workers-${customer.id}`, 'shared');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/admin/operator?notice=workers_moved`);
      assert.match((await page.textContent('[role=status], .notice')) ?? '', /new work goes to its new workers/);
      assert.equal((await stack.db('tenants').where({ id: customer.id }).first('workers')).workers, 'shared');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it("answers 404 once the operator is revoked: the open page's forms and the page itself", async () => {
      const { context, page } = await signIn(operator.email);
      assert.equal((await page.goto(`${stack.baseUrl}/console/admin/operator`))?.status(), 200);
      const revoked = await adminWithEnv(process.env, 'operator', 'revoke', '--email', operator.email);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.deepEqual(JSON.parse(revoked.stdout), {
        object: 'platform_operator',
        user_id: operator.accountId,
        email: operator.email,
        platform_operator: false,
      });
      await page.selectOption(`#workers-${customer.id}`, 'dedicated');
      assert.equal(
        (await clickSubmit(page, `/console/admin/operator/tenants/${customer.id}/workers`)).status(),
        404,
        'checked on every request',
      );
      assert.equal((await stack.db('tenants').where({ id: customer.id }).first('workers')).workers, 'shared');
      assert.equal((await page.goto(`${stack.baseUrl}/console/admin/operator`))?.status(), 404);
      await context.close();
      assert.equal((await adminWithEnv(process.env, 'operator', 'grant', '--email', operator.email)).code, 0);
    });
  });
});
