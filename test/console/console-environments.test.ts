import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CONSOLE_CSP } from '../../api/console/routes';
import { discountExpressionModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, tabTo, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The console's Environments page (/console/environments): the grid of the version each environment serves per model
 * with the releases scheduled there and their countdowns; an analyst promotes a released version into staging from
 * an instant, cancels it and promotes at once, by keyboard alone; a refusal shown beside the form; a viewer sees the
 * grid without a form; a promotion's release decision names its environment on the decision page.
 */
describe('Governance console: the Environments page (/console/environments)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const people = {} as Record<'analyst' | 'viewer' | 'reviewer', ConsoleMember>;
  let policyId: string;
  let modelId: string;

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const deploymentsOf = async (query: string) =>
    (await api('GET', `/models/${modelId}/deployments?${query}`)).body.data as Array<{
      id: string;
      status: string;
      version: string;
      decision_id: string | null;
      environment: { name: string };
    }>;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Zeta Pricing' });
    people.analyst = await addConsoleMember(stack.db, 'analyst', tenant.id, 'analyst');
    people.viewer = await addConsoleMember(stack.db, 'viewer', tenant.id, 'viewer');
    people.reviewer = await addConsoleMember(stack.db, 'reviewer', tenant.id, 'approver');
    const policy = await api('POST', '/approval-policies', {
      name: 'Release review',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [people.reviewer.id] }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyId = policy.body.id;
    const model = await api('POST', '/models', discountExpressionModelBody('Tariff <b>2030</b>', 'order_total * 0.1'));
    assert.equal(model.status, 201, JSON.stringify(model.body));
    modelId = model.body.id;
    // A one-case suite recording what version 1 answers (no rule coverage asked of an expression model).
    assert.equal((await api('PATCH', `/models/${modelId}`, { coverage_threshold: 0 })).status, 200);
    const inputs = { order_total: 100 };
    const evaluated = await api('POST', `/models/${modelId}/evaluate`, { inputs, version: '1' });
    assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
    const testCase = await api('POST', `/models/${modelId}/test-cases`, {
      name: 'snapshot',
      inputs,
      expected: evaluated.body.outputs,
    });
    assert.equal(testCase.status, 201, JSON.stringify(testCase.body));
    // Version 1 released through its review: into the release target (production).
    const submitted = await api('POST', `/models/${modelId}/versions/1/submit`, { approval_policy_id: policyId });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    await stack.temporal.workflow.getHandle(`decision/${submitted.body.review.decision_id}`).executeUpdate('approve', {
      args: [{ actor: { type: 'user', id: people.reviewer.id }, role: 'approver', expectedStep: 1, comment: null }],
    });
    for (let attempt = 0; ; attempt++) {
      const live = await deploymentsOf('environment=production&status=active');
      if (live.length === 1) break;
      assert.ok(attempt < 600, 'version 1 never took effect in production');
      await sleep(100);
    }
  });
  after(async () => stack?.close());

  describe('over HTTP', () => {
    it('answers with the strict CSP, the tenant’s text escaped, and refuses a viewer’s forged POSTs', async () => {
      const viewer = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const page = await viewer.browser.request(`${stack.baseUrl}/console/environments`);
      assert.equal(page.status, 200, page.html.slice(0, 800));
      assert.equal(page.headers.get('content-security-policy'), CONSOLE_CSP);
      assert.doesNotMatch(page.html, /<script(?![^>]*\ssrc=)|\sstyle=|<style/);
      assert.ok(page.html.includes('Tariff &lt;b&gt;2030&lt;/b&gt;'), 'the model name as text');
      assert.match(page.html, /href="\/console\/environments" aria-current="page">Environments/);
      assert.doesNotMatch(page.html, /environments\/promote|\/cancel"/, 'no form for a viewer');
      const forged = await viewer.browser.request(`${stack.baseUrl}/console/environments/promote`, {
        form: { _csrf: viewer.csrf, model_id: modelId, version: '1', environment: 'staging' },
      });
      assert.equal(forged.status, 403);
      assert.match(forged.html, /not promote versions or cancel releases/);
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const noToken = await analyst.browser.request(`${stack.baseUrl}/console/environments/promote`, {
        form: { model_id: modelId, version: '1', environment: 'staging' },
      });
      assert.equal(noToken.status, 403);
      assert.equal((await deploymentsOf('environment=staging')).length, 0, 'nothing was promoted');
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-environments-',
    });
    const cellText = async (page: Page, environment: string) =>
      ((await page.locator(`tr[data-model-id="${modelId}"] td[data-environment="${environment}"]`).textContent()) ?? '')
        .replace(/\s+/g, ' ')
        .trim();

    /** Types an instant into a datetime-local field as a keyboard user does (en-US: mm dd yyyy, → hh mm AM/PM). */
    async function typeInstant(page: Page, instant: Date) {
      const two = (n: number) => String(n).padStart(2, '0');
      const hours = instant.getUTCHours();
      await page.keyboard.type(
        `${two(instant.getUTCMonth() + 1)}${two(instant.getUTCDate())}${instant.getUTCFullYear()}`,
      );
      await page.keyboard.press('ArrowRight');
      await page.keyboard.type(
        `${two(((hours + 11) % 12) + 1)}${two(instant.getUTCMinutes())}${hours < 12 ? 'A' : 'P'}`,
      );
    }

    it('promotes into staging from an instant, cancels it, and promotes at once, by keyboard alone', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await tabTo(page, 'nav a[href="/console/environments"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/environments`);
      const headers = await page.locator('table.environments thead th').allTextContents();
      assert.deepEqual(
        headers.map((h) => h.replace(/\s+/g, ' ').trim()),
        ['Model', 'staging', 'production (reviewed)'],
      );
      assert.match(await cellText(page, 'production'), /^Version 1 since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      assert.equal(await cellText(page, 'staging'), 'Nothing in effect');

      // A refusal comes back beside the form: version 1 is already in effect in production.
      await tabTo(page, '#promote-0-environment');
      await page.keyboard.type('production');
      await tabTo(page, `#promote-${modelId} button[type=submit]`);
      await page.keyboard.press('Enter');
      await page.waitForSelector('#promote-0-error');
      assert.match((await page.textContent('[role=alert]#promote-0-error')) ?? '', /already in effect in production/);
      assert.equal(await page.inputValue('#promote-0-environment'), 'production', 'what was entered is kept');

      // Into staging from 2 d 3 h 30 min from now (UTC, the default time zone).
      const instant = new Date(Math.ceil((Date.now() + (2 * 24 * 60 + 3 * 60 + 30) * 60_000) / 60_000) * 60_000);
      await tabTo(page, '#promote-0-environment');
      await page.keyboard.type('staging');
      await tabTo(page, '#promote-0-from');
      await typeInstant(page, instant);
      assert.equal(await page.inputValue('#promote-0-from'), instant.toISOString().slice(0, 16));
      await tabTo(page, '#promote-0-reason');
      await page.keyboard.type('Tariff <2030> trial');
      await tabTo(page, `#promote-${modelId} button[type=submit]`);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/environments?notice=scheduled`);
      assert.match((await page.textContent('.notice.success')) ?? '', /Scheduled/);
      const [scheduled] = await deploymentsOf('environment=staging&status=scheduled');
      assert.ok(scheduled, 'a scheduled deployment in staging');
      const item = page.locator(`li.scheduled[data-deployment-id="${scheduled.id}"]`);
      const text = ((await item.textContent()) ?? '').replace(/\s+/g, ' ');
      assert.match(text, /Scheduled Version 1 from/);
      assert.match(text, /in 2 d 3 h/);
      assert.match(text, /Tariff <2030> trial/);
      assert.equal(await item.locator('time').getAttribute('datetime'), instant.toISOString());
      assert.match(await cellText(page, 'staging'), /^Nothing in effect Scheduled Version 1/);
      await checkAccessibility(context, page.url(), 'scheduled');

      // Cancelled by keyboard: gone from the grid, cancelled in the API.
      await tabTo(page, `li.scheduled[data-deployment-id="${scheduled.id}"] button`);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/environments?notice=cancelled`);
      assert.equal(await page.locator('li.scheduled').count(), 0);
      assert.equal(await cellText(page, 'staging'), 'Nothing in effect');
      assert.equal((await api('GET', `/models/${modelId}/deployments/${scheduled.id}`)).body.status, 'cancelled');

      // At once: staging serves version 1.
      await tabTo(page, '#promote-0-environment');
      await page.keyboard.type('staging');
      await tabTo(page, `#promote-${modelId} button[type=submit]`);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/environments?notice=promoted`);
      assert.match(await cellText(page, 'staging'), /^Version 1 since /);
      assert.equal((await deploymentsOf('environment=staging&status=active')).length, 1);
      await checkAccessibility(context, page.url(), 'promoted');
      await context.close();
      assert.deepEqual(cspViolations, [], 'no Content-Security-Policy violations');
    });

    it('shows a viewer the grid without a button or form', async () => {
      const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 16);
      const promoted = await api('POST', `/models/${modelId}/versions/1/promote`, {
        environment: 'staging',
        effective_from: later,
        time_zone: 'Europe/Berlin',
      });
      assert.equal(promoted.status, 201, JSON.stringify(promoted.body));
      const { context, page } = await signIn(people.viewer.email);
      await page.goto(`${stack.baseUrl}/console/environments`);
      assert.match(
        await cellText(page, 'staging'),
        /Version 1 since .* Scheduled Version 1 from .*Europe\/Berlin.*in 4 d/,
      );
      assert.equal(await page.locator('main form, main button').count(), 0);
      await checkAccessibility(context, page.url(), 'viewer');
      await context.close();
      assert.equal((await api('POST', `/models/${modelId}/deployments/${promoted.body.id}/cancel`)).status, 200);
    });
  });

  it('names the environment of a promotion’s release decision on its page, and lists it awaiting review', async () => {
    // Production takes only a version that was in effect in staging (the browser tests promoted it there).
    if ((await deploymentsOf('environment=staging&status=active')).length === 0)
      assert.equal(
        (await api('POST', `/models/${modelId}/versions/1/promote`, { environment: 'staging' })).status,
        201,
      );
    const promoted = await api('POST', `/models/${modelId}/versions/1/promote`, {
      environment: 'production',
      effective_from: '2031-03-01T08:00:00Z',
      approval_policy_id: policyId,
    });
    assert.equal(promoted.status, 201, JSON.stringify(promoted.body));
    assert.equal(promoted.body.status, 'pending_review');
    const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
    const decision = await browser.request(`${stack.baseUrl}/console/decisions/${promoted.body.decision_id}`);
    assert.equal(decision.status, 200);
    assert.match(
      decision.html,
      /Promotion to production of <a [^>]+>version 1<\/a>, effective from <time datetime="2031-03-01T08:00:00.000Z">/,
    );
    const grid = await browser.request(`${stack.baseUrl}/console/environments`);
    assert.match(
      grid.html,
      new RegExp(`data-deployment-id="${promoted.body.id}"><span class="badge status-pending">Awaiting review`),
    );
  });
});
