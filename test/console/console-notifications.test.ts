import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { messagesTo, readMessage } from '../helpers/mailpit';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, tabTo, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

describe('Governance console: notification preferences (/console/notifications) and the admin log (/console/admin/notifications)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const people = {} as Record<'approver' | 'admin', ConsoleMember>;
  let policy: string;

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });

  const submitDecision = async (title: string) => {
    const created = await api('POST', '/decisions', {
      title,
      options: [{ label: 'Yes' }, { label: 'No' }],
      chosen_option: 'opt_1',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(
      (await api('POST', `/decisions/${created.body.id}/submit`, { approval_policy_id: policy })).status,
      200,
    );
    return created.body.id as string;
  };

  before(async () => {
    stack = await startTestStack({ worker: true, env: { NOTIFICATION_LANE_PASS_INTERVAL_MS: '50' } });
    tenant = await createTestTenant(stack.db, { name: `Notified ${Date.now()}` });
    people.approver = await addConsoleMember(stack.db, 'approver', tenant.id, 'approver');
    people.admin = await addConsoleMember(stack.db, 'admin', tenant.id, 'admin');
    const created = await api('POST', '/approval-policies', {
      name: 'review',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    policy = created.body.id;
  });
  after(async () => stack?.close());

  it('refuses preferences the form cannot send (the same rules as the API) and a form without the CSRF token', async () => {
    const { browser, csrf } = await signInToConsoleOverHttp(stack.baseUrl, people.approver.email);
    const page = await browser.request(`${stack.baseUrl}/console/notifications`);
    assert.equal(page.status, 200);
    assert.match(page.html, /<legend>Approval requested<\/legend>/);
    // Saving from the form is the Chromium test below; a time zone the select does not offer only comes by hand.
    const refused = await browser.request(`${stack.baseUrl}/console/notifications`, {
      form: { _csrf: csrf, time_zone: 'Nowhere/Land' },
    });
    assert.equal(refused.status, 422);
    assert.match(refused.html, /time zone|time_zone/i);
    const forged = await browser.request(`${stack.baseUrl}/console/notifications`, {
      form: { _csrf: 'not-the-token', mention: 'immediate' },
    });
    assert.equal(forged.status, 403);
  });

  it("shows admins the tenant's log and refuses their settings form without the CSRF token or with Origin: null; others are refused", async () => {
    const title = `Logged ${Date.now()}`;
    await submitDecision(title);
    await waitFor(
      'the approval email sent',
      async () =>
        (await stack
          .db('notifications')
          .where({ tenant_id: tenant.id, status: 'sent' })
          .whereILike('subject', `%${title}%`)
          .first()) ?? undefined,
    );
    const { browser, csrf } = await signInToConsoleOverHttp(stack.baseUrl, people.admin.email);
    const page = await browser.request(`${stack.baseUrl}/console/admin/notifications`);
    assert.equal(page.status, 200);
    assert.ok(page.html.includes(`Approval requested: ${title}`));
    assert.ok(page.html.includes(people.approver.email));
    const failedOnly = await browser.request(`${stack.baseUrl}/console/admin/notifications?status=failed`);
    assert.ok(!failedOnly.html.includes(`Approval requested: ${title}`));
    // Mandatory kinds and chat channels are set from their forms in the Chromium test below.
    const forged = await browser.request(`${stack.baseUrl}/console/admin/notifications/settings`, {
      form: { mandatory_kinds: 'approval_reminder' },
    });
    assert.equal(forged.status, 403, 'a form without the CSRF token is refused');
    assert.deepEqual((await api('GET', '/notification-settings')).body.mandatory_kinds, []);
    const elsewhere = await browser.request(`${stack.baseUrl}/console/admin/notifications/settings`, {
      form: { _csrf: csrf, mandatory_kinds: 'approval_reminder' },
      headers: { origin: 'null' },
    });
    assert.equal(elsewhere.status, 403, 'Origin: null is refused, the token notwithstanding');
    const { browser: approverBrowser } = await signInToConsoleOverHttp(stack.baseUrl, people.approver.email);
    assert.equal((await approverBrowser.request(`${stack.baseUrl}/console/admin/notifications`)).status, 403);
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-notifications-',
    });

    it("saves a person's time zone and choices from the form, and shows them saved", async () => {
      const { context, page } = await signIn(people.approver.email);
      await page.goto(`${stack.baseUrl}/console/notifications`);
      assert.equal(await page.inputValue('#time-zone'), 'UTC');
      await page.selectOption('#time-zone', 'Asia/Tokyo');
      await page.check('input[name="kpi_alert"][value="digest"]');
      await page.check('input[name="mention"][value="off"]');
      await page.click('button:has-text("Save preferences")');
      await page.waitForURL(/notice=saved/);
      assert.match((await page.locator('#notice').textContent()) ?? '', /preferences are saved/);
      assert.equal(await page.inputValue('#time-zone'), 'Asia/Tokyo');
      assert.ok(await page.isChecked('input[name="kpi_alert"][value="digest"]'));
      assert.equal(
        (await stack.db('notification_preferences').where({ tenant_id: tenant.id, kind: 'mention' }).first()).delivery,
        'off',
      );
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('lets an admin set mandatory kinds, add a chat channel (a metadata address refused, what was typed kept) and remove it', async () => {
      const { context, page } = await signIn(people.admin.email);
      await page.goto(`${stack.baseUrl}/console/admin/notifications`);
      await page.check('#mandatory-approval_reminder');
      await page.click('button:has-text("Save mandatory kinds")');
      await page.waitForURL(/notice=settings_saved/);
      assert.deepEqual((await api('GET', '/notification-settings')).body.mandatory_kinds, ['approval_reminder']);
      assert.ok(await page.isChecked('#mandatory-approval_reminder'));

      await page.fill('#chat-name', 'Metadata');
      await page.selectOption('#chat-format', 'slack');
      await page.fill('#chat-url', 'http://169.254.169.254/');
      await page.check('#chat-kind-kpi_alert');
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.click('button:has-text("Add chat channel")'),
      ]);
      assert.equal(refused.status(), 422);
      assert.equal(await page.inputValue('#chat-name'), 'Metadata', 'the form keeps what was typed');
      assert.equal((await api('GET', '/chat-destinations')).body.data.length, 0);

      await page.fill('#chat-name', 'Alerts');
      await page.fill('#chat-url', 'https://example.com/chat-hook');
      await page.check('#chat-kind-kpi_alert');
      await page.click('button:has-text("Add chat channel")');
      await page.waitForURL(/notice=destination_added/);
      const [added] = (await api('GET', '/chat-destinations')).body.data;
      assert.equal(added.name, 'Alerts');
      await page.click(`#destination-${added.id} button:has-text("Remove")`);
      await page.waitForURL(/notice=destination_removed/);
      assert.equal(await page.locator(`#destination-${added.id}`).count(), 0);
      assert.equal((await api('GET', '/chat-destinations')).body.data.length, 0);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it("opens the decision page from the email's link for the signed-in approver, and reaches the preferences by keyboard", async () => {
      const title = `From the inbox ${Date.now()}`;
      const id = await submitDecision(title);
      const summary = await waitFor('the approval email', async () =>
        (await messagesTo(people.approver.email)).find((m) => m.subject.includes(title)),
      );
      const message = await readMessage(summary.id);
      const link = /href="([^"]+\/console\/decisions\/[^"]+)"/.exec(message.html)?.[1] as string;
      assert.equal(link, `${stack.baseUrl}/console/decisions/${id}`);

      const { context, page } = await signIn(people.approver.email);
      await page.goto(link);
      assert.equal(page.url(), link);
      assert.match((await page.locator('h1').first().textContent()) ?? '', new RegExp(title));
      assert.ok(
        await page
          .locator('button', { hasText: /Approve/ })
          .first()
          .isVisible(),
        'the approver can act where the link lands',
      );

      await tabTo(page, 'nav a[href="/console/notifications"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/notifications`);
      await page.check('input[name="approval_reminder"][value="digest"]');
      await page.click('button:has-text("Save preferences")');
      await page.waitForURL(/notice=saved/);
      assert.match((await page.locator('#notice').textContent()) ?? '', /saved/);
      await checkAccessibility(context, `${stack.baseUrl}/console/notifications`, 'preferences');
      await context.close();

      const admin = await signIn(people.admin.email);
      await checkAccessibility(admin.context, `${stack.baseUrl}/console/admin/notifications`, 'admin-log');
      await admin.context.close();
      assert.deepEqual(cspViolations, []);
    });
  });
});
