import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Role } from '../../core/roles';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The simulator panel on the DMN editor page (console-app/dmn-editor/dmn-simulator.tsx, api/console/model-dmn-simulator-
 * routes.ts): the working copy is the DMN 1.3 XML dmn-js holds, converted back as a save converts it, run beside the
 * published version; over HTTP the routes refuse a models:read member, a missing CSRF token, another tenant's model and
 * a bad body (naming the field); in Chromium three inputs light the matched row of dmn-js's decision table each time,
 * the panel names the matched rule, a case is saved from the simulator, the suite runs (never-hit rules marked), the
 * draft is submitted for review; axe clean with the panel open, no CSP violation. dmn-js's FEEL editor in a cell and a
 * literal expression (the inputs offered, highlighting, its lint); a refused run's and a refused save's FEEL errors
 * marked on the cell, the expression and the decision in the DRD (dmn-problem-markers.ts), gone after an answered run.
 */

const DMN15 = 'https://www.omg.org/spec/DMN/20230324/MODEL/';
const FEEL15 = 'https://www.omg.org/spec/DMN/20230324/FEEL/';

/** A decision table with FEEL input entries (a list, a comparison, a negated list), its DRD included. */
const DISCOUNT_DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${DMN15}" xmlns:dmndi="https://www.omg.org/spec/DMN/20230324/DMNDI/"
  xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" xmlns:di="http://www.omg.org/spec/DMN/20180521/DI/"
  id="sim_discount" name="sim_discount" namespace="https://example.com/dmn/sim" expressionLanguage="${FEEL15}">
  <inputData id="in_tier" name="Tier"><variable id="var_tier" name="Tier" typeRef="string"/></inputData>
  <inputData id="in_amount" name="Amount"><variable id="var_amount" name="Amount" typeRef="number"/></inputData>
  <decision id="d_discount" name="Discount">
    <variable id="var_discount" name="Discount" typeRef="number"/>
    <informationRequirement id="ir_tier"><requiredInput href="#in_tier"/></informationRequirement>
    <informationRequirement id="ir_amount"><requiredInput href="#in_amount"/></informationRequirement>
    <decisionTable id="dt_discount" hitPolicy="UNIQUE">
      <input id="col_tier" label="Tier"><inputExpression id="ie_tier" typeRef="string"><text>Tier</text></inputExpression></input>
      <input id="col_amount" label="Amount"><inputExpression id="ie_amount" typeRef="number"><text>Amount</text></inputExpression></input>
      <output id="col_rate" name="rate" typeRef="number"/>
      <rule id="r_gold"><inputEntry id="e1"><text>"gold"</text></inputEntry><inputEntry id="e2"><text>-</text></inputEntry><outputEntry id="o1"><text>0.1</text></outputEntry></rule>
      <rule id="r_silver_large"><inputEntry id="e3"><text>"silver"</text></inputEntry><inputEntry id="e4"><text>&gt;= 1000</text></inputEntry><outputEntry id="o2"><text>0.07</text></outputEntry></rule>
      <rule id="r_silver_small"><inputEntry id="e5"><text>"silver"</text></inputEntry><inputEntry id="e6"><text>&lt; 1000</text></inputEntry><outputEntry id="o3"><text>0.05</text></outputEntry></rule>
      <rule id="r_other"><inputEntry id="e7"><text>not("gold", "silver")</text></inputEntry><inputEntry id="e8"><text>-</text></inputEntry><outputEntry id="o4"><text>0</text></outputEntry></rule>
    </decisionTable>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="drd_discount" name="Discount DRD">
      <dmndi:DMNShape id="shape_discount" dmnElementRef="d_discount"><dc:Bounds x="160" y="80" width="180" height="80"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_tier" dmnElementRef="in_tier"><dc:Bounds x="60" y="260" width="180" height="50"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_amount" dmnElementRef="in_amount"><dc:Bounds x="280" y="260" width="180" height="50"/></dmndi:DMNShape>
      <dmndi:DMNEdge id="edge_tier" dmnElementRef="ir_tier"><di:waypoint x="150" y="260"/><di:waypoint x="200" y="160"/></dmndi:DMNEdge>
      <dmndi:DMNEdge id="edge_amount" dmnElementRef="ir_amount"><di:waypoint x="370" y="260"/><di:waypoint x="300" y="160"/></dmndi:DMNEdge>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>
</definitions>`;

/** A decision whose logic is one FEEL literal expression. */
const TOTAL_DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${DMN15}" xmlns:dmndi="https://www.omg.org/spec/DMN/20230324/DMNDI/"
  xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" xmlns:di="http://www.omg.org/spec/DMN/20180521/DI/"
  id="sim_total" name="sim_total" namespace="https://example.com/dmn/total" expressionLanguage="${FEEL15}">
  <inputData id="in_amount" name="Amount"><variable id="var_amount" name="Amount" typeRef="number"/></inputData>
  <decision id="d_total" name="Total">
    <variable id="var_total" name="Total" typeRef="number"/>
    <informationRequirement id="ir_amount"><requiredInput href="#in_amount"/></informationRequirement>
    <literalExpression id="le_total"><text>Amount * 2</text></literalExpression>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="drd_total" name="Total DRD">
      <dmndi:DMNShape id="shape_total" dmnElementRef="d_total"><dc:Bounds x="160" y="80" width="180" height="80"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_amount" dmnElementRef="in_amount"><dc:Bounds x="160" y="260" width="180" height="50"/></dmndi:DMNShape>
      <dmndi:DMNEdge id="edge_amount" dmnElementRef="ir_amount"><di:waypoint x="250" y="260"/><di:waypoint x="250" y="160"/></dmndi:DMNEdge>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>
</definitions>`;

/** The editor's DMN 1.3 as the page holds it (the bootstrap's `editor_xml`). */
const editorXmlOf = (html: string): string => {
  const json = /<script type="application\/json" id="dmn-editor-bootstrap">([^<]*)<\/script>/.exec(html);
  return JSON.parse(json?.[1] ?? 'null').editor_xml as string;
};

describe('Governance console: the simulator on the DMN editor page', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst' | 'viewer', ConsoleMember>;
  let modelId: string;
  let foreignId: string;
  let editedId: string;
  let totalId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const versionPath = (id: string) => `/console/models/${id}/versions/1`;
  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenantA.id, role);

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Iota Pricing' });
    tenantB = await createTestTenant(stack.db, { name: 'Kappa' });
    people.analyst = await addMember('analyst', 'analyst');
    people.viewer = await addMember('viewer', 'viewer');
    await addMember('approver', 'approver');
    const created = await api('POST', '/models', tenantA.key, {
      name: 'Tier discount',
      category: 'pricing',
      dmn: DISCOUNT_DMN,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    modelId = created.body.id;
    // A first review names its approval policy (the panel offers the tenant's); one saved case hits 1 of 4 rules.
    const policy = await api('POST', '/approval-policies', tenantA.key, {
      name: 'Pricing review',
      steps: [{ name: 'Pricing', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    assert.equal((await api('PATCH', `/models/${modelId}`, tenantA.key, { coverage_threshold: 0 })).status, 200);
    const edited = await api('POST', '/models', tenantA.key, {
      name: 'Tier discount (edited)',
      category: 'pricing',
      dmn: DISCOUNT_DMN,
    });
    assert.equal(edited.status, 201, JSON.stringify(edited.body));
    editedId = edited.body.id;
    const total = await api('POST', '/models', tenantA.key, {
      name: 'Order total',
      category: 'pricing',
      dmn: TOTAL_DMN,
    });
    assert.equal(total.status, 201, JSON.stringify(total.body));
    totalId = total.body.id;
    const foreign = await api('POST', '/models', tenantB.key, {
      name: 'Another tenant’s',
      category: 'pricing',
      dmn: DISCOUNT_DMN,
    });
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    foreignId = foreign.body.id;
  });
  after(async () => stack?.close());

  describe('over HTTP', () => {
    it('runs the editor’s DMN 1.3 converted back as a save is, with the matched rule by id; nothing stored', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const page = await analyst.browser.request(`${stack.baseUrl}${versionPath(modelId)}/edit`);
      assert.equal(page.status, 200, page.html);
      const xml = editorXmlOf(page.html);
      assert.match(xml, /20191111\/MODEL/, 'the page holds DMN 1.3');
      const answer = await analyst.browser.request(`${stack.baseUrl}${versionPath(modelId)}/dmn-simulate`, {
        method: 'POST',
        json: {
          content: xml.replace('<text>0.07</text>', '<text>0.08</text>'),
          inputs: { Tier: 'silver', Amount: 5000 },
        },
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(answer.status, 200, answer.html);
      const body = JSON.parse(answer.html);
      assert.match(JSON.stringify(body.working.outputs), /0\.08\b/, answer.html);
      assert.deepEqual(body.working.matched_rules[0].rule_ids, ['r_silver_large']);
      assert.equal(body.working.matched_rules[0].node_id, 'd_discount');
      assert.equal(body.compared.error.code, 'no_published_version');
      const stored = await api('GET', `/models/${modelId}/versions/1`, tenantA.key);
      assert.equal(stored.body.content_revision, 1);
      assert.doesNotMatch(stored.body.dmn, /0\.08/);
    });

    it('refuses a models:read member, no CSRF token, another tenant’s model (404) and a bad body (422 naming the field)', async () => {
      const viewer = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const body = { content: DISCOUNT_DMN, inputs: { Tier: 'gold', Amount: 1 } };
      for (const route of ['dmn-simulate', 'dmn-simulate/tests']) {
        const refused = await viewer.browser.request(`${stack.baseUrl}${versionPath(modelId)}/${route}`, {
          method: 'POST',
          json: route === 'dmn-simulate' ? body : { content: DISCOUNT_DMN },
          headers: { 'x-csrf-token': viewer.csrf },
        });
        assert.equal(refused.status, 403, `${route}: ${refused.html}`);
      }
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const url = `${stack.baseUrl}${versionPath(modelId)}/dmn-simulate`;
      const unsigned = await analyst.browser.request(url, { method: 'POST', json: body, headers: {} });
      assert.equal(unsigned.status, 403);
      const headers = { 'x-csrf-token': analyst.csrf };
      const foreign = await analyst.browser.request(`${stack.baseUrl}${versionPath(foreignId)}/dmn-simulate`, {
        method: 'POST',
        json: body,
        headers,
      });
      assert.equal(foreign.status, 404, foreign.html);
      const cases: Array<[unknown, string]> = [
        [{ inputs: {} }, '/content'],
        [{ content: DISCOUNT_DMN, inputs: [] }, '/inputs'],
        [{ content: DISCOUNT_DMN, inputs: {}, graph: {} }, '/graph'],
        [{ content: '<definitions', inputs: {} }, '/content'],
      ];
      for (const [json, path] of cases) {
        const refused = await analyst.browser.request(url, { method: 'POST', json, headers });
        assert.equal(refused.status, 422, refused.html);
        const paths = (JSON.parse(refused.html).errors as Array<{ path: string }>).map((error) => error.path);
        assert.ok(paths.includes(path), `${path} in ${JSON.stringify(paths)}`);
      }
      const stored = await api('GET', `/models/${modelId}/test-cases`, tenantA.key);
      assert.equal(stored.body.data.length, 0);
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-dmn-simulator-',
    });
    const litRows = (page: Page) =>
      page
        .locator('.dmn-canvas tr.dmn-rule-matched')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('td[data-row-id]')?.getAttribute('data-row-id')));

    it('runs the unsaved cell as the editor holds it (its output, not the saved one), lights its row, and will not submit unsaved changes', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(editedId)}/edit`);
      await page.getByRole('button', { name: 'Discount (decision table)' }).click();
      const cell = page.locator('.tjs-table td[data-row-id="r_gold"][data-col-id="col_rate"]');
      await cell.waitFor({ timeout: 30_000 });
      await cell.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('0.15');
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      const panel = page.getByRole('complementary', { name: 'Simulator' });
      await panel.getByRole('tab', { name: 'JSON' }).click();
      await panel.getByLabel('Inputs (JSON)').fill(JSON.stringify({ Tier: 'gold', Amount: 10 }));
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('.dmn-canvas tr.dmn-rule-matched').waitFor({ timeout: 30_000 });
      assert.deepEqual(await litRows(page), ['r_gold']);
      assert.match(
        (await panel.getByTestId('simulator-working').locator('pre').textContent()) ?? '',
        /"Discount": 0\.15\b/,
      );
      assert.ok(await panel.getByRole('button', { name: 'Submit for review' }).isDisabled());
      await panel.getByText('Save the draft first', { exact: false }).waitFor();
      const stored = await api('GET', `/models/${editedId}/versions/1`, tenantA.key);
      assert.equal(stored.body.content_revision, 1, 'a run stores nothing');
      assert.doesNotMatch(stored.body.dmn, /0\.15/);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('edits a cell in the FEEL editor (highlighting, the inputs’ names offered); a refused run’s and a refused save’s FEEL error marked on the cell and the decision, gone once fixed', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(editedId)}/edit`);
      await page.getByRole('button', { name: 'Discount (decision table)' }).click();
      const tierCell = page.locator('.tjs-table td[data-row-id="r_gold"][data-col-id="col_tier"]');
      const rateCell = page.locator('.tjs-table td[data-row-id="r_silver_large"][data-col-id="col_rate"]');
      await tierCell.waitFor({ timeout: 30_000 });
      const cellText = (cell: typeof tierCell) => cell.locator('.cm-content').first().textContent();
      /**
       * Clicks a cell into its FEEL editor. A click on the selected cell just after leaving it is, now and then on a
       * loaded machine (two Chromium files at once), not taken by dmn-js as the start of an edit (the cell stays
       * selected, its text not focused; nothing of the page's marks it then): a person clicks again, and so does this.
       */
      const openEditor = async (cell: typeof tierCell) => {
        const editor = cell.locator('.feel-editor.focussed .cm-editor');
        for (let attempt = 1; attempt < 3; attempt++) {
          await cell.click();
          if (
            await editor.waitFor({ timeout: 3_000 }).then(
              () => true,
              () => false,
            )
          )
            return;
        }
        await cell.click();
        await editor.waitFor({ timeout: 10_000 });
      };
      /** Replaces a cell's text in its FEEL editor, keystroke by keystroke, and leaves it. */
      const typeInto = async (cell: typeof tierCell, text: string) => {
        await openEditor(cell);
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(text);
        // The editor may close a quote by itself: take it out again (at the end of the text, Delete does nothing).
        await page.keyboard.press('Delete');
        assert.equal(await cellText(cell), text);
        await page.locator('.editor-toolbar').click();
        // Left: dmn-js commits the text and redraws the cell; a click before that redraw would be undone by it.
        await cell.locator('.feel-editor.focussed').waitFor({ state: 'detached', timeout: 10_000 });
      };

      // dmn-js 17 edits FEEL cells in @bpmn-io/feel-editor (CodeMirror 6): completion offers the decision's inputs.
      await openEditor(tierCell);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Am');
      const offered = page.locator('.cm-tooltip-autocomplete [role="option"]');
      await offered.first().waitFor({ timeout: 10_000 });
      assert.ok(
        (await offered.allTextContents()).some((option) => option.startsWith('Amount')),
        'Amount offered',
      );
      await page.screenshot({ path: screenshotPath('console-dmn-simulator-feel-completion'), fullPage: true });
      await page.keyboard.press('Escape');
      await typeInto(tierCell, '"gold');
      // Highlighting: the text is laid out in CodeMirror's token spans, a string in another colour than the line's.
      await openEditor(tierCell);
      const colours = await tierCell
        .locator('.cm-line')
        .first()
        .evaluate((line) => ({
          // No named helpers in here: the test's compiler would wrap them in a function the page does not have.
          line: (globalThis as any).getComputedStyle(line).color as string,
          tokens: [...(line as any).querySelectorAll('span')].map(
            (span) => (globalThis as any).getComputedStyle(span).color as string,
          ),
        }));
      // The FEEL editor's own syntax check (@bpmn-io/feel-lint) underlines the unclosed string as one types.
      await tierCell.locator('.cm-lintRange-error').first().waitFor({ timeout: 10_000 });
      await page.locator('.editor-toolbar').click();

      const panel = page.getByRole('complementary', { name: 'Simulator' });
      await panel.getByRole('tab', { name: 'JSON' }).click();
      await panel.getByLabel('Inputs (JSON)').fill(JSON.stringify({ Tier: 'gold', Amount: 10 }));
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      const problems = panel.locator('.simulator-problems');
      await problems.waitFor({ timeout: 30_000 });
      const item = problems.locator('li').first();
      assert.equal(await item.getAttribute('id'), 'editor-problem-simulator-0');
      assert.match((await item.textContent()) ?? '', /"Discount".*rule 1, input entry 1: FEEL syntax error/);
      await page.waitForSelector('td[data-row-id="r_gold"][data-col-id="col_tier"][data-problem]', { timeout: 10_000 });
      assert.equal(await page.locator('.dmn-canvas [data-problem]').count(), 1, 'exactly the cell');
      assert.equal(await tierCell.getAttribute('aria-describedby'), 'editor-problem-simulator-0');
      assert.match((await tierCell.getAttribute('title')) ?? '', /FEEL syntax error/);
      await page.screenshot({ path: screenshotPath('console-dmn-simulator-refused-cell'), fullPage: true });
      // In the DRD, the decision that holds it.
      await page.getByRole('button', { name: 'Diagram (DRD)' }).click();
      await page.waitForSelector('.djs-element[data-element-id="d_discount"][data-problem]', { timeout: 10_000 });
      assert.equal(await page.locator('.dmn-canvas [data-problem]').count(), 1, 'the decision only');
      await page.getByRole('button', { name: 'Discount (decision table)' }).click();
      await tierCell.waitFor({ timeout: 10_000 });

      // Fixed and run again: answered, no mark left.
      await typeInto(tierCell, '"gold"');
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('.dmn-canvas tr.dmn-rule-matched').waitFor({ timeout: 30_000 });
      assert.equal(await panel.locator('.simulator-problems').count(), 0);
      assert.equal(await page.locator('.dmn-canvas [data-problem]').count(), 0);

      // A save refused by the service's FEEL parser: the output cell it names marked, pointing to the save's list.
      await typeInto(rateCell, '0.07 +');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const refusal = page.locator('.editor-problems[role="alert"]', { hasText: 'Not saved' });
      await refusal.waitFor({ timeout: 30_000 });
      assert.match((await refusal.textContent()) ?? '', /rule 2, output entry 1: FEEL syntax error/);
      await page.waitForSelector('td[data-row-id="r_silver_large"][data-col-id="col_rate"][data-problem]', {
        timeout: 10_000,
      });
      assert.equal(await rateCell.getAttribute('aria-describedby'), 'editor-problem-0');
      assert.equal(await page.locator('#editor-problem-0').count(), 1);
      assert.equal((await api('GET', `/models/${editedId}/versions/1`, tenantA.key)).body.content_revision, 1);
      assert.deepEqual(cspViolations, []);
      console.log(`# FEEL cell colours: line ${colours.line}, tokens ${JSON.stringify(colours.tokens)}`);
      assert.ok(
        colours.tokens.some((colour) => colour !== colours.line),
        `a highlighted token: ${JSON.stringify(colours)}`,
      );
      await context.close();
    });

    it('edits a literal expression in the FEEL editor (the input offered); a refused save’s FEEL error marked on the expression', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(totalId)}/edit`);
      await page.getByRole('button', { name: 'Total (literal expression)' }).click();
      const expression = page.locator('.dmn-canvas .literal-expression.textarea.editor');
      await expression.locator('.cm-content').click({ timeout: 30_000 });
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Am');
      const offered = page.locator('.cm-tooltip-autocomplete [role="option"]');
      await offered.first().waitFor({ timeout: 10_000 });
      assert.ok(
        (await offered.allTextContents()).some((option) => option.startsWith('Amount')),
        'Amount offered',
      );
      await page.keyboard.press('Escape');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Amount *');
      assert.equal(await expression.locator('.cm-content').textContent(), 'Amount *');
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const refusal = page.locator('.editor-problems[role="alert"]', { hasText: 'Not saved' });
      await refusal.waitFor({ timeout: 30_000 });
      assert.match((await refusal.textContent()) ?? '', /decision "Total": FEEL syntax error/);
      await page.waitForSelector('.literal-expression[data-problem]', { timeout: 10_000 });
      assert.equal(await expression.getAttribute('aria-describedby'), 'editor-problem-0');
      assert.equal(await page.locator('.dmn-canvas [data-problem]').count(), 1);
      await page.screenshot({ path: screenshotPath('console-dmn-simulator-refused-expression'), fullPage: true });
      assert.equal((await api('GET', `/models/${totalId}/versions/1`, tenantA.key)).body.content_revision, 1);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('runs three inputs with the matched row lit, saves a test case, runs the suite and submits for review', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(modelId)}/edit`);
      await page.getByRole('button', { name: 'Discount (decision table)' }).click();
      await page.locator('.tjs-table td.input-cell', { hasText: 'not("gold", "silver")' }).waitFor({ timeout: 30_000 });
      const panel = page.getByRole('complementary', { name: 'Simulator' });
      const runs = [
        { inputs: { Tier: 'gold', Amount: 10 }, rule: 'r_gold', number: 1, rate: 0.1 },
        { inputs: { Tier: 'silver', Amount: 5000 }, rule: 'r_silver_large', number: 2, rate: 0.07 },
        { inputs: { Tier: 'bronze', Amount: 10 }, rule: 'r_other', number: 4, rate: 0 },
      ];
      for (const run of runs) {
        await panel.getByRole('tab', { name: 'JSON' }).click();
        await panel.getByLabel('Inputs (JSON)').fill(JSON.stringify(run.inputs));
        await panel.getByRole('button', { name: 'Run', exact: true }).click();
        await page.waitForFunction(
          (id) => (globalThis as any).document.querySelector(`tr.dmn-rule-matched td[data-row-id="${id}"]`),
          run.rule,
          { timeout: 30_000 },
        );
        assert.deepEqual(await litRows(page), [run.rule], JSON.stringify(run.inputs));
        const marker = await page
          .locator('.dmn-canvas tr.dmn-rule-matched td.rule-index')
          .evaluate((cell) => (globalThis as any).getComputedStyle(cell).boxShadow as string);
        assert.match(marker, /inset/, 'a bar at the rule’s number');
        const working = (await panel.getByTestId('simulator-working').locator('pre').textContent()) ?? '';
        assert.match(working, new RegExp(`"Discount": ${run.rate}\\b`), working);
        assert.equal(
          (await page.locator('.dmn-matched-rules li[data-decision-id="d_discount"]').textContent())?.trim(),
          `Discount: rule ${run.number} (${run.rule})`,
        );
        if (run.number === 2)
          await page.screenshot({ path: screenshotPath('console-dmn-simulator-lit-row'), fullPage: true });
      }
      await panel.getByLabel('Test case name').fill('bronze from the DMN simulator');
      await panel.getByRole('button', { name: 'Save as test case' }).click();
      await panel.getByText('Saved test case “bronze from the DMN simulator”.').waitFor({ timeout: 10_000 });
      const cases = await api('GET', `/models/${modelId}/test-cases?limit=100`, tenantA.key);
      assert.equal(cases.body.data.length, 1, JSON.stringify(cases.body));
      assert.deepEqual(cases.body.data[0].inputs, { Tier: 'bronze', Amount: 10 });

      await panel.getByRole('button', { name: 'Run the suite' }).click();
      await panel.getByText(/^1 of 1 cases pass; 1 of 4 rules hit\.$/).waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => (globalThis as any).document.querySelectorAll('.dmn-canvas tr.dmn-rule-never-hit').length === 3,
        undefined,
        { timeout: 10_000 },
      );
      assert.equal(await page.locator('.dmn-canvas tr.dmn-rule-never-hit td[data-row-id="r_other"]').count(), 0);
      await checkAccessibility(context, page.url(), 'panel');

      await panel.getByRole('button', { name: 'Submit for review' }).click();
      await panel.getByText(/^(Submitted: the version is|Not submitted)/).waitFor({ timeout: 30_000 });
      const problems = await panel.locator('.simulator-problems').allTextContents();
      assert.deepEqual(problems, [], 'the submission refused');
      await panel.getByText('Submitted: the version is in review.').waitFor({ timeout: 10_000 });
      assert.equal((await api('GET', `/models/${modelId}/versions/1`, tenantA.key)).body.status, 'in_review');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
