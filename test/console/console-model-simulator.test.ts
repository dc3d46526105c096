import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Role } from '../../core/roles';
import { discountModelBody, shippingModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { publishForTest } from '../helpers/model-release';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The model editor's simulator panel (console-app/editor/simulator/, api/console/model-simulator-routes.ts): its
 * console-session routes refuse a models:read member, a missing CSRF token and another tenant's model; in Chromium an
 * analyst runs three inputs on the unsaved working copy beside the published version and sees the matched row lit on
 * the decision table each time, saves three test cases from the simulator, runs the suite and submits for review.
 */
describe('Governance console: the model editor’s simulator', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst' | 'viewer', ConsoleMember>;
  let modelId: string;
  let foreignModelId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const addMember = (label: string, role: Role) => addConsoleMember(stack.db, label, tenantA.id, role);
  const versionPath = (id: string, version: string) => `/console/models/${id}/versions/${version}`;
  /** The discount model with the "silver, any size" rule (the 4th) at 0.07 instead of 0.05. */
  const changedBody = () => {
    const body = discountModelBody('unused');
    const table = (
      body.graph as { nodes: Array<{ type: string; content?: { rules: Array<Record<string, string>> } }> }
    ).nodes.find((node) => node.type === 'decisionTableNode');
    const silver = table?.content?.rules.find((rule) => rule._id === 'silver');
    assert.ok(silver);
    silver.rate = '0.07';
    return { graph: body.graph, input_schema: body.input_schema, output_schema: body.output_schema };
  };
  const simulateBody = () => ({ content: changedBody().graph, inputs: { tier: 'gold', quantity: 5 } });

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Zeta Retail' });
    tenantB = await createTestTenant(stack.db, { name: 'Eta' });
    people.analyst = await addMember('analyst', 'analyst');
    people.viewer = await addMember('viewer', 'viewer');
    const created = await api('POST', '/models', tenantA.key, discountModelBody('Discounts (simulated)'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    modelId = created.body.id;
    await publishForTest({ stack, tenant: tenantA }, modelId, 1);
    const draft = await api('POST', `/models/${modelId}/versions`, tenantA.key, changedBody());
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    assert.equal(draft.body.version, '2');
    const foreign = await api('POST', '/models', tenantB.key, discountModelBody('Another tenant’s discounts'));
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    foreignModelId = foreign.body.id;
  });

  after(async () => {
    await stack?.close();
  });

  describe('over HTTP', () => {
    it('answers the working copy beside the published version for models:write, with the session’s CSRF token', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const answer = await analyst.browser.request(`${stack.baseUrl}${versionPath(modelId, '2')}/simulate`, {
        method: 'POST',
        json: { ...simulateBody(), inputs: { tier: 'silver', quantity: 5 } },
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(answer.status, 200, answer.html);
      const body = JSON.parse(answer.html);
      assert.equal(body.working.outputs.discount.rate, 0.07);
      assert.equal(body.compared.version, '1');
      assert.equal(body.compared.outputs.discount.rate, 0.05);
      assert.deepEqual(body.working.matched_rules[0].rule_ids, ['silver']);
      assert.ok(body.differences.length > 0, answer.html);
    });

    it('refuses a models:read member, a call without the CSRF token, and another tenant’s model (404); nothing stored', async () => {
      const viewer = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      for (const route of ['simulate', 'simulate/tests', 'test-cases', 'submit']) {
        const refused = await viewer.browser.request(`${stack.baseUrl}${versionPath(modelId, '2')}/${route}`, {
          method: 'POST',
          json: route === 'test-cases' ? { name: 'x', inputs: {}, expected: { a: 1 } } : simulateBody(),
          headers: { 'x-csrf-token': viewer.csrf },
        });
        assert.ok([403, 404].includes(refused.status), `${route}: ${refused.status} ${refused.html}`);
      }
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const url = `${stack.baseUrl}${versionPath(modelId, '2')}/simulate`;
      for (const headers of [{}, { 'x-csrf-token': 'forged' }] as Record<string, string>[]) {
        const refused = await analyst.browser.request(url, { method: 'POST', json: simulateBody(), headers });
        assert.equal(refused.status, 403, JSON.stringify(headers));
      }
      const foreign = await analyst.browser.request(`${stack.baseUrl}${versionPath(foreignModelId, '1')}/simulate`, {
        method: 'POST',
        json: simulateBody(),
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(foreign.status, 404, foreign.html);
      const cases = await api('GET', `/models/${modelId}/test-cases`, tenantA.key);
      assert.equal(cases.body.data.length, 1, 'only the published version’s snapshot case');
      assert.equal((await api('GET', `/models/${modelId}/versions/2`, tenantA.key)).body.status, 'draft');
    });

    it('answers a working copy’s problems with paths into the content (422)', async () => {
      const analyst = await signInToConsoleOverHttp(stack.baseUrl, people.analyst.email);
      const broken = changedBody().graph as { nodes: Array<{ type: string; content?: { rules: unknown[] } }> };
      const table = broken.nodes.find((node) => node.type === 'decisionTableNode');
      (table?.content?.rules[0] as Record<string, string>).tier = '"gold';
      const refused = await analyst.browser.request(`${stack.baseUrl}${versionPath(modelId, '2')}/simulate`, {
        method: 'POST',
        json: { content: broken, inputs: { tier: 'gold', quantity: 5 } },
        headers: { 'x-csrf-token': analyst.csrf },
      });
      assert.equal(refused.status, 422, refused.html);
      const paths = (JSON.parse(refused.html).errors as Array<{ path: string }>).map((error) => error.path);
      assert.ok(
        paths.some((path) => path.startsWith('/content/nodes/1')),
        JSON.stringify(paths),
      );
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-simulator-',
    });

    const litRows = (page: Page) =>
      page
        .locator('.grl-dt tbody tr[data-simulated="matched"]')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-virtual-index'))));

    /** The inputs through the form generated from the input schema, or as raw JSON in the JSON tab. */
    const runWith = async (page: Page, tier: string, quantity: number, as: 'form' | 'json' = 'form') => {
      const panel = page.getByRole('complementary', { name: 'Simulator' });
      if (as === 'json') {
        await panel.getByRole('tab', { name: 'JSON' }).click();
        assert.deepEqual(JSON.parse(await panel.getByLabel('Inputs (JSON)').inputValue()), {
          tier: 'silver',
          quantity: 5,
        });
        await panel.getByLabel('Inputs (JSON)').fill(JSON.stringify({ tier, quantity }));
      } else {
        await panel.getByLabel(/^tier/).selectOption(tier);
        await panel.getByLabel(/^quantity/).fill(String(quantity));
      }
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await panel.getByTestId('simulator-working').locator('pre').waitFor({ timeout: 30_000 });
    };

    it('pins a working copy’s refusal to its node and rule, and will not submit unsaved changes', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(modelId, '2')}/edit`);
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt tbody tr', { timeout: 30_000 });
      const cell = page.locator('.grl-dt tbody tr').first().locator('.cm-content').first();
      await cell.click();
      await page.waitForTimeout(300);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('"gold');
      // The cell editor may close the quote itself: take it out again (at the end of the text, Delete does nothing).
      await page.keyboard.press('Delete');
      await page.waitForFunction(
        () => (globalThis as any).document.querySelector('.grl-dt tbody tr .cm-content')?.textContent === '"gold',
        undefined,
        { timeout: 10_000 },
      );
      await page.locator('.editor-toolbar').click();
      await page.getByText('Unsaved changes (kept in this browser until you save).').waitFor({ timeout: 10_000 });
      const panel = page.getByRole('complementary', { name: 'Simulator' });
      await panel.getByLabel(/^tier/).selectOption('gold');
      await panel.getByLabel(/^quantity/).fill('5');
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      const problems = panel.locator('.simulator-problems');
      await problems.waitFor({ timeout: 30_000 });
      assert.equal(await problems.getAttribute('role'), 'alert');
      const paths = await problems.locator('li').evaluateAll((items) => items.map((i) => i.getAttribute('data-path')));
      assert.ok(paths.length > 0 && paths.every((p) => p?.startsWith('/content/nodes/1')), JSON.stringify(paths));
      assert.match((await problems.textContent()) ?? '', /node “Discount by tier and order size”, rule 1/);
      assert.equal(
        await page.locator('.grl-dt tbody tr[data-simulated="matched"]').count(),
        0,
        'nothing lit for a refused copy',
      );
      // Marked where a refused save marks it: the table's node in the graph and the typed cell (its row's second
      // cell: the first is the rule's number), each pointing to the panel's item that explains it.
      const listed = await problems.locator('li').first().getAttribute('id');
      assert.equal(listed, 'editor-problem-simulator-0');
      const markedCell = page.locator('.grl-dt tbody tr[data-virtual-index="0"] > [data-problem]');
      await markedCell.first().waitFor({ timeout: 10_000 });
      assert.deepEqual(
        await markedCell.evaluateAll((cells) => cells.map((cell) => (cell as any).cellIndex)),
        [1],
        'exactly the typed cell',
      );
      assert.match((await markedCell.getAttribute('aria-describedby')) ?? '', /\beditor-problem-simulator-0\b/);
      assert.ok(((await markedCell.getAttribute('title')) ?? '').length > 0, 'the message as its title');
      const markedNode = page.locator('.react-flow__node[data-problem]');
      assert.equal(await markedNode.count(), 1);
      assert.match((await markedNode.textContent()) ?? '', /Discount by tier and order size/);
      await page.screenshot({ path: screenshotPath('console-model-simulator-refusal-marked'), fullPage: true });
      assert.ok(await panel.getByRole('button', { name: 'Submit for review' }).isDisabled());
      await panel.getByText('Save the draft first', { exact: false }).waitFor();
      assert.equal((await api('GET', `/models/${modelId}/versions/2`, tenantA.key)).body.content_revision, 1);

      // Fixed and run again: answered, and the marks and the list are gone.
      await cell.click();
      await page.waitForTimeout(300);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('"gold"');
      await page.waitForFunction(
        () => /^"gold"+$/.test((globalThis as any).document.querySelector('.grl-dt tbody tr .cm-content')?.textContent),
        undefined,
        { timeout: 10_000 },
      );
      if ((await cell.textContent()) !== '"gold"') await page.keyboard.press('Backspace'); // a closing quote doubled
      await page.locator('.editor-toolbar').click();
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await panel.getByTestId('simulator-working').locator('pre').waitFor({ timeout: 30_000 });
      assert.equal(await panel.locator('.simulator-problems').count(), 0, 'no problem listed after an answered run');
      await page.waitForFunction(
        () => (globalThis as any).document.querySelectorAll('[data-problem]').length === 0,
        undefined,
        {
          timeout: 10_000,
        },
      );
      assert.equal(await page.locator('[aria-describedby*="editor-problem-simulator"]').count(), 0);
      await context.close();
    });

    it('runs three inputs with the matched row lit, saves three test cases, runs the suite and submits for review', async () => {
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(modelId, '2')}/edit`);
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt tbody tr', { timeout: 30_000 });
      const panel = page.getByRole('complementary', { name: 'Simulator' });

      const runs = [
        { tier: 'gold', quantity: 150, row: 0, rate: 0.2, name: 'gold bulk from the simulator' },
        { tier: 'silver', quantity: 5, row: 3, rate: 0.07, name: 'silver small from the simulator' },
        {
          tier: 'bronze',
          quantity: 600,
          row: 4,
          rate: 0.05,
          name: 'bronze very large from the simulator',
          as: 'json' as const,
        },
      ];
      for (const run of runs) {
        await runWith(page, run.tier, run.quantity, 'as' in run ? run.as : 'form');
        await page.waitForFunction(
          (row) =>
            (globalThis as any).document.querySelector(
              `.grl-dt tbody tr[data-simulated="matched"][data-virtual-index="${row}"]`,
            ),
          run.row,
          { timeout: 10_000 },
        );
        assert.deepEqual(await litRows(page), [run.row], `${run.tier} ${run.quantity}`);
        assert.equal(
          await page.locator(`.grl-dt tbody tr[data-virtual-index="${run.row}"]`).getAttribute('title'),
          'Matched in the last run',
          'the row says why it is lit',
        );
        const working = JSON.parse((await panel.getByTestId('simulator-working').locator('pre').textContent()) ?? '');
        assert.equal(working.discount.rate, run.rate);
        const published = JSON.parse(
          (await panel.getByTestId('simulator-published').locator('pre').textContent()) ?? '',
        );
        assert.equal(published.discount.rate, run.tier === 'silver' ? 0.05 : run.rate);
        if (run.tier === 'silver') {
          assert.match((await panel.locator('.simulator-differences').textContent()) ?? '', /discount/);
          await page.screenshot({ path: screenshotPath('console-model-simulator-lit-row'), fullPage: true });
        }
        assert.match(
          (await panel.locator('.simulator-trace').textContent()) ?? '',
          new RegExp(`matched rule ${run.row + 1}`),
        );
        await panel.getByLabel('Test case name').fill(run.name);
        await panel.getByRole('button', { name: 'Save as test case' }).click();
        await panel.getByText(`Saved test case “${run.name}”.`).waitFor({ timeout: 10_000 });
      }
      const cases = await api('GET', `/models/${modelId}/test-cases?limit=100`, tenantA.key);
      const saved = (cases.body.data as Array<{ name: string; inputs: unknown; expected: any }>).filter((c) =>
        c.name.endsWith('from the simulator'),
      );
      assert.equal(saved.length, 3, JSON.stringify(cases.body));
      const silver = saved.find((c) => c.name.startsWith('silver'));
      assert.deepEqual(silver?.inputs, { tier: 'silver', quantity: 5 });
      assert.equal(silver?.expected.discount.rate, 0.07);

      await panel.getByRole('button', { name: 'Run the suite' }).click();
      await panel.getByText(/^4 of 4 cases pass; 3 of 6 rules hit\.$/).waitFor({ timeout: 30_000 });
      assert.equal(await panel.locator('.simulator-suite tbody tr[data-status="passed"]').count(), 4);
      assert.match((await panel.locator('.simulator-never-hit').textContent()) ?? '', /never hit — rule 2, 3, 6/);
      assert.equal(await page.locator('style[data-never-hit]').getAttribute('data-never-hit'), '1 2 5');
      await checkAccessibility(context, page.url(), 'panel');

      // A review is of the saved draft: the page saves what the editor holds first (the panel refuses unsaved changes).
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(/^Saved: revision \d+\.$/).waitFor({ timeout: 30_000 });
      assert.equal(await panel.getByText('Save the draft first', { exact: false }).count(), 0);
      await panel.getByRole('button', { name: 'Submit for review' }).click();
      await panel.getByText('Submitted: the version is in review.').waitFor({ timeout: 30_000 });
      const submitted = await api('GET', `/models/${modelId}/versions/2`, tenantA.key);
      assert.equal(submitted.body.status, 'in_review');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('lights the nodes that ran and the switch branch taken on the graph, and moves the light with the next run', async () => {
      const shipping = await api('POST', '/models', tenantA.key, shippingModelBody('Shipping (simulated)'));
      assert.equal(shipping.status, 201, JSON.stringify(shipping.body));
      const { context, page } = await signIn(people.analyst.email);
      await page.goto(`${stack.baseUrl}${versionPath(shipping.body.id, '1')}/edit`);
      await page.waitForSelector('.react-flow__node[data-id="route"] .switchNode__statement', { timeout: 30_000 });
      const panel = page.getByRole('complementary', { name: 'Simulator' });
      const lit = () =>
        page.evaluate(() => {
          const doc = (globalThis as any).document;
          const statements = [...doc.querySelectorAll('.react-flow__node[data-id="route"] .switchNode__statement')];
          return {
            nodes: [...doc.querySelectorAll('.react-flow__node[data-simulated]')]
              .map((node: any) => `${node.getAttribute('data-id')}:${node.getAttribute('data-simulated')}`)
              .sort(),
            taken: statements.flatMap((statement: any, index) =>
              statement.getAttribute('data-simulated') === 'taken' ? [index] : [],
            ),
          };
        });
      for (const [destination, branch, rate] of [
        ['international', 1, 'international-rate'],
        ['domestic', 0, 'domestic-rate'],
      ] as const) {
        await panel.getByLabel(/^destination/).fill(destination);
        await panel.getByLabel(/^weight_kg/).fill('2');
        await panel.getByRole('button', { name: 'Run', exact: true }).click();
        await page.waitForFunction(
          (at) => {
            const route = '.react-flow__node[data-id="route"] .switchNode__statement';
            const statement = (globalThis as any).document.querySelectorAll(route).item(at);
            return statement?.getAttribute('data-simulated') === 'taken';
          },
          branch,
          { timeout: 30_000 },
        );
        assert.deepEqual(await lit(), {
          nodes: ['request:ran', 'response:ran', 'route:ran', `${rate}:ran`].sort(),
          taken: [branch],
        });
      }
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
