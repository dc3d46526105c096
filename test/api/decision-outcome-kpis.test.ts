import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { assertProblem } from '../helpers/problem';
import { createSignInClient } from '../helpers/people';
import {
  completedStaffingScenario,
  draftStaffingDecision,
  invalidMetricNames,
  type TenantApi,
  useDecisionOutcomeStack,
} from '../helpers/decision-outcome-fixtures';
import { call, type TestStack, type TestTenant } from '../helpers/stack';

const DAY_MS = 86_400_000;

interface Point {
  timestamp: string;
  value: number;
}

/** Period starts worked out independently of the service's code: UTC days, and weeks from Monday. */
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const startOfWeek = (ms: number) => startOfDay(ms) - ((new Date(startOfDay(ms)).getUTCDay() + 6) % 7) * DAY_MS;

/**
 * What the summary must show for a KPI-fed metric, by hand: the points from `from` on, grouped by period, each period's
 * average against the expected value. Later points for a timestamp replace earlier ones, as the KPI keeps them.
 */
function byHand(points: Point[], from: string, startOf: (ms: number) => number, periodMs: number, expected: number) {
  const current = new Map<number, number>();
  for (const p of points) current.set(Date.parse(p.timestamp), p.value);
  const periods = new Map<number, Array<[number, number]>>();
  for (const [at, value] of current) {
    if (at < Date.parse(from)) continue;
    periods.set(startOf(at), [...(periods.get(startOf(at)) ?? []), [at, value]]);
  }
  return [...periods.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, values]) => {
      const avg = values.reduce((sum, [, v]) => sum + v, 0) / values.length;
      return {
        start: new Date(start).toISOString(),
        end: new Date(start + periodMs).toISOString(),
        observed_at: new Date(Math.max(...values.map(([at]) => at))).toISOString(),
        count: values.length,
        avg,
        variance: avg - expected,
        relative: expected === 0 ? null : ((avg - expected) / Math.abs(expected)) * 100,
      };
    });
}

describe("decision outcomes fed by a KPI: actual values from the KPI's points, per period, from the approval on", () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let scenario: { id: string; metrics: Record<string, number> };

  useDecisionOutcomeStack('Outcome KPIs', (context) => ({ stack, tenant, other, scenario } = context));

  const api: TenantApi = (method, path, body, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });
  const completedScenario = (key = tenant.key) => completedStaffingScenario(api, key);
  const draft = (fields: Record<string, unknown> = {}, key = tenant.key, scenarioId = scenario.id) =>
    draftStaffingDecision(api, scenarioId, fields, key);

  /**
   * Fixture only: a draft moved straight to a status (and approval time) the approval workflow would reach, as the
   * table owner, outside the API. The first test walks the real workflow.
   */
  const withStatus = async (
    status: string,
    approvedAt: string | null = '2026-10-15T12:00:00.000Z',
    fields: Record<string, unknown> = {},
    tenantId = tenant.id,
    key = tenant.key,
    scenarioId = scenario.id,
  ) => {
    const { id } = await draft(fields, key, scenarioId);
    await stack.db('decisions').where({ tenant_id: tenantId, id }).update({ status, approved_at: approvedAt });
    return id;
  };

  const createKpi = async (fields: Record<string, unknown> = {}, key = tenant.key) => {
    const created = await api(
      'POST',
      '/kpis',
      { name: 'Service level', direction: 'higher_is_better', target: 0.8, aggregation_period: 'week', ...fields },
      key,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string; name: string };
  };

  const postPoints = async (kpiId: string, points: Point[], key = tenant.key) => {
    const response = await api('POST', `/kpis/${kpiId}/points`, { points }, key);
    assert.equal(response.status, 201, JSON.stringify(response.body));
  };

  const link = (decisionId: string, body: unknown, key = tenant.key) =>
    api('POST', `/decisions/${decisionId}/outcome-kpis`, body, key);

  const linked = async (decisionId: string, body: Record<string, unknown>, key = tenant.key) => {
    const response = await link(decisionId, body, key);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  const summaryOf = async (decisionId: string, metric: string) => {
    const summary = await api('GET', `/decisions/${decisionId}/outcomes/summary`);
    assert.equal(summary.status, 200, JSON.stringify(summary.body));
    return summary.body.metrics.find((m: { metric: string }) => m.metric === metric);
  };

  /** What a write leaves behind in the tenant. */
  const footprint = async (tenantId = tenant.id) => {
    const count = async (table: string) =>
      Number(((await stack.db(table).where('tenant_id', tenantId).count({ n: '*' })) as Array<{ n: string }>)[0]?.n);
    return {
      links: await count('decision_outcome_kpis'),
      outcomes: await count('decision_outcomes'),
      audit: await count('audit_log'),
      events: await count('events'),
    };
  };

  /** The summary's KPI observations reduced to what the hand computation gives. */
  const observed = (metric: {
    observations: Array<{
      period: { start: string; end: string };
      observed_at: string;
      point_count: number;
      actual_value: number;
      variance: number;
      relative_variance_percent: number | null;
    }>;
  }) =>
    metric.observations.map((o) => ({
      start: o.period.start,
      end: o.period.end,
      observed_at: o.observed_at,
      count: o.point_count,
      avg: o.actual_value,
      variance: o.variance,
      relative: o.relative_variance_percent,
    }));

  it('walks the real approval flow, links a KPI, and reads its points from the approval time on, per day, with the variance', async () => {
    const people = await createSignInClient(stack, tenant.key, ['decisions:read', 'decisions:write']);
    const approver = await people.addUser('approver', tenant.id, 'approver');
    const approverToken = await people.signIn(approver.email);
    const policy = await api('POST', '/approval-policies', {
      name: `outcome kpis ${Date.now()}`,
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [approver.id] }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    const kpi = await createKpi({ aggregation_period: 'day' });

    const { id } = await draft();
    assertProblem(await link(id, { metric: 'service_level', kpi_id: kpi.id }), 409, 'decision_not_approved');
    const submitted = await api('POST', `/decisions/${id}/submit`, { approval_policy_id: policy.body.id });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    const pending = await link(id, { metric: 'service_level', kpi_id: kpi.id });
    assertProblem(pending, 409, 'decision_not_approved');
    assert.equal(pending.body.decision_status, 'pending_approval');
    const approvedResponse = await api('POST', `/decisions/${id}/approve`, { expected_step: 1 }, approverToken);
    assert.equal(approvedResponse.status, 200, JSON.stringify(approvedResponse.body));
    assert.equal(approvedResponse.body.status, 'approved');

    // The approval time is stored by the workflow's activity in the transaction of the approval, with its audit record.
    const approvedAt = (await api('GET', `/decisions/${id}/outcomes/summary`)).body.approved_at as string;
    assert.ok(Math.abs(Date.parse(approvedAt) - Date.now()) < 60_000, approvedAt);
    const approvalRecord = await stack
      .db('audit_log')
      .where({ tenant_id: tenant.id, resource_id: id, action: 'decision.approved' })
      .first();
    assert.ok(Math.abs(Date.parse(approvedAt) - new Date(approvalRecord.occurred_at).getTime()) < 5_000);

    const at = (offsetMs: number) => new Date(Date.parse(approvedAt) + offsetMs).toISOString();
    const points: Point[] = [
      { timestamp: at(-3 * DAY_MS), value: 0.1 },
      { timestamp: at(-60_000), value: 0.2 },
      { timestamp: at(60_000), value: 0.75 },
      { timestamp: at(120_000), value: 0.5 },
      { timestamp: at(23 * 3_600_000), value: 0.875 },
    ];
    await postPoints(kpi.id, points);

    const made = await linked(id, { metric: 'service_level', kpi_id: kpi.id }, approverToken);
    const frozen = approvedResponse.body.options[0].scenario_snapshot.metrics.service_level as number;
    assert.equal(typeof frozen, 'number');
    assert.match(made.id, /^okl_[0-9a-z]{26}$/);
    assert.deepEqual(made, {
      id: made.id,
      object: 'decision_outcome_kpi',
      decision_id: id,
      metric: 'service_level',
      kpi_id: kpi.id,
      expected_value: frozen,
      expected_source: 'scenario_snapshot',
      from: approvedAt,
      linked_by: { type: 'user', id: approver.id, via_client: people.client.client_id },
      linked_at: made.linked_at,
    });

    const metric = await summaryOf(id, 'service_level');
    assert.equal(metric.source, 'kpi');
    assert.equal(metric.kpi_id, kpi.id);
    assert.equal(metric.link_id, made.id);
    assert.deepEqual(metric.kpi, { name: kpi.name, unit: null, aggregation_period: 'day' });
    assert.equal(metric.from, approvedAt);
    assert.equal(metric.expected_value, frozen);
    assert.equal(metric.expected_source, 'scenario_snapshot');
    const expected = byHand(points, approvedAt, startOfDay, DAY_MS, frozen);
    assert.ok(
      expected.length >= 1 && expected.reduce((n, p) => n + p.count, 0) === 3,
      'the three points after the approval count, the two before do not',
    );
    assert.deepEqual(observed(metric), expected);
    assert.equal(metric.observation_count, expected.length);
    assert.deepEqual(metric.latest, metric.observations[metric.observations.length - 1]);
    for (const observation of metric.observations) {
      assert.equal(observation.source, 'kpi');
      assert.equal(observation.kpi_id, kpi.id);
      assert.equal(observation.expected_value, frozen);
    }
  });

  it('computes one observation per KPI week from the approval on, exactly as the KPI computes its periods; late and replaced points count on the next read', async () => {
    const approvedAt = '2026-10-15T12:00:00.000Z'; // a Thursday: its week started on Monday 12 October
    const id = await withStatus('approved', approvedAt);
    const kpi = await createKpi({ aggregation_period: 'week' });
    const points: Point[] = [
      { timestamp: '2026-10-01T09:00:00.000Z', value: 999 }, // an earlier week
      { timestamp: '2026-10-14T09:00:00.000Z', value: 100 }, // the approval's week, before it
      { timestamp: '2026-10-15T11:59:59.999Z', value: 100 }, // one millisecond before it
      { timestamp: '2026-10-15T12:00:00.000Z', value: 10 }, // at the approval: counts
      { timestamp: '2026-10-16T08:00:00.000Z', value: 20 },
      { timestamp: '2026-10-19T00:00:00.000Z', value: 30 }, // Monday: the next week
      { timestamp: '2026-10-21T23:59:59.000Z', value: 40 },
      { timestamp: '2026-11-02T10:00:00.000Z', value: 50 }, // a week without points in between
    ];
    await postPoints(kpi.id, points);
    await linked(id, { metric: 'cost_per_call_eur', kpi_id: kpi.id, expected_value: 20 });

    let metric = await summaryOf(id, 'cost_per_call_eur');
    assert.equal(metric.expected_source, 'given');
    assert.deepEqual(observed(metric), [
      {
        start: '2026-10-12T00:00:00.000Z',
        end: '2026-10-19T00:00:00.000Z',
        observed_at: '2026-10-16T08:00:00.000Z',
        count: 2,
        avg: 15,
        variance: -5,
        relative: -25,
      },
      {
        start: '2026-10-19T00:00:00.000Z',
        end: '2026-10-26T00:00:00.000Z',
        observed_at: '2026-10-21T23:59:59.000Z',
        count: 2,
        avg: 35,
        variance: 15,
        relative: 75,
      },
      {
        start: '2026-11-02T00:00:00.000Z',
        end: '2026-11-09T00:00:00.000Z',
        observed_at: '2026-11-02T10:00:00.000Z',
        count: 1,
        avg: 50,
        variance: 30,
        relative: 150,
      },
    ]);
    assert.deepEqual(observed(metric), byHand(points, approvedAt, startOfWeek, 7 * DAY_MS, 20));
    assert.equal(metric.observation_count, 3);
    // The very values the KPI family answers for its weeks counted from the approval.
    const values = await api('GET', `/kpis/${kpi.id}/values?bucket=week&from=${encodeURIComponent(approvedAt)}`);
    assert.equal(values.status, 200, JSON.stringify(values.body));
    assert.deepEqual(
      values.body.data.map((b: { start: string; avg: number; count: number }) => [b.start, b.avg, b.count]),
      metric.observations.map((o: { period: { start: string }; actual_value: number; point_count: number }) => [
        o.period.start,
        o.actual_value,
        o.point_count,
      ]),
    );

    // Late points: one in a week already shown, one replacing a value, one before the approval (changes nothing).
    const late: Point[] = [
      { timestamp: '2026-10-22T12:00:00.000Z', value: 50 },
      { timestamp: '2026-10-16T08:00:00.000Z', value: 0 },
      { timestamp: '2026-10-15T06:00:00.000Z', value: 1000 },
      { timestamp: '2026-10-27T06:00:00.000Z', value: 7.5 },
    ];
    await postPoints(kpi.id, late);
    metric = await summaryOf(id, 'cost_per_call_eur');
    assert.deepEqual(observed(metric), [
      {
        start: '2026-10-12T00:00:00.000Z',
        end: '2026-10-19T00:00:00.000Z',
        observed_at: '2026-10-16T08:00:00.000Z',
        count: 2,
        avg: 5,
        variance: -15,
        relative: -75,
      },
      {
        start: '2026-10-19T00:00:00.000Z',
        end: '2026-10-26T00:00:00.000Z',
        observed_at: '2026-10-22T12:00:00.000Z',
        count: 3,
        avg: 40,
        variance: 20,
        relative: 100,
      },
      {
        start: '2026-10-26T00:00:00.000Z',
        end: '2026-11-02T00:00:00.000Z',
        observed_at: '2026-10-27T06:00:00.000Z',
        count: 1,
        avg: 7.5,
        variance: -12.5,
        relative: -62.5,
      },
      {
        start: '2026-11-02T00:00:00.000Z',
        end: '2026-11-09T00:00:00.000Z',
        observed_at: '2026-11-02T10:00:00.000Z',
        count: 1,
        avg: 50,
        variance: 30,
        relative: 150,
      },
    ]);
    assert.deepEqual(observed(metric), byHand([...points, ...late], approvedAt, startOfWeek, 7 * DAY_MS, 20));
    assert.equal(metric.observation_count, 4);
    assert.equal(metric.latest.period.start, '2026-11-02T00:00:00.000Z');

    // A metric of the chosen option's run takes its expected value from the frozen run; an expected value of 0 has no relative variance.
    const zero = await linked(id, { metric: 'zero_expected', kpi_id: kpi.id, expected_value: 0 });
    assert.equal(zero.expected_source, 'given');
    const zeroMetric = await summaryOf(id, 'zero_expected');
    assert.deepEqual(
      zeroMetric.observations.map((o: { variance: number; relative_variance_percent: null }) => [
        o.variance,
        o.relative_variance_percent,
      ]),
      [
        [5, null],
        [40, null],
        [7.5, null],
        [50, null],
      ],
    );
  });

  it('shows the latest 100 periods and counts them all; a KPI without points since the approval shows none; a deleted KPI shows none', async () => {
    const id = await withStatus('approved', '2026-01-01T00:00:00.000Z');
    const daily = await createKpi({ aggregation_period: 'day' });
    const points = Array.from({ length: 130 }, (_, i) => ({
      timestamp: new Date(Date.parse('2026-01-01T06:00:00.000Z') + i * DAY_MS).toISOString(),
      value: i,
    }));
    await postPoints(daily.id, points);
    await linked(id, { metric: 'daily', kpi_id: daily.id, expected_value: 10 });
    const metric = await summaryOf(id, 'daily');
    assert.equal(metric.observation_count, 130);
    assert.equal(metric.observations.length, 100);
    assert.equal(metric.observations[0].period.start, '2026-01-31T00:00:00.000Z');
    assert.equal(metric.observations[0].actual_value, 30);
    assert.equal(metric.latest.actual_value, 129);

    const empty = await createKpi();
    await postPoints(empty.id, [{ timestamp: '2025-12-31T23:59:59.999Z', value: 1 }]);
    await linked(id, { metric: 'empty', kpi_id: empty.id, expected_value: 1 });
    const emptyMetric = await summaryOf(id, 'empty');
    assert.deepEqual([emptyMetric.observation_count, emptyMetric.observations, emptyMetric.latest], [0, [], null]);
    assert.equal(emptyMetric.kpi.name, empty.name);

    const gone = await createKpi();
    await postPoints(gone.id, [{ timestamp: '2026-02-01T00:00:00.000Z', value: 1 }]);
    await linked(id, { metric: 'gone', kpi_id: gone.id, expected_value: 1 });
    assert.equal((await summaryOf(id, 'gone')).observation_count, 1);
    assert.equal((await api('DELETE', `/kpis/${gone.id}`)).status, 204);
    const goneMetric = await summaryOf(id, 'gone');
    assert.deepEqual(
      [goneMetric.kpi, goneMetric.kpi_id, goneMetric.observation_count, goneMetric.latest],
      [null, gone.id, 0, null],
    );
  });

  it('refuses outcomes by hand for a linked metric (409 naming the KPI), and a second link; unlinking brings the outcomes by hand back', async () => {
    const id = await withStatus('implemented');
    const kpi = await createKpi();
    await postPoints(kpi.id, [{ timestamp: '2026-10-20T00:00:00.000Z', value: 8 }]);
    const byHandBefore = await api('POST', `/decisions/${id}/outcomes`, {
      metric: 'scheduled_agents',
      actual_value: 19,
      observed_at: '2026-10-16T00:00:00.000Z',
    });
    assert.equal(byHandBefore.status, 201, JSON.stringify(byHandBefore.body));

    const made = await linked(id, { metric: 'scheduled_agents', kpi_id: kpi.id });
    assert.equal(made.expected_value, scenario.metrics.scheduled_agents);
    let summary = (await api('GET', `/decisions/${id}/outcomes/summary`)).body;
    assert.deepEqual(
      summary.metrics.map((m: { metric: string; source: string }) => [m.metric, m.source]),
      [['scheduled_agents', 'kpi']],
    );
    assert.deepEqual(
      summary.metrics[0].observations.map((o: { actual_value: number }) => o.actual_value),
      [8],
      'the KPI feeds the metric while linked',
    );

    const secondKpi = await createKpi();
    const before = await footprint();
    const refused = await api('POST', `/decisions/${id}/outcomes`, {
      metric: 'scheduled_agents',
      actual_value: 20,
      observed_at: '2026-10-21T00:00:00.000Z',
    });
    assertProblem(refused, 409, 'outcome_metric_fed_by_kpi');
    assert.equal(refused.body.kpi_id, kpi.id);
    assert.equal(refused.body.link_id, made.id);
    assert.equal(refused.body.metric, 'scheduled_agents');
    assert.match(refused.body.detail, new RegExp(`fed by KPI ${kpi.id} \\(link ${made.id}\\)`));
    const correction = await api('POST', `/decisions/${id}/outcomes`, {
      metric: 'scheduled_agents',
      actual_value: 18,
      observed_at: '2026-10-16T00:00:00.000Z',
      supersedes: byHandBefore.body.id,
    });
    assertProblem(correction, 409, 'outcome_metric_fed_by_kpi');
    const second = await link(id, { metric: 'scheduled_agents', kpi_id: secondKpi.id, expected_value: 3 });
    assertProblem(second, 409, 'outcome_metric_fed_by_kpi');
    assert.equal(second.body.link_id, made.id);
    assert.equal(second.body.kpi_id, kpi.id);
    assert.deepEqual(await footprint(), before, 'nothing written by the refusals');
    // Another metric still takes outcomes by hand.
    assert.equal(
      (
        await api('POST', `/decisions/${id}/outcomes`, {
          metric: 'other',
          expected_value: 1,
          actual_value: 2,
          observed_at: '2026-10-21T00:00:00.000Z',
        })
      ).status,
      201,
    );

    // List and read the links.
    const listed = await api('GET', `/decisions/${id}/outcome-kpis`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(listed.body, { data: [made], next_cursor: null });
    assert.deepEqual((await api('GET', `/decisions/${id}/outcome-kpis/${made.id}`)).body, made);

    const removed = await api('DELETE', `/decisions/${id}/outcome-kpis/${made.id}`);
    assert.equal(removed.status, 204);
    assertProblem(await api('GET', `/decisions/${id}/outcome-kpis/${made.id}`), 404, 'resource_not_found');
    assertProblem(await api('DELETE', `/decisions/${id}/outcome-kpis/${made.id}`), 404, 'resource_not_found');
    summary = (await api('GET', `/decisions/${id}/outcomes/summary`)).body;
    const agents = summary.metrics.find((m: { metric: string }) => m.metric === 'scheduled_agents');
    assert.equal(agents.source, 'outcomes');
    assert.deepEqual(
      agents.observations.map((o: { outcome_id: string }) => o.outcome_id),
      [byHandBefore.body.id],
      'the outcome recorded before the link shows again',
    );
    assert.equal(
      (
        await api('POST', `/decisions/${id}/outcomes`, {
          metric: 'scheduled_agents',
          actual_value: 20,
          observed_at: '2026-10-21T00:00:00.000Z',
        })
      ).status,
      201,
    );
    // Linked again: a new link, the KPI feeds it again.
    const again = await linked(id, { metric: 'scheduled_agents', kpi_id: kpi.id, expected_value: 10 });
    assert.notEqual(again.id, made.id);
    assert.equal((await summaryOf(id, 'scheduled_agents')).source, 'kpi');
  });

  it('refuses bad input per field with 422 naming it, and writes nothing', async () => {
    const id = await withStatus('approved');
    const noScenario = await withStatus('approved', '2026-10-15T12:00:00.000Z', {
      options: [{ label: 'A' }, { label: 'B' }],
    });
    const kpi = await createKpi();
    const theirKpi = await createKpi({}, other.key);
    const deletedKpi = await createKpi();
    assert.equal((await api('DELETE', `/kpis/${deletedKpi.id}`)).status, 204);
    const valid = { metric: 'service_level', kpi_id: kpi.id };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ...invalidMetricNames.map((metric): [string, Record<string, unknown>, string] => [
        id,
        { ...valid, metric },
        '/metric',
      ]),
      [id, { kpi_id: kpi.id }, '/metric'],
      [id, { metric: 'service_level' }, '/kpi_id'],
      [id, { ...valid, kpi_id: 12 }, '/kpi_id'],
      [id, { ...valid, kpi_id: '' }, '/kpi_id'],
      [id, { ...valid, kpi_id: 'k'.repeat(41) }, '/kpi_id'],
      [id, { ...valid, kpi_id: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' }, '/kpi_id'],
      [id, { ...valid, kpi_id: theirKpi.id }, '/kpi_id'],
      [id, { ...valid, kpi_id: deletedKpi.id }, '/kpi_id'],
      [id, { ...valid, kpi_id: scenario.id }, '/kpi_id'],
      [id, { ...valid, expected_value: '1' }, '/expected_value'],
      [id, { ...valid, expected_value: null }, '/expected_value'],
      [id, { ...valid, expected_value: 1e16 }, '/expected_value'],
      [id, { ...valid, expected_value: true }, '/expected_value'],
      [id, { ...valid, unknown_field: 1 }, '/unknown_field'],
      // No expected value given, and none to default to: the run has no such metric, or there is no linked run.
      [id, { ...valid, metric: 'not_a_metric_of_the_run' }, '/expected_value'],
      [noScenario, valid, '/expected_value'],
    ];
    const before = await footprint();
    for (const [decisionId, body, pointer] of cases) {
      const response = await link(decisionId, body);
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: { path: string }) => e.path === pointer),
        `${JSON.stringify(body).slice(0, 120)}: expected an error at ${pointer}, got ${JSON.stringify(response.body.errors)}`,
      );
    }
    // Another tenant's KPI answers exactly like one that does not exist.
    for (const kpiId of [theirKpi.id, 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k', deletedKpi.id]) {
      assert.deepEqual((await link(id, { ...valid, kpi_id: kpiId })).body.errors, [
        { path: '/kpi_id', message: `no KPI "${kpiId}" exists` },
      ]);
    }
    const both = await link(id, { metric: 'not_a_metric_of_the_run', kpi_id: theirKpi.id });
    assert.deepEqual(
      both.body.errors.map((e: { path: string }) => e.path),
      ['/kpi_id', '/expected_value'],
      'every field at once',
    );
    assert.match(both.body.errors[1].message, /no numeric metric "not_a_metric_of_the_run" \(it has: .*service_level/);
    assertProblem(
      await call(stack.baseUrl, 'POST', `/api/v1/decisions/${id}/outcome-kpis`, {
        key: tenant.key,
        rawBody: '{"metric":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'malformed_json',
    );
    assertProblem(await api('GET', `/decisions/${id}/outcome-kpis?limit=0`), 400, 'invalid_parameters');
    assertProblem(await api('GET', `/decisions/${id}/outcome-kpis?cursor=bm90LWEtY3Vyc29y`), 400, 'invalid_cursor');
    assert.deepEqual(await footprint(), before, 'nothing written by a refused request');
  });

  it('links and unlinks only while the decision is approved or implemented, and needs decisions:write', async () => {
    const kpi = await createKpi();
    const before = await footprint();
    for (const status of [
      'draft',
      'pending_approval',
      'changes_requested',
      'rejected',
      'withdrawn',
      'expired',
      'closed',
    ]) {
      const id = await withStatus(status, null);
      const start = await footprint();
      const response = await link(id, { metric: 'service_level', kpi_id: kpi.id });
      assertProblem(response, 409, 'decision_not_approved');
      assert.equal(response.body.decision_status, status);
      assert.deepEqual(await footprint(), start, `nothing written for a ${status} decision`);
      assert.deepEqual((await api('GET', `/decisions/${id}/outcome-kpis`)).body, { data: [], next_cursor: null });
    }
    assert.equal((await footprint()).links, before.links);

    // A link made while approved stays once the decision is closed (its summary keeps reading the KPI), but cannot be removed.
    const id = await withStatus('approved');
    const made = await linked(id, { metric: 'service_level', kpi_id: kpi.id });
    await stack.db('decisions').where({ tenant_id: tenant.id, id }).update({ status: 'closed' });
    const start = await footprint();
    const refused = await api('DELETE', `/decisions/${id}/outcome-kpis/${made.id}`);
    assertProblem(refused, 409, 'decision_not_approved');
    assert.deepEqual(await footprint(), start);
    assert.equal((await summaryOf(id, 'service_level')).source, 'kpi');

    const reader = await api('POST', '/api-keys', { name: 'reader', scopes: ['decisions:read'] });
    assert.equal(reader.status, 201, JSON.stringify(reader.body));
    const approved = await withStatus('approved');
    assertProblem(
      await link(approved, { metric: 'service_level', kpi_id: kpi.id }, reader.body.key),
      403,
      'insufficient_scope',
    );
    const readable = await linked(approved, { metric: 'service_level', kpi_id: kpi.id });
    assert.equal((await api('GET', `/decisions/${approved}/outcome-kpis`, undefined, reader.body.key)).status, 200);
    assert.equal((await api('GET', `/decisions/${approved}/outcomes/summary`, undefined, reader.body.key)).status, 200);
    assertProblem(
      await api('DELETE', `/decisions/${approved}/outcome-kpis/${readable.id}`, undefined, reader.body.key),
      403,
      'insufficient_scope',
    );
  });

  it("answers 404 for another tenant's decision and link ids on every endpoint, and 422 for another tenant's KPI in the body", async () => {
    const id = await withStatus('approved');
    const kpi = await createKpi();
    const made = await linked(id, { metric: 'service_level', kpi_id: kpi.id });
    const sibling = await withStatus('approved');
    const { id: deletedDraft } = await draft();
    assert.equal((await api('DELETE', `/decisions/${deletedDraft}`)).status, 204);
    await stack.db('decisions').where({ tenant_id: tenant.id, id: deletedDraft }).update({ status: 'approved' });

    const before = await footprint();
    const otherBefore = await footprint(other.id);
    const decisionProbes: Array<[string, string]> = [
      [id, other.key],
      [deletedDraft, tenant.key],
      ['dec_01jd2x0m3f8q4w7e5r6t9y2v1k', tenant.key],
      ['not-an-id', tenant.key],
    ];
    for (const [decisionId, key] of decisionProbes) {
      const responses = [
        await link(decisionId, { metric: 'x', kpi_id: kpi.id, expected_value: 1 }, key),
        await api('GET', `/decisions/${decisionId}/outcome-kpis`, undefined, key),
        await api('GET', `/decisions/${decisionId}/outcome-kpis/${made.id}`, undefined, key),
        await api('DELETE', `/decisions/${decisionId}/outcome-kpis/${made.id}`, undefined, key),
        await api('GET', `/decisions/${decisionId}/outcomes/summary`, undefined, key),
      ];
      for (const response of responses) {
        assertProblem(response, 404, 'resource_not_found');
        assert.equal(response.body.detail, `No decision with id "${decisionId}" exists.`);
      }
    }
    // A link id of another decision (or of nothing, or of another kind) answers like a missing link.
    for (const linkId of [made.id, 'okl_01jd2x0m3f8q4w7e5r6t9y2v1k', kpi.id, 'nope']) {
      for (const response of [
        await api('GET', `/decisions/${sibling}/outcome-kpis/${linkId}`),
        await api('DELETE', `/decisions/${sibling}/outcome-kpis/${linkId}`),
      ]) {
        assertProblem(response, 404, 'resource_not_found');
        assert.equal(response.body.detail, `No outcome KPI link with id "${linkId}" exists.`);
      }
    }
    assert.deepEqual(await footprint(), before);

    // The other tenant's own approved decision cannot link this tenant's KPI: 422 exactly like a missing one.
    const theirs = await withStatus(
      'approved',
      '2026-10-15T12:00:00.000Z',
      {},
      other.id,
      other.key,
      (await completedScenario(other.key)).id,
    );
    const refused = await link(theirs, { metric: 'service_level', kpi_id: kpi.id }, other.key);
    assertProblem(refused, 422, 'validation_failed');
    assert.deepEqual(refused.body.errors, [{ path: '/kpi_id', message: `no KPI "${kpi.id}" exists` }]);
    assert.deepEqual((await api('GET', `/decisions/${theirs}/outcome-kpis`, undefined, other.key)).body, {
      data: [],
      next_cursor: null,
    });
    const otherAfter = await footprint(other.id);
    assert.equal(otherAfter.links, otherBefore.links);
    assert.deepEqual(
      (await api('GET', `/decisions/${id}/outcome-kpis`)).body.data,
      [made],
      "this tenant's link is untouched",
    );
  });

  it('appends the link and the unlink to the audit log and emits their events, in the same transaction', async () => {
    const id = await withStatus('approved');
    const kpi = await createKpi();
    const before = await footprint();
    const made = await linked(id, { metric: 'handled_calls', kpi_id: kpi.id, expected_value: 1200 });
    assert.deepEqual(await footprint(), {
      ...before,
      links: before.links + 1,
      audit: before.audit + 1,
      events: before.events + 1,
    });
    assert.equal((await api('DELETE', `/decisions/${id}/outcome-kpis/${made.id}`)).status, 204);
    assert.deepEqual(await footprint(), { ...before, audit: before.audit + 2, events: before.events + 2 });

    const payload = {
      link_id: made.id,
      metric: 'handled_calls',
      kpi_id: kpi.id,
      expected_value: 1200,
      expected_source: 'given',
      linked_at: made.linked_at,
    };
    for (const action of ['decision.outcome_kpi_linked', 'decision.outcome_kpi_unlinked']) {
      const records = await stack.db('audit_log').where({ tenant_id: tenant.id, action, resource_id: id });
      assert.equal(records.length, 1, action);
      assert.equal(records[0].resource_type, 'decision');
      assert.deepEqual(records[0].actor, { type: 'api_key', id: tenant.keyId });
      assert.deepEqual(records[0].payload, payload);
    }
    const verification = await inTenantTransaction(stack.db, tenant.id, (scope) => verifyAuditChain(scope));
    assert.equal(verification.verified, true);
    const history = await api('GET', `/decisions/${id}/history`);
    assert.equal(history.status, 200, JSON.stringify(history.body));
    assert.deepEqual(
      history.body.data.slice(0, 2).map((h: { action: string }) => h.action),
      ['decision.outcome_kpi_unlinked', 'decision.outcome_kpi_linked'],
    );

    for (const type of ['decision.outcome_kpi.linked', 'decision.outcome_kpi.unlinked']) {
      const events = await api('GET', `/events?type=${type}&limit=100`);
      const event = events.body.data.find((e: { data: { link: { id: string } } }) => e.data.link.id === made.id);
      assert.ok(event, `${type} was emitted`);
      assert.deepEqual(event.data, {
        decision: { id, title: 'Support desk staffing', status: 'approved' },
        link: {
          id: made.id,
          metric: 'handled_calls',
          kpi_id: kpi.id,
          expected_value: 1200,
          expected_source: 'given',
          linked_at: made.linked_at,
        },
        actor: { type: 'api_key', id: tenant.keyId },
      });
    }
    const catalogue = JSON.stringify((await api('GET', '/webhooks/event-types')).body);
    assert.ok(
      catalogue.includes('decision.outcome_kpi.linked') && catalogue.includes('decision.outcome_kpi.unlinked'),
      'the event types are in the published catalogue',
    );
  });
});
