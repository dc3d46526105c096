import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { publishForTest } from '../helpers/model-release';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Decision-table verification in the console (api/console/model-verification.ts, model-verification-routes.ts,
 * console-app/editor/verification/): the version page words a draft's gap and overlaps, marks the rules involved in
 * its table and says what the draft adds and removes against the published version; the editor's panel lists the
 * working copy's gap, "Add a rule for this gap" appends the prefilled rule and the gap is gone on the next analysis;
 * the JSON route refuses a call without the CSRF token, a body without content and another tenant's model.
 */

/** An "age band" table (first hit) over age in [0..130] and a tier; the age cells of its three rules vary. */
function ageBandBody(name: string, ages: [string, string, string]) {
  return {
    name,
    category: 'eligibility',
    input_schema: {
      type: 'object',
      required: ['age'],
      properties: {
        age: { type: 'number', minimum: 0, maximum: 130 },
        tier: { type: 'string', enum: ['a', 'b', 'c'] },
      },
    },
    output_schema: { type: 'object', required: ['band'], properties: { band: { type: 'string' } } },
    graph: {
      nodes: [
        { id: 'request', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
        {
          id: 'bands',
          type: 'decisionTableNode',
          name: 'Age band',
          position: { x: 250, y: 0 },
          content: {
            hitPolicy: 'first',
            inputs: [
              { id: 'c-age', name: 'Age', field: 'age' },
              { id: 'c-tier', name: 'Tier', field: 'tier' },
            ],
            outputs: [{ id: 'c-band', name: 'Band', field: 'band' }],
            rules: [
              { _id: 'minor', 'c-age': ages[0], 'c-tier': '', 'c-band': '"minor"' },
              { _id: 'adult', 'c-age': ages[1], 'c-tier': '', 'c-band': '"adult"' },
              { _id: 'senior', 'c-age': ages[2], 'c-tier': '', 'c-band': '"senior"' },
            ],
          },
        },
        { id: 'response', type: 'outputNode', name: 'Response', position: { x: 500, y: 0 } },
      ],
      edges: [
        { id: 'e1', sourceId: 'request', targetId: 'bands' },
        { id: 'e2', sourceId: 'bands', targetId: 'response' },
      ],
    },
    sample_inputs: { age: 30 },
  };
}

const DMN15 = 'https://www.omg.org/spec/DMN/20230324/MODEL/';
/** A Unique decision table on Amount: no rule for [100..200), rules 2 and 3 both matching [400..500]. */
const FEE_DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${DMN15}" xmlns:dmndi="https://www.omg.org/spec/DMN/20230324/DMNDI/"
  xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" id="verify_fee" name="verify_fee"
  namespace="https://example.com/dmn/verify" expressionLanguage="https://www.omg.org/spec/DMN/20230324/FEEL/">
  <inputData id="in_amount" name="Amount"><variable id="var_amount" name="Amount" typeRef="number"/></inputData>
  <decision id="d_fee" name="Fee">
    <variable id="var_fee" name="Fee" typeRef="number"/>
    <informationRequirement id="ir_amount"><requiredInput href="#in_amount"/></informationRequirement>
    <decisionTable id="dt_fee" hitPolicy="UNIQUE">
      <input id="col_amount" label="Amount"><inputExpression id="ie_amount" typeRef="number"><text>Amount</text></inputExpression></input>
      <output id="col_fee" name="fee" typeRef="number"/>
      <rule id="r_small"><inputEntry id="e1"><text>&lt; 100</text></inputEntry><outputEntry id="o1"><text>0</text></outputEntry></rule>
      <rule id="r_mid"><inputEntry id="e2"><text>[200..500]</text></inputEntry><outputEntry id="o2"><text>5</text></outputEntry></rule>
      <rule id="r_large"><inputEntry id="e3"><text>&gt;= 400</text></inputEntry><outputEntry id="o3"><text>10</text></outputEntry></rule>
    </decisionTable>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="drd_fee" name="Fee DRD">
      <dmndi:DMNShape id="shape_fee" dmnElementRef="d_fee"><dc:Bounds x="160" y="80" width="180" height="80"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_amount" dmnElementRef="in_amount"><dc:Bounds x="160" y="260" width="180" height="50"/></dmndi:DMNShape>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>
</definitions>`;

describe('Governance console: decision-table verification', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst', ConsoleMember>;
  let modelId: string;
  let foreignModelId: string;
  let dmnModelId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenantA.id, role);
  const versionPath = (id: string, version: string) => `/console/models/${id}/versions/${version}`;
  // Published: an overlap over [60..65], no gap. The draft: a gap over [18..21), an overlap over [55..65] instead.
  const published = ageBandBody('Age bands (verified)', ['< 18', '[18..65]', '>= 60']);
  const draft = ageBandBody('unused', ['< 18', '[21..65]', '>= 55']);
  const draftCopy = () => ({
    content: draft.graph,
    input_schema: draft.input_schema,
    output_schema: draft.output_schema,
  });

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Verifying Co' });
    tenantB = await createTestTenant(stack.db, { name: 'Other Co' });
    people.analyst = await addMember('analyst', 'analyst');
    const created = await api('POST', '/models', tenantA.key, published);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    modelId = created.body.id;
    await publishForTest({ stack, tenant: tenantA }, modelId, 1, { age: 30 });
    const { graph, input_schema, output_schema } = draft;
    const second = await api('POST', `/models/${modelId}/versions`, tenantA.key, {
      graph,
      input_schema,
      output_schema,
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.version, '2');
    const foreign = await api(
      'POST',
      '/models',
      tenantB.key,
      ageBandBody('Another tenant’s bands', ['< 18', '>= 18', '']),
    );
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    foreignModelId = foreign.body.id;
    const dmn = await api('POST', '/models', tenantA.key, { name: 'Fees (DMN)', category: 'pricing', dmn: FEE_DMN });
    assert.equal(dmn.status, 201, JSON.stringify(dmn.body));
    dmnModelId = dmn.body.id;
  });

  after(async () => {
    await stack?.close();
  });

  describe('the JSON route over HTTP', () => {
    it('analyses the working copy for models:write with the session’s CSRF token; nothing stored', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const answer = await analyst.browser.request(`${stack.baseUrl}${versionPath(modelId, '2')}/analysis`, {
        method: 'POST',
        json: draftCopy(),
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(answer.status, 200, answer.html);
      const body = JSON.parse(answer.html);
      assert.equal(body.object, 'model_working_copy_analysis');
      assert.deepEqual(
        body.tables[0].gaps.map((gap: { text: string }) => gap.text),
        ['age in [18..21)'],
      );
      assert.deepEqual(
        body.tables[0].overlaps.map((overlap: { rules: number[] }) => overlap.rules),
        [[2, 3]],
      );
      assert.equal((await api('GET', `/models/${modelId}/versions/2`, tenantA.key)).body.content_revision, 1);
    });

    it('refuses a call without the CSRF token (403), a body without content (422 naming it), another tenant’s model (404)', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const url = `${stack.baseUrl}${versionPath(modelId, '2')}/analysis`;
      for (const headers of [{}, { 'x-csrf-token': 'forged' }] as Record<string, string>[]) {
        const refused = await analyst.browser.request(url, { method: 'POST', json: draftCopy(), headers });
        assert.equal(refused.status, 403, JSON.stringify(headers));
      }
      const empty = await analyst.browser.request(url, {
        method: 'POST',
        json: { input_schema: {} },
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(empty.status, 422, empty.html);
      assert.equal(empty.headers.get('content-type')?.split(';')[0], 'application/problem+json');
      assert.match(JSON.stringify(JSON.parse(empty.html).errors), /content/);
      for (const route of ['analysis', 'dmn-analysis']) {
        const foreign = await analyst.browser.request(`${stack.baseUrl}${versionPath(foreignModelId, '1')}/${route}`, {
          method: 'POST',
          json: route === 'analysis' ? draftCopy() : { content: '<definitions/>' },
          headers: { 'x-csrf-token': analyst.csrf },
        });
        assert.equal(foreign.status, 404, `${route}: ${foreign.html}`);
      }
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-verification-',
    });

    it('shows the draft’s gap and overlap on its page, the rules involved marked, and what it adds and removes', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(modelId, '2')}`);
      const section = page.locator('section[aria-labelledby="verification-heading"]');
      await section.getByRole('heading', { name: 'Verification', exact: true }).waitFor();
      const text = (await section.textContent()) ?? '';
      assert.match(text, /1 decision table: 1 gap, 1 overlap/);
      assert.match(text, /complete\./);
      assert.match(text, /Gap: age in \[18\.\.21\) → no rule/);
      assert.match(text, /Overlap Note: rule 2 \(adult\) and rule 3 \(senior\) all match when age in \[55\.\.65\]/);
      assert.match(
        (await section.locator('#verification-changes').textContent()) ?? '',
        /this version adds 1 gap, 1 overlap(, 1 advice)?; removes 1 overlap\./,
      );
      const gone = section.locator('.finding-changes .diff-removed');
      assert.match((await gone.textContent()) ?? '', /Gone: Overlap.*\[60\.\.65\]/);
      // The rules the overlap names are marked in the table view: a class and the finding in words, not only a tint.
      const flagged = page.locator('table.rules tr.rule-flagged');
      assert.deepEqual(await flagged.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-rule-id'))), [
        'adult',
        'senior',
      ]);
      assert.match((await flagged.first().locator('.rule-flag').textContent()) ?? '', /overlap/);
      // The published version's own page: its overlap, and nothing to compare with.
      await page.goto(`${stack.baseUrl}${versionPath(modelId, '1')}`);
      const publishedText = (await page.locator('section[aria-labelledby="verification-heading"]').textContent()) ?? '';
      assert.match(publishedText, /1 decision table: 1 overlap \(0 errors, 0 warnings\) — complete\./);
      assert.match(publishedText, /age in \[60\.\.65\]/);
      assert.doesNotMatch(publishedText, /Against the published version/);
      await page.screenshot({ path: screenshotPath('console-model-verification-page'), fullPage: true });
      await checkAccessibility(context, `${stack.baseUrl}${versionPath(modelId, '2')}`, 'version-page');
      await context.close();
    });

    it('lists the working copy’s gap in the editor, adds the prefilled rule for it, and the gap is gone after re-analysis', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(modelId, '2')}/edit`);
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt tbody tr', { timeout: 30_000 });
      const panel = page.locator('section.verification-panel');
      const gap = panel.locator('li.finding-gap');
      await gap.waitFor({ timeout: 30_000 });
      assert.match((await gap.textContent()) ?? '', /age in \[18\.\.21\) → no rule/);
      assert.match((await panel.getByRole('status').textContent()) ?? '', /1 decision table: 1 gap, 1 overlap/);
      // The overlap's rules are marked on the open table, each mark pointing to the finding's item.
      const marked = page.locator('.grl-dt tbody td[data-verification]');
      await marked.first().waitFor({ timeout: 10_000 });
      assert.deepEqual(
        await marked.evaluateAll((cells) =>
          cells.map((cell) => cell.closest('tr')?.getAttribute('data-virtual-index')),
        ),
        ['1', '2'],
      );
      const describedBy = (await marked.first().getAttribute('aria-describedby')) ?? '';
      assert.match(describedBy, /editor-verification-0-\d+/);
      assert.equal(await page.locator(`#${describedBy.split(' ')[0]}`).getAttribute('data-kind'), 'overlap');
      await checkAccessibility(context, page.url(), 'editor');

      await gap.getByRole('button', { name: 'Add a rule for this gap' }).click();
      await page.waitForFunction(
        () => (globalThis as any).document.querySelectorAll('.grl-dt tbody tr').length === 4,
        undefined,
        {
          timeout: 10_000,
        },
      );
      const added = page.locator('.grl-dt tbody tr[data-virtual-index="3"]');
      assert.match((await added.textContent()) ?? '', /\[18\.\.21\)/);
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      // Analysed again: the gap is gone, the overlap stays.
      await page.waitForFunction(
        () =>
          /1 decision table: 1 overlap —/.test(
            (globalThis as any).document.querySelector('.verification-status')?.textContent ?? '',
          ),
        undefined,
        { timeout: 30_000 },
      );
      assert.equal(await panel.locator('li.finding-gap').count(), 0);
      await page.screenshot({ path: screenshotPath('console-model-verification-editor'), fullPage: true });
      // One change: one Undo takes the rule away (and the gap is back), Redo puts it back.
      const rowCount = (count: number) =>
        page.waitForFunction(
          (n) => (globalThis as any).document.querySelectorAll('.grl-dt tbody tr').length === n,
          count,
          {
            timeout: 10_000,
          },
        );
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await rowCount(3);
      await gap.waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Redo', exact: true }).click();
      await rowCount(4);
      await page.waitForFunction(
        () => !(globalThis as any).document.querySelector('.verification-panel li.finding-gap'),
        undefined,
        { timeout: 30_000 },
      );
      // The rule is the working copy's: saving stores it with the gap's region as its age cell.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(/^Saved: revision \d+\.$/).waitFor({ timeout: 30_000 });
      const saved = await api('GET', `/models/${modelId}/versions/2`, tenantA.key);
      const rules = saved.body.graph.nodes.find((node: { id: string }) => node.id === 'bands').content.rules;
      assert.equal(rules.length, 4);
      assert.equal(rules[3]['c-age'], '[18..21)');
      assert.equal(rules[3]['c-tier'], '');
      assert.match(rules[3]._description, /Covers the gap: age in \[18\.\.21\)/);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
    it('lists a DMN draft’s gap and overlap on its page and in the DMN editor’s panel, the overlap’s rules flagged and marked', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(dmnModelId, '1')}`);
      const section = page.locator('section[aria-labelledby="verification-heading"]');
      const text = (await section.textContent()) ?? '';
      assert.match(text, /Verification: Fee/);
      assert.match(text, /Gap: Amount in \[100\.\.200\) → no rule/);
      assert.match(
        text,
        /Overlap Error: rule 2 \(r_mid\) and rule 3 \(r_large\) all match when Amount in \[400\.\.500\]/,
      );
      // The overlap's rules are flagged in the DMN table view as JDM rows are: a class and the finding in words.
      const flagged = page.locator('table.dmn-table[data-decision-id="d_fee"] tr.rule-flagged');
      assert.deepEqual(await flagged.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-rule-id'))), [
        'r_mid',
        'r_large',
      ]);
      assert.match((await flagged.first().locator('.rule-flag').textContent()) ?? '', /overlap/);
      assert.equal(await page.locator('table.dmn-table tr[data-rule-id="r_small"] .rule-flag').count(), 0);
      await page.goto(`${stack.baseUrl}${versionPath(dmnModelId, '1')}/edit`);
      const panel = page.locator('section.verification-panel');
      await panel.locator('li.finding-gap').waitFor({ timeout: 30_000 });
      assert.match((await panel.locator('li.finding-gap').textContent()) ?? '', /Amount in \[100\.\.200\) → no rule/);
      assert.match((await panel.locator('li.finding-overlap').textContent()) ?? '', /\(error\).*rule 2 \(r_mid\)/);
      // Opened, the decision table marks the overlap's rules on their index cells, each pointing to the finding's item.
      await page.getByRole('button', { name: 'Fee (decision table)' }).click();
      await page.locator('.tjs-table tbody td[data-row-id="r_small"]').first().waitFor({ timeout: 30_000 });
      const marked = page.locator('.tjs-table tbody td[data-verification]');
      await marked.first().waitFor({ timeout: 10_000 });
      assert.deepEqual(
        await marked.evaluateAll((cells) =>
          cells.map((cell) => cell.closest('tr')?.querySelector('td[data-row-id]')?.getAttribute('data-row-id')),
        ),
        ['r_mid', 'r_large'],
      );
      assert.match((await marked.first().getAttribute('title')) ?? '', /Overlap.*rule 2 \(r_mid\)/);
      const describedBy = (await marked.first().getAttribute('aria-describedby')) ?? '';
      assert.match(describedBy, /editor-verification-0-\d+/);
      assert.equal(await page.locator(`#${describedBy.split(' ')[0]}`).getAttribute('data-kind'), 'overlap');
      await checkAccessibility(context, page.url(), 'dmn-editor');
      // "Add a rule for this gap": a fourth rule through dmn-js's modeling, its entry the gap in FEEL, its annotation
      // the gap in words; analysed again, the gap is gone and the overlap stays.
      await page.getByRole('button', { name: 'Diagram (DRD)' }).click();
      await panel.getByRole('button', { name: 'Add a rule for this gap' }).click();
      await page.locator('.tjs-table tbody tr').nth(3).waitFor({ timeout: 10_000 });
      const added = await page
        .locator('.tjs-table tbody tr')
        .nth(3)
        .locator('td')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim()));
      assert.equal(added[1], '[100..200)', JSON.stringify(added));
      assert.match(added.at(-1) ?? '', /^Covers the gap: Amount in \[100\.\.200\)/);
      await panel.locator('li.finding-gap').waitFor({ state: 'detached', timeout: 30_000 });
      assert.match((await panel.locator('li.finding-overlap').textContent()) ?? '', /rule 2 \(r_mid\)/);
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
