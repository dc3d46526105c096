import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { discountModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

type Rule = Record<string, string>;
type Graph = { nodes: Array<{ id: string; type: string; content?: { rules?: Rule[]; schema?: string } }> };

/**
 * The model editor's quality in a real Chromium: the input and output nodes' schema fields edit the version's input
 * and output schemas (a JSON Schema the service refuses is pinned to the node); a refused save's paths become marks
 * on the decision table's cell and on the node, gone once fixed and saved; the conflict view lists what changed,
 * rule by rule and cell by cell, on both sides; what the table offers the keyboard and the mouse.
 */
describe(
  'Governance console: the model editor’s schemas, marks, conflict changes and table',
  {
    skip: browserUnavailable(),
  },
  () => {
    let stack: TestStack;
    let tenant: TestTenant;
    let analyst: ConsoleMember;

    const api = (method: string, path: string, body?: unknown) =>
      call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
    const editorUrl = (id: string) => `${stack.baseUrl}/console/models/${id}/versions/1/edit`;
    const newModel = async (name: string) => {
      const created = await api('POST', '/models', discountModelBody(name));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body.id as string;
    };
    const stored = async (id: string) => (await api('GET', `/models/${id}/versions/1`)).body;
    const tableOf = (graph: Graph) =>
      graph.nodes.find((node) => node.type === 'decisionTableNode')?.content?.rules ?? [];

    before(async () => {
      stack = await startTestStack({ worker: true });
      tenant = await createTestTenant(stack.db, { name: 'Zeta Retail' });
      analyst = await addConsoleMember(stack.db, 'analyst', tenant.id, 'analyst');
    });

    after(async () => {
      await stack?.close();
    });

    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-editor-quality-',
    });

    const openTable = async (page: Page) => {
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt__add-row', { timeout: 30_000 });
    };
    const cell = (page: Page, rule: number, column: number) =>
      page.locator(`.tab-content.active .grl-dt tbody tr[data-virtual-index="${rule}"] .cm-content`).nth(column);
    const replaceCell = async (page: Page, rule: number, column: number, text: string) => {
      await cell(page, rule, column).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await page.locator('.editor-toolbar').click();
    };
    /**
     * The decision table hands its edits to the graph a moment later: wait until the working copy (written on every
     * change the graph reports) holds every needle (and `order[0]` before `order[1]`), before saving.
     */
    const workingCopyHas = (page: Page, id: string, needles: string[], order?: [string, string]) =>
      page.waitForFunction(
        ({ key, needles, order }) => {
          const copy: string = (globalThis as any).localStorage.getItem(key) ?? '';
          const ordered = !order || (copy.includes(order[0]) && copy.indexOf(order[0]) < copy.indexOf(order[1]));
          return ordered && needles.every((needle) => copy.includes(needle));
        },
        { key: `dms.model-editor.${id}.1`, needles, order },
        { timeout: 20_000 },
      );
    const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
    const openSchema = async (page: Page, nodeId: string) => {
      // Back to the graph (its tab comes first) when a node's tab is open.
      await page.locator('.editor-graph').getByRole('tab').first().click();
      await page.locator(`.react-flow__node[data-id="${nodeId}"]`).getByRole('button', { name: 'Configure' }).click();
      const field = page.locator('.tab-content.active textarea.schema-text');
      await field.waitFor({ timeout: 30_000 });
      return field;
    };

    it('edits the input and output schemas in the input and output nodes; a schema the service refuses is pinned to its node', async () => {
      const id = await newModel('Discounts (schemas)');
      const { context, page } = await signIn(analyst.email);
      await page.goto(editorUrl(id));
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      const input = await openSchema(page, 'request');
      const shown = JSON.parse(await input.inputValue()) as { properties: Record<string, unknown> };
      const version = await stored(id);
      assert.deepEqual(shown, version.input_schema, 'the input node shows the version’s input schema');
      const output = await openSchema(page, 'response');
      assert.deepEqual(JSON.parse(await output.inputValue()), version.output_schema);

      // A note field in the input, and a description on the output: saved as the version's schemas.
      const inputSchema = structuredClone(shown);
      inputSchema.properties.note = { type: 'string', maxLength: 200 };
      const outputSchema = { ...version.output_schema, description: 'The discount granted' };
      await output.fill(JSON.stringify(outputSchema, null, 2));
      await (await openSchema(page, 'request')).fill(JSON.stringify(inputSchema, null, 2));
      await save(page);
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });
      const saved = await stored(id);
      assert.deepEqual(saved.input_schema.properties.note, { type: 'string', maxLength: 200 });
      assert.equal(saved.output_schema.description, 'The discount granted');
      for (const node of (saved.graph as Graph).nodes.filter((n) => n.type === 'inputNode' || n.type === 'outputNode'))
        assert.ok(!node.content?.schema, 'the stored graph keeps no second copy of the schemas');

      // Not JSON: refused in the page, pinned to the node, nothing sent.
      const field = await openSchema(page, 'request');
      await field.fill('{ "type": "object", ');
      await save(page);
      const problems = page.locator('.editor-problems');
      await problems.waitFor({ timeout: 10_000 });
      assert.match(
        (await problems.textContent()) ?? '',
        /\/graph\/nodes\/0\/content\/schema \(node “Request”, its schema\): is not JSON/,
      );
      assert.equal((await stored(id)).content_revision, 2);

      // JSON, but a schema the service refuses: its 422 (/input_schema…) marks the node and its schema field.
      await field.fill(
        JSON.stringify({ ...inputSchema, properties: { ...inputSchema.properties, tier: { type: 'strin' } } }),
      );
      await save(page);
      await page.waitForSelector('.editor-problems li[data-path^="/input_schema"]', { timeout: 30_000 });
      const item = page.locator('.editor-problems li[data-path^="/input_schema"]').first();
      assert.match((await item.textContent()) ?? '', /\(node “Request”, its schema\)/);
      const itemId = await item.getAttribute('id');
      assert.ok(itemId);
      await page.waitForSelector('.tab-content.active textarea.schema-text[data-problem]', { timeout: 10_000 });
      assert.match((await field.getAttribute('aria-describedby')) ?? '', new RegExp(itemId));
      assert.ok(await field.getAttribute('title'));
      const node = page.locator('.react-flow__node[data-id="request"]');
      assert.equal(await node.getAttribute('data-problem'), 'true', 'the node is marked in the graph');
      assert.equal((await stored(id)).content_revision, 2, 'a refused save changes nothing');
      await page.screenshot({ path: screenshotPath('console-model-editor-quality-schema'), fullPage: true });
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('marks a refused save’s cell on the table and its node in the graph, and clears the marks once fixed and saved', async () => {
      const id = await newModel('Discounts (marks)');
      const { context, page } = await signIn(analyst.email);
      await page.goto(editorUrl(id));
      await openTable(page);
      // Rule 2's quantity cell: an unparseable unary test.
      await replaceCell(page, 1, 1, '>= >= 1');
      await save(page);
      const path = '/graph/nodes/1/content/rules/1/qty';
      await page.waitForSelector(`.editor-problems li[data-path="${path}"]`, { timeout: 30_000 });
      const itemId = await page.locator(`.editor-problems li[data-path="${path}"]`).getAttribute('id');
      const marked = page.locator('.tab-content.active .grl-dt tbody td[data-problem]');
      await marked.first().waitFor({ timeout: 10_000 });
      assert.equal(await marked.count(), 1, 'one cell is marked');
      const markedCell = marked.first();
      assert.equal(
        await markedCell.evaluate(
          (td) =>
            `${td.closest('tr')?.getAttribute('data-virtual-index')}:${[...(td.parentElement?.children ?? [])].indexOf(td)}`,
        ),
        '1:2',
        'rule 2, the second input column (after the row number)',
      );
      assert.match((await markedCell.getAttribute('title')) ?? '', /unary test/);
      assert.equal(await markedCell.getAttribute('aria-describedby'), itemId);
      const node = page.locator('.react-flow__node[data-id="discount-table"]');
      assert.equal(await node.getAttribute('data-problem'), 'true');
      assert.match((await node.getAttribute('aria-describedby')) ?? '', new RegExp(itemId ?? 'none'));
      await page.screenshot({ path: screenshotPath('console-model-editor-quality-marks'), fullPage: true });
      await checkAccessibility(context, page.url(), 'editor with marks');

      await replaceCell(page, 1, 1, '>= 10');
      await workingCopyHas(page, id, ['"qty":">= 10"']);
      await save(page);
      const status = page.locator('.editor-status');
      await status
        .getByText('Saved: revision 2.')
        .waitFor({ timeout: 30_000 })
        .catch(async (error: Error) => {
          const problems = await page.locator('.editor-problems').allTextContents();
          throw new Error(`${error.message}; status: ${await status.textContent()}; problems: ${problems.join(' ')}`);
        });
      assert.equal(await page.locator('[data-problem]').count(), 0, 'the marks are gone');
      assert.equal(tableOf((await stored(id)).graph)[1]?.qty, '>= 10');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('lists in the conflict view what changed since the base revision: per rule and cell, theirs and mine', async () => {
      const id = await newModel('Discounts (what changed)');
      const { context, page } = await signIn(analyst.email);
      await page.goto(editorUrl(id));
      await openTable(page);
      await replaceCell(page, 0, 0, '"platinum"');
      await workingCopyHas(page, id, ['platinum']);
      await page.locator('.grl-dt__add-row').click();
      await replaceCell(page, 6, 0, '"diamond"');
      await workingCopyHas(page, id, ['diamond', 'platinum']);

      const theirs = discountModelBody('x');
      const theirRules = tableOf(theirs.graph as Graph);
      const [first, third] = [theirRules[0], theirRules[2]] as [Rule, Rule];
      const baseRate = third.rate;
      first.tier = '"copper"';
      third.rate = '0.07';
      const put = await api('PUT', `/models/${id}/versions/1`, {
        graph: theirs.graph,
        input_schema: theirs.input_schema,
        output_schema: theirs.output_schema,
        content_revision: 1,
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));

      await save(page);
      const conflict = page.getByRole('alertdialog', { name: 'This draft was saved by someone else' });
      await conflict.waitFor({ timeout: 30_000 });
      const table = conflict.getByRole('table', { name: 'What changed since revision 1' });
      await table.waitFor({ timeout: 30_000 });
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '').join(' | ')));
      const where = 'table “Discount by tier and order size”';
      assert.deepEqual(
        rows.sort(),
        [
          `${where}: rule 1, cell “Customer tier” | "gold" | "copper" | "platinum"`,
          `${where}: rule 3, cell “Discount rate” | ${baseRate} | 0.07 | ${baseRate}`,
          `${where}: rule 7 | (absent) | (absent) | description: -; Customer tier: "diamond"; Order quantity: -; Discount rate: -; Segment: -`,
        ].sort(),
      );
      await page.screenshot({ path: screenshotPath('console-model-editor-quality-conflict'), fullPage: true });
      assert.equal((await stored(id)).content_revision, 2, 'the conflicting save changed nothing');
      await checkAccessibility(context, page.url(), 'conflict view');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('what the decision table gives the keyboard and the mouse: Tab to the next cell, columns hidden, a row dragged to another place', async () => {
      const id = await newModel('Discounts (keyboard)');
      const { context, page } = await signIn(analyst.email);
      await page.goto(editorUrl(id));
      await openTable(page);
      await cell(page, 0, 0).click();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(`(() => {
      const td = document.activeElement?.closest('td');
      return td ? td.closest('tr').getAttribute('data-virtual-index') + ':' + [...td.parentElement.children].indexOf(td) : 'none';
    })()`);
      assert.equal(focused, '0:2', 'Tab moves to the next cell of the rule');

      // Hiding a column (a view of the page's own: the JDM editor has none): its header and cells go, the model stays.
      const rulesTable = '.tab-content.active .grl-dt table:has(> tbody)';
      const shownCells = () =>
        page.evaluate(
          `[...document.querySelectorAll('${rulesTable} thead th, ${rulesTable} tr[data-virtual-index="0"] > td')]
          .map((cell) => getComputedStyle(cell).display === 'none' ? '-' : 'x').join('')`,
        );
      assert.equal(await shownCells(), 'xxxxxx' + 'xxxxxx');
      const columnsShown = page.getByRole('group', { name: 'Columns shown in “Discount by tier and order size”' });
      await columnsShown.getByRole('checkbox', { name: 'Order quantity' }).uncheck();
      assert.equal(await shownCells(), 'xx-xxx' + 'xx-xxx', 'the quantity column’s header and cells are hidden');
      assert.match((await page.locator(`${rulesTable} thead th`).nth(2).textContent()) ?? '', /Order quantity/);
      await columnsShown.getByRole('checkbox', { name: 'Segment' }).uncheck();
      assert.equal(await shownCells(), 'xx-x-x' + 'xx-x-x');
      await columnsShown.getByRole('checkbox', { name: 'Order quantity' }).check();
      assert.equal(await shownCells(), 'xxxx-x' + 'xxxx-x');
      await page.screenshot({ path: screenshotPath('console-model-editor-quality-columns'), fullPage: true });
      await checkAccessibility(context, page.url(), 'editor with a hidden column');

      const before = tableOf((await stored(id)).graph).map((rule) => rule._id);
      const handle = (rule: number) =>
        page.locator(`.tab-content.active .grl-dt tbody tr[data-virtual-index="${rule}"] td.sort-handler`);
      // Both handles on screen first (the tools above the table push it below a 720-pixel window's fold), as a person
      // scrolls before dragging: the mouse reaches nothing outside the window.
      await handle(2).scrollIntoViewIfNeeded();
      await handle(0).scrollIntoViewIfNeeded();
      const [from, to] = [await handle(2).boundingBox(), await handle(0).boundingBox()];
      const height = page.viewportSize()?.height ?? 0;
      assert.ok(from && to && to.y >= 0 && from.y + from.height <= height, 'both handles are inside the window');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
      await page.mouse.up();
      // A function, not a string: the page's Content-Security-Policy refuses the eval a string predicate needs.
      await page.waitForFunction(
        () =>
          (globalThis as any).document
            .querySelector('.tab-content.active .grl-dt tbody tr[data-virtual-index="0"]')
            ?.textContent.includes('silver') === true,
        undefined,
        { timeout: 10_000 },
      );
      await workingCopyHas(page, id, [], ['"silver-bulk"', '"gold-bulk"']);
      await save(page);
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });
      const after = tableOf((await stored(id)).graph).map((rule) => rule._id);
      assert.deepEqual(after, [before[2], before[0], before[1], ...before.slice(3)], 'row 3 moved to the top');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  },
);
