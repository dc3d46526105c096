import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DMN_EDITOR_CSP } from '../../api/console/model-dmn-editor-routes';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The DMN editor (dmn-js on /console/models/{id}/versions/{version}/edit for a DMN draft): its own bundle and CSP,
 * the version converted to DMN 1.3 in the page and back on save (the same use case as PUT version, content_revision
 * bumped, the uploaded DMN version's namespaces kept); in Chromium, the DRD shown, a decision table's FEEL cell changed
 * by keyboard and saved; a DMN 1.5 `conditional` listed read-only, locked in the editor and kept as written by a save;
 * every request to the service itself, no CSP violation, no serious accessibility violation.
 */

const DMN15 = 'https://www.omg.org/spec/DMN/20230324/MODEL/';
const DMNDI15 = 'https://www.omg.org/spec/DMN/20230324/DMNDI/';
const FEEL15 = 'https://www.omg.org/spec/DMN/20230324/FEEL/';

const definitions = (id: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${DMN15}" xmlns:dmndi="${DMNDI15}" xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/"
  xmlns:di="http://www.omg.org/spec/DMN/20180521/DI/" xmlns:feel="${FEEL15}"
  id="${id}" name="${id}" namespace="https://example.com/dmn/${id}" expressionLanguage="${FEEL15}">${body}
</definitions>`;

/** A decision table with FEEL input entries, and a DRD of the decision and its input data. */
const DISCOUNT_DMN = definitions(
  'tier_discount',
  `
  <inputData id="in_tier" name="Tier"><variable id="var_tier" name="Tier" typeRef="string"/></inputData>
  <decision id="d_discount" name="Discount">
    <variable id="var_discount" name="Discount" typeRef="number"/>
    <informationRequirement id="ir_tier"><requiredInput href="#in_tier"/></informationRequirement>
    <decisionTable id="dt_discount" hitPolicy="UNIQUE">
      <input id="col_tier" label="Tier"><inputExpression id="ie_tier" typeRef="string"><text>Tier</text></inputExpression></input>
      <output id="col_rate" name="rate" typeRef="number"/>
      <rule id="r_gold"><inputEntry id="e_gold"><text>"gold"</text></inputEntry><outputEntry id="o_gold"><text>0.1</text></outputEntry></rule>
      <rule id="r_silver"><inputEntry id="e_silver"><text>"silver"</text></inputEntry><outputEntry id="o_silver"><text>0.05</text></outputEntry></rule>
      <rule id="r_bronze"><inputEntry id="e_bronze"><text>"bronze"</text></inputEntry><outputEntry id="o_other"><text>0</text></outputEntry></rule>
    </decisionTable>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="drd_discount" name="Discount DRD">
      <dmndi:DMNShape id="shape_discount" dmnElementRef="d_discount"><dc:Bounds x="160" y="80" width="180" height="80"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_tier" dmnElementRef="in_tier"><dc:Bounds x="160" y="260" width="180" height="50"/></dmndi:DMNShape>
      <dmndi:DMNEdge id="edge_tier" dmnElementRef="ir_tier"><di:waypoint x="250" y="260"/><di:waypoint x="250" y="160"/></dmndi:DMNEdge>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>`,
);

const CONDITIONAL = `<conditional id="cond_band" typeRef="string">
      <if><literalExpression id="le_if"><text>Amount &gt; 1000</text></literalExpression></if>
      <then><literalExpression id="le_then"><text>"large"</text></literalExpression></then>
      <else><literalExpression id="le_else"><text>"small"</text></literalExpression></else>
    </conditional>`;

/** A DMN 1.5 model whose decision is a boxed `conditional` (dmn-js models DMN 1.3, which has none). */
const CONDITIONAL_DMN = definitions(
  'amount_band',
  `
  <inputData id="in_amount" name="Amount"><variable id="var_amount" name="Amount" typeRef="number"/></inputData>
  <decision id="d_band" name="Band">
    <variable id="var_band" name="Band" typeRef="string"/>
    <informationRequirement id="ir_amount"><requiredInput href="#in_amount"/></informationRequirement>
    ${CONDITIONAL}
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="drd_band" name="Band DRD">
      <dmndi:DMNShape id="shape_band" dmnElementRef="d_band"><dc:Bounds x="160" y="80" width="180" height="80"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_amount" dmnElementRef="in_amount"><dc:Bounds x="160" y="260" width="180" height="50"/></dmndi:DMNShape>
      <dmndi:DMNEdge id="edge_amount" dmnElementRef="ir_amount"><di:waypoint x="250" y="260"/><di:waypoint x="250" y="160"/></dmndi:DMNEdge>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>`,
);

describe('Governance console: the DMN editor', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let analyst: ConsoleMember;
  let discountId: string;
  let bandId: string;
  let scratchId: string;
  let conflictId: string;
  let bandScratchId: string;
  let restoreId: string;

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
  const editorPath = (id: string) => `/console/models/${id}/versions/1/edit`;
  const upload = async (name: string, dmn: string) => {
    const created = await api('POST', '/models', { name, category: 'pricing', dmn });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Theta Pricing' });
    analyst = await addConsoleMember(stack.db, 'analyst', tenant.id, 'analyst');
    discountId = await upload('Tier discount', DISCOUNT_DMN);
    bandId = await upload('Amount band', CONDITIONAL_DMN);
    scratchId = await upload('Tier discount (scratch)', DISCOUNT_DMN);
    conflictId = await upload('Tier discount (two editors)', DISCOUNT_DMN);
    bandScratchId = await upload('Amount band (scratch)', CONDITIONAL_DMN);
    restoreId = await upload('Tier discount (reloaded)', DISCOUNT_DMN);
  });
  after(async () => stack?.close());

  describe('over HTTP', () => {
    it('renders the DMN page: its own bundle, DMN 1.3 and the read-only list in the bootstrap, its own CSP, no key', async () => {
      const session = await signInToConsoleOverHttp(stack.baseUrl, analyst.email);
      const response = await session.browser.request(`${stack.baseUrl}${editorPath(bandId)}`);
      assert.equal(response.status, 200, response.html);
      assert.equal(response.headers.get('content-security-policy'), DMN_EDITOR_CSP);
      assert.match(response.html, /src="\/console\/assets\/app\/dmn-editor\.[A-Z0-9]+\.js"/);
      assert.doesNotMatch(response.html, /src="\/console\/assets\/app\/editor\./, 'not the JDM bundle');
      assert.doesNotMatch(response.html, new RegExp(tenant.key));
      const json = /<script type="application\/json" id="dmn-editor-bootstrap">([^<]*)<\/script>/.exec(response.html);
      const data = JSON.parse(json?.[1] ?? 'null');
      assert.equal(data.version.dmn_version, '1.5');
      assert.match(data.editor_xml, /https:\/\/www\.omg\.org\/spec\/DMN\/20191111\/MODEL\//);
      assert.doesNotMatch(data.editor_xml, /<conditional/);
      assert.deepEqual(data.placeholder_ids, ['cond_band']);
      assert.deepEqual(
        data.read_only.map((item: { element_id: string; kind: string }) => [item.element_id, item.kind]),
        [['cond_band', 'conditional']],
      );
    });

    it('refuses a save without the CSRF token (403), unreadable XML (422 at /xml), and changes nothing', async () => {
      const session = await signInToConsoleOverHttp(stack.baseUrl, analyst.email);
      const url = `${stack.baseUrl}/console/models/${scratchId}/versions/1/dmn-content`;
      const forged = await session.browser.request(url, {
        method: 'PUT',
        json: { xml: DISCOUNT_DMN, content_revision: 1 },
        headers: { 'x-csrf-token': 'forged' },
      });
      assert.equal(forged.status, 403);
      for (const [json, path] of [
        [{ xml: '<definitions', content_revision: 1 }, '/xml'],
        [{ xml: 42, content_revision: 1 }, '/xml'],
        [{ xml: DISCOUNT_DMN, content_revision: 0 }, '/content_revision'],
      ] as const) {
        const refused = await session.browser.request(url, {
          method: 'PUT',
          json,
          headers: { 'x-csrf-token': session.csrf },
        });
        assert.equal(refused.status, 422, refused.html);
        assert.equal(JSON.parse(refused.html).errors[0].path, path, refused.html);
      }
      const stored = await api('GET', `/models/${scratchId}/versions/1`);
      assert.equal(stored.body.content_revision, 1);
      assert.equal(stored.body.dmn, DISCOUNT_DMN);
    });
    it('answers the use case’s 422 naming the element, and a placeholder the edit replaced as a warning', async () => {
      const session = await signInToConsoleOverHttp(stack.baseUrl, analyst.email);
      const page = await session.browser.request(`${stack.baseUrl}${editorPath(bandScratchId)}`);
      const json = /<script type="application\/json" id="dmn-editor-bootstrap">([^<]*)<\/script>/.exec(page.html);
      const editorXml = JSON.parse(json?.[1] ?? 'null').editor_xml as string;
      const placeholder = /<literalExpression id="cond_band"[^>]*\/>/;
      assert.match(editorXml, placeholder);
      const url = `${stack.baseUrl}/console/models/${bandScratchId}/versions/1/dmn-content`;
      const save = (xml: string, revision: number) =>
        session.browser.request(url, {
          method: 'PUT',
          json: { xml, content_revision: revision },
          headers: { 'x-csrf-token': session.csrf },
        });
      const broken = await save(
        editorXml.replace(
          placeholder,
          '<literalExpression id="le_broken"><text>Amount &gt; &gt;</text></literalExpression>',
        ),
        1,
      );
      assert.equal(broken.status, 422, broken.html);
      const problems = JSON.parse(broken.html).errors as Array<{ path: string; message: string }>;
      assert.ok(
        problems.some((problem) => problem.path === '/dmn' && /Band/.test(problem.message)),
        broken.html,
      );
      assert.equal((await api('GET', `/models/${bandScratchId}/versions/1`)).body.content_revision, 1);

      const replaced = await save(
        editorXml.replace(placeholder, '<literalExpression id="le_fixed"><text>"fixed"</text></literalExpression>'),
        1,
      );
      assert.equal(replaced.status, 200, replaced.html);
      const answer = JSON.parse(replaced.html);
      assert.equal(answer.content_revision, 2);
      assert.deepEqual(
        answer.warnings.map((warning: { kind: string; element_id: string }) => [warning.kind, warning.element_id]),
        [['conditional', 'cond_band']],
      );
      const stored = (await api('GET', `/models/${bandScratchId}/versions/1`)).body.dmn as string;
      assert.doesNotMatch(stored, /<conditional/);
      assert.match(stored, /"fixed"/);
    });

    it('offers "New draft from this version" on a DMN version in review, and opens the new draft in the DMN editor', async () => {
      await addConsoleMember(stack.db, 'approver', tenant.id, 'approver');
      const reviewedId = await upload('Tier discount (in review)', DISCOUNT_DMN);
      const policy = await api('POST', '/approval-policies', {
        name: 'Pricing review',
        steps: [{ name: 'Pricing', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
      });
      assert.equal(policy.status, 201, JSON.stringify(policy.body));
      assert.equal((await api('PATCH', `/models/${reviewedId}`, { coverage_threshold: 0 })).status, 200);
      const testCase = await api('POST', `/models/${reviewedId}/test-cases`, {
        name: 'gold',
        inputs: { Tier: 'gold' },
        expected: { Discount: 0.1 },
      });
      assert.equal(testCase.status, 201, JSON.stringify(testCase.body));
      const submitted = await api('POST', `/models/${reviewedId}/versions/1/submit`, {
        approval_policy_id: policy.body.id,
      });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));

      const session = await signInToConsoleOverHttp(stack.baseUrl, analyst.email);
      const page = await session.browser.request(`${stack.baseUrl}${editorPath(reviewedId)}`);
      assert.equal(page.status, 200);
      assert.match(page.html, /New draft from this version/);
      const action = `${stack.baseUrl}/console/models/${reviewedId}/versions/1/new-draft`;
      const created = await session.browser.request(action, { form: { _csrf: session.csrf } });
      assert.equal(created.status, 303, created.html);
      assert.equal(created.location, `${stack.baseUrl}/console/models/${reviewedId}/versions/2/edit`);
      const draft = await api('GET', `/models/${reviewedId}/versions/2`);
      assert.equal(draft.body.status, 'draft');
      assert.equal(draft.body.dmn, DISCOUNT_DMN);
      const editor = await session.browser.request(created.location as string);
      assert.equal(editor.status, 200);
      assert.match(editor.html, /id="dmn-editor-bootstrap"/);
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-dmn-editor-',
    });
    const sameOrigin = (requests: string[]) =>
      requests.filter((url) => new URL(url).origin !== new URL(stack.baseUrl).origin && !url.startsWith('data:'));
    const waitForDrd = async (page: Page) => {
      await page
        .locator(
          '.dmn-canvas .djs-element[data-element-id="d_discount"], .dmn-canvas .djs-element[data-element-id="d_band"]',
        )
        .first()
        .waitFor({ timeout: 30_000 });
    };

    it('shows the DRD, opens the table, changes a FEEL cell by keyboard and saves it in the uploaded DMN version', async () => {
      const { context, page } = await signIn(analyst.email);
      const requests: string[] = [];
      context.on('request', (request) => requests.push(request.url()));
      await page.goto(`${stack.baseUrl}${editorPath(discountId)}`);
      await waitForDrd(page);
      for (const id of ['d_discount', 'in_tier'])
        assert.ok(await page.locator(`.djs-element[data-element-id="${id}"]`).isVisible(), `${id} in the DRD`);
      assert.equal((await page.locator('.bjs-powered-by, .dmn-js-powered-by').count()) > 0, true, 'the bpmn.io logo');
      await page.screenshot({ path: screenshotPath('console-dmn-editor-drd'), fullPage: true });

      await page.getByRole('button', { name: 'Discount (decision table)' }).click();
      const cell = page.locator('.tjs-table td.input-cell', { hasText: '"gold"' });
      await cell.waitFor({ timeout: 30_000 });
      await cell.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('"platinum"');
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      await page.waitForFunction(
        (key) => ((globalThis as any).localStorage.getItem(key) ?? '').includes('platinum'),
        `dms.dmn-editor.${discountId}.1`,
        { timeout: 10_000 },
      );
      await page.screenshot({ path: screenshotPath('console-dmn-editor-table'), fullPage: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });

      const saved = await api('GET', `/models/${discountId}/versions/1`);
      assert.equal(saved.body.content_revision, 2);
      const xml = saved.body.dmn as string;
      assert.match(xml, /<inputEntry id="e_gold">\s*<text>"platinum"<\/text>/);
      assert.doesNotMatch(xml, /"gold"<\/text>/);
      assert.match(xml, new RegExp(`xmlns="${DMN15}"`), 'the model namespace as uploaded (DMN 1.5)');
      assert.doesNotMatch(xml, /20191111\/MODEL/);
      assert.match(xml, /dmnElementRef="d_discount"/, 'the diagram kept');
      const evaluated = await api('POST', `/models/${discountId}/evaluate`, {
        version: '1',
        inputs: { Tier: 'platinum' },
      });
      assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
      assert.match(JSON.stringify(evaluated.body.outputs), /0\.1\b/, JSON.stringify(evaluated.body));
      assert.equal(
        await page.evaluate(`localStorage.getItem(${JSON.stringify(`dms.dmn-editor.${discountId}.1`)})`),
        null,
        'the working copy is cleared after the save',
      );
      assert.deepEqual(sameOrigin(requests), [], 'every request goes to the service itself');
      assert.ok(
        requests.some((url) => /\/console\/assets\/app\/dmn\.[A-Z0-9]+\.woff2(\?|$)/.test(url)),
        'the icon font is ours',
      );
      assert.ok(!requests.some((url) => /\/console\/assets\/app\/editor\./.test(url)), 'the JDM bundle is not loaded');
      assert.deepEqual(cspViolations, []);
      await checkAccessibility(context, page.url(), 'dmn-editor');
      await context.close();
    });

    it('lists a DMN 1.5 conditional as read-only, opens it locked, and a save keeps it exactly as written', async () => {
      const { context, page } = await signIn(analyst.email);
      const requests: string[] = [];
      context.on('request', (request) => requests.push(request.url()));
      await page.goto(`${stack.baseUrl}${editorPath(bandId)}`);
      await waitForDrd(page);
      const panel = page.getByRole('region', { name: 'Kept as written, read-only here' });
      await panel.waitFor();
      assert.match((await panel.textContent()) ?? '', /conditional at cond_band/);

      // In the DRD the decision holding it can be neither deleted nor given other logic; its input data can.
      const contextPadEntry = (action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);
      await page.locator('.djs-element[data-element-id="in_amount"]').click();
      await contextPadEntry('delete').waitFor({ timeout: 10_000 });
      await page.locator('.djs-element[data-element-id="d_band"]').click();
      await page.locator('.djs-context-pad.open').waitFor({ timeout: 10_000 });
      assert.equal(await contextPadEntry('delete').count(), 0, 'no delete for the holder');
      assert.equal(await contextPadEntry('replace').count(), 0, 'no replace for the holder');
      await page.keyboard.press('Delete');
      await page.keyboard.press('Backspace');
      assert.equal(
        await page.locator('.djs-element[data-element-id="d_band"]').count(),
        1,
        'the holder is still there',
      );

      await page.getByRole('button', { name: 'Band (read-only)' }).click();
      await page.getByRole('note').filter({ hasText: 'opens read-only here' }).waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('.dmn-canvas [contenteditable="true"]').count(), 0, 'nothing editable');
      await page.screenshot({ path: screenshotPath('console-dmn-editor-read-only'), fullPage: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });

      const saved = await api('GET', `/models/${bandId}/versions/1`);
      assert.equal(saved.body.content_revision, 2);
      assert.ok((saved.body.dmn as string).includes(CONDITIONAL), saved.body.dmn);
      assert.match(saved.body.dmn, new RegExp(`xmlns="${DMN15}"`));
      const evaluated = await api('POST', `/models/${bandId}/evaluate`, { version: '1', inputs: { Amount: 5000 } });
      assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
      assert.match(JSON.stringify(evaluated.body.outputs), /"large"/, JSON.stringify(evaluated.body));
      assert.deepEqual(sameOrigin(requests), []);
      assert.deepEqual(cspViolations, []);
      await checkAccessibility(context, page.url(), 'dmn-editor-read-only');
      await context.close();
    });

    it('a save over a newer one shows the conflict view, changes nothing, and mine becomes a new draft', async () => {
      const { context, page } = await signIn(analyst.email);
      await page.goto(`${stack.baseUrl}${editorPath(conflictId)}`);
      await waitForDrd(page);
      await page.getByRole('button', { name: 'Discount (decision table)' }).click();
      const cell = page.locator('.tjs-table td.input-cell', { hasText: '"silver"' });
      await cell.waitFor({ timeout: 30_000 });
      await cell.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('"diamond"');
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      const theirs = await api('PUT', `/models/${conflictId}/versions/1`, {
        dmn: DISCOUNT_DMN.replace('<text>0.05</text>', '<text>0.06</text>'),
        content_revision: 1,
      });
      assert.equal(theirs.status, 200, JSON.stringify(theirs.body));

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const conflict = page.getByRole('alertdialog', { name: 'This draft was saved by someone else' });
      await conflict.waitFor({ timeout: 30_000 });
      assert.match((await conflict.textContent()) ?? '', /You started from revision 1; .* saved revision 2/);
      await page.screenshot({ path: screenshotPath('console-dmn-editor-conflict'), fullPage: true });
      const stored = await api('GET', `/models/${conflictId}/versions/1`);
      assert.equal(stored.body.content_revision, 2, 'the conflicting save changed nothing');
      assert.doesNotMatch(stored.body.dmn, /diamond/);

      await conflict.getByRole('button', { name: 'Keep mine as a new draft' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/models/${conflictId}/versions/2/edit`, { timeout: 30_000 });
      const mine = (await api('GET', `/models/${conflictId}/versions/2`)).body;
      assert.equal(mine.status, 'draft');
      assert.match(mine.dmn, /<inputEntry id="e_silver">\s*<text>"diamond"<\/text>/);
      assert.match(mine.dmn, new RegExp(`xmlns="${DMN15}"`));
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('keeps the working copy across a reload, and offers one made on an older revision', async () => {
      const { context, page } = await signIn(analyst.email);
      await page.goto(`${stack.baseUrl}${editorPath(restoreId)}`);
      await waitForDrd(page);
      const openTable = async () => {
        await page.getByRole('button', { name: 'Discount (decision table)' }).click();
        await page.locator('.tjs-table td.input-cell').first().waitFor({ timeout: 30_000 });
      };
      await openTable();
      await page.locator('.tjs-table td.input-cell', { hasText: '"bronze"' }).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('"copper"');
      await page.waitForFunction(
        (key) => ((globalThis as any).localStorage.getItem(key) ?? '').includes('copper'),
        `dms.dmn-editor.${restoreId}.1`,
        { timeout: 10_000 },
      );

      await page.reload();
      await page.getByText(/^Restored your unsaved changes from /).waitFor({ timeout: 30_000 });
      await openTable();
      assert.equal(await page.locator('.tjs-table td.input-cell', { hasText: '"copper"' }).count(), 1);

      // Someone saves the draft through the API meanwhile: the copy is offered, not applied.
      const theirs = await api('PUT', `/models/${restoreId}/versions/1`, { dmn: DISCOUNT_DMN, content_revision: 1 });
      assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
      await page.reload();
      const notice = page.getByRole('region', { name: 'Unsaved changes from an earlier revision' });
      await notice.waitFor({ timeout: 30_000 });
      assert.match((await notice.textContent()) ?? '', /made on revision 1; the draft is now at revision 2/);
      await openTable();
      assert.equal(await page.locator('.tjs-table td.input-cell', { hasText: '"copper"' }).count(), 0);
      await notice.getByRole('button', { name: 'Restore my changes' }).click();
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      await openTable();
      assert.equal(await page.locator('.tjs-table td.input-cell', { hasText: '"copper"' }).count(), 1);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved: revision 3.').waitFor({ timeout: 30_000 });
      assert.match((await api('GET', `/models/${restoreId}/versions/1`)).body.dmn, /"copper"/);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
