import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CONSOLE_CSP } from '../../api/console/routes';
import type { Role } from '../../core/roles';
import { discountModelBody, shippingModelBody, STAFFING_MODEL_ID } from '../fixtures/model-bodies';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, tabTo, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/** Tenant-authored text that must reach the page as text: a model name, a description, a rule's cell and description. */
const HOSTILE_NAME = 'Discount <script>alert("name")</script> & tiers';
const HOSTILE_CELL = '"<i>vip</i>"';
const HOSTILE_DESCRIPTION = '<img src=x onerror=alert(1)>';

/** Version 2 of the discount model: gold's rate changed, silver-bulk removed, bronze-bulk and a VIP rule added, a bound narrowed. */
function secondVersion() {
  const body = discountModelBody('unused');
  const graph = structuredClone(body.graph) as {
    nodes: Array<{ type: string; content?: { rules: Array<Record<string, string>> } }>;
  };
  const table = graph.nodes.find((node) => node.type === 'decisionTableNode') as {
    content: { rules: Array<Record<string, string>> };
  };
  const rules = table.content.rules.filter((rule) => rule._id !== 'silver-bulk');
  (rules.find((rule) => rule._id === 'gold') as Record<string, string>).rate = '0.12';
  rules.splice(0, 0, {
    _id: 'vip',
    _description: HOSTILE_DESCRIPTION,
    tier: HOSTILE_CELL,
    qty: '',
    rate: '0.3',
    segment: '"vip"',
  });
  rules.splice(rules.length - 1, 0, {
    _id: 'bronze-bulk',
    _description: 'Bronze, bulk order',
    tier: '"bronze"',
    qty: '>= 100',
    rate: '0.03',
    segment: '"bronze bulk"',
  });
  table.content.rules = rules;
  const inputSchema = structuredClone(body.input_schema) as { properties: Record<string, Record<string, unknown>> };
  (inputSchema.properties.quantity as Record<string, unknown>).maximum = 1000;
  return { input_schema: inputSchema, output_schema: body.output_schema, graph, sample_inputs: body.sample_inputs };
}

describe('Governance console: the Models section (/console/models)', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst' | 'approver' | 'viewer', ConsoleMember>;
  let policyId: string;
  let modelId: string;
  let shippingId: string;
  let rolledBackId: string;
  let foreignModelId: string;
  let reviewDecisionId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenantA.id, role);
  const httpSignIn = (email: string, options: { scope?: string } = {}) =>
    signInToConsoleOverHttp(stack.baseUrl, email, options);

  /** Submits a version for review under the tenant's policy (its suite must pass: the submission runs it). */
  const submitForReview = async (id: string, version: number): Promise<string> => {
    const submitted = await api('POST', `/models/${id}/versions/${version}/submit`, tenantA.key, {
      approval_policy_id: policyId,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    return submitted.body.review.decision_id as string;
  };
  /** The approver approves the release decision's step, as their console action does (an update of its workflow). */
  const approveAsReviewer = (decisionId: string) =>
    stack.temporal.workflow.getHandle(`decision/${decisionId}`).executeUpdate('approve', {
      args: [{ actor: { type: 'user', id: people.approver.id }, role: 'approver', expectedStep: 1, comment: null }],
    });
  /** A model whose suite is one case recording what `inputs` give, and which needs no rule coverage to be submitted. */
  const snapshotSuite = async (id: string, inputs: Record<string, unknown>, version = '1') => {
    assert.equal((await api('PATCH', `/models/${id}`, tenantA.key, { coverage_threshold: 0 })).status, 200);
    const evaluated = await api('POST', `/models/${id}/evaluate`, tenantA.key, { inputs, version });
    const expected = Object.fromEntries(
      Object.entries(evaluated.body.outputs as Record<string, unknown>).filter(
        ([, value]) => typeof value !== 'object',
      ),
    );
    assert.equal(
      (await api('POST', `/models/${id}/test-cases`, tenantA.key, { name: 'snapshot', inputs, expected })).status,
      201,
    );
  };

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Delta Retail' });
    tenantB = await createTestTenant(stack.db, { name: 'Epsilon' });
    people.analyst = await addMember('analyst', 'analyst');
    people.approver = await addMember('approver', 'approver');
    people.viewer = await addMember('viewer', 'viewer');
    const policy = await api('POST', '/approval-policies', tenantA.key, {
      name: 'Model release review',
      steps: [{ name: 'Pricing review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyId = policy.body.id;
    // The markup rule of the second versions ("<i>vip</i>") is outside the tier's enum, which the release gate blocks
    // by default; here it only warns, as the pages' escaping is what is tested.
    const gate = await api('PATCH', '/model-settings', tenantA.key, { verification: { domain_violations: 'warn' } });
    assert.equal(gate.status, 200, JSON.stringify(gate.body));

    const model = await api('POST', '/models', tenantA.key, {
      ...discountModelBody(HOSTILE_NAME),
      description: 'Tier discounts. <b>not bold</b>',
    });
    assert.equal(model.status, 201, JSON.stringify(model.body));
    modelId = model.body.id;
    const second = await api('POST', `/models/${modelId}/versions`, tenantA.key, secondVersion());
    assert.equal(second.status, 201, JSON.stringify(second.body));
    for (const testCase of [
      {
        name: 'gold bulk',
        inputs: { tier: 'gold', quantity: 150 },
        expected: { 'discount.rate': 0.2, segment: 'gold bulk' },
      },
      { name: 'gold small', inputs: { tier: 'gold', quantity: 5 }, expected: { 'discount.rate': 0.1 } },
      {
        name: 'silver small',
        inputs: { tier: 'silver', quantity: 5 },
        expected: { 'discount.rate': 0.05 },
        expected_rules: ['silver'],
      },
    ]) {
      const created = await api('POST', `/models/${modelId}/test-cases`, tenantA.key, testCase);
      assert.equal(created.status, 201, JSON.stringify(created.body));
    }
    // Version 1 published through its review; version 2 submitted with the suite it passed then (gold small at its new
    // rate), and the suite changed after: its latest report, run now, fails.
    assert.equal((await api('PATCH', `/models/${modelId}`, tenantA.key, { coverage_threshold: 0 })).status, 200);
    await approveAsReviewer(await submitForReview(modelId, 1));
    const cases = (await api('GET', `/models/${modelId}/test-cases`, tenantA.key)).body.data as Array<{
      id: string;
      name: string;
    }>;
    const goldSmall = cases.find((c) => c.name === 'gold small') as { id: string };
    await api('PATCH', `/models/${modelId}/test-cases/${goldSmall.id}`, tenantA.key, {
      expected: { 'discount.rate': 0.12 },
    });
    reviewDecisionId = await submitForReview(modelId, 2);
    await api('PATCH', `/models/${modelId}/test-cases/${goldSmall.id}`, tenantA.key, {
      expected: { 'discount.rate': 0.1 },
    });
    const run = await api('POST', `/models/${modelId}/test-runs`, tenantA.key, { version: '2' });
    assert.equal(run.status, 201, JSON.stringify(run.body));
    assert.equal(run.body.failed, 1, 'gold small expects the old rate');
    // A model rolled back with a reason (tenant text): version 1 published, then 2, then 1 again.
    const rolled = await api('POST', '/models', tenantA.key, discountModelBody('Rolled back tiers'));
    rolledBackId = rolled.body.id;
    await snapshotSuite(rolledBackId, { tier: 'gold', quantity: 150 });
    await approveAsReviewer(await submitForReview(rolledBackId, 1));
    assert.equal((await api('POST', `/models/${rolledBackId}/versions`, tenantA.key, secondVersion())).status, 201);
    await approveAsReviewer(await submitForReview(rolledBackId, 2));
    assert.equal(
      (
        await api('POST', `/models/${rolledBackId}/versions/1/publish`, tenantA.key, {
          reason: 'First release <b>of</b> the tiers',
        })
      ).status,
      200,
    );
    const shipping = await api('POST', '/models', tenantA.key, shippingModelBody('Shipping by destination'));
    assert.equal(shipping.status, 201, JSON.stringify(shipping.body));
    shippingId = shipping.body.id;
    const foreign = await api('POST', '/models', tenantB.key, discountModelBody('Epsilon only model'));
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    foreignModelId = foreign.body.id;
  });
  after(async () => stack?.close());

  describe('over HTTP', () => {
    it('answers every Models page with the strict CSP, no inline script or style, and the tenant’s text escaped', async () => {
      const { browser } = await httpSignIn(people.viewer.email);
      const pages = [
        '/console/models',
        '/console/models?source=tenant',
        `/console/models/${modelId}`,
        `/console/models/${modelId}/versions/1`,
        `/console/models/${modelId}/versions/2`,
        `/console/models/${shippingId}/versions/1`,
        `/console/models/${STAFFING_MODEL_ID}`,
      ];
      for (const path of pages) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 200, `${path}: ${page.html.slice(0, 800)}`);
        assert.doesNotMatch(page.html, /<script(?![^>]*\ssrc=)/, `${path}: inline script`);
        assert.doesNotMatch(page.html, /\sstyle=|<style/, `${path}: inline style`);
        assert.doesNotMatch(page.html, /<img|<i>vip|<b>/, `${path}: tenant markup unescaped`);
        const response = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });
        assert.equal(response.headers.get('content-security-policy'), CONSOLE_CSP, path);
      }
      const list = await browser.request(`${stack.baseUrl}/console/models`);
      assert.ok(
        list.html.includes('Discount &lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; tiers'),
        'the name as text',
      );
      assert.match(
        list.html,
        /<a href="\/console\/models">Models<\/a>|href="\/console\/models" aria-current="page">Models/,
        'the navigation links the section',
      );
      const version = await browser.request(`${stack.baseUrl}/console/models/${modelId}/versions/2`);
      assert.ok(version.html.includes('&quot;&lt;i&gt;vip&lt;/i&gt;&quot;'), 'the rule cell as text');
      assert.ok(version.html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the rule description as text');
      const model = await browser.request(`${stack.baseUrl}/console/models/${rolledBackId}`);
      assert.ok(model.html.includes('First release &lt;b&gt;of&lt;/b&gt; the tiers'), 'the release reason as text');
    });

    it('answers another tenant’s model, its versions and its review with the same 404 page as a missing one', async () => {
      const { browser, csrf } = await httpSignIn(people.approver.email);
      const missing = await browser.request(`${stack.baseUrl}/console/models/mdl_01m7yvrz8c1x16083v41p1avpr`);
      assert.equal(missing.status, 404);
      for (const path of [
        `/console/models/${foreignModelId}`,
        `/console/models/${foreignModelId}/versions/1`,
        '/console/models/not-an-id',
        `/console/models/${modelId}/versions/9`,
        `/console/models/${modelId}/versions/x`,
        `/console/models/${STAFFING_MODEL_ID}/versions/1.0.0`,
      ]) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 404, path);
        assert.equal(page.html, missing.html, path);
      }
      const forged = await browser.request(`${stack.baseUrl}/console/models/${foreignModelId}/versions/1/review`, {
        form: { _csrf: csrf, action: 'approve', expected_step: '1' },
      });
      assert.equal(forged.status, 404);
      const noReview = await browser.request(`${stack.baseUrl}/console/models/${modelId}/versions/1/review`, {
        form: { _csrf: csrf, action: 'approve', expected_step: '1' },
      });
      assert.equal(noReview.status, 404, 'a version that is not in review has nothing to act on');
      const list = await browser.request(`${stack.baseUrl}/console/models`);
      assert.doesNotMatch(list.html, /Epsilon only/, 'another tenant’s model is never listed');
    });

    it('refuses in plain words a session whose grant does not include reading models', async () => {
      const { browser } = await httpSignIn(people.analyst.email, {
        scope: 'openid offline_access decisions:read decisions:write',
      });
      for (const path of ['/console/models', `/console/models/${modelId}`, `/console/models/${modelId}/versions/2`]) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 403, path);
        assert.match(page.html, /Your sign-in does not include reading models/);
      }
    });

    it('acting on a review needs the CSRF token and decisions:write: the viewer sees no form and the forged POST changes nothing', async () => {
      const viewer = await httpSignIn(people.viewer.email);
      const url = `${stack.baseUrl}/console/models/${modelId}/versions/2/review`;
      const page = await viewer.browser.request(url.replace(/\/review$/, ''));
      assert.doesNotMatch(page.html, /\/review"/, 'no review form for a viewer');
      const forged = await viewer.browser.request(url, {
        form: { _csrf: viewer.csrf, action: 'approve', expected_step: '1' },
      });
      assert.equal(forged.status, 403);
      const approver = await httpSignIn(people.approver.email);
      for (const form of [
        { action: 'approve', expected_step: '1' },
        { _csrf: viewer.csrf, action: 'approve', expected_step: '1' },
      ] as Array<Record<string, string>>) {
        const refused = await approver.browser.request(url, { form });
        assert.equal(refused.status, 403, refused.html);
        assert.match(refused.html, /Request refused/);
      }
      const unoffered = await approver.browser.request(url, { form: { _csrf: approver.csrf, action: 'resubmit' } });
      assert.equal(unoffered.status, 400);
      assert.match(unoffered.html, /Choose an action: approve, request changes or reject/);
      const decision = (await api('GET', `/decisions/${reviewDecisionId}`, tenantA.key)).body;
      assert.equal(decision.status, 'pending_approval');
      assert.deepEqual(decision.approvals, []);
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-models-',
    });

    const rowsOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.replace(/\s+/g, ' ').trim())));

    it('lists the catalogue from the navigation and opens a model by keyboard: versions, who approved, releases, the latest test report', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await tabTo(page, 'nav a[href="/console/models"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/models`);
      await checkAccessibility(context, page.url(), 'catalogue');
      const row = (await page.locator(`tr[data-model-id="${modelId}"]`).textContent()) ?? '';
      assert.ok(row.includes(HOSTILE_NAME), row);
      assert.match(row, /Tenant\s+pricing\s+Active\s+1\s+2/);
      assert.match((await page.locator(`tr[data-model-id="${shippingId}"]`).textContent()) ?? '', /none yet/);
      assert.match((await page.locator(`tr[data-model-id="${STAFFING_MODEL_ID}"]`).textContent()) ?? '', /Built-in/);

      await tabTo(page, `a[href="/console/models/${modelId}"]`);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/models/${modelId}`);
      await checkAccessibility(context, page.url(), 'model');
      assert.equal(await page.locator('h1').textContent(), HOSTILE_NAME);
      const versions = await rowsOf(page, 'table.versions tbody tr');
      assert.equal(versions.length, 2);
      assert.match(versions[0]?.join('|') ?? '', /^Version 2\|In review\|API key “test key”/);
      assert.match(versions[1]?.join('|') ?? '', /^Version 1\|Published\|/);
      const releases = await rowsOf(page, 'table.releases tbody tr');
      assert.equal(releases.length, 1);
      assert.match(releases[0]?.join('|') ?? '', /\|1\|Through a review \(release decision\)\|—\|Approver Person\|—$/);
      const report = (await page.locator('section[aria-labelledby="tests-heading"]').textContent()) ?? '';
      assert.match(report, /Failed/);
      assert.match(report, /2 passed, 1 failed/);
      assert.match(report, /gold small/);
      assert.match(report, /expected 0\.1, got 0\.12/);
      await context.close();
    });

    it('shows a version’s decision table, its diff against the published version cell by cell, and its coverage', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}/console/models/${modelId}/versions/2`);
      await checkAccessibility(context, page.url(), 'version');
      // The decision table: inputs and outputs as columns, one row per rule with its id, in order.
      const rules = await rowsOf(page, 'table.rules tbody tr');
      assert.deepEqual(
        rules.map((r) => r[1]),
        ['vip', 'gold-bulk', 'gold', 'silver', 'very-large', 'bronze-bulk', 'default'],
      );
      // The hostile cell lies outside the tier's enum: the verification flags the rule in words beside its number.
      assert.deepEqual(rules[0], [
        '1 ⚑ domain violation',
        'vip',
        HOSTILE_CELL,
        'any',
        '0.3',
        '"vip"',
        HOSTILE_DESCRIPTION,
      ]);
      const headers = await page.locator('table.rules thead th').allTextContents();
      assert.ok(
        headers.some((h) => /Customer tier\s*input tier/.test(h)),
        headers.join('|'),
      );
      assert.ok(
        headers.some((h) => /Discount rate\s*output discount\.rate/.test(h)),
        headers.join('|'),
      );
      // The diff against version 1, the published one: added, removed and changed rules, cell by cell.
      const diff = page.locator('table.diff');
      assert.match(
        (await page.locator('section[aria-labelledby="diff-heading"]').textContent()) ?? '',
        /Against the published version 1: breaking for clients/,
      );
      assert.deepEqual(
        await diff.locator('tr.diff-added').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-rule-id'))),
        ['vip', 'bronze-bulk'],
      );
      assert.deepEqual(
        await diff.locator('tr.diff-removed').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-rule-id'))),
        ['silver-bulk'],
      );
      const columns = await diff.locator('thead th').allTextContents();
      assert.deepEqual(columns, [
        'Change',
        'Rule',
        'Customer tier',
        'Order quantity',
        'Discount rate',
        'Segment',
        'Other',
      ]);
      const gold = diff.locator('tr.diff-changed[data-rule-id="gold"]');
      assert.deepEqual(await gold.locator('td, th').allTextContents(), [
        '~ Changed',
        'gold Gold, any size',
        '"gold"',
        'any',
        '0.1 → 0.12',
        '"gold"',
        '',
      ]);
      assert.equal(await gold.locator('td.cell-changed del').textContent(), '0.1');
      assert.equal(await gold.locator('td.cell-changed ins').textContent(), '0.12');
      assert.deepEqual(await diff.locator('tr.diff-removed ins, tr.diff-added del').count(), 0);
      assert.deepEqual(await diff.locator('tr.diff-removed[data-rule-id="silver-bulk"] del').allTextContents(), [
        '"silver"',
        '>= 100',
        '0.1',
        '"silver bulk"',
      ]);
      assert.match((await page.locator('table.schema-changes').textContent()) ?? '', /quantity\s*narrowed\s*Breaking/);
      // The latest report of this version: the rules never hit are named.
      const coverage = (await page.locator('table.coverage tbody tr').textContent()) ?? '';
      assert.match(coverage, /3 of 7/);
      const neverHit = await page.locator('table.coverage td.never-hit code').allTextContents();
      assert.deepEqual(neverHit, ['vip', 'very-large', 'bronze-bulk', 'default']);
      // The analyst's role is not the step's: the review is shown, without a form.
      const review = (await page.locator('section[aria-labelledby="review-heading"]').textContent()) ?? '';
      assert.match(review, /Pending approval — step 1 of 1/);
      assert.match(review, /Awaiting\s*anyone with the role approver/);
      assert.match(review, /No approvals given yet/);
      assert.equal(await page.locator('form[action$="/review"]').count(), 0);
      await page.screenshot({ path: screenshotPath('console-models-version-diff'), fullPage: true });

      // Expressions and a switch's statements, with the branch each leads to.
      await page.goto(`${stack.baseUrl}/console/models/${shippingId}/versions/1`);
      await checkAccessibility(context, page.url(), 'version-switch');
      const statements = await page.locator('ol.statements li').allTextContents();
      assert.deepEqual(
        statements.map((s) => s.replace(/\s+/g, ' ').trim()),
        [
          'If destination == "domestic" → Domestic rate',
          'If destination == "international" → International rate',
          'Otherwise → Manual quote',
        ],
      );
      const expressions = await rowsOf(page, 'table.expressions tbody tr');
      assert.deepEqual(expressions.slice(0, 2), [
        ['shipping_cost', '5 + weight_kg * 1.5'],
        ['carrier', '"national post"'],
      ]);
      assert.match(
        (await page.locator('section[aria-labelledby="diff-heading"]').textContent()) ?? '',
        /No version is published yet/,
      );
      await context.close();
      assert.deepEqual(cspViolations, [], 'no Content-Security-Policy violations on the Models pages');
    });

    it('lets a reviewer of the current step approve the version by keyboard, through its release decision', async () => {
      const { context, page } = await signIn(people.approver.email);
      await page.goto(`${stack.baseUrl}/console/models/${modelId}/versions/2`);
      assert.equal(await page.locator('button', { hasText: 'Approve step 1' }).count(), 1);
      await page.locator('#action-comment').focus();
      await page.keyboard.type('Rates <checked> against the price list');
      await tabTo(page, 'button[value="approve"]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.notice.success');
      assert.match((await page.textContent('.notice')) ?? '', /Your approval of this version is recorded/);
      const decision = (await api('GET', `/decisions/${reviewDecisionId}`, tenantA.key)).body;
      assert.equal(decision.status, 'approved');
      assert.deepEqual(
        decision.approvals.map((a: any) => [a.user_id, a.comment]),
        [[people.approver.id, 'Rates <checked> against the price list']],
      );
      const review = (await page.locator('section[aria-labelledby="review-heading"]').textContent()) ?? '';
      assert.match(review, /Approved/);
      assert.match(review, /Step 1 approved by Approver Person/);
      assert.match(review, /Rates <checked> against the price list/);
      assert.equal(await page.locator('form[action$="/review"]').count(), 0, 'nothing left to act on');
      await page.goto(`${stack.baseUrl}/console/models/${modelId}`);
      assert.match((await page.locator('tr[data-version="2"]').textContent()) ?? '', /Approver Person \(step 1/);
      await checkAccessibility(context, `${stack.baseUrl}/console/models/${modelId}/versions/2`, 'version-approved');
      await context.close();
      assert.deepEqual(cspViolations, []);
    });

    it('works without JavaScript: the approver requests changes with a comment, and the form posts and redirects back', async () => {
      await snapshotSuite(shippingId, { destination: 'domestic', weight_kg: 2 });
      const decisionId = await submitForReview(shippingId, 1);
      const { context, page } = await signIn(people.approver.email, { javaScriptEnabled: false });
      await page.goto(`${stack.baseUrl}/console/models/${shippingId}/versions/1`);
      await page.locator('#action-comment').fill('Name the carrier for "other" <please>');
      await page.locator('button[value="request_changes"]').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/models/${shippingId}/versions/1?notice=review_changes_requested`);
      assert.match((await page.textContent('.notice')) ?? '', /Changes requested. The author can now change the draft/);
      assert.match(
        (await page.locator('section[aria-labelledby="review-heading"]').textContent()) ?? '',
        /Changes requested/,
      );
      const decision = (await api('GET', `/decisions/${decisionId}`, tenantA.key)).body;
      assert.equal(decision.status, 'changes_requested');
      const history = (await api('GET', `/decisions/${decisionId}/history`, tenantA.key)).body.data as any[];
      const asked = history.find((entry) => entry.action === 'decision.changes_requested');
      assert.equal(asked.payload.comment, 'Name the carrier for "other" <please>');
      assert.deepEqual(asked.actor, { type: 'user', id: people.approver.id, via_client: 'dms-console' });
      await context.close();
    });
  });
});
