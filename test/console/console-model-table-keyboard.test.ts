import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { discountModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import {
  browserUnavailable,
  screenshotPath,
  seriousAccessibilityViolations,
  useConsoleInChromium,
} from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

type Rule = Record<string, string>;
type Graph = { nodes: Array<{ id: string; type: string; content?: { rules?: Rule[] } }> };

/**
 * The decision table's tools of the page's own (console-app/editor/table-tools/, use-graph-history.ts) in a real
 * Chromium: a 20-rule table typed with the keyboard alone (Enter, Escape, Tab, arrows; Tab past the last cell adds a
 * rule), a range pasted as TSV from a spreadsheet (rules added past the last), whole rules copied and pasted below,
 * undo and redo restoring the exact content (and the page's clean state), the rule filter, axe-core with the tools on.
 */
describe(
  'Governance console: the decision table by keyboard, clipboard, undo and filter',
  { skip: browserUnavailable() },
  () => {
    let stack: TestStack;
    let tenant: TestTenant;
    let analyst: ConsoleMember;

    const api = (method: string, path: string, body?: unknown) =>
      call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
    const editorUrl = (id: string) => `${stack.baseUrl}/console/models/${id}/versions/1/edit`;
    const stored = async (id: string) => (await api('GET', `/models/${id}/versions/1`)).body;
    const rulesOf = (graph: Graph) =>
      graph.nodes.find((node) => node.type === 'decisionTableNode')?.content?.rules ?? [];
    const cellsOf = (rules: Rule[]) =>
      rules.map((rule) => [
        rule.tier ?? '',
        rule.qty ?? '',
        rule.rate ?? '',
        rule.segment ?? '',
        rule._description ?? '',
      ]);

    before(async () => {
      stack = await startTestStack({ worker: true });
      tenant = await createTestTenant(stack.db, { name: 'Kappa Freight' });
      analyst = await addConsoleMember(stack.db, 'analyst', tenant.id, 'analyst');
    });

    after(async () => {
      await stack?.close();
    });

    const { browser, cspViolations, signIn } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-table-keyboard-',
    });

    const newModel = async (name: string, rules?: Rule[]) => {
      const body = discountModelBody(name);
      if (rules) {
        const table = body.graph.nodes.find((node: { type: string }) => node.type === 'decisionTableNode');
        table.content.rules = rules;
      }
      const created = await api('POST', '/models', body);
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body.id as string;
    };

    const openTable = async (page: Page) => {
      await page.waitForSelector('.react-flow__node', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
      await page.waitForSelector('.grl-dt__add-row', { timeout: 30_000 });
    };
    const row = (page: Page, index: number) =>
      page.locator(`.tab-content.active .grl-dt tbody tr[data-virtual-index="${index}"]`);
    const cell = (page: Page, rule: number, column: number) =>
      row(page, rule)
        .locator('td')
        .nth(column + 1);
    /** Where focus is: `rule:column` and whether on the cell (moving) or in its editor (editing). */
    const focus = (page: Page) =>
      page.evaluate(() => {
        const active = (globalThis as any).document.activeElement;
        const td = active?.closest('td');
        const tr = td?.closest('tr[data-virtual-index]');
        if (!td || !tr) return 'none';
        const where = `${tr.getAttribute('data-virtual-index')}:${[...tr.children].indexOf(td) - 1}`;
        return `${where} ${active === td ? 'moving' : active.isContentEditable ? 'editing' : 'entering'}`;
      });
    const waitForFocus = (page: Page, expected: string) =>
      page
        .waitForFunction(
          (wanted) => {
            const active = (globalThis as any).document.activeElement;
            const td = active?.closest('td');
            const tr = td?.closest('tr[data-virtual-index]');
            if (!td || !tr) return false;
            const where = `${tr.getAttribute('data-virtual-index')}:${[...tr.children].indexOf(td) - 1}`;
            // Editing: the caret is in the cell's editor (CodeMirror's, or the description's), not on its highlighter.
            return (
              `${where} ${active === td ? 'moving' : active.isContentEditable ? 'editing' : 'entering'}` === wanted
            );
          },
          expected,
          { timeout: 10_000 },
        )
        .catch(async () => assert.fail(`focus is at ${await focus(page)}, not ${expected}`));
    /** The working copy's rules, once they satisfy `check` (the table hands its edits over a moment later). */
    const workingRules = async (page: Page, id: string, check: (rules: Rule[]) => boolean, what: string) => {
      const key = `dms.model-editor.${id}.1`;
      let last: Rule[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        const text = (await page.evaluate((name) => (globalThis as any).localStorage.getItem(name), key)) as
          string | null;
        last = text ? rulesOf(JSON.parse(text).graph) : [];
        if (check(last)) return last;
        await page.waitForTimeout(100);
      }
      return assert.fail(`${what}: the working copy has ${JSON.stringify(cellsOf(last))}`);
    };
    const shownCellTexts = (page: Page, rules: number) =>
      page.evaluate((count) => {
        const texts: string[][] = [];
        for (let index = 0; index < count; index++) {
          const tr = (globalThis as any).document.querySelector(
            `.tab-content.active .grl-dt tbody tr[data-virtual-index="${index}"]`,
          );
          texts.push(tr ? [...tr.children].slice(1, 5).map((td: any) => td.textContent.trim()) : ['(not drawn)']);
        }
        return texts;
      }, rules);
    const withClipboard = async (context: BrowserContext) =>
      context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });

    it('types a 20-rule table with the keyboard alone: Enter and Escape, Tab wrapping and adding rules, arrows', async () => {
      const id = await newModel('Zones by keyboard', [{ _id: 'first', tier: '', qty: '', rate: '0', segment: '""' }]);
      const { context, page } = await signIn(analyst.email);
      await page.goto(editorUrl(id));
      await openTable(page);
      const expected = Array.from({ length: 20 }, (_, index) => [
        index % 2 === 0 ? '"gold"' : '"silver"',
        `>= ${index * 10}`,
        `0.${String(index + 1).padStart(2, '0')}`,
        `"zone ${index + 1}"`,
        `rule ${index + 1}`,
      ]);
      // Into the first cell by keyboard: a click on the rule's number, then Right and Enter.
      await cell(page, 0, -1).click();
      await waitForFocus(page, '0:-1 moving');
      await page.keyboard.press('ArrowRight');
      await waitForFocus(page, '0:0 moving');
      await page.keyboard.press('Enter');
      await waitForFocus(page, '0:0 editing');
      for (const [index, values] of expected.entries()) {
        for (const [column, value] of values.entries()) {
          await waitForFocus(page, `${index}:${column} editing`);
          await page.keyboard.press('ControlOrMeta+A');
          await page.keyboard.type(value);
          // Tab from the last cell of the last rule adds a rule; after the twentieth, Escape leaves the editor.
          if (index < 19 || column < values.length - 1) await page.keyboard.press('Tab');
        }
      }
      await page.keyboard.press('Escape');
      await waitForFocus(page, '19:4 moving');
      // Arrows move between cells, Enter edits one and leaves it again; Shift+Tab goes back across the rule's start.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await waitForFocus(page, '17:2 moving');
      await page.keyboard.press('Enter');
      await waitForFocus(page, '17:2 editing');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('0.5');
      await page.keyboard.press('Enter');
      await waitForFocus(page, '17:2 moving');
      expected[17]![2] = '0.5';
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Shift+Tab');
      await waitForFocus(page, '16:4 moving');
      await page.keyboard.press('Tab');
      await waitForFocus(page, '17:0 moving');

      await workingRules(page, id, (rules) => JSON.stringify(cellsOf(rules)) === JSON.stringify(expected), 'typed');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });
      assert.deepEqual(cellsOf(rulesOf((await stored(id)).graph)), expected);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('pastes a TSV range (adding rules past the last), copies and pastes whole rules, and undo and redo restore the exact content', async () => {
      const id = await newModel('Discounts (clipboard)');
      const original = rulesOf((await stored(id)).graph);
      const { context, page } = await signIn(analyst.email);
      await withClipboard(context);
      await page.goto(editorUrl(id));
      await openTable(page);
      const status = page.locator('.table-tools-message');

      // A 3 × 2 range from a spreadsheet, pasted from rule 5's rate: rules 5 and 6 overwritten, a seventh added.
      await cell(page, 4, 2).click();
      await waitForFocus(page, '4:2 editing');
      await page.keyboard.press('Escape');
      await waitForFocus(page, '4:2 moving');
      await page.evaluate(
        (text) => (globalThis as any).navigator.clipboard.writeText(text),
        '0.07\t"p1"\r\n0.08\t"p2"\r\n0.09\t"p3"\r\n',
      );
      await page.keyboard.press('ControlOrMeta+V');
      await status.getByText('Pasted 3 rows × 2 columns; 1 rule added.').waitFor({ timeout: 10_000 });
      const pasted = cellsOf(original);
      pasted[4] = [pasted[4]![0]!, pasted[4]![1]!, '0.07', '"p1"', pasted[4]![4]!];
      pasted[5] = [pasted[5]![0]!, pasted[5]![1]!, '0.08', '"p2"', pasted[5]![4]!];
      pasted.push(['', '', '0.09', '"p3"', '']);
      const afterPaste = await workingRules(
        page,
        id,
        (rules) => JSON.stringify(cellsOf(rules)) === JSON.stringify(pasted),
        'the pasted range',
      );
      await row(page, 6).waitFor({ timeout: 10_000 });
      assert.deepEqual(
        (await shownCellTexts(page, 7)).slice(4),
        pasted.slice(4).map((cells) => cells.slice(0, 4)),
      );

      // Rules 1 and 2 selected by their numbers (a click, Shift+click), copied as TSV, pasted below rule 2.
      await cell(page, 0, -1).click();
      await cell(page, 1, -1).click({ modifiers: ['Shift'] });
      await page.keyboard.press('ControlOrMeta+C');
      await status.getByText('Copied 2 rules.').waitFor({ timeout: 10_000 });
      const copied = await page.evaluate(() => (globalThis as any).navigator.clipboard.readText());
      assert.equal(
        copied,
        pasted
          .slice(0, 2)
          .map((cells) => cells.join('\t'))
          .join('\r\n'),
      );
      await page.keyboard.press('ControlOrMeta+V');
      await status.getByText('Pasted 2 rules below rule 2.').waitFor({ timeout: 10_000 });
      const withCopies = [...pasted.slice(0, 2), ...pasted.slice(0, 2), ...pasted.slice(2)];
      const afterCopies = await workingRules(
        page,
        id,
        (rules) => JSON.stringify(cellsOf(rules)) === JSON.stringify(withCopies),
        'the rules pasted below',
      );
      assert.equal(new Set(afterCopies.map((rule) => rule._id)).size, 9, 'the copies are new rules');

      // Undo twice: the range paste's content exactly, then the version as stored (clean again: no working copy).
      await page.keyboard.press('ControlOrMeta+Z');
      const undone = await workingRules(page, id, (rules) => rules.length === 7, 'one undo');
      assert.deepEqual(undone, afterPaste);
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page.waitForFunction(
        (key) => (globalThis as any).localStorage.getItem(key) === null,
        `dms.model-editor.${id}.1`,
        { timeout: 10_000 },
      );
      await page.waitForFunction(
        () =>
          !(globalThis as any).document.querySelector('.tab-content.active .grl-dt tbody tr[data-virtual-index="6"]'),
        undefined,
        { timeout: 10_000 },
      );
      assert.deepEqual(
        await shownCellTexts(page, 6),
        cellsOf(original).map((cells) => cells.slice(0, 4)),
      );
      assert.equal(
        await page.locator('.editor-status').textContent(),
        '',
        'back to the stored version: nothing unsaved',
      );
      assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true);

      // Redo twice (the keys, then the button): the content with the copies, ids and all.
      await page.keyboard.press('ControlOrMeta+Shift+Z');
      assert.deepEqual(await workingRules(page, id, (rules) => rules.length === 7, 'one redo'), afterPaste);
      await page.getByRole('button', { name: 'Redo', exact: true }).click();
      assert.deepEqual(await workingRules(page, id, (rules) => rules.length === 9, 'two redos'), afterCopies);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved: revision 2.').waitFor({ timeout: 30_000 });
      assert.deepEqual(rulesOf((await stored(id)).graph), afterCopies);
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('filters the rules by a column’s text (a view: the content is unchanged) and passes axe-core with the tools on', async () => {
      const id = await newModel('Discounts (filter)');
      const { context, page } = await signIn(analyst.email);
      await page.goto(editorUrl(id));
      await openTable(page);
      const filter = page.getByRole('group', { name: 'Filter rules of “Discount by tier and order size”' });
      const shownRows = () =>
        page.evaluate(() =>
          [...(globalThis as any).document.querySelectorAll('.tab-content.active .grl-dt tbody tr[data-virtual-index]')]
            .filter((tr: any) => (globalThis as any).getComputedStyle(tr).display !== 'none')
            .map((tr: any) => Number(tr.getAttribute('data-virtual-index'))),
        );
      assert.deepEqual(await shownRows(), [0, 1, 2, 3, 4, 5]);
      await filter.getByLabel('Column').selectOption({ label: 'Segment' });
      await filter.getByLabel('contains').fill('SILVER');
      await filter.getByText('2 of 6 rules shown').waitFor({ timeout: 10_000 });
      assert.deepEqual(await shownRows(), [2, 3]);
      // The keyboard moves over the rules shown only.
      await cell(page, 2, -1).click();
      await page.keyboard.press('ArrowDown');
      await waitForFocus(page, '3:-1 moving');
      await page.keyboard.press('ArrowDown');
      await waitForFocus(page, '3:-1 moving');
      await page.keyboard.press('ArrowUp');
      await waitForFocus(page, '2:-1 moving');
      await filter.getByLabel('Column').selectOption({ label: 'Any column' });
      await filter.getByLabel('contains').fill('order');
      await filter.getByText('3 of 6 rules shown').waitFor({ timeout: 10_000 });
      assert.deepEqual(await shownRows(), [0, 2, 4]);
      assert.equal(await page.locator('.editor-status').textContent(), '', 'a filter changes nothing in the model');
      await page.screenshot({ path: screenshotPath('console-model-table-keyboard-filter'), fullPage: true });
      await filter.getByLabel('contains').fill('');
      await filter.getByText('6 of 6 rules shown').waitFor({ timeout: 10_000 });
      assert.deepEqual(await shownRows(), [0, 1, 2, 3, 4, 5]);
      await context.close();

      // axe-core (an injected script, so in a session that bypasses the CSP) with a filter on and a range selected.
      const session = await signIn(analyst.email);
      const axeContext = await browser().newContext({
        bypassCSP: true,
        storageState: await session.context.storageState(),
      });
      await session.context.close();
      const axePage = await axeContext.newPage();
      await axePage.goto(editorUrl(id));
      await openTable(axePage);
      const axeFilter = axePage.getByRole('group', { name: 'Filter rules of “Discount by tier and order size”' });
      await axeFilter.getByLabel('contains').fill('gold');
      await axeFilter.getByText('2 of 6 rules shown').waitFor({ timeout: 10_000 });
      await cell(axePage, 0, 0).click();
      await axePage.keyboard.press('Escape');
      await axePage.keyboard.press('Shift+ArrowRight');
      await axePage.keyboard.press('Shift+ArrowDown');
      await waitForFocus(axePage, '1:1 moving');
      assert.deepEqual(await seriousAccessibilityViolations(axePage), [], 'serious or critical violations');
      await axeContext.close();
    });
  },
);
