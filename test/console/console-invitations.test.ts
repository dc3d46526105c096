import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { hashPassword } from '../../core/passwords';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createBrowser } from '../helpers/browser';
import { messagesTo, readMessage } from '../helpers/mailpit';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The invitation link's page (/console/invitations/<token>) as invited people use it: opened in Chromium from the email,
 * the form filled and sent with its button, then signing in. The page's referrer policy decides which `Origin` the
 * browser sends with the form; the server refuses a foreign one and `Origin: null`, which only hand-made requests send.
 */
describe('Governance console: joining from the invitation link in a browser', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let tenantName: string;

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });
  const newEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

  /** Adds the person through the API and answers the link of the invitation email sent to them. */
  const invite = async (email: string, role: string) => {
    const added = await api('POST', '/users', { email, display_name: `Invited ${role}`, role });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    const link = await waitFor(`the invitation email to ${email}`, async () => {
      const [summary] = (await messagesTo(email)).filter((m) => m.subject.includes('You are invited'));
      return (
        summary && /href="(http[^"]+\/console\/invitations\/[^"]+)"/.exec((await readMessage(summary.id)).html)?.[1]
      );
    });
    return { memberId: added.body.id as string, link };
  };

  before(async () => {
    stack = await startTestStack({ worker: true, env: { NOTIFICATION_LANE_PASS_INTERVAL_MS: '50' } });
    tenant = await createTestTenant(stack.db, { name: `Joiners ${Date.now()}` });
    tenantName = (await stack.db('tenants').where('id', tenant.id).first()).name;
  });
  after(async () => stack?.close());

  it("refuses the form from another origin and with Origin: null, which anyone's page can send; the link stays open", async () => {
    const { memberId, link } = await invite(newEmail('refused'), 'viewer');
    const browser = createBrowser();
    const page = await browser.request(link);
    assert.equal(page.status, 200);
    // The policy browsers apply to the page's form: strict-origin sends the real Origin and never the token's path.
    const policy = (await fetch(link)).headers.get('referrer-policy');
    assert.equal(policy, 'strict-origin', 'not no-referrer, with which browsers send the form with Origin: null');
    for (const origin of ['https://elsewhere.example', 'null']) {
      const refused = await browser.request(link, {
        form: { password: PEOPLE_PASSWORD, confirm: PEOPLE_PASSWORD },
        headers: { origin },
      });
      assert.equal(refused.status, 403, origin);
      assert.match(refused.html, /This form was not sent from the console/);
    }
    assert.equal((await api('GET', `/users/${memberId}`)).body.invitation.status, 'pending', 'nothing was accepted');
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { browser, cspViolations, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-invitation-',
    });

    /** A fresh browser profile (nobody signed in), recording CSP violations as the console's other browser tests do. */
    const freshPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
      const context = await browser().newContext();
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      return { context, page };
    };

    /** Clicks the form's submit button; answers the POST the browser sent and the server's response to it. */
    const clickSubmit = async (page: Page, button: string) => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/console/invitations/')),
        page.click(button),
      ]);
      return { response, sent: await response.request().allHeaders() };
    };

    it("a new person opens the link, chooses a password with the form's button, and signs in with it to the inbox", async () => {
      const email = newEmail('newcomer');
      const { memberId, link } = await invite(email, 'analyst');
      const { context, page } = await freshPage();
      const opened = await page.goto(link);
      assert.equal(opened?.status(), 200);
      assert.equal(opened?.headers()['referrer-policy'], 'strict-origin');
      await checkAccessibility(context, link, 'set-password');

      // Two different passwords: the page says so and nothing is accepted.
      await page.fill('#password', PEOPLE_PASSWORD);
      await page.fill('#confirm', `${PEOPLE_PASSWORD}!`);
      const differ = await clickSubmit(page, 'button[type=submit]');
      assert.equal(differ.response.status(), 422);
      assert.match((await page.textContent('main')) ?? '', /The two passwords differ/);

      await page.fill('#password', PEOPLE_PASSWORD);
      await page.fill('#confirm', PEOPLE_PASSWORD);
      const joined = await clickSubmit(page, 'button[type=submit]');
      // What the browser sent: the real origin (not "null"), and a Referer without the token in the address.
      assert.equal(joined.sent.origin, new URL(stack.baseUrl).origin);
      assert.equal(joined.sent.referer, `${new URL(stack.baseUrl).origin}/`);
      assert.equal(joined.response.status(), 200, await joined.response.text());
      assert.match((await page.textContent('h1')) ?? '', new RegExp(`You have joined ${tenantName}`));
      assert.equal((await api('GET', `/users/${memberId}`)).body.invitation.status, 'accepted');

      // "Sign in", the login and consent pages, and the person lands on the console signed in.
      await page.click('a[href="/console/login"]');
      await page.waitForSelector('#email');
      await page.fill('#email', email);
      await page.fill('#password', PEOPLE_PASSWORD);
      await page.click('button[type=submit]');
      await page.locator('button', { hasText: 'Allow' }).click();
      await page.waitForURL(`${stack.baseUrl}/console`);
      assert.ok(
        ((await page.textContent('.who')) ?? '').includes(`${tenantName} (analyst)`),
        'signed in as the new member',
      );
      const actions = (
        await stack.db('audit_log').where({ tenant_id: tenant.id, resource_id: memberId }).orderBy('sequence')
      ).map((r: { action: string }) => r.action);
      assert.deepEqual(actions, ['member.created', 'member.invitation_accepted']);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('a person with a password from another tenant joins with the button, pressed with the keyboard', async () => {
      const email = newEmail('known');
      const other = await createTestTenant(stack.db);
      const { user } = await findOrCreateUser(stack.db, {
        email,
        displayName: 'Known Elsewhere',
        passwordHash: await hashPassword(PEOPLE_PASSWORD),
      });
      await inTenantTransaction(stack.db, other.id, (scope) =>
        insertMembership(scope, user.id, 'viewer', { type: 'system', id: 'test' }),
      );
      const { memberId, link } = await invite(email, 'approver');
      const { context, page } = await freshPage();
      await page.goto(link);
      assert.equal(
        await page.locator('input[type=password]').count(),
        0,
        "a password set elsewhere is never replaced through a tenant's link",
      );
      await page.focus('button[type=submit]');
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.keyboard.press('Enter'),
      ]);
      assert.equal(response.status(), 200, await response.text());
      assert.match((await page.textContent('main')) ?? '', /existing password/);
      assert.equal((await api('GET', `/users/${memberId}`)).body.invitation.status, 'accepted');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
