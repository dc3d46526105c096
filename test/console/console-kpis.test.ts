import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KPI_FRAME } from '../../api/console/chart';
import { CONSOLE_CSP } from '../../api/console/routes';
import type { Role } from '../../core/roles';
import { addPeriods, periodStart } from '../../rules/kpis/status';
import { addConsoleMember, signInToConsoleOverHttp, type ConsoleMember } from '../helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../helpers/people';
import { browserUnavailable, screenshotPath, tabTo, useConsoleInChromium } from '../helpers/real-browser';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

const DAY_MS = 86_400_000;

describe('Governance console: KPI pages (/console/kpis)', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  const people = {} as Record<'analyst' | 'approver', ConsoleMember>;
  let kpiId: string;
  let quietKpiId: string;
  let otherTenantKpi: string;
  let ruleId: string;
  /** The alerts of kpiId once evaluated: one that fired and recovered, one firing now. */
  let resolvedAlert: any;
  let firingAlert: any;
  /** The points posted, oldest first: [timestamp, value]. */
  const points: Array<[string, number]> = [];

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const addMember = (label: string, tenantId: string, role: Role) => addConsoleMember(stack.db, label, tenantId, role);

  const httpSignIn = (email: string, options: { scope?: string } = {}) =>
    signInToConsoleOverHttp(stack.baseUrl, email, options);

  const alertNow = async (id: string) => (await api('GET', `/alerts/${id}`, tenantA.key)).body;

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: {
        EVENT_RELAY_POLL_MS: '200',
        KPI_ALERT_CHECK_INTERVAL_SECONDS: '1',
        KPI_ALERT_EVALUATION_IDLE_SECONDS: '5',
      },
    });
    tenantA = await createTestTenant(stack.db, { name: 'Alpha Logistics' });
    tenantB = await createTestTenant(stack.db, { name: 'Beta' });
    people.analyst = await addMember('analyst', tenantA.id, 'analyst');
    people.approver = await addMember('approver', tenantA.id, 'approver');

    const kpi = await api('POST', '/kpis', tenantA.key, {
      name: 'On-time delivery',
      description: 'Share of orders delivered in their slot. <b>not bold</b>',
      unit: '%',
      direction: 'target_band',
      target: { low: 80, high: 100 },
      warning_threshold: { low: 70, high: 110 },
      critical_threshold: { low: 60, high: 120 },
      aggregation_period: 'day',
      tags: ['ops'],
    });
    assert.equal(kpi.status, 201, JSON.stringify(kpi.body));
    kpiId = kpi.body.id;
    const rule = await api('POST', `/kpis/${kpiId}/alert-rules`, tenantA.key, {
      name: 'Outside the critical band',
      kind: 'threshold',
      severity: 'critical',
      for_points: 1,
    });
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    ruleId = rule.body.id;
    // One point a day for seven days (the last a minute ago): out of the critical band on days −4 and −3 (an alert
    // that fires and recovers on day −2) and today (an alert firing now).
    const now = Date.now();
    const values = [90, 95, 55, 50, 85, 92, 130];
    values.forEach((value, index) => points.push([new Date(now - (6 - index) * DAY_MS - 60_000).toISOString(), value]));
    const posted = await api('POST', `/kpis/${kpiId}/points`, tenantA.key, {
      points: points.map(([timestamp, value]) => ({ timestamp, value })),
    });
    assert.ok(posted.status === 200 || posted.status === 201, JSON.stringify(posted.body));
    const evaluated = await waitFor('one resolved and one firing alert (evaluated in Temporal)', async () => {
      const alerts = (await api('GET', `/kpis/${kpiId}/alerts`, tenantA.key)).body.data as any[];
      const resolved = alerts.find((a) => a.state === 'resolved');
      const firing = alerts.find((a) => a.state === 'firing');
      return resolved && firing ? { resolved, firing } : undefined;
    });
    resolvedAlert = evaluated.resolved;
    firingAlert = evaluated.firing;
    assert.equal(resolvedAlert.started_at, points[2]?.[0]);
    assert.equal(resolvedAlert.ended_at, points[4]?.[0]);
    assert.equal(firingAlert.started_at, points[6]?.[0]);
    assert.equal(firingAlert.rule_id, ruleId);

    const quiet = await api('POST', '/kpis', tenantA.key, {
      name: 'Cost per order',
      unit: 'EUR',
      direction: 'lower_is_better',
      target: 4,
      critical_threshold: { percent: 50 },
      aggregation_period: 'week',
    });
    assert.equal(quiet.status, 201, JSON.stringify(quiet.body));
    quietKpiId = quiet.body.id;
    const foreign = await api('POST', '/kpis', tenantB.key, {
      name: 'Beta only KPI',
      direction: 'higher_is_better',
      target: 1,
      aggregation_period: 'day',
    });
    assert.equal(foreign.status, 201, JSON.stringify(foreign.body));
    otherTenantKpi = foreign.body.id;
  });
  after(async () => stack?.close());

  describe('over HTTP', () => {
    it('answers both KPI pages with the strict CSP and no inline script or style, and escapes the KPI’s text', async () => {
      const { browser } = await httpSignIn(people.approver.email);
      for (const path of [
        '/console/kpis',
        `/console/kpis/${kpiId}`,
        `/console/kpis/${quietKpiId}`,
        '/console/kpis?status=paused',
      ]) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 200, `${path}: ${page.html.slice(0, 500)}`);
        assert.doesNotMatch(page.html, /<script(?![^>]*\ssrc=)/, `${path}: inline script`);
        assert.doesNotMatch(page.html, /\sstyle=|<style/, `${path}: inline style`);
        const response = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual' });
        assert.equal(response.headers.get('content-security-policy'), CONSOLE_CSP, path);
      }
      const detail = await browser.request(`${stack.baseUrl}/console/kpis/${kpiId}`);
      assert.match(detail.html, /&lt;b&gt;not bold&lt;\/b&gt;/);
    });

    it('answers another tenant’s KPI id with the same 404 page as a missing one', async () => {
      const { browser } = await httpSignIn(people.approver.email);
      const foreign = await browser.request(`${stack.baseUrl}/console/kpis/${otherTenantKpi}`);
      const missing = await browser.request(`${stack.baseUrl}/console/kpis/kpi_01m7yvrz8c1x16083v41p1avpr`);
      const garbage = await browser.request(`${stack.baseUrl}/console/kpis/not-an-id`);
      assert.equal(foreign.status, 404);
      assert.equal(missing.status, 404);
      assert.equal(garbage.status, 404);
      assert.doesNotMatch(foreign.html, /Beta only/);
      assert.equal(foreign.html, missing.html);
      const list = await browser.request(`${stack.baseUrl}/console/kpis`);
      assert.doesNotMatch(list.html, /Beta only/, 'another tenant’s KPI is never listed');
    });

    it('refuses in plain words, not a 500, a session whose grant does not include reading KPIs', async () => {
      const { browser } = await httpSignIn(people.analyst.email, {
        scope: 'openid offline_access decisions:read decisions:write',
      });
      assert.equal((await browser.request(`${stack.baseUrl}/console`)).status, 200, 'decisions still readable');
      for (const path of ['/console/kpis', `/console/kpis/${kpiId}`]) {
        const page = await browser.request(`${stack.baseUrl}${path}`);
        assert.equal(page.status, 403, path);
        assert.match(page.html, /Your sign-in does not include reading KPIs/);
        assert.match(page.html, /Sign out and sign in again/);
      }
    });

    it('acknowledging needs the CSRF token and kpis:write: the approver sees no button and their forged POST changes nothing', async () => {
      const approver = await httpSignIn(people.approver.email);
      const page = await approver.browser.request(`${stack.baseUrl}/console/kpis/${kpiId}`);
      assert.doesNotMatch(page.html, /\/acknowledge"/, 'no Acknowledge form without kpis:write');
      const url = `${stack.baseUrl}/console/kpis/${kpiId}/alerts/${firingAlert.id}/acknowledge`;
      const forged = await approver.browser.request(url, { form: { _csrf: approver.csrf } });
      assert.equal(forged.status, 403, forged.html);
      assert.match(forged.html, /not acknowledge them/);
      const analyst = await httpSignIn(people.analyst.email);
      for (const form of [{}, { _csrf: approver.csrf }, { _csrf: 'x' }] as Array<Record<string, string>>) {
        const refused = await analyst.browser.request(url, { form });
        assert.equal(refused.status, 403, refused.html);
        assert.match(refused.html, /Request refused/);
      }
      // An alert id under another KPI's page, or another tenant's KPI: the 404 page, nothing changed.
      const wrongKpi = await analyst.browser.request(
        `${stack.baseUrl}/console/kpis/${quietKpiId}/alerts/${firingAlert.id}/acknowledge`,
        { form: { _csrf: analyst.csrf } },
      );
      assert.equal(wrongKpi.status, 404);
      const missingAlert = await analyst.browser.request(
        `${stack.baseUrl}/console/kpis/${kpiId}/alerts/kal_01m7yvrz8c1x16083v41p1avpr/acknowledge`,
        { form: { _csrf: analyst.csrf } },
      );
      assert.equal(missingAlert.status, 404);
      assert.equal(wrongKpi.html, missingAlert.html);
      const resolved = await analyst.browser.request(
        `${stack.baseUrl}/console/kpis/${kpiId}/alerts/${resolvedAlert.id}/acknowledge`,
        { form: { _csrf: analyst.csrf } },
      );
      assert.equal(resolved.status, 409);
      assert.match(resolved.html, /This alert is already resolved/);
      assert.equal((await alertNow(firingAlert.id)).acknowledged, null);
    });

    it('refuses a range that is not offered, showing the default one', async () => {
      const { browser } = await httpSignIn(people.approver.email);
      const page = await browser.request(`${stack.baseUrl}/console/kpis/${kpiId}?periods=5`);
      assert.equal(page.status, 400);
      assert.match(page.html, /Please choose a range from the list/);
      assert.match(page.html, /<option value="30" selected>Last 30 days<\/option>/);
    });
  });

  describe('in a real Chromium', { skip: browserUnavailable() }, () => {
    const { cspViolations, signIn, checkAccessibility } = useConsoleInChromium({
      baseUrl: () => stack.baseUrl,
      password: PEOPLE_PASSWORD,
      screenshotPrefix: 'console-',
    });

    it('lists the KPIs from the navigation, opens one by keyboard, and charts its buckets, lines, band and alert periods with the numbers beside', async () => {
      const { context, page } = await signIn(people.analyst.email);
      // The navigation's KPIs link, by keyboard.
      await tabTo(page, 'nav a[href="/console/kpis"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/kpis`);
      await checkAccessibility(context, page.url(), 'kpis');
      const row = page.locator('table.kpis tr', { hasText: 'On-time delivery' });
      const rowText = (await row.textContent()) ?? '';
      assert.match(rowText, /%/);
      assert.match(rowText, /Manual: points posted through the API/);
      assert.match(rowText, /Off track/, '130 is past the critical band');
      assert.match(rowText, /130 %/);
      assert.equal((await row.locator('td').nth(5).textContent())?.trim(), '1', 'one open alert');
      const quiet = (await page.locator('table.kpis tr', { hasText: 'Cost per order' }).textContent()) ?? '';
      assert.match(quiet, /No data/);
      assert.match(quiet, /EUR/);

      await tabTo(page, 'table.kpis a[href$="' + kpiId + '"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/kpis/${kpiId}`);
      await checkAccessibility(context, page.url(), 'kpi');
      const facts = (await page.textContent('.facts')) ?? '';
      assert.match(facts, /Within the target band/);
      assert.match(facts, /80 % to 100 %/);
      assert.match(facts, /70 % to 110 %/);
      assert.match(facts, /60 % to 120 %/);
      assert.match(facts, /Per day/);
      assert.match(facts, /Off track/);

      // The range shown: the last 30 days up to the end of today (UTC), as the svg says.
      const svg = page.locator('figure.kpi-chart svg');
      const today = periodStart(new Date(), 'day');
      const to = addPeriods(today, 'day', 1);
      const from = addPeriods(to, 'day', -30);
      assert.equal(await svg.getAttribute('data-from'), from.toISOString());
      assert.equal(await svg.getAttribute('data-to'), to.toISOString());
      const x = (iso: string) =>
        KPI_FRAME.pad.left +
        ((Date.parse(iso) - from.getTime()) / (to.getTime() - from.getTime())) *
          (KPI_FRAME.width - KPI_FRAME.pad.left - KPI_FRAME.pad.right);
      // Values 50…130 and lines 60…120: the domain is [50, 130] widened by 5 % of 80 on each side.
      assert.equal(Number(await svg.getAttribute('data-value-min')), 46);
      assert.equal(Number(await svg.getAttribute('data-value-max')), 134);
      const y = (v: number) =>
        KPI_FRAME.height -
        KPI_FRAME.pad.bottom -
        ((v - 46) / 88) * (KPI_FRAME.height - KPI_FRAME.pad.top - KPI_FRAME.pad.bottom);

      // One mark per bucket, at the middle of its day and its value (one point a day: the average is the point).
      const marks = svg.locator('circle.mark');
      assert.equal(await marks.count(), points.length);
      for (let i = 0; i < points.length; i++) {
        const [timestamp, value] = points[i] as [string, number];
        const start = periodStart(new Date(timestamp), 'day');
        const mark = marks.nth(i);
        assert.equal(await mark.getAttribute('data-start'), start.toISOString());
        assert.ok(
          Math.abs(Number(await mark.getAttribute('cx')) - x(new Date(start.getTime() + DAY_MS / 2).toISOString())) <=
            0.06,
          `mark ${i} x`,
        );
        assert.ok(Math.abs(Number(await mark.getAttribute('cy')) - y(value)) <= 0.06, `mark ${i} y`);
      }
      // The four lines of the warning and critical bands, and the target band between 100 (top) and 80.
      const lines = svg.locator('line.threshold');
      assert.equal(await lines.count(), 4);
      assert.deepEqual(
        await lines.evaluateAll((all) =>
          all.map((l) => [l.getAttribute('class'), Number(l.getAttribute('data-value')), Number(l.getAttribute('y1'))]),
        ),
        [
          ['threshold warning', 70, Number(y(70).toFixed(1))],
          ['threshold warning', 110, Number(y(110).toFixed(1))],
          ['threshold critical', 60, Number(y(60).toFixed(1))],
          ['threshold critical', 120, Number(y(120).toFixed(1))],
        ],
      );
      const band = svg.locator('rect.target-band');
      assert.equal(await band.count(), 1);
      assert.ok(Math.abs(Number(await band.getAttribute('y')) - y(100)) <= 0.06);
      assert.ok(Math.abs(Number(await band.getAttribute('height')) - (y(80) - y(100))) <= 0.11);

      // The alert periods: the resolved one from its first breaching point to the point that ended it, the firing one
      // from its first breaching point to the end of the range.
      const shaded = svg.locator('rect.alert-period');
      assert.equal(await shaded.count(), 2);
      const resolvedRect = svg.locator(`rect.alert-period[data-alert-id="${resolvedAlert.id}"]`);
      assert.equal(await resolvedRect.getAttribute('data-from'), resolvedAlert.started_at);
      assert.equal(await resolvedRect.getAttribute('data-to'), resolvedAlert.ended_at);
      assert.ok(
        Math.abs(Number(await resolvedRect.getAttribute('x')) - x(resolvedAlert.started_at)) <= 0.06,
        'starts at the alert’s first breaching point',
      );
      assert.ok(
        Math.abs(
          Number(await resolvedRect.getAttribute('width')) - (x(resolvedAlert.ended_at) - x(resolvedAlert.started_at)),
        ) <= 0.11,
        'ends where it recovered',
      );
      const firingRect = svg.locator(`rect.alert-period[data-alert-id="${firingAlert.id}"]`);
      assert.ok(Math.abs(Number(await firingRect.getAttribute('x')) - x(firingAlert.started_at)) <= 0.06);
      assert.ok(
        Math.abs(
          Number(await firingRect.getAttribute('x')) +
            Number(await firingRect.getAttribute('width')) -
            (KPI_FRAME.width - KPI_FRAME.pad.right),
        ) <= 0.11,
        'open: to the end of the range',
      );
      // The breaching marks of the resolved alert lie inside its shading, the recovered one outside it.
      const rx = Number(await resolvedRect.getAttribute('x'));
      const rw = Number(await resolvedRect.getAttribute('width'));
      const pointX = (i: number) => x((points[i] as [string, number])[0]);
      assert.ok(pointX(2) >= rx - 0.06 && pointX(3) <= rx + rw + 0.06 && pointX(5) > rx + rw);

      // The table: the same buckets as GET /kpis/{id}/values?bucket=day over the range.
      const values = await api(
        'GET',
        `/kpis/${kpiId}/values?bucket=day&from=${from.toISOString()}&to=${to.toISOString()}`,
        tenantA.key,
      );
      const rows = await page
        .locator('table.kpi-values tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim())));
      assert.deepEqual(
        rows,
        (values.body.data as any[]).map((b) => [
          b.start.slice(0, 10),
          String(b.count),
          String(b.avg),
          String(b.min),
          String(b.max),
          String(b.last),
        ]),
      );
      assert.deepEqual(
        rows.map((r) => r[2]),
        points.map(([, v]) => String(v)),
      );

      // The open alerts: the firing one, with its rule, since when, the explanation's summary, nobody acknowledged yet.
      const alertRows = page.locator('table.alerts tbody tr');
      assert.equal(await alertRows.count(), 1);
      const alertText = (await alertRows.textContent()) ?? '';
      assert.match(alertText, /Firing/);
      assert.match(alertText, /Outside the critical band/);
      assert.ok(alertText.includes(firingAlert.explanation.summary), alertText);
      assert.ok(
        alertText.includes(`${firingAlert.started_at.slice(0, 10)} ${firingAlert.started_at.slice(11, 16)} UTC`),
      );
      assert.match((await alertRows.locator('td').nth(4).textContent()) ?? '', /^—$/);
      await page.screenshot({ path: screenshotPath('console-kpi-chart'), fullPage: true });

      // The range selector (query string), by keyboard: the last 7 days.
      await page.selectOption('#f-range', '7');
      await page.locator('#f-range').focus();
      await tabTo(page, 'form[aria-label="Range"] button');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${stack.baseUrl}/console/kpis/${kpiId}?periods=7`);
      assert.equal(await svg.getAttribute('data-from'), addPeriods(to, 'day', -7).toISOString());
      assert.equal(await page.locator('figure.kpi-chart circle.mark').count(), points.length);

      // Acknowledge the firing alert by keyboard: the same service as POST /alerts/{id}/acknowledge, as this person.
      await tabTo(page, 'table.alerts button');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.notice.success');
      assert.match((await page.textContent('.notice')) ?? '', /Alert acknowledged/);
      const acknowledged = await alertNow(firingAlert.id);
      assert.equal(acknowledged.state, 'acknowledged');
      assert.deepEqual(acknowledged.acknowledged.by, {
        type: 'user',
        id: people.analyst.id,
        via_client: 'dms-console',
      });
      const ackRow = page.locator('table.alerts tbody tr');
      assert.match((await ackRow.textContent()) ?? '', /Acknowledged/);
      assert.match((await ackRow.locator('td').nth(4).textContent()) ?? '', /Analyst Person/);
      assert.equal(await ackRow.locator('button').count(), 0);
      assert.equal(
        (await api('GET', `/kpis/${kpiId}/alerts?state=open`, tenantA.key)).body.data.length,
        1,
        'still open, now acknowledged',
      );
      await context.close();
      assert.deepEqual(cspViolations, [], 'no Content-Security-Policy violations on the KPI pages');
    });
  });
});
