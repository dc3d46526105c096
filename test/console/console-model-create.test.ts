import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { Role } from '../../core/roles';
import { blankJdmModel } from '../../decision/blank-models';
import { discountModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { waitFor } from '../helpers/wait';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * "New model" from the console's catalogue (/console/models/new): a blank JDM graph, a blank DMN model or a copy of a
 * published version, through the same use case as POST /models, landing on the new draft's editor; refused to a
 * member without models:write and without the session's CSRF token; field problems named on the form; another
 * tenant's model to copy answers 404.
 */
describe('Governance console: a new model from the catalogue', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst' | 'viewer' | 'approver', ConsoleMember>;
  let publishedModelId: string;
  let foreignModelId: string;
  let excelModelId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenantA.id, role);
  const editorPath = (id: string, version: string) => `/console/models/${id}/versions/${version}/edit`;
  type Table = { hitPolicy: string; inputs: unknown[]; outputs: unknown[]; rules: Array<Record<string, string>> };
  const tenantModels = async () =>
    (await api('GET', '/models?source=tenant&limit=100', tenantA.key)).body.data as Array<{ id: string; name: string }>;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Delta Retail' });
    tenantB = await createTestTenant(stack.db, { name: 'Epsilon' });
    people.analyst = await addMember('analyst', 'analyst');
    people.viewer = await addMember('viewer', 'viewer');
    people.approver = await addMember('approver', 'approver');
    const source = await api('POST', '/models', tenantA.key, discountModelBody('Discounts (published)'));
    assert.equal(source.status, 201, JSON.stringify(source.body));
    publishedModelId = source.body.id;
    const policy = await api('POST', '/approval-policies', tenantA.key, {
      name: 'Model release review',
      steps: [{ name: 'Pricing review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    assert.equal(
      (await api('PATCH', `/models/${publishedModelId}`, tenantA.key, { coverage_threshold: 0 })).status,
      200,
    );
    const testCase = await api('POST', `/models/${publishedModelId}/test-cases`, tenantA.key, {
      name: 'gold bulk',
      inputs: { tier: 'gold', quantity: 150 },
      expected: { 'discount.rate': 0.2 },
    });
    assert.equal(testCase.status, 201, JSON.stringify(testCase.body));
    const submitted = await api('POST', `/models/${publishedModelId}/versions/1/submit`, tenantA.key, {
      approval_policy_id: policy.body.id,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    await stack.temporal.workflow.getHandle(`decision/${submitted.body.review.decision_id}`).executeUpdate('approve', {
      args: [{ actor: { type: 'user', id: people.approver.id }, role: 'approver', expectedStep: 1, comment: null }],
    });
    await waitFor(
      'version 1 published',
      async () => (await api('GET', `/models/${publishedModelId}`, tenantA.key)).body.published_version === '1',
    );
    const foreign = await api('POST', '/models', tenantB.key, discountModelBody('Another tenant’s discounts'));
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    foreignModelId = foreign.body.id;
    const excel = await api('POST', '/models', tenantA.key, discountModelBody('Discounts (Excel)'));
    assert.equal(excel.status, 201, JSON.stringify(excel.body));
    excelModelId = excel.body.id;
  });

  after(async () => {
    await stack?.close();
  });

  describe('over HTTP', () => {
    it('shows a models:read member no "New model" form and refuses their POST', async () => {
      const viewer = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const catalogue = await viewer.browser.request(`${stack.baseUrl}/console/models`);
      assert.equal(catalogue.status, 200);
      assert.doesNotMatch(catalogue.html, /New model/);
      assert.equal((await viewer.browser.request(`${stack.baseUrl}/console/models/new`)).status, 403);
      const before = (await tenantModels()).length;
      const posted = await viewer.browser.request(`${stack.baseUrl}/console/models/new`, {
        form: { _csrf: viewer.csrf, kind: 'blank_jdm', name: 'Not mine to make', category: 'pricing' },
      });
      assert.equal(posted.status, 403);
      assert.equal((await tenantModels()).length, before);
    });

    it('refuses a POST without the session’s CSRF token or from another origin, and creates nothing', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const before = (await tenantModels()).length;
      const fields = { kind: 'blank_jdm', name: 'Forged', category: 'pricing' };
      for (const [form, headers] of [
        [fields, {}],
        [{ ...fields, _csrf: 'forged' }, {}],
        [{ ...fields, _csrf: analyst.csrf }, { origin: 'https://evil.example' }],
      ] as Array<[Record<string, string>, Record<string, string>]>) {
        const refused = await analyst.browser.request(`${stack.baseUrl}/console/models/new`, { form, headers });
        assert.equal(refused.status, 403, JSON.stringify(form));
      }
      assert.equal((await tenantModels()).length, before);
    });

    it('names the field on the form (name, category, the model to copy); another tenant’s model answers 404', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const url = `${stack.baseUrl}/console/models/new`;
      const before = (await tenantModels()).length;
      const empty = await analyst.browser.request(url, { form: { _csrf: analyst.csrf, kind: 'blank_jdm' } });
      assert.equal(empty.status, 422);
      assert.match(empty.html, /id="new-model-name-error">Name is required\./);
      assert.match(empty.html, /id="new-model-category-error">Category is required\./);
      assert.match(empty.html, /id="new-model-name"[^>]*aria-invalid="true"/);
      const badCategory = await analyst.browser.request(url, {
        form: { _csrf: analyst.csrf, kind: 'blank_dmn', name: 'Fees <b>2027</b>', category: 'Pricing Team' },
      });
      assert.equal(badCategory.status, 422);
      assert.match(badCategory.html, /id="new-model-category-error">Category must match pattern/);
      assert.match(badCategory.html, /value="Fees &lt;b&gt;2027&lt;\/b&gt;"/, 'what was typed is kept, escaped');
      assert.match(badCategory.html, /id="new-model-kind-blank_dmn" value="blank_dmn" checked/);
      const noSource = await analyst.browser.request(url, {
        form: { _csrf: analyst.csrf, kind: 'copy', name: 'Copy', category: 'pricing' },
      });
      assert.equal(noSource.status, 422);
      assert.match(noSource.html, /Model to copy is required to copy a model\./);
      const foreign = await analyst.browser.request(url, {
        form: { _csrf: analyst.csrf, kind: 'copy', name: 'Copy', category: 'pricing', source_model: foreignModelId },
      });
      assert.equal(foreign.status, 404);
      assert.doesNotMatch(foreign.html, /Another tenant/);
      assert.equal((await tenantModels()).length, before);
      const form = await analyst.browser.request(url);
      assert.equal(form.status, 200);
      assert.match(
        form.html,
        new RegExp(`<option value="${publishedModelId}">Discounts \\(published\\) \\(version 1\\)`),
      );
      assert.doesNotMatch(form.html, new RegExp(foreignModelId));
    });
    it('checks a working copy for the Excel import: 204 when it compiles, 422 naming the cell, refused without models:write, CSRF or across tenants', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const viewer = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const { graph, input_schema, output_schema } = discountModelBody('unused');
      const checkUrl = (id: string) => `${stack.baseUrl}/console/models/${id}/versions/1/check`;
      const check = (who: typeof analyst, id: string, content: unknown, headers: Record<string, string>) =>
        who.browser.request(checkUrl(id), { method: 'POST', json: { content, input_schema, output_schema }, headers });
      const fine = await check(analyst, excelModelId, graph, { 'x-csrf-token': analyst.csrf });
      assert.equal(fine.status, 204, fine.html);
      const broken = structuredClone(graph) as { nodes: Array<{ type: string; content?: Table }> };
      const tableIndex = broken.nodes.findIndex((node) => node.type === 'decisionTableNode');
      (broken.nodes[tableIndex]?.content as Table).rules[1] = {
        ...(broken.nodes[tableIndex]?.content as Table).rules[1],
        qty: '>= (',
      };
      const refused = await check(analyst, excelModelId, broken, { 'x-csrf-token': analyst.csrf });
      assert.equal(refused.status, 422, refused.html);
      assert.ok(
        (JSON.parse(refused.html).errors as Array<{ path: string }>).some(
          (e) => e.path === `/content/nodes/${tableIndex}/content/rules/1/qty`,
        ),
        refused.html,
      );
      assert.equal((await check(analyst, excelModelId, graph, {})).status, 403);
      assert.equal((await check(analyst, excelModelId, graph, { 'x-csrf-token': 'forged' })).status, 403);
      assert.equal((await check(viewer, excelModelId, graph, { 'x-csrf-token': viewer.csrf })).status, 403);
      assert.equal((await check(analyst, foreignModelId, graph, { 'x-csrf-token': analyst.csrf })).status, 404);
      const version = await api('GET', `/models/${excelModelId}/versions/1`, tenantA.key);
      assert.equal(version.body.content_revision, 1, 'a check stores nothing');
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-create-',
    });

    /** Fills the catalogue's form and submits it; answers the new model's id, read from the editor's URL. */
    const createThroughForm = async (page: Page, kind: string, name: string, sourceModel?: string) => {
      await page.goto(`${stack.baseUrl}/console/models`);
      await page.getByRole('link', { name: 'New model' }).click();
      await page.waitForURL(`${stack.baseUrl}/console/models/new`);
      await page.locator(`#new-model-kind-${kind}`).check();
      if (sourceModel) await page.selectOption('#new-model-source_model', sourceModel);
      await page.fill('#new-model-name', name);
      await page.fill('#new-model-category', 'pricing');
      await page.getByRole('button', { name: 'Create the model' }).click();
      await page.waitForURL(/\/console\/models\/[^/]+\/versions\/1\/edit$/);
      const id = /\/console\/models\/([^/]+)\/versions\/1\/edit$/.exec(page.url())?.[1] as string;
      assert.equal(new URL(page.url()).pathname, editorPath(id, '1'));
      return id;
    };

    it('creates a blank JDM model and lands on its editor with the three nodes wired', async () => {
      const { context, page } = await signIn(people.analyst.email);
      const id = await createThroughForm(page, 'blank_jdm', 'Shipping fees');
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      assert.equal(await page.locator('.react-flow__node').count(), 3);
      assert.equal(await page.locator('.react-flow__edge').count(), 2);
      const version = await api('GET', `/models/${id}/versions/1`, tenantA.key);
      assert.equal(version.body.status, 'draft');
      assert.equal(version.body.format, 'jdm');
      assert.deepEqual(version.body.graph, blankJdmModel().graph);
      const model = await api('GET', `/models/${id}`, tenantA.key);
      assert.equal(model.body.name, 'Shipping fees');
      assert.equal(model.body.category, 'pricing');
      await checkAccessibility(context, `${stack.baseUrl}/console/models/new`, 'form');
      assert.deepEqual(cspViolations, []);
    });

    it('creates a blank DMN model with JavaScript off, landing on the editor URL; the API shows DMN 1.3 with its diagram', async () => {
      const { page } = await signIn(people.analyst.email, { javaScriptEnabled: false });
      const id = await createThroughForm(page, 'blank_dmn', 'Eligibility & limits');
      const version = await api('GET', `/models/${id}/versions/1`, tenantA.key);
      assert.equal(version.body.status, 'draft');
      assert.equal(version.body.format, 'dmn');
      const xml = version.body.dmn as string;
      assert.match(xml, /xmlns="https:\/\/www\.omg\.org\/spec\/DMN\/20191111\/MODEL\/"/);
      assert.match(xml, /name="Eligibility &amp; limits"/);
      assert.match(xml, /<decision id="decision" name="decision">[^]*<decisionTable id="decision_table"/);
      assert.doesNotMatch(xml, /<rule /);
      assert.match(xml, /<dmndi:DMNShape id="decision_shape" dmnElementRef="decision">/);
      assert.match(version.body.dmn_namespace, /^urn:uuid:[0-9a-f-]{36}$/);
      await page.screenshot({ path: screenshotPath('console-model-create-dmn'), fullPage: true });
    });

    it('copies the published version of a model: the same graph and schemas, as version 1 of a new draft', async () => {
      const { page } = await signIn(people.analyst.email);
      const id = await createThroughForm(page, 'copy', 'Discounts (copy)', publishedModelId);
      assert.notEqual(id, publishedModelId);
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      const [copy, source] = [
        await api('GET', `/models/${id}/versions/1`, tenantA.key),
        await api('GET', `/models/${publishedModelId}/versions/1`, tenantA.key),
      ];
      assert.equal(copy.body.status, 'draft');
      assert.deepEqual(copy.body.graph, source.body.graph);
      assert.deepEqual(copy.body.input_schema, source.body.input_schema);
      assert.deepEqual(copy.body.output_schema, source.body.output_schema);
      assert.equal((await api('GET', `/models/${id}`, tenantA.key)).body.name, 'Discounts (copy)');
    });
  });
  describe('Excel in and out of a decision table, in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-excel-',
    });
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const storedTable = async () => {
      const version = await api('GET', `/models/${excelModelId}/versions/1`, tenantA.key);
      const node = (version.body.graph.nodes as Array<{ type: string; content: Table }>).find(
        (n) => n.type === 'decisionTableNode',
      ) as { content: Table };
      return { table: node.content, revision: version.body.content_revision as number };
    };
    const openEditorTable = async (page: Page) => {
      await page.goto(`${stack.baseUrl}${editorPath(excelModelId, '1')}`);
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt__add-row', { timeout: 30_000 });
    };
    const save = async (page: Page, revision: number) => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(`Saved: revision ${revision}.`).waitFor({ timeout: 30_000 });
    };
    const sheetBuffer = async (rows: string[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('decision table');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };

    it('exports a table to .xlsx and imports it back identical; a changed sheet changes the table', async () => {
      const { page } = await signIn(people.analyst.email);
      const before = await storedTable();
      await openEditorTable(page);
      assert.equal(await page.locator('.grl-dt__command-bar button:has-text("Import Excel")').isVisible(), false);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('.grl-dt__command-bar button:has-text("Export Excel")').click(),
      ]);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const exported = fs.readFileSync(await download.path());
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(exported).buffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [
        'Customer tier',
        'Order quantity',
        'Discount rate',
        'Segment',
        'Description',
      ]);
      assert.equal(sheet.rowCount, 1 + before.table.rules.length);

      await page.setInputFiles('.excel-import-file', { name: 'discounts.xlsx', mimeType: XLSX, buffer: exported });
      await page.getByText(`Imported 6 rules from discounts.xlsx`).waitFor({ timeout: 30_000 });
      await save(page, before.revision + 1);
      const roundTrip = await storedTable();
      assert.deepEqual(roundTrip.table.inputs, before.table.inputs);
      assert.deepEqual(roundTrip.table.outputs, before.table.outputs);
      assert.deepEqual(roundTrip.table.rules, before.table.rules);
      assert.equal(roundTrip.table.hitPolicy, before.table.hitPolicy);

      // The same sheet with a rate changed and a rule added: the editor's table takes both.
      sheet.getRow(2).getCell(3).value = '0.25';
      sheet.addRow(['"bronze"', '>= 1000', '0.07', '"bronze bulk"', 'Bronze, huge order']);
      const changed = Buffer.from(await workbook.xlsx.writeBuffer());
      await page.setInputFiles('.excel-import-file', { name: 'changed.xlsx', mimeType: XLSX, buffer: changed });
      await page.getByText(`Imported 7 rules from changed.xlsx`).waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('.grl-dt tbody tr').count(), 7);
      await save(page, before.revision + 2);
      const after = await storedTable();
      assert.equal(after.table.rules[0]?.rate, '0.25');
      assert.equal(after.table.rules[0]?._id, before.table.rules[0]?._id);
      assert.deepEqual(
        { ...after.table.rules[6], _id: 'new' },
        {
          _id: 'new',
          _description: 'Bronze, huge order',
          tier: '"bronze"',
          qty: '>= 1000',
          rate: '0.07',
          segment: '"bronze bulk"',
        },
      );
      assert.deepEqual(after.table.rules.slice(1, 6), before.table.rules.slice(1, 6));
      assert.deepEqual(cspViolations, []);
    });

    it('refuses a sheet with an unparsable cell or an unknown column, naming the row and column, and leaves the table as it was', async () => {
      const { page } = await signIn(people.analyst.email);
      const before = await storedTable();
      await openEditorTable(page);
      const header = ['Customer tier', 'Order quantity', 'Discount rate', 'Segment', 'Description'];
      const bad = await sheetBuffer([
        header,
        ['"gold"', '>= 100', '0.2', '"gold bulk"', 'fine'],
        ['"silver"', '>= (', '0.1', '"silver"', 'an unparsable test'],
      ]);
      await page.setInputFiles('.excel-import-file', { name: 'bad.xlsx', mimeType: XLSX, buffer: bad });
      const alert = page.locator('.excel-import-problems');
      await alert.waitFor({ timeout: 30_000 });
      assert.match((await alert.textContent()) ?? '', /bad\.xlsx was not imported; the table is unchanged/);
      assert.match((await alert.textContent()) ?? '', /row 3, column B \("Order quantity"\): /);
      assert.doesNotMatch((await alert.textContent()) ?? '', /row 2/);
      await page.screenshot({ path: screenshotPath('console-model-excel-refused'), fullPage: true });
      assert.equal(await page.locator('.grl-dt tbody tr').count(), before.table.rules.length);

      const unknown = await sheetBuffer([
        ['Colour', ...header.slice(1)],
        ['"red"', '', '0', '"x"', ''],
      ]);
      await page.setInputFiles('.excel-import-file', { name: 'unknown.xlsx', mimeType: XLSX, buffer: unknown });
      await page.getByText('row 1, column A: "Colour" is not a column of this table').waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('.grl-dt tbody tr').count(), before.table.rules.length);
      await save(page, before.revision + 1);
      assert.deepEqual((await storedTable()).table, before.table);
    });
  });
});
