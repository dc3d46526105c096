import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Role } from '../../core/roles';
import { CONSOLE_CSP } from '../../api/console/routes';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { invitationToken } from '../../notifications/links';
import { PEOPLE_PASSWORD } from '../helpers/people';
import {
  browserUnavailable,
  screenshotPath,
  seriousAccessibilityViolations,
  useConsoleInChromium,
} from '../helpers/real-browser';
import { setTenantQuotas } from '../../db/repositories/usage-quotas';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

describe('Governance console: the administration area (/console/admin)', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'admin' | 'admin2' | 'approver' | 'analyst' | 'viewer' | 'memberB', ConsoleMember>;
  let policyA: string;
  const foreign = {} as Record<'key' | 'member' | 'client' | 'webhook' | 'policy', string>;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const addMember = (label: string, tenantId: string, role: Role) => addConsoleMember(stack.db, label, tenantId, role);

  const auditCount = async (tenantId: string) =>
    Number(
      (await stack.db('audit_log').where({ tenant_id: tenantId }).count<{ count: string }[]>({ count: '*' }))[0]?.count,
    );

  const httpSignIn = (email: string) => signInToConsoleOverHttp(stack.baseUrl, email);

  /** Every administration URL, with ids of this tenant (or of another tenant, to check the 404s). */
  const adminUrls = (ids: {
    key: string;
    member: string;
    client: string;
    webhook: string;
    policy: string;
    delivery?: string;
  }) => ({
    get: [
      '/console/admin',
      '/console/admin/api-keys',
      `/console/admin/api-keys/${ids.key}/revoke`,
      '/console/admin/people',
      `/console/admin/people/${ids.member}/remove`,
      '/console/admin/oauth-clients',
      `/console/admin/oauth-clients/${ids.client}/delete`,
      '/console/admin/webhooks',
      `/console/admin/webhooks/${ids.webhook}`,
      `/console/admin/webhooks/${ids.webhook}/delete`,
      '/console/admin/approval-policies',
      `/console/admin/approval-policies/${ids.policy}`,
    ],
    post: [
      ['/console/admin/api-keys', { name: 'forged', scopes: 'admin' }],
      [`/console/admin/api-keys/${ids.key}/rotate`, { grace_period_seconds: '0' }],
      [`/console/admin/api-keys/${ids.key}/revoke`, {}],
      ['/console/admin/people', { email: 'forged@example.test', display_name: 'Forged', role: 'admin' }],
      [`/console/admin/people/${ids.member}/role`, { role: 'admin' }],
      [`/console/admin/people/${ids.member}/remove`, {}],
      ['/console/admin/oauth-clients', { name: 'forged', grant_types: 'client_credentials', scopes: 'admin' }],
      [`/console/admin/oauth-clients/${ids.client}/delete`, {}],
      [
        '/console/admin/webhooks',
        { url: `http://127.0.0.1:${receiver.port}/forged`, event_types: '*', enabled: 'true' },
      ],
      [
        `/console/admin/webhooks/${ids.webhook}`,
        { url: `http://127.0.0.1:${receiver.port}/forged`, event_types: '*', enabled: 'true' },
      ],
      [`/console/admin/webhooks/${ids.webhook}/rotate-secret`, { grace_period_seconds: '0' }],
      [`/console/admin/webhooks/${ids.webhook}/test`, {}],
      [
        `/console/admin/webhooks/${ids.webhook}/deliveries/${ids.delivery ?? 'dlv_01m7yvrz8c1x16083v41p1avpr'}/redeliver`,
        {},
      ],
      [`/console/admin/webhooks/${ids.webhook}/delete`, {}],
      [
        `/console/admin/approval-policies/${ids.policy}/versions`,
        { step_name: 'Forged', step_approvals_required: '1', step_role: 'admin', step_user_ids: '', step_sla: 'PT1H' },
      ],
    ] as Array<[string, Record<string, string>]>,
  });

  let own: { key: string; member: string; client: string; webhook: string; policy: string };

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startTestStack({
      worker: true,
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost', EVENT_RELAY_POLL_MS: '200' },
    });
    tenantA = await createTestTenant(stack.db, { name: 'Alpha Logistics', plan: 'professional' });
    tenantB = await createTestTenant(stack.db, { name: 'Beta' });
    people.admin = await addMember('admin', tenantA.id, 'admin');
    people.admin2 = await addMember('second-admin', tenantA.id, 'admin');
    people.approver = await addMember('approver', tenantA.id, 'approver');
    people.analyst = await addMember('analyst', tenantA.id, 'analyst');
    people.viewer = await addMember('viewer', tenantA.id, 'viewer');
    people.memberB = await addMember('beta-member', tenantB.id, 'viewer');

    const policy = await api('POST', '/approval-policies', tenantA.key, {
      name: 'Team review',
      steps: [
        {
          name: 'Team review',
          approvals_required: 1,
          approvers: { role: 'approver' },
          sla: 'PT2H',
          escalate_to: { role: 'admin' },
        },
      ],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyA = policy.body.id;
    const decision = await api('POST', '/decisions', tenantA.key, {
      title: 'Open a Lyon depot',
      options: [{ label: 'Yes' }, { label: 'No' }],
      chosen_option: 'opt_1',
    });
    assert.equal(decision.status, 201, JSON.stringify(decision.body));
    const submitted = await api('POST', `/decisions/${decision.body.id}/submit`, tenantA.key, {
      approval_policy_id: policyA,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));

    // One resource of each kind in tenant B: its ids must answer 404 in tenant A's administration area.
    const keyB = await api('POST', '/api-keys', tenantB.key, { name: 'B key', scopes: ['scenarios:read'] });
    const clientB = await api('POST', '/oauth-clients', tenantB.key, {
      name: 'B client',
      grant_types: ['client_credentials'],
      scopes: ['scenarios:read'],
    });
    const webhookB = await api('POST', '/webhooks', tenantB.key, {
      url: `http://127.0.0.1:${receiver.port}/beta`,
      event_types: ['scenario.*'],
    });
    const policyB = await api('POST', '/approval-policies', tenantB.key, {
      name: 'B',
      steps: [{ name: 'Any', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' }],
    });
    for (const created of [keyB, clientB, webhookB, policyB])
      assert.equal(created.status, 201, JSON.stringify(created.body));
    Object.assign(foreign, {
      key: keyB.body.id,
      member: people.memberB.id,
      client: clientB.body.id,
      webhook: webhookB.body.id,
      policy: policyB.body.id,
    });

    const keyA = await api('POST', '/api-keys', tenantA.key, { name: 'A spare key', scopes: ['models:read'] });
    const clientA = await api('POST', '/oauth-clients', tenantA.key, {
      name: 'A spare client',
      grant_types: ['client_credentials'],
      scopes: ['models:read'],
    });
    const webhookA = await api('POST', '/webhooks', tenantA.key, {
      url: `http://127.0.0.1:${receiver.port}/alpha-spare`,
      event_types: ['model.*'],
    });
    for (const created of [keyA, clientA, webhookA]) assert.equal(created.status, 201, JSON.stringify(created.body));
    own = {
      key: keyA.body.id,
      member: people.viewer.id,
      client: clientA.body.id,
      webhook: webhookA.body.id,
      policy: policyA,
    };
  });
  after(async () => {
    await stack?.close();
    await receiver?.close();
  });

  describe('over HTTP', () => {
    it('shows non-admins no administration link and refuses them every administration URL, a valid CSRF token or not, changing nothing', async () => {
      const auditBefore = await auditCount(tenantA.id);
      for (const person of [people.viewer, people.approver, people.analyst]) {
        const { browser, csrf, inbox } = await httpSignIn(person.email);
        assert.doesNotMatch(inbox.html, /href="\/console\/admin/, `${person.email}: no administration link`);
        const urls = adminUrls(own);
        for (const path of urls.get) {
          const page = await browser.request(`${stack.baseUrl}${path}`);
          assert.equal(page.status, 403, `${path} for ${person.email}`);
          assert.match(page.html, /Administrators only/);
          assert.doesNotMatch(page.html, /A spare key|dms_/, 'nothing of the area leaks into the refusal');
        }
        for (const [path, form] of urls.post) {
          const response = await browser.request(`${stack.baseUrl}${path}`, { form: { ...form, _csrf: csrf } });
          assert.equal(response.status, 403, `POST ${path} for ${person.email}`);
        }
      }
      assert.equal(await auditCount(tenantA.id), auditBefore, 'no refused request changed anything');
      assert.equal((await api('GET', `/api-keys/${own.key}`, tenantA.key)).body.status, 'active');
      assert.equal((await api('GET', `/users/${people.viewer.id}`, tenantA.key)).body.role, 'viewer');
    });

    it('refuses an administration POST without the CSRF token, with another session’s, or from another origin', async () => {
      const { browser, csrf } = await httpSignIn(people.admin.email);
      const other = await httpSignIn(people.admin2.email);
      const keysBefore = (await api('GET', '/api-keys?limit=100', tenantA.key)).body.data.length;
      const auditBefore = await auditCount(tenantA.id);
      for (const [path, form] of adminUrls(own).post) {
        for (const token of [undefined, other.csrf, 'x']) {
          const response = await browser.request(`${stack.baseUrl}${path}`, {
            form: { ...form, ...(token ? { _csrf: token } : {}) },
          });
          assert.equal(response.status, 403, `POST ${path} with ${token ?? 'no token'}`);
          assert.match(response.html, /Request refused/);
        }
      }
      const foreignOrigin = await fetch(`${stack.baseUrl}/console/admin/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: new URLSearchParams({ _csrf: csrf, name: 'evil', scopes: 'admin' }).toString(),
        redirect: 'manual',
      });
      assert.equal(foreignOrigin.status, 403);
      assert.equal((await api('GET', '/api-keys?limit=100', tenantA.key)).body.data.length, keysBefore);
      assert.equal(await auditCount(tenantA.id), auditBefore);
    });

    it('answers another tenant’s ids with the same 404 page as missing ones, for every page and action', async () => {
      const { browser, csrf } = await httpSignIn(people.admin.email);
      const missing = {
        key: 'key_01m7yvrz8c1x16083v41p1avpr',
        member: 'usr_01m7yvrz8c1x16083v41p1avpr',
        client: 'cli_01m7yvrz8c1x16083v41p1avpr',
        webhook: 'whk_01m7yvrz8c1x16083v41p1avpr',
        policy: 'apl_01m7yvrz8c1x16083v41p1avpr',
      };
      const foreignUrls = adminUrls(foreign);
      const missingUrls = adminUrls(missing);
      const auditB = await auditCount(tenantB.id);
      for (const [index, path] of foreignUrls.get.entries()) {
        if (!/_/.test(path)) continue;
        const theirs = await browser.request(`${stack.baseUrl}${path}`);
        const none = await browser.request(`${stack.baseUrl}${missingUrls.get[index]}`);
        assert.equal(theirs.status, 404, path);
        assert.equal(none.status, 404, missingUrls.get[index]);
        assert.equal(theirs.html, none.html, `${path}: the same page as a missing id`);
        assert.doesNotMatch(theirs.html, /Beta|B key|B client/);
      }
      for (const [path, form] of foreignUrls.post.filter(([path]) => /_/.test(path))) {
        const response = await browser.request(`${stack.baseUrl}${path}`, { form: { ...form, _csrf: csrf } });
        assert.equal(response.status, 404, `POST ${path}`);
      }
      assert.equal(await auditCount(tenantB.id), auditB, 'nothing changed in tenant B');
      assert.equal((await api('GET', `/api-keys/${foreign.key}`, tenantB.key)).body.status, 'active');
    });

    it('answers the administration pages with the console’s headers, and no inline script or style', async () => {
      const { browser } = await httpSignIn(people.admin.email);
      for (const path of adminUrls(own).get) {
        const response = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });
        assert.equal(response.headers.get('content-security-policy'), CONSOLE_CSP, path);
        assert.equal(response.headers.get('cache-control'), 'no-store', path);
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 200, `${path}: ${page.html.slice(0, 300)}`);
        assert.doesNotMatch(page.html, /<script(?![^>]*\ssrc=)/, `${path}: inline script`);
        assert.doesNotMatch(page.html, /\sstyle=|<style/, `${path}: inline style`);
      }
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const {
      browser: chromium,
      cspViolations,
      signIn,
      checkAccessibility,
    } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-admin-',
    });

    /** The same check on a page that answered a POST (a secret shown once): its HTML is served again to the copy at its URL. */
    const checkAccessibilityOfAnswer = async (from: BrowserContext, page: Page, name: string) => {
      const [url, content] = [page.url(), await page.content()];
      const context = await chromium().newContext({ bypassCSP: true, storageState: await from.storageState() });
      try {
        await context.route(url, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: content }),
        );
        const copy = await context.newPage();
        await copy.goto(url);
        assert.deepEqual(
          await seriousAccessibilityViolations(copy),
          [],
          `${name}: serious or critical accessibility violations`,
        );
      } finally {
        await context.close();
      }
    };

    it('creates a key with scenarios:read and webhooks:write expiring tomorrow, copies it, uses it, rotates it and revokes it', async () => {
      const { context, page } = await signIn(people.admin.email);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
      await page.locator('nav a', { hasText: 'Administration' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/admin`);
      await page.locator('.admin-nav a', { hasText: 'API keys' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/admin/api-keys`);
      await checkAccessibility(context, page.url(), 'api-keys');

      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await page.fill('#key-name', 'Nightly sync');
      await page.check('#scope-scenarios-read');
      await page.check('#scope-webhooks-write');
      await page.fill('#key-expires', tomorrow);
      await page.locator('button', { hasText: 'Create key' }).click();
      await page.waitForSelector('#secret-value');
      assert.match((await page.textContent('.secret')) ?? '', /you will not see this again/);
      await page.screenshot({ path: screenshotPath('console-admin-api-key-created'), fullPage: true });
      await checkAccessibilityOfAnswer(context, page, 'api-key-created');
      const key = ((await page.textContent('#secret-value')) ?? '').trim();
      assert.match(key, /^dms_/);
      await page.locator('button.copy').click();
      // A locator, not waitForFunction: a string predicate is evaluated with eval, which the page's CSP refuses.
      await page.locator('.copy-status', { hasText: 'Copied' }).waitFor();
      assert.equal(
        await page.evaluate('navigator.clipboard.readText()'),
        key,
        'the copy button put the key on the clipboard',
      );
      // The action is the person's: the same audit record as the API writes, with the person as actor, and no secret.
      const createdRecord = await stack
        .db('audit_log')
        .where({ tenant_id: tenantA.id, action: 'api_key.created' })
        .orderBy('sequence', 'desc')
        .first();
      assert.deepEqual(createdRecord.actor, { type: 'user', id: people.admin.id, via_client: 'dms-console' });
      assert.equal(createdRecord.payload.name, 'Nightly sync');
      const logged = JSON.stringify(await stack.db('audit_log').where({ tenant_id: tenantA.id }).select('payload'));
      assert.ok(!logged.includes(key.slice(12)), 'the secret is not in the audit log');
      // Shown once: no administration page shows it, nor any part of it beyond the prefix, again.
      for (const path of adminUrls(own).get) {
        const shown = await context.request.get(`${stack.baseUrl}${path}`);
        assert.equal(shown.status(), 200, path);
        assert.ok(!(await shown.text()).includes(key.slice(12)), `${path}: the secret is never shown again`);
      }

      // The key works for what it carries, and only that.
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key })).status, 200);
      assert.equal(
        (await call(stack.baseUrl, 'GET', '/api/v1/webhooks', { key })).status,
        200,
        'webhooks:write implies read',
      );
      const write = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
        key,
        body: { name: 'x', model_id: 'mdl_service_queue_staffing', inputs: {} },
      });
      assert.equal(write.status, 403, JSON.stringify(write.body));
      const listed = await api('GET', '/api-keys?limit=100', tenantA.key);
      const record = listed.body.data.find((k: { name: string }) => k.name === 'Nightly sync');
      assert.deepEqual(record.scopes, ['scenarios:read', 'webhooks:write']);
      assert.equal(record.expires_at, `${tomorrow}T00:00:00.000Z`);

      // The list marks it as expiring soon; rotate it with a grace period of one hour.
      await page.goto(`${stack.baseUrl}/console/admin/api-keys`);
      const row = page.locator(`#key-${record.id}`);
      assert.match((await row.textContent()) ?? '', /Expires in/);
      await row.locator('select').selectOption('3600');
      await row.locator('button', { hasText: 'Rotate' }).click();
      await page.waitForSelector('#secret-value');
      const rotated = ((await page.textContent('#secret-value')) ?? '').trim();
      assert.notEqual(rotated, key);
      assert.match((await page.textContent('.secret')) ?? '', /old secret keeps working until/);
      await page.screenshot({ path: screenshotPath('console-admin-api-key-rotated'), fullPage: true });
      await checkAccessibilityOfAnswer(context, page, 'api-key-rotated');
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key: rotated })).status, 200);
      assert.equal(
        (await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key })).status,
        200,
        'the old secret works during the grace period',
      );

      // Revoke, with a confirmation, by keyboard alone.
      await page.goto(`${stack.baseUrl}/console/admin/api-keys`);
      await page.locator(`#key-${record.id} a`, { hasText: 'Revoke' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/admin/api-keys/${record.id}/revoke`);
      await checkAccessibility(context, page.url(), 'api-key-revoke-confirmation');
      await page.locator('button', { hasText: 'Revoke “Nightly sync”' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/admin/api-keys?notice=key_revoked`);
      assert.match((await page.textContent('.notice')) ?? '', /revoked/);
      assert.match((await page.locator(`#key-${record.id}`).textContent()) ?? '', /revoked/);
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key: rotated })).status, 401);
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key })).status, 401);
      const actions = (
        await stack.db('audit_log').where({ tenant_id: tenantA.id, resource_id: record.id }).orderBy('sequence')
      ).map((r) => [r.action, r.actor.id]);
      assert.deepEqual(actions, [
        ['api_key.created', people.admin.id],
        ['api_key.rotated', people.admin.id],
        ['api_key.revoked', people.admin.id],
      ]);
      await context.close();
    });

    it('changes a person’s role, which changes what that person’s console shows, and refuses to demote the last admin', async () => {
      const second = await httpSignIn(people.admin2.email);
      assert.match(second.inbox.html, /href="\/console\/admin"/, 'an admin sees the administration link');
      const { context, page } = await signIn(people.admin.email);
      await page.goto(`${stack.baseUrl}/console/admin/people`);
      await checkAccessibility(context, page.url(), 'people');
      // Keyboard only: the role select of the second admin, then Tab to its button and Enter.
      await page.locator(`#role-${people.admin2.id}`).focus();
      await page.keyboard.press('Home');
      assert.equal(await page.locator(`#role-${people.admin2.id}`).inputValue(), 'viewer');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/admin/people?notice=role_changed`);
      assert.equal((await api('GET', `/users/${people.admin2.id}`, tenantA.key)).body.role, 'viewer');
      // The person's very next page: no administration link, and the area refused.
      const inbox = await second.browser.request(`${stack.baseUrl}/console`);
      assert.equal(inbox.status, 200);
      assert.doesNotMatch(inbox.html, /href="\/console\/admin"/);
      assert.equal((await second.browser.request(`${stack.baseUrl}/console/admin/api-keys`)).status, 403);

      // Now the last admin: demoting oneself is refused in plain words, as the API refuses it.
      await page.locator(`#role-${people.admin.id}`).selectOption('viewer');
      await page.locator(`#member-${people.admin.id} button`).click();
      await page.waitForSelector('.notice.error');
      assert.match((await page.textContent('[role=alert]')) ?? '', /last admin/);
      await page.screenshot({ path: screenshotPath('console-admin-last-admin'), fullPage: true });
      assert.equal((await api('GET', `/users/${people.admin.id}`, tenantA.key)).body.role, 'admin');

      // Adding a person: the API's invitation flow; removing them needs a confirmation.
      const email = `invited-${Date.now()}@example.test`;
      await page.goto(`${stack.baseUrl}/console/admin/people`);
      await page.fill('#person-email', email);
      await page.fill('#person-name', 'Invited Person');
      await page.selectOption('#person-role', 'analyst');
      await page.locator('button', { hasText: 'Add person' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/admin/people?notice=member_added`);
      const row = page.locator('tr', { hasText: email });
      assert.equal(await row.locator('select').inputValue(), 'analyst');
      assert.match((await row.textContent()) ?? '', /Invited, not yet accepted/);
      await checkAccessibility(context, page.url(), 'people-invited');
      // The invitation's own page (public, no session), reached by the link the email carries.
      const invited = (await api('GET', '/users?limit=100', tenantA.key)).body.data.find(
        (m: { email: string }) => m.email === email,
      );
      const invitationPage = `${stack.baseUrl}/console/invitations/${invitationToken(stack.config.notifications.linkSigningKey, invited.invitation.id)}`;
      await checkAccessibility(context, invitationPage, 'invitation');
      // Send again: a new invitation replaces the link; Revoke: no link works.
      await row.locator('button', { hasText: 'Send again' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/admin/people?notice=invitation_sent`);
      const resent = (await api('GET', `/users/${invited.id}`, tenantA.key)).body;
      assert.notEqual(resent.invitation.id, invited.invitation.id);
      await page.locator('tr', { hasText: email }).locator('button', { hasText: 'Revoke' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/admin/people?notice=invitation_revoked`);
      assert.match((await page.locator('tr', { hasText: email }).textContent()) ?? '', /Invitation revoked/);
      assert.equal((await api('GET', `/users/${invited.id}`, tenantA.key)).body.invitation.status, 'revoked');
      await checkAccessibility(context, invitationPage, 'invitation-invalid');
      await page.locator('tr', { hasText: email }).locator('a', { hasText: 'Remove' }).click();
      await page.locator('button', { hasText: 'Remove Invited Person' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/admin/people?notice=member_removed`);
      assert.equal(await page.locator('tr', { hasText: email }).count(), 0);
      const actions = (
        await stack
          .db('audit_log')
          .where({ tenant_id: tenantA.id, resource_type: 'member' })
          .whereRaw("actor->>'id' = ?", [people.admin.id])
          .orderBy('sequence')
      ).map((r) => r.action);
      assert.deepEqual(
        actions,
        ['member.role_changed', 'member.created', 'member.invited', 'member.invitation_revoked', 'member.removed'],
        'the first invitation is part of member.created; Send again is audited',
      );
      await context.close();
    });

    it('subscribes a local receiver, sends a test event, shows the attempt in the delivery log and redelivers it', async () => {
      const { context, page } = await signIn(people.admin.email);
      await page.goto(`${stack.baseUrl}/console/admin/webhooks`);
      await checkAccessibility(context, page.url(), 'webhooks');
      await page.fill('#new-url', `http://127.0.0.1:${receiver.port}/console-hook`);
      await page.fill('#new-description', 'Decisions to the data team');
      await page.fill('#new-events', 'decision.*\nwebhook.test');
      await page.selectOption('#new-schedule', 'exponential');
      await page.fill('#new-attempts', '3');
      await page.locator('button', { hasText: 'Add subscription' }).click();
      await page.waitForSelector('#secret-value');
      const secret = ((await page.textContent('#secret-value')) ?? '').trim();
      assert.match(secret, /^whsec_/);
      await page.screenshot({ path: screenshotPath('console-admin-webhook-created'), fullPage: true });
      await checkAccessibilityOfAnswer(context, page, 'webhook-created');
      await page.locator('a', { hasText: 'Open the subscription' }).click();
      const webhookId = /\/webhooks\/(whk_[a-z0-9]+)/.exec(page.url())?.[1] as string;
      assert.ok(webhookId, page.url());
      const stored = (await api('GET', `/webhooks/${webhookId}`, tenantA.key)).body;
      assert.deepEqual(stored.event_types, ['decision.*', 'webhook.test']);
      assert.equal(stored.retry_policy.schedule, 'exponential');
      assert.equal(stored.retry_policy.max_attempts, 3);

      await page.locator('button', { hasText: 'Send a test event' }).click();
      await page.waitForURL(/notice=test_sent/);
      await receiver.waitFor(
        (all) => all.some((r) => r.path === '/console-hook' && r.json?.type === 'webhook.test'),
        60_000,
        'the test event',
      );
      // The attempt is recorded once the delivery completes: reload until it shows.
      for (let i = 0; i < 60 && (await page.locator('.delivery .badge.status-succeeded').count()) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await page.reload();
      }
      const delivery = page.locator('.delivery').first();
      assert.match((await delivery.textContent()) ?? '', /succeeded[\s\S]*webhook\.test/);
      await delivery.locator('summary').first().click();
      const details = (await delivery.locator('details').first().textContent()) ?? '';
      assert.match(details, /webhook-signature/);
      assert.match(details, /ok/, 'the response body excerpt');
      assert.match((await delivery.locator('.attempts tbody tr').first().textContent()) ?? '', /200[\s\S]*\d+ ms/);
      await checkAccessibility(context, page.url(), 'webhook-delivery-log');

      await delivery.locator('button', { hasText: 'Redeliver' }).click();
      await page.waitForURL(/notice=redelivered/);
      await receiver.waitFor(
        (all) => all.filter((r) => r.path === '/console-hook' && r.json?.type === 'webhook.test').length >= 2,
        60_000,
        'the redelivery',
      );
      for (let i = 0; i < 60 && (await page.locator('.delivery .badge.status-succeeded').count()) < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await page.reload();
      }
      assert.match((await page.locator('.delivery').first().textContent()) ?? '', /redelivery of/);
      await page.selectOption('#delivery-status', 'failed');
      await page.locator('button', { hasText: 'Show' }).click();
      await page.waitForURL(/status=failed/);
      assert.equal(await page.locator('.delivery').count(), 0, 'filtered by status');
      await page.goto(`${stack.baseUrl}/console/admin/webhooks/${webhookId}`);

      // Edit: disable it and change the event types; then rotate its secret.
      await page.fill('#edit-events', 'decision.approved');
      await page.uncheck('#edit-enabled');
      await page.locator('button', { hasText: 'Save changes' }).click();
      await page.waitForURL(/notice=webhook_updated/);
      const edited = (await api('GET', `/webhooks/${webhookId}`, tenantA.key)).body;
      assert.deepEqual(edited.event_types, ['decision.approved']);
      assert.equal(edited.enabled, false);
      // Saving again without a change records nothing (as for keys and roles).
      await page.goto(`${stack.baseUrl}/console/admin/webhooks/${webhookId}`);
      await page.locator('button', { hasText: 'Save changes' }).click();
      await page.waitForURL(/notice=webhook_updated/);
      await page.locator('button', { hasText: 'Rotate the signing secret' }).click();
      await page.waitForSelector('#secret-value');
      assert.notEqual(((await page.textContent('#secret-value')) ?? '').trim(), secret);
      await page.screenshot({ path: screenshotPath('console-admin-webhook'), fullPage: true });
      await checkAccessibilityOfAnswer(context, page, 'webhook-secret-rotated');
      const actions = (
        await stack.db('audit_log').where({ tenant_id: tenantA.id, resource_id: webhookId }).orderBy('sequence')
      ).map((r) => [r.action, r.actor.id]);
      assert.deepEqual(
        actions.map(([action]) => action),
        [
          'webhook.created',
          'webhook.test_sent',
          'webhook.redelivery_requested',
          'webhook.updated',
          'webhook.secret_rotated',
        ],
      );
      assert.ok(actions.every(([, actor]) => actor === people.admin.id));

      // Delete it through the confirmation page's button.
      await page.goto(`${stack.baseUrl}/console/admin/webhooks/${webhookId}`);
      await page.locator('a', { hasText: 'Delete this subscription' }).click();
      await page.locator('button', { hasText: 'Delete the subscription' }).click();
      await page.waitForURL(/notice=webhook_deleted/);
      assert.equal((await api('GET', `/webhooks/${webhookId}`, tenantA.key)).status, 404);
      await context.close();
    });

    it('registers an OAuth client (secret shown once), deletes it, and shows the overview and approval policies', async () => {
      const { context, page } = await signIn(people.admin.email);
      await page.goto(`${stack.baseUrl}/console/admin/oauth-clients`);
      await checkAccessibility(context, page.url(), 'oauth-clients');
      await page.fill('#client-name', 'Reporting app');
      await page.fill('#client-redirects', 'https://reports.example.com/callback');
      await page.check('#scope-decisions-read');
      await page.locator('button', { hasText: 'Register client' }).click();
      await page.waitForSelector('#secret-value');
      await page.screenshot({ path: screenshotPath('console-admin-oauth-client-created'), fullPage: true });
      await checkAccessibilityOfAnswer(context, page, 'oauth-client-created');
      const clients = (await api('GET', '/oauth-clients?limit=100', tenantA.key)).body.data;
      const client = clients.find((c: { name: string }) => c.name === 'Reporting app');
      assert.deepEqual(client.redirect_uris, ['https://reports.example.com/callback']);
      assert.deepEqual(client.grant_types, ['authorization_code', 'refresh_token']);
      // A rule of the service (not of the form): client credentials with a public client is refused, in plain words.
      await page.goto(`${stack.baseUrl}/console/admin/oauth-clients`);
      await page.fill('#client-name', 'Broken');
      await page.uncheck('#grant-authorization_code');
      await page.uncheck('#grant-refresh_token');
      await page.check('#grant-client_credentials');
      await page.selectOption('#client-auth', 'none');
      await page.check('#scope-models-read');
      await page.locator('button', { hasText: 'Register client' }).click();
      await page.waitForSelector('.notice.error');
      assert.match((await page.textContent('[role=alert]')) ?? '', /client_credentials needs a confidential client/);
      await page.goto(`${stack.baseUrl}/console/admin/oauth-clients/${client.id}/delete`);
      await page.locator('button', { hasText: 'Delete “Reporting app”' }).click();
      await page.waitForURL(/notice=client_deleted/);
      assert.equal((await api('GET', `/oauth-clients/${client.id}`, tenantA.key)).body.status, 'revoked');

      await page.goto(`${stack.baseUrl}/console/admin`);
      await checkAccessibility(context, page.url(), 'overview');
      const usage = (await page.locator('table').first().textContent()) ?? '';
      assert.match(usage, /This minute[\s\S]*200/, 'the professional plan’s per-minute limit');
      assert.match(usage, /10000/, 'and its per-day limit');
      const minute = Number(
        (await page.locator('table').first().locator('tbody tr').first().locator('td').first().textContent()) ?? '0',
      );
      assert.ok(minute > 0, 'this minute’s API requests are counted');
      assert.match((await page.locator('table').nth(1).textContent()) ?? '', /oauth_client\.revoked/);
      assert.match((await page.textContent('main')) ?? '', /No volume quotas/);
      // With volume quotas (set by an operator), their use this period, in its own table.
      await stack.db.transaction((trx) =>
        setTenantQuotas(trx, tenantA.id, {
          policy: 'allow_overage',
          quotas: [{ kind: 'scenario_runs', period: 'month', limit: 1000 }],
        }),
      );
      await page.goto(`${stack.baseUrl}/console/admin`);
      await checkAccessibility(context, page.url(), 'overview-volume-quotas');
      const volume = (await page.locator('table', { hasText: 'Use in the current period' }).textContent()) ?? '';
      assert.match(volume, /scenario runs\s*month\s*0 \(0 %\)\s*1000\s*1000/);
      assert.match((await page.textContent('main')) ?? '', /done and counted as overage/);
      await stack.db.transaction((trx) =>
        setTenantQuotas(trx, tenantA.id, { quotas: [{ kind: 'scenario_runs', period: 'month', limit: null }] }),
      );

      await page.goto(`${stack.baseUrl}/console/admin/approval-policies`);
      await checkAccessibility(context, page.url(), 'approval-policies');
      assert.match((await page.textContent(`section[aria-labelledby="policy-${policyA}"]`)) ?? '', /1 under version 1/);
      await page.goto(`${stack.baseUrl}/console/admin/approval-policies/${policyA}`);
      await checkAccessibility(context, page.url(), 'approval-policy');
      await page.fill('#step-0-sla', 'PT4H');
      await page.fill('#step-1-name', 'Finance sign-off');
      await page.selectOption('#step-1-role', 'admin');
      await page.fill('#step-1-sla', 'P1D');
      await page.locator('button', { hasText: 'Save as version 2' }).click();
      await page.waitForURL(/notice=policy_versioned/);
      const policy = (await api('GET', `/approval-policies/${policyA}`, tenantA.key)).body;
      assert.equal(policy.current_version, 2);
      assert.deepEqual(
        policy.version.steps.map((s: { name: string; sla: string; escalate_to: unknown }) => [
          s.name,
          s.sla,
          s.escalate_to,
        ]),
        [
          ['Team review', 'PT4H', { role: 'admin' }],
          ['Finance sign-off', 'P1D', null],
        ],
      );
      assert.match(
        (await page.locator('tr', { hasText: 'Open a Lyon depot' }).textContent()) ?? '',
        /1\s*older version/,
        'the decision in review still runs under version 1',
      );
      await page.screenshot({ path: screenshotPath('console-admin-approval-policy'), fullPage: true });
      await context.close();
    });

    it('gives a non-admin no administration link and a refusal page, without JavaScript too', async () => {
      const { context, page } = await signIn(people.analyst.email, { javaScriptEnabled: false });
      assert.equal(await page.locator('a', { hasText: 'Administration' }).count(), 0);
      const response = await page.goto(`${stack.baseUrl}/console/admin/api-keys`);
      assert.equal(response?.status(), 403);
      assert.match((await page.textContent('h1')) ?? '', /Administrators only/);
      await page.screenshot({ path: screenshotPath('console-admin-refused'), fullPage: true });
      await context.close();
      assert.deepEqual(cspViolations, [], 'no Content-Security-Policy violations on any administration page');
    });
  });
});
