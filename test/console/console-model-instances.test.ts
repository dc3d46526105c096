import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CONSOLE_CSP } from '../../api/console/routes';
import { discountModelBody } from '../fixtures/model-bodies';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Decision instances in the console (api/console/model-instance-routes.ts, model-instance-pages.ts,
 * model-rule-hits.ts, rule-marks.ts): a model recording every evaluation durably, evaluated on four inputs with
 * correlation ids; its instances page lists them newest first and finds exactly one by correlation id, by rule, not
 * at all by status; the instance page lights the rule it matched (JDM and DMN) or, when only the inputs' hash was
 * kept, the rule recorded; "Older" pages by cursor; the version page's "Hits (30 days)" column counts exactly the
 * evaluations made and its chart holds them; a model that records nothing says how to turn recording on; another
 * tenant's instance is the 404 page.
 */

const DMN13 = 'https://www.omg.org/spec/DMN/20191111/MODEL/';
/** A fee by amount (first hit): r_small below 100, r_mid up to 500, r_large above. */
const FEE_DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${DMN13}" id="instance_fee" name="instance_fee" namespace="https://example.com/dmn/instances">
  <inputData id="in_amount" name="Amount"><variable id="var_amount" name="Amount" typeRef="number"/></inputData>
  <decision id="d_fee" name="Fee">
    <variable id="var_fee" name="Fee" typeRef="number"/>
    <informationRequirement id="ir_amount"><requiredInput href="#in_amount"/></informationRequirement>
    <decisionTable id="dt_fee" hitPolicy="FIRST">
      <input id="col_amount" label="Amount"><inputExpression id="ie_amount" typeRef="number"><text>Amount</text></inputExpression></input>
      <output id="col_fee" name="fee" typeRef="number"/>
      <rule id="r_small"><inputEntry id="e1"><text>&lt; 100</text></inputEntry><outputEntry id="o1"><text>0</text></outputEntry></rule>
      <rule id="r_mid"><inputEntry id="e2"><text>[100..500]</text></inputEntry><outputEntry id="o2"><text>5</text></outputEntry></rule>
      <rule id="r_large"><inputEntry id="e3"><text>&gt; 500</text></inputEntry><outputEntry id="o3"><text>10</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>`;

/** Four evaluations of the discount table: the rule each matches (first hit), and a correlation id each. */
const EVALUATIONS = [
  { correlation_id: 'order-1001', inputs: { tier: 'gold', quantity: 150 }, rule: 'gold-bulk' },
  { correlation_id: 'order-1002', inputs: { tier: 'gold', quantity: 5 }, rule: 'gold' },
  { correlation_id: 'order-<b>1003</b>', inputs: { tier: 'silver', quantity: 5 }, rule: 'silver' },
  { correlation_id: 'order-1004', inputs: { tier: 'gold', quantity: 200 }, rule: 'gold-bulk' },
];
const RULES = ['gold-bulk', 'gold', 'silver-bulk', 'silver', 'very-large', 'default'];

describe('Governance console: decision instances and rule hits', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'viewer', ConsoleMember>;
  let modelId: string;
  let hashOnlyId: string;
  let silentId: string;
  let dmnId: string;
  let foreignModelId: string;
  let foreignInstanceId: string;
  /** The instances of `modelId`, in the order evaluated. */
  const instanceIds: string[] = [];
  let hashOnlyInstanceId: string;
  let dmnInstanceId: string;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, ...(body !== undefined ? { body } : {}) });
  const createModel = async (key: string, body: Record<string, unknown>) => {
    const created = await api('POST', '/models', key, body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const recordAll = async (key: string, id: string, extra: Record<string, unknown> = {}) => {
    const patched = await api('PATCH', `/models/${id}`, key, {
      record_evaluations: 'all',
      record_guarantee: 'durable',
      ...extra,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
  };
  const evaluate = async (key: string, id: string, body: Record<string, unknown>) => {
    const answer = await api('POST', `/models/${id}/evaluate`, key, { version: '1', ...body });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };
  const instancesPath = (id: string) => `/console/models/${id}/instances`;
  /** The instance ids a page lists, in its order. */
  const listed = (html: string) => [...html.matchAll(/<tr data-instance-id="([^"]+)"/g)].map((m) => m[1] as string);

  before(async () => {
    stack = await startTestStack();
    tenantA = await createTestTenant(stack.db, { name: 'Recording Retail' });
    tenantB = await createTestTenant(stack.db, { name: 'Other Retail' });
    people.viewer = await addConsoleMember(stack.db, 'viewer', tenantA.id, 'viewer');

    modelId = await createModel(tenantA.key, discountModelBody('Discounts (recorded)'));
    await recordAll(tenantA.key, modelId);
    for (const evaluation of EVALUATIONS) {
      const answer = await evaluate(tenantA.key, modelId, {
        inputs: evaluation.inputs,
        correlation_id: evaluation.correlation_id,
      });
      assert.match(answer.instance_id, /^din_/);
      instanceIds.push(answer.instance_id);
    }

    // Only the inputs' hash kept; 22 evaluations in one batch, so its list has a second page.
    hashOnlyId = await createModel(tenantA.key, discountModelBody('Discounts (hash only)'));
    await recordAll(tenantA.key, hashOnlyId, { record_inputs: false });
    const batch = await evaluate(tenantA.key, hashOnlyId, {
      items: Array.from({ length: 22 }, (_, i) => ({ inputs: { tier: 'silver', quantity: 100 + i } })),
    });
    hashOnlyInstanceId = batch.results[0].instance_id;

    silentId = await createModel(tenantA.key, discountModelBody('Discounts (not recorded)'));
    await evaluate(tenantA.key, silentId, { inputs: { tier: 'gold', quantity: 5 } });

    dmnId = await createModel(tenantA.key, { name: 'Fees (DMN, recorded)', category: 'pricing', dmn: FEE_DMN });
    await recordAll(tenantA.key, dmnId);
    dmnInstanceId = (await evaluate(tenantA.key, dmnId, { inputs: { Amount: 250 } })).instance_id;

    foreignModelId = await createModel(tenantB.key, discountModelBody('Another tenant’s discounts'));
    await recordAll(tenantB.key, foreignModelId);
    foreignInstanceId = (await evaluate(tenantB.key, foreignModelId, { inputs: { tier: 'gold', quantity: 5 } }))
      .instance_id;
  });

  after(async () => {
    await stack?.close();
  });

  describe('over HTTP', () => {
    it('lists the instances newest first, and searches by correlation id, rule, status and time', async () => {
      const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const page = await browser.request(`${stack.baseUrl}${instancesPath(modelId)}`);
      assert.equal(page.status, 200, page.html.slice(0, 800));
      assert.equal(
        (await fetch(`${stack.baseUrl}${instancesPath(modelId)}`, { redirect: 'manual' })).headers.get(
          'content-security-policy',
        ),
        CONSOLE_CSP,
      );
      assert.deepEqual(listed(page.html), [...instanceIds].reverse());
      assert.match(page.html, /Recording: every evaluation; inputs kept; durable\./);
      assert.ok(page.html.includes('order-&lt;b&gt;1003&lt;/b&gt;'), 'the correlation id as text');
      assert.doesNotMatch(page.html, /<b>1003/);
      assert.doesNotMatch(page.html, /rel="next"/, 'one page');
      const search = async (query: Record<string, string>) => {
        const found = await browser.request(`${stack.baseUrl}${instancesPath(modelId)}?${new URLSearchParams(query)}`);
        assert.equal(found.status, 200, found.html.slice(0, 800));
        return found.html;
      };
      assert.deepEqual(listed(await search({ correlation_id: 'order-1002' })), [instanceIds[1]]);
      assert.deepEqual(listed(await search({ correlation_id: 'order-<b>1003</b>' })), [instanceIds[2]]);
      assert.deepEqual(listed(await search({ rule: 'discount-table:gold-bulk' })), [instanceIds[3], instanceIds[0]]);
      assert.deepEqual(listed(await search({ rule: 'discount-table:gold-bulk', version: '1' })), [
        instanceIds[3],
        instanceIds[0],
      ]);
      const failed = await search({ status: 'failed' });
      assert.deepEqual(listed(failed), []);
      assert.match(failed, /No decision instances match\./);
      // A datetime-local field's value, read as UTC: from an hour ago every one, from an hour ahead none.
      const local = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);
      assert.equal(listed(await search({ from: local(-3_600_000) })).length, 4);
      assert.deepEqual(listed(await search({ from: local(3_600_000) })), []);
      assert.equal(listed(await search({ to: local(3_600_000) })).length, 4);
      // The API's own rules, in words: a time that is none, a range the wrong way round.
      const bad = await browser.request(`${stack.baseUrl}${instancesPath(modelId)}?from=yesterday`);
      assert.equal(bad.status, 400);
      assert.match(bad.html, /Please check what you entered\./);
      assert.match(bad.html, /date-time/);
      const reversed = await browser.request(
        `${stack.baseUrl}${instancesPath(modelId)}?${new URLSearchParams({ from: local(0), to: local(-3_600_000) })}`,
      );
      assert.equal(reversed.status, 422, reversed.html.slice(0, 800));
      assert.match(reversed.html, /must be later than from/);
      // The model's page links the instances.
      const model = await browser.request(`${stack.baseUrl}/console/models/${modelId}`);
      assert.ok(model.html.includes(`href="/console/models/${modelId}/instances"`));
    });

    it('pages by cursor ("Older"), and keeps only the hash where the policy says so, lighting the recorded rule', async () => {
      const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const first = await browser.request(`${stack.baseUrl}${instancesPath(hashOnlyId)}`);
      assert.equal(listed(first.html).length, 20);
      const older = /<a href="([^"]+)" rel="next">Older<\/a>/.exec(first.html);
      assert.ok(older, 'an "Older" link');
      const second = await browser.request(`${stack.baseUrl}${(older[1] as string).replace(/&amp;/g, '&')}`);
      assert.equal(listed(second.html).length, 2);
      assert.doesNotMatch(second.html, /rel="next"/);
      assert.equal(new Set([...listed(first.html), ...listed(second.html)]).size, 22);
      assert.ok(listed(second.html).includes(hashOnlyInstanceId), 'the batch’s first item is among the oldest');

      const instance = await browser.request(`${stack.baseUrl}${instancesPath(hashOnlyId)}/${hashOnlyInstanceId}`);
      assert.equal(instance.status, 200, instance.html.slice(0, 800));
      assert.match(instance.html, /id="inputs-hash-only">Only the hash was kept/);
      assert.match(instance.html, /<code class="hash">[0-9a-f]{64}<\/code>/);
      assert.match(instance.html, /cannot be traced again: the rules lit are those recorded with it/);
      // silver, quantity 100: the bulk rule, from the hits recorded with the instance.
      assert.deepEqual(
        [...instance.html.matchAll(/<tr data-rule-id="([^"]+)" class="rule-matched">/g)].map((m) => m[1]),
        ['silver-bulk'],
      );
    });

    it('lights the matched rule of a DMN decision’s table', async () => {
      const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const instance = await browser.request(`${stack.baseUrl}${instancesPath(dmnId)}/${dmnInstanceId}`);
      assert.equal(instance.status, 200, instance.html.slice(0, 800));
      assert.match(instance.html, /<table class="compact rules dmn-table" data-decision-id="d_fee">/);
      assert.deepEqual(
        [...instance.html.matchAll(/<tr data-rule-id="([^"]+)" class="rule-matched">/g)].map((m) => m[1]),
        ['r_mid'],
      );
      assert.match(instance.html, /Fee: rule 2 \(r_mid\)/);
      assert.match(instance.html, /the outputs came out as recorded/);
      const version = await browser.request(`${stack.baseUrl}/console/models/${dmnId}/versions/1`);
      assert.match(version.html, /<td class="hits-col" data-hits="1">1<\/td>/);
    });

    it('says how to turn recording on for a model that records nothing, on its instances and version pages', async () => {
      const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const page = await browser.request(`${stack.baseUrl}${instancesPath(silentId)}`);
      assert.equal(page.status, 200);
      assert.deepEqual(listed(page.html), []);
      assert.match(page.html, /This model records no evaluations: its recording policy is off\./);
      assert.ok(page.html.includes(`PATCH /api/v1/models/${silentId}</code>`));
      assert.match(page.html, /record_evaluations/);
      const version = await browser.request(`${stack.baseUrl}/console/models/${silentId}/versions/1`);
      assert.match(version.html, /id="rule-hits-none">No evaluation of this version was recorded in the last 30 days/);
      assert.doesNotMatch(version.html, /hits-col/, 'no hits column without recorded evaluations');
    });

    it('answers another tenant’s instance, and an instance under another model, with the 404 page', async () => {
      const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email);
      const missing = await browser.request(`${stack.baseUrl}/console/models/mdl_01m7yvrz8c1x16083v41p1avpr`);
      assert.equal(missing.status, 404);
      for (const path of [
        `${instancesPath(modelId)}/${foreignInstanceId}`,
        `${instancesPath(foreignModelId)}/${foreignInstanceId}`,
        instancesPath(foreignModelId),
        `${instancesPath(hashOnlyId)}/${instanceIds[0]}`,
        `${instancesPath(modelId)}/din_01m7yvrz8c1x16083v41p1avpr`,
        `${instancesPath(modelId)}/not-an-id`,
      ]) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 404, path);
        assert.equal(page.html, missing.html, path);
      }
      const page = await browser.request(`${stack.baseUrl}${instancesPath(modelId)}`);
      assert.doesNotMatch(page.html, new RegExp(foreignInstanceId));
    });

    it('refuses in plain words a session whose grant does not include reading models', async () => {
      const { browser } = await signInToConsoleOverHttp(stack.baseUrl, people.viewer.email, {
        scope: 'openid offline_access decisions:read',
      });
      for (const path of [instancesPath(modelId), `${instancesPath(modelId)}/${instanceIds[0]}`]) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 403, path);
        assert.match(page.html, /Your sign-in does not include reading models/);
      }
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-model-instances-',
    });
    const rowIds = (page: Page) =>
      page
        .locator('table.instances tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-instance-id')));

    it('finds one instance by correlation id and by rule with the search form, and lights its matched rule', async () => {
      const { context, page } = await signIn(people.viewer.email);
      await page.goto(`${stack.baseUrl}/console/models/${modelId}`);
      await page.getByRole('link', { name: 'Decision instances', exact: true }).click();
      await page.getByRole('heading', { name: 'Decision instances of Discounts (recorded)' }).waitFor();
      assert.deepEqual(await rowIds(page), [...instanceIds].reverse());
      await checkAccessibility(context, page.url(), 'list');

      await page.getByLabel('Rule hit').selectOption('discount-table:gold-bulk');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/rule=discount-table%3Agold-bulk/);
      assert.deepEqual(await rowIds(page), [instanceIds[3], instanceIds[0]]);

      await page.getByRole('link', { name: 'Clear', exact: true }).click();
      await page.getByLabel('Correlation id').fill('order-1002');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/correlation_id=order-1002/);
      assert.deepEqual(await rowIds(page), [instanceIds[1]]);
      await page.screenshot({ path: screenshotPath('console-model-instances-search'), fullPage: true });

      await page.getByRole('link', { name: instanceIds[1] as string, exact: true }).click();
      await page.getByRole('heading', { name: `Decision instance ${instanceIds[1]}` }).waitFor();
      const lit = page.locator('table.rules tr.rule-matched');
      assert.deepEqual(await lit.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-rule-id'))), ['gold']);
      assert.match((await lit.locator('.rule-matched-mark').textContent()) ?? '', /✓ matched/);
      assert.match((await page.locator('#lit-from').textContent()) ?? '', /the outputs came out as recorded/);
      assert.match(
        (await page.locator('.lit-rules').textContent()) ?? '',
        /Discount by tier and order size: rule 2 \(gold\)/,
      );
      const facts = (await page.locator('dl.facts').textContent()) ?? '';
      assert.match(facts, /Correlation idorder-1002/);
      assert.match(facts, /Succeeded/);
      assert.match(facts, /API key/);
      assert.equal(
        await page.getByRole('link', { name: 'Version 1', exact: true }).getAttribute('href'),
        `/console/models/${modelId}/versions/1`,
      );
      assert.deepEqual(JSON.parse((await page.locator('#inputs-heading + pre.json').textContent()) ?? ''), {
        tier: 'gold',
        quantity: 5,
      });
      await page.screenshot({ path: screenshotPath('console-model-instances-instance'), fullPage: true });
      await checkAccessibility(context, page.url(), 'instance');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });

    it('shows on the version page each rule’s hits over 30 days, equal to the evaluations made, and their chart', async () => {
      const { context, page } = await signIn(people.viewer.email);
      await page.goto(`${stack.baseUrl}/console/models/${modelId}/versions/1`);
      const table = page.locator('table.rules[data-node-id="discount-table"]');
      await table.locator('th.hits-col', { hasText: 'Hits (30 days)' }).waitFor();
      const counts = Object.fromEntries(
        await table
          .locator('tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => [
              row.getAttribute('data-rule-id'),
              Number(row.querySelector('td.hits-col')?.getAttribute('data-hits')),
            ]),
          ),
      );
      const expected = Object.fromEntries(
        RULES.map((rule) => [rule, EVALUATIONS.filter((evaluation) => evaluation.rule === rule).length]),
      );
      assert.deepEqual(counts, expected);
      const section = page.locator('section[aria-labelledby="rule-hits-heading"]');
      assert.match((await section.locator('#rule-hits-summary').textContent()) ?? '', /^4 evaluations of this version/);
      assert.match((await section.locator('#rule-hits-never').textContent()) ?? '', /silver-bulk.*very-large.*default/);
      const bars = await section
        .locator('svg rect.bar')
        .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('data-count'))));
      assert.equal(
        bars.reduce((sum, count) => sum + count, 0),
        EVALUATIONS.length,
      );
      const today = new Date().toISOString().slice(0, 10);
      assert.match(
        (await section.locator(`table.rule-hits-days tr[data-day="${today}"]`).textContent()) ?? '',
        /4.*gold-bulk 2, gold 1, silver 1/,
      );
      await page.screenshot({ path: screenshotPath('console-model-instances-version'), fullPage: true });
      await checkAccessibility(context, page.url(), 'version');
      assert.deepEqual(cspViolations, []);
      await context.close();
    });
  });
});
