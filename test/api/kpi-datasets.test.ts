import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { kpiChecks } from '../helpers/kpi-checks';
import { waitFor } from '../helpers/wait';

/**
 * `dataset` KPIs end to end, on the built-in employees dataset written by real CSV upload syncs: the point recorded
 * when a sync completes, the KPI's Temporal Schedule (seconds here) that recomputes the aggregate and records a point
 * only when the value changed or the period has none, the schedule following the KPI's status, and alert explanations
 * that name the sync behind the breaching point with its counts and the previous point's value and sync.
 */

const MAPPING = {
  stream: 'employees',
  target: 'employees',
  fields: {
    employee_id: { source: 'id' },
    name: { source: 'name' },
    department: { source: 'dept' },
    salary: { source: 'salary', transforms: [{ type: 'cast', to: 'number' }] },
  },
};

/** A CSV of employees: [id, department] pairs (the salary follows the id, so only a department change is an update). */
const csv = (rows: Array<[string, string]>) =>
  `${['id,name,dept,salary', ...rows.map(([id, dept]) => `${id},Employee ${id},${dept},${50_000 + Number(id.slice(1)) * 1000}`)].join('\r\n')}\r\n`;

describe('dataset KPIs: recomputed after syncs and on their schedule; alerts that name the sync', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let integrationId: string;

  const api = (method: string, url: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${url}`, { key: tenant.key, body });
  const ok = async (method: string, url: string, body?: unknown) => {
    const response = await api(method, url, body);
    assert.ok(
      response.status >= 200 && response.status < 300,
      `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`,
    );
    return response.body;
  };

  /** Uploads the file and runs a full sync of it to the end. */
  const sync = async (rows: Array<[string, string]>) => {
    const uploaded = await fetch(`${stack.baseUrl}/api/v1/integrations/${integrationId}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'text/csv' },
      body: csv(rows),
    });
    assert.equal(uploaded.status, 201, await uploaded.text());
    const started = await ok('POST', `/integrations/${integrationId}/syncs`, { mode: 'full' });
    return waitFor(
      'the sync to finish',
      async () => {
        const found = await ok('GET', `/integrations/${integrationId}/syncs/${started.id}`);
        if (['queued', 'syncing'].includes(found.status)) return undefined;
        assert.equal(found.status, 'completed', JSON.stringify(found));
        return found;
      },
      60_000,
    );
  };

  const points = async (kpiId: string) =>
    (await ok('GET', `/kpis/${kpiId}/values?bucket=raw&limit=100`)).data as Array<{
      timestamp: string;
      value: number;
      source: string;
      sync_id: string | null;
    }>;
  // Checked by the KPI evaluation shards (each tick checks every due KPI once): what used to be the KPI's own Schedule.
  const checks = () => kpiChecks(stack.db);
  const alertsOf = async (kpiId: string) => (await ok('GET', `/kpis/${kpiId}/alerts`)).data as any[];
  const countKpi = (name: string, department: string, fields: Record<string, unknown>) =>
    ok('POST', '/kpis', {
      name,
      aggregation_period: 'day',
      source: { type: 'dataset', dataset: 'employees', metric: { function: 'count' }, filter: { department } },
      ...fields,
    });

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: {
        EVENT_RELAY_POLL_MS: '200',
        KPI_ALERT_CHECK_INTERVAL_SECONDS: '1',
        KPI_ALERT_EVALUATION_IDLE_SECONDS: '5',
      },
    });
    tenant = await createTestTenant(stack.db, { name: 'Dataset KPIs' });
    integrationId = (
      await ok('POST', '/integrations', {
        name: 'HR export',
        connector_type: 'csv',
        config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
      })
    ).id;
    await ok('PUT', `/integrations/${integrationId}/field-mappings`, MAPPING);
  });
  after(async () => stack?.close());

  let sync1: any;
  let sync2: any;

  it("an alert on a dataset KPI names the sync behind the breaching point, its counts, and the previous point's value and sync", async () => {
    const kpi = await countKpi('Engineering headcount', 'Engineering', {
      direction: 'higher_is_better',
      target: 4,
      critical_threshold: { value: 3 },
    });
    // Created before any sync of its dataset: it is checked on schedule, but records nothing (no value to track yet).
    await checks().moreChecks(kpi.id, 2);
    assert.deepEqual(await points(kpi.id), []);
    await ok('POST', `/kpis/${kpi.id}/alert-rules`, { name: 'Critical', kind: 'threshold', severity: 'critical' });

    sync1 = await sync([
      ['e1', 'Engineering'],
      ['e2', 'Engineering'],
      ['e3', 'Engineering'],
      ['e4', 'Engineering'],
      ['e5', 'Sales'],
    ]);
    assert.deepEqual(
      (await points(kpi.id)).map((p) => [p.timestamp, p.value, p.source, p.sync_id]),
      [[sync1.completed_at, 4, 'sync', sync1.id]],
    );

    // e3 moves to Sales, e4 is gone, e6 joins Sales: two engineers left, under the critical line 3.
    sync2 = await sync([
      ['e1', 'Engineering'],
      ['e2', 'Engineering'],
      ['e3', 'Sales'],
      ['e5', 'Sales'],
      ['e6', 'Sales'],
    ]);
    assert.deepEqual(sync2.counts, { read: 5, inserted: 1, updated: 1, unchanged: 3, rejected: 0, deleted: 1 });
    const alert = await waitFor('firing', async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'));
    const { dataset } = alert.explanation;
    assert.equal(dataset.name, 'employees');
    assert.deepEqual(dataset.point, { timestamp: sync2.completed_at, value: 2, source: 'sync', sync_id: sync2.id });
    assert.deepEqual(dataset.sync, {
      id: sync2.id,
      integration_id: integrationId,
      status: 'completed',
      completed_at: sync2.completed_at,
      counts: { read: 5, inserted: 1, updated: 1, unchanged: 3, deleted: 1, rejected: 0 },
    });
    assert.equal(dataset.previous.value, 4);
    assert.equal(dataset.previous.timestamp, sync1.completed_at);
    assert.equal(dataset.previous.sync_id, sync1.id);
    assert.equal(dataset.previous.sync.id, sync1.id);
    assert.equal(dataset.previous.sync.counts.inserted, 5);
    assert.deepEqual(dataset.points, [dataset.point]);
    assert.match(
      alert.explanation.summary,
      new RegExp(
        `Recorded after sync ${sync2.id} of integration ${integrationId} \\(completed at ${sync2.completed_at}: 1 inserted, 1 updated, 1 deleted, 0 rejected\\)`,
      ),
    );
    assert.match(
      alert.explanation.summary,
      new RegExp(`previous value was 4 at ${sync1.completed_at} \\(sync ${sync1.id}\\)`),
    );

    // The checks go on and record nothing more: the value has not changed and today has a point.
    await checks().moreChecks(kpi.id, 3);
    assert.deepEqual(
      (await points(kpi.id)).map((p) => [p.value, p.source]),
      [
        [4, 'sync'],
        [2, 'sync'],
      ],
    );
  });

  it('the schedule records the aggregate of a KPI created after the syncs, and the change a sync made while the KPI was archived; its alert names the sync behind it', async () => {
    assert.ok(sync2, 'runs after the first test');
    const kpi = await countKpi('Sales headcount', 'Sales', {
      direction: 'lower_is_better',
      target: 3,
      critical_threshold: { value: 4 },
    });
    const first = await waitFor('a point from the schedule', async () => (await points(kpi.id))[0]);
    assert.equal(first.value, 3);
    assert.equal(first.source, 'schedule');
    assert.equal(first.sync_id, sync2.id, 'the sync that last changed the dataset');
    const event = (await stack.db('events').where({ tenant_id: tenant.id, type: 'kpi.value.recorded' })).find(
      (e) => e.data.kpi.id === kpi.id,
    );
    assert.equal(event.data.source, 'schedule');
    assert.equal(event.data.sync_id, sync2.id);
    assert.deepEqual(event.data.point, { timestamp: first.timestamp, value: 3, scenario_id: null });
    const rule = await ok('POST', `/kpis/${kpi.id}/alert-rules`, {
      name: 'Too many',
      kind: 'threshold',
      severity: 'critical',
    });
    await checks().moreChecks(kpi.id, 3);
    assert.equal((await points(kpi.id)).length, 1, 'unchanged value, and today has its point');

    // Paused with the KPI, checked again when it is active.
    await ok('PATCH', `/kpis/${kpi.id}`, { status: 'paused' });
    await checks().notChecked(kpi.id, 'not checked while paused');
    await ok('PATCH', `/kpis/${kpi.id}`, { status: 'active' });
    await checks().moreChecks(kpi.id);

    // Archived: not checked, and a sync that adds two salespeople records nothing on it.
    await ok('PATCH', `/kpis/${kpi.id}`, { status: 'archived' });
    await checks().notChecked(kpi.id, 'not checked while archived');
    const sync3 = await sync([
      ['e1', 'Engineering'],
      ['e2', 'Engineering'],
      ['e3', 'Sales'],
      ['e5', 'Sales'],
      ['e6', 'Sales'],
      ['e7', 'Sales'],
      ['e8', 'Sales'],
    ]);
    assert.equal(sync3.counts.inserted, 2);
    assert.equal((await points(kpi.id)).length, 1);

    // Active again: checked again, the check records the changed value (5 > the critical line 4), and the alert fires.
    await ok('PATCH', `/kpis/${kpi.id}`, { status: 'active' });
    await checks().moreChecks(kpi.id);
    const second = await waitFor('the recomputed point', async () => (await points(kpi.id))[1]);
    assert.deepEqual([second.value, second.source, second.sync_id], [5, 'schedule', sync3.id]);
    const alert = await waitFor('firing', async () => (await alertsOf(kpi.id)).find((a) => a.state === 'firing'));
    assert.equal(alert.rule_id, rule.id);
    const { dataset } = alert.explanation;
    assert.deepEqual(dataset.point, { timestamp: second.timestamp, value: 5, source: 'schedule', sync_id: sync3.id });
    assert.equal(dataset.sync.id, sync3.id);
    assert.equal(dataset.sync.completed_at, sync3.completed_at);
    assert.deepEqual(dataset.sync.counts, sync3.counts);
    assert.deepEqual(
      [dataset.previous.value, dataset.previous.source, dataset.previous.sync_id],
      [3, 'schedule', sync2.id],
    );
    assert.match(
      alert.explanation.summary,
      new RegExp(
        `Recorded by the KPI's schedule; the dataset was last changed by sync ${sync3.id} of integration ${integrationId}`,
      ),
    );

    // Deleted: no more checks.
    assert.equal((await api('DELETE', `/kpis/${kpi.id}`)).status, 204);
    await checks().notChecked(kpi.id, 'not checked once deleted');
  });

  it('KPIs that need no time-based checks get none: a manual KPI, and a dataset KPI unlinked from its dataset', async () => {
    const manual = await ok('POST', '/kpis', {
      name: 'Manual',
      direction: 'higher_is_better',
      target: 1,
      aggregation_period: 'day',
    });
    await ok('POST', `/kpis/${manual.id}/alert-rules`, {
      name: 'Line',
      kind: 'threshold',
      severity: 'warning',
      threshold: { value: 0 },
    });
    assert.equal(
      await checks().notChecked(manual.id, 'a manual KPI with a threshold rule is not checked over time'),
      null,
    );
    const linked = await countKpi('Linked', 'Engineering', { direction: 'higher_is_better', target: 1 });
    await checks().moreChecks(linked.id);
    await ok('DELETE', `/kpis/${linked.id}/source`);
    await checks().notChecked(linked.id, 'unlinked from its dataset, not checked');
    await ok('PUT', `/kpis/${linked.id}/source`, {
      type: 'dataset',
      dataset: 'employees',
      metric: { function: 'count' },
    });
    await checks().moreChecks(linked.id);
  });
});
