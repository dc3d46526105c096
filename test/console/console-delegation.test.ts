import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { addConsoleMember, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, consoleInBrowser, launchChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Delegation in the console: the people page and a decision's step say who is away until when and who acts for them;
 * the delegate finds the step in their inbox and approves it by keyboard, on the approver's behalf.
 */
describe('Console: approvers away and their delegates', { skip: browserUnavailable() }, () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let browser: Browser;
  const people = {} as Record<'admin' | 'away' | 'delegate' | 'owner', ConsoleMember>;
  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, body });

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Delta Support' });
    people.admin = await addConsoleMember(stack.db, 'admin', tenant.id, 'admin');
    people.away = await addConsoleMember(stack.db, 'away', tenant.id, 'approver');
    people.delegate = await addConsoleMember(stack.db, 'delegate', tenant.id, 'analyst');
    people.owner = await addConsoleMember(stack.db, 'owner', tenant.id, 'analyst');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const { signIn, checkAccessibility } = consoleInBrowser({
    browser: () => browser,
    baseUrl: () => stack.baseUrl,
    password: PEOPLE_PASSWORD,
    screenshotPrefix: 'console-delegation-',
  });

  it('shows "away until" on the person and their step, and the delegate approves by keyboard on their behalf', async () => {
    const until = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const set = await api('PUT', `/users/${people.away.id}/delegation`, {
      delegate: people.delegate.id,
      until,
      reason: 'Annual leave',
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const policy = await api('POST', '/approval-policies', {
      name: 'Lead sign-off',
      steps: [{ name: 'Lead', approvals_required: 1, approvers: { user_ids: [people.away.id] }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const created = await api('POST', '/decisions', {
      title: 'Holiday cover',
      options: [{ label: 'Two agents' }, { label: 'Three agents' }],
      chosen_option: 'opt_1',
      owner_id: people.owner.id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    const submitted = await api('POST', `/decisions/${id}/submit`, { approval_policy_id: policy.body.id });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));

    // The admin's people page: the approver is away, and who acts for them.
    const admin = await signIn(people.admin.email);
    await admin.page.goto(`${stack.baseUrl}/console/admin/people`);
    const row = (await admin.page.textContent(`#member-${people.away.id}`)) ?? '';
    assert.match(row, /Away until/);
    assert.match(row, /Delegate Person acts for them/);
    await checkAccessibility(admin.context, `${stack.baseUrl}/console/admin/people`, 'people');
    await admin.context.close();

    // The delegate's inbox lists the step on the approver's behalf.
    const { context, page } = await signIn(people.delegate.email);
    const task = page.locator('tr', { hasText: 'Holiday cover' });
    assert.match((await task.textContent()) ?? '', /On behalf of Away Person, away until/);
    await task.locator('a').click();
    await page.waitForURL(`${stack.baseUrl}/console/decisions/${id}`);
    assert.match((await page.textContent('ul.away')) ?? '', /Away Person is away until[\s\S]*Delegate Person acts on/);
    assert.match((await page.textContent('.on-behalf')) ?? '', /You act on behalf of Away Person/);
    await checkAccessibility(context, page.url(), 'decision');

    // Keyboard only: the comment, then Tab to the first button and Enter.
    await page.locator('#action-comment').focus();
    await page.keyboard.type('Covering for the lead.');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Approve step 1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.notice.success');
    assert.match(
      (await page.textContent('#timeline')) ?? '',
      /Approved a step — step 1 \(Lead\)[\s\S]*Delegate Person on behalf of Away Person[\s\S]*Covering for the lead\./,
    );
    await checkAccessibility(context, page.url(), 'decision-approved');
    await context.close();

    const decision = await api('GET', `/decisions/${id}`);
    assert.equal(decision.body.status, 'approved');
    assert.equal(decision.body.approvals[0].user_id, people.delegate.id);
    assert.equal(decision.body.approvals[0].on_behalf_of, people.away.id);
  });
});
