import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { loadConfig } from '../../core/config';
import { CONSOLE_CSP } from '../../api/console/routes';
import { sessionCookie } from '../../api/console/session';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

describe('Governance console (/console)', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'owner' | 'ap1' | 'ap2' | 'viewer', ConsoleMember>;
  let policyId: string;
  let mainDecision: string;
  let ownerDecision: string;
  let otherTenantDecision: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const addMember = (label: string, tenantId: string, role: Role) => addConsoleMember(stack.db, label, tenantId, role);

  const scenario = async (arrivals: number) => {
    const created = await api('POST', '/scenarios', tenantA.key, {
      name: `Staffing at ${arrivals}/h`,
      model_id: 'mdl_service_queue_staffing',
      inputs: { arrival_rate_per_hour: arrivals, average_handle_time_seconds: 180 },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const submittedDecision = async (
    tenant: TestTenant,
    fields: Record<string, unknown>,
    policy: string,
    evidence: unknown[] = [],
  ) => {
    const created = await api('POST', '/decisions', tenant.key, { chosen_option: 'opt_1', tags: ['q3'], ...fields });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    for (const item of evidence) {
      const attached = await api('POST', `/decisions/${created.body.id}/evidence`, tenant.key, item);
      assert.equal(attached.status, 201, JSON.stringify(attached.body));
    }
    const submitted = await api('POST', `/decisions/${created.body.id}/submit`, tenant.key, {
      approval_policy_id: policy,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    return created.body.id as string;
  };

  const status = async (id: string) =>
    (await api('GET', `/decisions/${id}`, tenantA.key)).body as {
      status: string;
      current_step: number | null;
      approvals: unknown[];
    };

  const httpSignIn = (email: string) => signInToConsoleOverHttp(stack.baseUrl, email);

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Alpha Logistics' });
    tenantB = await createTestTenant(stack.db, { name: 'Beta' });
    people.owner = await addMember('owner', tenantA.id, 'approver');
    people.ap1 = await addMember('approver-one', tenantA.id, 'approver');
    people.ap2 = await addMember('approver-two', tenantA.id, 'approver');
    people.viewer = await addMember('viewer', tenantA.id, 'viewer');
    const policy = await api('POST', '/approval-policies', tenantA.key, {
      name: 'Two-step review',
      steps: [
        { name: 'Team review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'PT2H' },
        { name: 'Finance sign-off', approvals_required: 1, approvers: { user_ids: [people.ap2.id] }, sla: 'P1D' },
      ],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyId = policy.body.id;
    const [current, growth] = [await scenario(100), await scenario(160)];
    mainDecision = await submittedDecision(
      tenantA,
      {
        title: 'Support desk staffing for Q3',
        context: 'How many agents from July? <script>alert(1)</script>',
        options: [
          { label: 'Current volume', description: 'Staff for today', scenario_id: current },
          { label: 'Growth case', description: 'Staff for +60%', scenario_id: growth },
        ],
        owner_id: people.owner.id,
        due_at: '2027-01-15T17:00:00.000Z',
      },
      policyId,
      [
        { type: 'note', title: 'Forecast', text: 'Volume grew 4% a month since March.' },
        { type: 'link', title: 'Queue report', url: 'https://example.com/queue-report' },
      ],
    );
    ownerDecision = await submittedDecision(
      tenantA,
      { title: 'Second warehouse', options: [{ label: 'Lyon' }, { label: 'Lille' }], owner_id: people.owner.id },
      policyId,
    );
    const policyB = await api('POST', '/approval-policies', tenantB.key, {
      name: 'B',
      steps: [{ name: 'Any', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' }],
    });
    assert.equal(policyB.status, 201, JSON.stringify(policyB.body));
    const created = await api('POST', '/decisions', tenantB.key, {
      title: 'Beta only',
      options: [{ label: 'x' }, { label: 'y' }],
    });
    otherTenantDecision = created.body.id;
  });
  after(async () => stack?.close());

  describe('over HTTP', () => {
    it('sets the session cookie HttpOnly, SameSite=Lax, scoped to /console, and Secure outside development', async () => {
      const response = await fetch(`${stack.baseUrl}/console/login`, { redirect: 'manual' });
      assert.equal(response.status, 303);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('dms_console_session=')) as string;
      assert.ok(cookie, 'a session cookie');
      assert.match(cookie, /; HttpOnly/);
      assert.match(cookie, /; SameSite=Lax/);
      assert.match(cookie, /; Path=\/console/);
      assert.doesNotMatch(cookie, /Secure/, 'plain http in tests');
      assert.match(response.headers.get('location') as string, /\/oauth2\/auth\?.*code_challenge_method=S256/);
      const production = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'https://console.example.com',
        WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      });
      assert.match(sessionCookie(production, 'x'.repeat(43), 60), /; Secure$/);
      // The token never reaches the browser: the signed-in pages carry no JWT anywhere.
      const { browser } = await httpSignIn(people.ap1.email);
      const page = await browser.request(`${stack.baseUrl}/console/decisions/${mainDecision}`);
      assert.doesNotMatch(page.html, /eyJ[A-Za-z0-9_-]{10,}\./);
    });

    it('answers every console page with a strict CSP, no framing, and no inline script or style', async () => {
      const { browser } = await httpSignIn(people.ap1.email);
      for (const path of [
        '/console',
        '/console/decisions',
        `/console/decisions/${mainDecision}`,
        '/console/no-such-page',
        '/console/signed-out',
      ]) {
        const response = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });
        assert.equal(response.headers.get('content-security-policy'), CONSOLE_CSP, path);
        assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.doesNotMatch(page.html, /<script(?![^>]*\ssrc=)/, `${path}: inline script`);
        assert.doesNotMatch(page.html, /\sstyle=|<style/, `${path}: inline style`);
      }
      assert.match(CONSOLE_CSP, /script-src 'self'/);
      assert.match(CONSOLE_CSP, /frame-ancestors 'none'/);
      assert.doesNotMatch(CONSOLE_CSP, /unsafe-inline/);
      // Escaping by default: the decision's context is shown as text.
      const decision = await browser.request(`${stack.baseUrl}/console/decisions/${mainDecision}`);
      assert.match(decision.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    });

    it('refuses a POST without the CSRF token, or with another session’s, and changes nothing', async () => {
      const { browser } = await httpSignIn(people.ap1.email);
      const other = await httpSignIn(people.ap2.email);
      const before = await status(mainDecision);
      const forms: Array<Record<string, string>> = [
        { action: 'approve', expected_step: '1' },
        { action: 'approve', expected_step: '1', _csrf: other.csrf },
        { action: 'approve', expected_step: '1', _csrf: 'x' },
      ];
      for (const form of forms) {
        const response = await browser.request(`${stack.baseUrl}/console/decisions/${mainDecision}/act`, { form });
        assert.equal(response.status, 403, response.html);
        assert.match(response.html, /Request refused/);
      }
      const logout = await browser.request(`${stack.baseUrl}/console/logout`, { form: {} });
      assert.equal(logout.status, 403, 'sign-out needs the token too');
      assert.deepEqual(await status(mainDecision), before);
    });

    it('refuses a viewer’s forged POST server-side, with a valid CSRF token', async () => {
      const { browser, csrf } = await httpSignIn(people.viewer.email);
      const page = await browser.request(`${stack.baseUrl}/console/decisions/${mainDecision}`);
      assert.equal(page.status, 200);
      assert.doesNotMatch(page.html, /\/act"/, 'no action forms for a viewer');
      const before = await status(mainDecision);
      const forged = await browser.request(`${stack.baseUrl}/console/decisions/${mainDecision}/act`, {
        form: { _csrf: csrf, action: 'approve', expected_step: '1' },
      });
      assert.equal(forged.status, 403, forged.html);
      assert.match(forged.html, /read decisions, not act on them/);
      const comment = await browser.request(`${stack.baseUrl}/console/decisions/${mainDecision}/act`, {
        form: { _csrf: csrf, action: 'comment', comment: 'sneaky' },
      });
      assert.equal(comment.status, 403);
      assert.deepEqual(await status(mainDecision), before);
    });

    it('answers another tenant’s decision id with the same 404 page as a missing one', async () => {
      const { browser } = await httpSignIn(people.ap1.email);
      const foreign = await browser.request(`${stack.baseUrl}/console/decisions/${otherTenantDecision}`);
      const missing = await browser.request(`${stack.baseUrl}/console/decisions/dec_01m7yvrz8c1x16083v41p1avpr`);
      assert.equal(foreign.status, 404);
      assert.equal(missing.status, 404);
      assert.doesNotMatch(foreign.html, /Beta only/);
      assert.equal(foreign.html, missing.html);
    });

    it('sends an unsigned visitor to sign in, keeping only console paths to return to', async () => {
      const response = await fetch(`${stack.baseUrl}/console/decisions?status=approved`, { redirect: 'manual' });
      assert.equal(response.status, 303);
      assert.equal(
        response.headers.get('location'),
        `/console/login?return_to=${encodeURIComponent('/console/decisions?status=approved')}`,
      );
      const evil = await fetch(`${stack.baseUrl}/console/callback?state=x&code=y`, { redirect: 'manual' });
      assert.equal(evil.status, 400, 'a callback not started in this browser');
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-',
    });

    it('signs in through the real login page, lists the pending step, opens the decision and approves it with a comment by keyboard', async () => {
      const { context, page } = await signIn(people.ap1.email, { axe: 'approver' });
      await checkAccessibility(context, page.url(), 'inbox');
      const row = page.locator('tr', { hasText: 'Support desk staffing for Q3' });
      assert.match((await row.textContent()) ?? '', /Step 1: Team review/);
      assert.match((await row.textContent()) ?? '', /Due in 1 h|Due in 2 h/);
      await row.locator('a').click();
      await page.waitForURL(`${stack.baseUrl}/console/decisions/${mainDecision}`);
      await checkAccessibility(context, page.url(), 'decision');
      const options = page.locator('table.options');
      assert.match((await options.textContent()) ?? '', /Current volume[\s\S]*Growth case/);
      assert.ok((await page.locator('table.options td.best').count()) > 0, 'the best value of some metric is marked');
      assert.match((await page.textContent('#outcomes-heading + *')) ?? '', /No outcomes recorded/);
      const evidence = (await page.textContent('ul.evidence')) ?? '';
      assert.match(evidence, /Forecast/);
      assert.equal(
        await page.locator('ul.evidence a', { hasText: 'Queue report' }).getAttribute('href'),
        'https://example.com/queue-report',
      );
      assert.match(
        (await page.locator('a', { hasText: 'Temporal UI' }).getAttribute('href')) ?? '',
        new RegExp(`/workflows/decision%2F${mainDecision}$`),
      );

      // Keyboard only: the comment field, then Tab to the first button and Enter.
      await page.locator('#action-comment').focus();
      await page.keyboard.type('Numbers check out.');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate('document.activeElement.textContent'), 'Approve step 1');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.notice.success');
      assert.match((await page.textContent('.notice')) ?? '', /Approved/);
      assert.match(
        (await page.textContent('#timeline')) ?? '',
        /Approved a step — step 1 \(Team review\)[\s\S]*Approver-one Person[\s\S]*Numbers check out\./,
      );
      const now = await status(mainDecision);
      assert.equal(now.current_step, 2);
      await context.close();
    });

    it('shows the second approver the decision moved to their step; their approval ends the review and outcomes are charted', async () => {
      const { context, page } = await signIn(people.ap2.email);
      const row = page.locator('tr', { hasText: 'Support desk staffing for Q3' });
      assert.match((await row.textContent()) ?? '', /Step 2: Finance sign-off/);
      await row.locator('a').click();
      await page.waitForURL(`${stack.baseUrl}/console/decisions/${mainDecision}`);
      assert.match((await page.textContent('#timeline')) ?? '', /Numbers check out\./);
      assert.match((await page.textContent('.facts')) ?? '', /step 2 of 2/);
      await page.locator('button', { hasText: 'Approve step 2' }).click();
      await page.waitForSelector('.notice.success');
      assert.match((await page.textContent('.facts')) ?? '', /Approved/);
      assert.equal((await status(mainDecision)).status, 'approved');

      // Outcomes recorded through the API appear as expected vs. actual (expected defaults from the frozen run).
      for (const [actual, observedAt] of [
        [9, '2026-11-01T00:00:00.000Z'],
        [11, '2026-11-15T00:00:00.000Z'],
      ] as const) {
        const recorded = await api('POST', `/decisions/${mainDecision}/outcomes`, tenantA.key, {
          metric: 'required_agents',
          actual_value: actual,
          observed_at: observedAt,
        });
        assert.equal(recorded.status, 201, JSON.stringify(recorded.body));
      }
      await page.reload();
      const chart = page.locator('#outcomes-heading ~ figure.chart');
      assert.equal(await chart.count(), 1);
      assert.match((await chart.locator('figcaption').textContent()) ?? '', /required_agents/);
      assert.equal(await chart.locator('svg polyline').count(), 2, 'an expected line and an actual line');
      assert.equal(await chart.locator('tbody tr').count(), 2);
      await page.screenshot({ path: screenshotPath('console-decision-approved-with-outcomes'), fullPage: true });
      await context.close();
    });

    it('offers the owner no Approve or Reject, and shows a forged approval the separation-of-duties refusal in plain words', async () => {
      const { context, page } = await signIn(people.owner.email);
      assert.equal(await page.locator('tr', { hasText: 'Second warehouse' }).count(), 0, 'not in the owner’s inbox');
      await page.goto(`${stack.baseUrl}/console/decisions/${ownerDecision}`);
      assert.equal(
        await page.locator('button', { hasText: /Approve|Reject|Request changes/ }).count(),
        0,
        'hidden from the owner',
      );
      assert.match((await page.textContent('.actions-panel')) ?? '', /you are not one of them/);
      assert.equal(await page.locator('button', { hasText: 'Comment' }).count(), 1, 'the owner may still comment');
      // The rule is the workflow's, not the page's: a POST the page did not offer is refused in plain words.
      const csrf = (await page.locator('input[name=_csrf]').first().getAttribute('value')) as string;
      const forged = await page.request.post(`${stack.baseUrl}/console/decisions/${ownerDecision}/act`, {
        form: { _csrf: csrf, action: 'approve', expected_step: '1' },
        headers: { origin: stack.baseUrl },
      });
      assert.equal(forged.status(), 403);
      const alert = await forged.text();
      assert.match(alert, /separation of duties/);
      assert.match(alert, /You are the decision(&#39;|&#x27;|')s owner or author/);
      await page.screenshot({ path: screenshotPath('console-separation-of-duties'), fullPage: true });
      assert.equal((await status(ownerDecision)).current_step, 1);
      assert.deepEqual((await status(ownerDecision)).approvals, []);
      await context.close();
    });

    it('shows a viewer the decision without JavaScript and without action buttons, and refuses their forged POST', async () => {
      const { context, page } = await signIn(people.viewer.email, { javaScriptEnabled: false });
      await page.goto(`${stack.baseUrl}/console/decisions?status=approved`);
      assert.equal(await page.locator('a', { hasText: 'Support desk staffing for Q3' }).count(), 1);
      assert.equal(await page.locator('a', { hasText: 'Second warehouse' }).count(), 0, 'filtered by status');
      await page.goto(`${stack.baseUrl}/console/decisions/${mainDecision}`);
      assert.match((await page.textContent('h1')) ?? '', /Support desk staffing/);
      assert.equal(await page.locator('button', { hasText: /Approve|Reject|Request changes|Comment/ }).count(), 0);
      const csrf = (await page.locator('input[name=_csrf]').first().getAttribute('value')) as string;
      const before = await status(ownerDecision);
      const forged = await page.request.post(`${stack.baseUrl}/console/decisions/${ownerDecision}/act`, {
        form: { _csrf: csrf, action: 'approve', expected_step: '1' },
        headers: { origin: stack.baseUrl },
      });
      assert.equal(forged.status(), 403);
      assert.deepEqual(await status(ownerDecision), before);
      await context.close();
    });

    it('signs out: the session ends, its refresh token is revoked, and the console asks to sign in again', async () => {
      const refreshTokens = async () =>
        Number(
          (
            await stack
              .db('oidc_payloads')
              .where({ model: 'RefreshToken' })
              .whereRaw("payload->>'accountId' = ?", [people.ap2.id])
              .count<{ count: string }[]>({ count: '*' })
          )[0]?.count,
        );
      const sessions = async () =>
        Number(
          (
            await stack
              .db('console_sessions')
              .where({ user_id: people.ap2.id })
              .count<{ count: string }[]>({ count: '*' })
          )[0]?.count,
        );
      const before = await refreshTokens();
      const sessionsBefore = await sessions();
      const { context, page } = await signIn(people.ap2.email);
      assert.equal(await sessions(), sessionsBefore + 1);
      assert.equal(await refreshTokens(), before + 1, 'the console session holds a refresh token');
      await page.locator('button', { hasText: 'Sign out' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/signed-out`);
      await page.screenshot({ path: screenshotPath('console-signed-out'), fullPage: true });
      assert.equal(await sessions(), sessionsBefore, 'the session row is gone');
      assert.equal(
        await refreshTokens(),
        before,
        'the refresh token of this session is revoked (and its grant with it)',
      );
      await page.goto(`${stack.baseUrl}/console`);
      await page.waitForSelector('#email');
      await context.close();
      assert.deepEqual(cspViolations, [], 'no Content-Security-Policy violations on any console page');
    });
  });
});
