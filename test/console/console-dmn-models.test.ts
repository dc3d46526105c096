import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createModelReviewBoard, publishThroughReview } from '../helpers/model-release';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/** A DMN model's version page: decisions with their kinds, decision tables as tables, literal expressions as code. */
const LOAN = fs.readFileSync(path.join(__dirname, '../fixtures/dmn/loan-offer.dmn'), 'utf8');
/** Tenant text in a rule's annotation and a literal expression: it must reach the page as text. */
const HOSTILE_ANNOTATION = '<img src=x onerror=alert(1)>';

describe('Governance console: a DMN model version', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let analyst: ConsoleMember;
  let modelId: string;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Zeta Lending' });
    analyst = await addConsoleMember(stack.db, 'analyst', tenant.id, 'analyst');
    const dmn = LOAN.replace(
      '<text>standard</text>',
      `<text>${HOSTILE_ANNOTATION.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</text>`,
    );
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: tenant.key,
      body: { name: 'Loan offer', category: 'lending', dmn },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    modelId = created.body.id;
    await publishThroughReview(stack, tenant, await createModelReviewBoard(stack, tenant), modelId, '1', {
      'Applicant Age': 30,
      'Monthly Income': 5000,
      'Application Date': '2026-01-15',
    });
    const second = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/versions`, {
      key: tenant.key,
      body: { dmn: LOAN.replace('<text>[25..60)</text>', '<text>[25..65)</text>') },
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
  });
  after(async () => stack?.close());

  it('renders every decision with its kind, the table with hit policy, rules and annotations, over HTTP with tenant text escaped', async () => {
    const { browser } = await signInToConsoleOverHttp(stack.baseUrl, analyst.email);
    const page = await browser.request(`${stack.baseUrl}/console/models/${modelId}/versions/1`);
    assert.equal(page.status, 200, page.html.slice(0, 800));
    assert.match(page.html, /Decisions \(DMN model\)/);
    for (const name of ['Risk Category', 'Max Loan', 'Offer', 'Eligible', 'Checks', 'Review By'])
      assert.ok(page.html.includes(`>${name} <span class="badge">`), name);
    assert.match(page.html, /Hit policy <strong>UNIQUE<\/strong>/);
    assert.match(page.html, /<pre class="feel"><code>Monthly Income \* 12 \* 0\.4<\/code><\/pre>/);
    assert.ok(page.html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the annotation as text');
    assert.doesNotMatch(page.html, /<img/);
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-dmn-',
    });
    const rowsOf = (page: Page, selector: string) =>
      page
        .locator(selector)
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.replace(/\s+/g, ' ').trim())));

    it('shows the decision table readably and accessibly, and the diff of a rule cell by cell', async () => {
      const { context, page } = await signIn(analyst.email);
      await page.goto(`${stack.baseUrl}/console/models/${modelId}/versions/2`);
      await checkAccessibility(context, page.url(), 'version');
      const headers = await page.locator('table.dmn-table thead th').allInnerTexts();
      assert.deepEqual(
        headers.map((h) => h.replace(/\s+/g, ' ').trim()),
        ['#', 'Rule', 'Applicant Age input', 'Risk Category output', 'Why annotation'],
      );
      const rules = await rowsOf(page, 'table.dmn-table tbody tr');
      // Version 2 widened the middle rule to [25..65): in a UNIQUE table it now overlaps the senior rule (ages 60 to
      // 64), and the verification flags both rows with the finding in words.
      assert.deepEqual(rules, [
        ['1', 'young', '< 25', '"High"', 'little credit history'],
        ['2 ⚑ overlap', 'middle', '[25..65)', '"Medium"', 'standard'],
        ['3 ⚑ overlap', 'senior', '>= 60', '"Low"', 'long history'],
      ]);
      const kinds = await page.locator('section.dmn-decision h3 .badge').allTextContents();
      assert.deepEqual(kinds, [
        'Decision table',
        'Literal expression',
        'Literal expression',
        'Literal expression',
        'Literal expression',
        'Literal expression',
      ]);
      // The diff against the published version 1: the changed rule, cell by cell (its annotation too).
      const diff = page.locator('table.diff');
      assert.deepEqual(await diff.locator('thead th').allTextContents(), [
        'Change',
        'Rule',
        'Applicant Age',
        'Risk Category',
        'Why',
        'Other',
      ]);
      const middle = diff.locator('tr.diff-changed[data-rule-id="middle"]');
      assert.equal(await middle.locator('td.cell-changed del').first().textContent(), '[25..60)');
      assert.equal(await middle.locator('td.cell-changed ins').first().textContent(), '[25..65)');
      assert.equal(await diff.locator('tr.diff-added, tr.diff-removed').count(), 0);
      await page.screenshot({ path: screenshotPath('console-dmn-version'), fullPage: true });
      await context.close();
      assert.deepEqual(cspViolations, []);
    });
  });
});
