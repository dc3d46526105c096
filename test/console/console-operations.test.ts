import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { createFailedSync } from '../helpers/failing-sync';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, tabTo, useConsoleInChromium } from '../helpers/real-browser';
import { createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The administration area's Operations page (/console/admin/operations): the tenant's failures grouped by cause, and
 * a bulk retry started from a plain form, by keyboard, without JavaScript.
 */
describe('Governance console: operations (failures and bulk retries)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: ConsoleMember;
  let analyst: ConsoleMember;
  let failed: Awaited<ReturnType<typeof createFailedSync>>;
  let theirs: Awaited<ReturnType<typeof createFailedSync>>;

  before(async () => {
    stack = await startTestStack({ worker: true, env: { EVENT_RELAY_POLL_MS: '200' } });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    admin = await addConsoleMember(stack.db, 'opsadmin', tenant.id, 'admin');
    analyst = await addConsoleMember(stack.db, 'opsanalyst', tenant.id, 'analyst');
    [failed, theirs] = await Promise.all([createFailedSync(stack, tenant), createFailedSync(stack, other)]);
  });
  after(async () => stack?.close());

  it("shows the tenant's failures grouped by cause to admins only, never another tenant's", async () => {
    const { browser } = await signInToConsoleOverHttp(stack.baseUrl, admin.email);
    const page = await browser.request(`${stack.baseUrl}/console/admin/operations`);
    assert.equal(page.status, 200);
    assert.match(page.html, /<h1>Operations<\/h1>/);
    assert.match(page.html, /Integration sync: <code>/);
    assert.ok(page.html.includes(failed.syncId), 'the failed sync is listed');
    assert.ok(page.html.includes(`value="${failed.failureId}"`), 'with a check box to retry it');
    assert.ok(!page.html.includes(theirs.syncId), "another tenant's failure is not");
    const filtered = await browser.request(`${stack.baseUrl}/console/admin/operations?kind=webhook_delivery`);
    assert.ok(!filtered.html.includes(failed.syncId));
    assert.match(filtered.html, /No failures match the filter/);
    const { browser: notAdmin } = await signInToConsoleOverHttp(stack.baseUrl, analyst.email);
    assert.equal((await notAdmin.request(`${stack.baseUrl}/console/admin/operations`)).status, 403);
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-operations-',
    });

    it('retries the checked failure by keyboard alone, without JavaScript, and follows it to its outcome; axe finds nothing serious', async () => {
      const { context, page } = await signIn(admin.email, { javaScriptEnabled: false });
      await page.goto(`${stack.baseUrl}/console/admin/operations`);
      await checkAccessibility(context, page.url(), 'operations');
      await failed.fix();

      await tabTo(page, `input[value="${failed.failureId}"]`);
      await page.keyboard.press('Space');
      assert.ok(await page.isChecked(`input[value="${failed.failureId}"]`));
      await tabTo(page, 'button[type=submit]:not([name])');
      assert.match((await page.evaluate('document.activeElement.textContent')) as string, /Retry the checked failures/);
      await Promise.all([page.waitForURL(/\/console\/admin\/operations\/retries\/frt_/), page.keyboard.press('Enter')]);
      const retryUrl = page.url();
      await checkAccessibility(context, retryUrl, 'retry');

      await waitFor(
        'the retry to complete',
        async () => {
          await page.goto(retryUrl);
          return (await page.textContent('.facts'))?.includes('completed');
        },
        180_000,
      );
      assert.match((await page.textContent('table')) ?? '', /succeeded/);
      const newest = await stack
        .db('integration_syncs')
        .where({ integration_id: failed.integrationId })
        .orderBy('id', 'desc')
        .first();
      assert.equal(newest.status, 'completed');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
