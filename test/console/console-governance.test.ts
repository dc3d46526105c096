import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { Role } from '../../core/roles';
import { addConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, consoleInBrowser, launchChromium, screenshotPath } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The console shows what is true and offers what the person may do: revoked keys as revoked, one look per state,
 * names instead of ids, resubmit and edit for the owner of a decision whose changes were requested, and no
 * Approve/Reject for the decision's author.
 */
describe('Governance console: states, names and what each person is offered', { skip: browserUnavailable() }, () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let browser: Browser;
  const people = {} as Record<'admin' | 'approver' | 'owner', { id: string; email: string }>;
  let policyId: string;
  const api = (method: string, path: string, body?: unknown, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenant.id, role);

  const decision = async (title: string, submit = true) => {
    const created = await api('POST', '/decisions', {
      title,
      options: [{ label: 'Current volume' }, { label: 'Growth case' }],
      chosen_option: 'opt_1',
      owner_id: people.owner.id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    if (submit) {
      const submitted = await api('POST', `/decisions/${created.body.id}/submit`, { approval_policy_id: policyId });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    }
    return created.body.id as string;
  };
  /** An approver's act, sent to the decision's workflow as that person (the tests below use the console for their own acts). */
  const review = (id: string, update: 'approve' | 'reject' | 'requestChanges') =>
    stack.temporal.workflow.getHandle(`decision/${id}`).executeUpdate(update, {
      args: [{ actor: { type: 'user', id: people.approver.id }, role: 'approver', expectedStep: 1, comment: null }],
    });

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Gamma Support' });
    people.admin = await addMember('admin', 'admin');
    people.approver = await addMember('approver', 'approver');
    people.owner = await addMember('owner', 'approver');
    const policy = await api('POST', '/approval-policies', {
      name: 'Support review',
      steps: [{ name: 'Team review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyId = policy.body.id;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const { cspViolations, signIn, checkAccessibility } = consoleInBrowser({
    browser: () => browser,
    baseUrl: () => stack.baseUrl,
    password: PEOPLE_PASSWORD,
    screenshotPrefix: 'console-governance-',
  });

  it('gives each decision state its own badge look, accessibly', async () => {
    await decision('A draft', false);
    await decision('A pending one');
    await review(await decision('An approved one'), 'approve');
    await review(await decision('A rejected one'), 'reject');
    await review(await decision('One sent back'), 'requestChanges');
    const withdrawn = await decision('A withdrawn one');
    assert.equal((await api('POST', `/decisions/${withdrawn}/withdraw`, {})).status, 200);

    const { context, page } = await signIn(people.admin.email);
    await page.goto(`${stack.baseUrl}/console/decisions`);
    const looks = await page.locator('.badge[class*="status-"]').evaluateAll((badges) =>
      badges.map((b) => {
        const style = (
          globalThis as unknown as {
            getComputedStyle(e: unknown): { backgroundColor: string; color: string; borderStyle: string };
          }
        ).getComputedStyle(b);
        return {
          status: [...b.classList].find((c) => c.startsWith('status-')) as string,
          look: `${style.backgroundColor}|${style.color}|${style.borderStyle}`,
        };
      }),
    );
    const byStatus = new Map(looks.map((l) => [l.status, l.look]));
    assert.deepEqual([...byStatus.keys()].sort(), [
      'status-approved',
      'status-changes_requested',
      'status-draft',
      'status-pending_approval',
      'status-rejected',
      'status-withdrawn',
    ]);
    assert.equal(
      new Set(byStatus.values()).size,
      byStatus.size,
      `every state looks different: ${JSON.stringify([...byStatus])}`,
    );
    await checkAccessibility(context, `${stack.baseUrl}/console/decisions`, 'decision-states');
    await context.close();
  });

  it('names the policy, the owner and the API key instead of their ids', async () => {
    const id = await decision('Named things');
    const { context, page } = await signIn(people.admin.email);
    await page.goto(`${stack.baseUrl}/console/decisions/${id}`);
    const facts = (await page.textContent('.facts')) ?? '';
    assert.match(facts, /Support review, version 1/);
    assert.ok(!facts.includes(policyId), 'no raw policy id');
    assert.match(facts, /Owner Person/);
    const timeline = (await page.textContent('#timeline')) ?? '';
    assert.match(timeline, /API key “test key”/);
    assert.ok(!/key_[0-9a-z]{26}/.test(timeline), `no raw key id in the timeline: ${timeline}`);
    await context.close();
  });

  it("hides Approve and Reject from the decision's owner, and shows them to its approver", async () => {
    const id = await decision('Who may approve');
    const owner = await signIn(people.owner.email);
    await owner.page.goto(`${stack.baseUrl}/console/decisions/${id}`);
    assert.equal(await owner.page.locator('button', { hasText: /Approve|Reject|Request changes/ }).count(), 0);
    await owner.context.close();
    const approver = await signIn(people.approver.email);
    await approver.page.goto(`${stack.baseUrl}/console/decisions/${id}`);
    assert.equal(await approver.page.locator('button', { hasText: 'Approve step 1' }).count(), 1);
    assert.equal(await approver.page.locator('button', { hasText: 'Reject' }).count(), 1);
    await approver.context.close();
  });

  it('offers the owner of a decision whose changes were requested to edit and resubmit it, and the review resumes', async () => {
    const id = await decision('Sent back for more');
    await review(id, 'requestChanges');
    const { context, page } = await signIn(people.owner.email);
    await page.goto(`${stack.baseUrl}/console/decisions/${id}`);
    await checkAccessibility(context, page.url(), 'changes-requested-owner');
    await page.selectOption('#edit-chosen', 'opt_2');
    await page.fill('#edit-rationale', 'Growth is visible in the queue times.');
    await page.locator('button', { hasText: 'Save changes' }).click();
    await page.locator('.notice', { hasText: 'Changes saved' }).waitFor();
    const edited = (await api('GET', `/decisions/${id}`)).body;
    assert.equal(edited.chosen_option, 'opt_2');
    assert.equal(edited.rationale, 'Growth is visible in the queue times.');
    await page.fill('#resubmit-comment', 'Now with the growth case.');
    await page.locator('button', { hasText: 'Resubmit for review' }).click();
    await page.locator('.notice', { hasText: 'Resubmitted' }).waitFor();
    const resumed = (await api('GET', `/decisions/${id}`)).body;
    assert.equal(resumed.status, 'pending_approval');
    assert.equal(resumed.review_round, 2);
    await page.screenshot({ path: screenshotPath('console-governance-resubmitted'), fullPage: true });
    await context.close();

    // An approver of the decision (not its owner) is offered neither while changes are requested.
    const other = await decision('Not theirs to resubmit');
    await review(other, 'requestChanges');
    const approver = await signIn(people.approver.email);
    await approver.page.goto(`${stack.baseUrl}/console/decisions/${other}`);
    assert.equal(await approver.page.locator('button', { hasText: /Resubmit|Save changes/ }).count(), 0);
    await approver.context.close();
  });

  it('shows a revoked key as revoked, never with an old secret that still works', async () => {
    const created = await api('POST', '/api-keys', { name: 'deploy bot', scopes: ['decisions:read'] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const rotated = await api('POST', `/api-keys/${created.body.id}/rotate`, { grace_period_seconds: 3600 });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const live = await api('POST', '/api-keys', { name: 'rotated and live', scopes: ['decisions:read'] });
    assert.equal((await api('POST', `/api-keys/${live.body.id}/rotate`, { grace_period_seconds: 3600 })).status, 200);
    assert.equal((await api('POST', `/api-keys/${created.body.id}/revoke`)).status, 200);
    assert.equal(
      (await api('GET', '/decisions', undefined, created.body.key)).status,
      401,
      'the API refuses the old secret',
    );

    const { context, page } = await signIn(people.admin.email);
    await page.goto(`${stack.baseUrl}/console/admin/api-keys`);
    const revokedRow = (await page.textContent(`#key-${created.body.id}`)) ?? '';
    assert.match(revokedRow, /revoked/);
    assert.match(revokedRow, /Refused since/);
    assert.ok(!/Old secret works/.test(revokedRow), revokedRow);
    assert.match(
      (await page.textContent(`#key-${live.body.id}`)) ?? '',
      /Old secret works until/,
      'a live rotated key still says so',
    );
    await checkAccessibility(context, page.url(), 'api-keys');
    await context.close();
    assert.deepEqual(cspViolations, []);
  });
});
