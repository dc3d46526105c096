import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { createModelReviewBoard, publishThroughReview } from '../helpers/model-release';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { discountModelBody, STAFFING_MODEL_ID as STAFFING, staffingInputs } from '../fixtures/model-bodies';

const discountModel = () => discountModelBody('KPI discount policy');

const manualKpi = (fields: Record<string, unknown> = {}) => ({
  name: 'Revenue per head',
  unit: 'EUR',
  direction: 'higher_is_better',
  target: 50,
  warning_threshold: { percent: 10 },
  critical_threshold: { value: 30 },
  aggregation_period: 'day',
  tags: ['finance'],
  ...fields,
});

describe('KPIs: definitions, points, values and automated monitoring of model outputs', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'KPIs' });
    other = await createTestTenant(stack.db, { name: 'Elsewhere' });
  });
  after(async () => stack?.close());

  const api = (method: string, url: string, body?: unknown, key = tenant.key) => call(stack.baseUrl, method, `/api/v1${url}`, { key, body });

  const create = async (body: Record<string, unknown>, key = tenant.key) => {
    const response = await api('POST', '/kpis', body, key);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as { id: string; [field: string]: any };
  };

  const post = async (id: string, body: unknown) => {
    const response = await api('POST', `/kpis/${id}/points`, body);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  const events = async (tenantId = tenant.id) =>
    (await stack.db('events').where({ tenant_id: tenantId, type: 'kpi.value.recorded' }).orderBy('sequence')) as Array<{ data: any }>;

  const pointCount = async (kpiId: string) => Number(((await stack.db('kpi_points').where({ kpi_id: kpiId }).count({ n: '*' })) as Array<{ n: string }>)[0]?.n);

  it('creates, reads, lists with filters, patches and deletes a KPI; thresholds resolve to lines', async () => {
    const member = await api('POST', '/users', { email: `owner-${Date.now()}@example.com`, display_name: 'Owner', role: 'analyst' });
    assert.equal(member.status, 201, JSON.stringify(member.body));
    const kpi = await create(manualKpi({ owner_id: member.body.id }));
    assert.match(kpi.id, /^kpi_/);
    assert.equal(kpi.status, 'active');
    assert.deepEqual(kpi.source, { type: 'manual' });
    assert.deepEqual(kpi.thresholds, { warning: 45, critical: 30 });
    assert.equal(kpi.current, null);
    assert.equal(kpi.target_status, 'no_data');

    const paused = await create(manualKpi({ name: 'Paused one', status: 'paused', tags: ['ops'] }));
    const byStatus = await api('GET', '/kpis?status=paused');
    assert.ok(byStatus.body.data.some((k: any) => k.id === paused.id));
    assert.ok(!byStatus.body.data.some((k: any) => k.id === kpi.id));
    const byTag = await api('GET', '/kpis?tag=ops');
    assert.deepEqual(byTag.body.data.map((k: any) => k.id), [paused.id]);
    const byOwner = await api('GET', `/kpis?owner_id=${member.body.id}`);
    assert.deepEqual(byOwner.body.data.map((k: any) => k.id), [kpi.id]);
    // Cursor paging, newest first.
    const first = await api('GET', '/kpis?limit=1');
    assert.equal(first.body.data[0].id, paused.id);
    const second = await api('GET', `/kpis?limit=1&cursor=${first.body.next_cursor}`);
    assert.equal(second.body.data[0].id, kpi.id);

    const patched = await api('PATCH', `/kpis/${kpi.id}`, { direction: 'lower_is_better', target: 10, warning_threshold: { value: 12 }, critical_threshold: { percent: 50 } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(patched.body.thresholds, { warning: 12, critical: 15 });
    // A direction that contradicts the stored thresholds is refused, naming the threshold.
    const flipped = await api('PATCH', `/kpis/${kpi.id}`, { direction: 'higher_is_better' });
    assertProblem(flipped, 422, 'validation_failed');
    assert.equal(flipped.body.errors[0].path, '/warning_threshold');

    const archived = await api('PATCH', `/kpis/${kpi.id}`, { status: 'archived' });
    assert.equal(archived.body.status, 'archived');
    assertProblem(await api('POST', `/kpis/${kpi.id}/points`, { timestamp: '2026-01-01T00:00:00Z', value: 1 }), 409, 'kpi_archived');
    assert.equal((await api('GET', `/kpis/${kpi.id}`)).status, 200, 'archived KPIs stay readable');

    assert.equal((await api('DELETE', `/kpis/${kpi.id}`)).status, 204);
    assertProblem(await api('GET', `/kpis/${kpi.id}`), 404, 'resource_not_found');
    assertProblem(await api('DELETE', `/kpis/${kpi.id}`), 404, 'resource_not_found');
    assert.ok(!(await api('GET', '/kpis?limit=100')).body.data.some((k: any) => k.id === kpi.id));
  });

  it('refuses contradictions and bad references with 422 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ warning_threshold: { value: 60 } }, '/warning_threshold'],
      [{ warning_threshold: { value: 45 }, critical_threshold: { value: 48 } }, '/critical_threshold'],
      [{ direction: 'lower_is_better', warning_threshold: { percent: 10 }, critical_threshold: { value: 54 } }, '/critical_threshold'],
      [{ warning_threshold: { low: 40, high: 60 } }, '/warning_threshold/low'],
      [{ warning_threshold: { value: 40, percent: 5 } }, '/warning_threshold'],
      [{ direction: 'target_band', target: 50 }, '/target'],
      [{ direction: 'target_band', target: { low: 10, high: 20 }, warning_threshold: { low: 12, high: 25 }, critical_threshold: null }, '/warning_threshold'],
      [{ direction: 'target_band', target: { low: 10, high: 20 }, warning_threshold: { value: 5 }, critical_threshold: null }, '/warning_threshold/value'],
      [{ direction: 'target_band', target: { low: 30, high: 20 } }, '/target/low'],
      [{ owner_id: 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k' }, '/owner_id'],
      [{ source: { type: 'model_output', model_id: STAFFING, metric: 'no_such_metric' } }, '/source/metric'],
      [{ source: { type: 'model_output', model_id: 'mdl_01jd2x0m3f8q4w7e5r6t9y2v1k', metric: 'x' } }, '/source/model_id'],
      [{ source: { type: 'dataset', dataset: 'employees', metric: { function: 'avg' } } }, '/source/metric/field'],
      [{ source: { type: 'dataset', dataset: 'employees', metric: { function: 'percentile', field: 'salary' } } }, '/source/metric/percentile'],
    ];
    for (const [fields, field] of cases) {
      const response = await api('POST', '/kpis', manualKpi(fields));
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: { path: string }) => e.path === field),
        `${JSON.stringify(fields)} → expected ${field}, got ${JSON.stringify(response.body.errors)}`,
      );
    }
    // Valid band KPI with relative thresholds: the band widens by a share of its width.
    const band = await create(manualKpi({ direction: 'target_band', target: { low: 10, high: 20 }, warning_threshold: { percent: 10 }, critical_threshold: { low: 0, high: 40 } }));
    assert.deepEqual(band.thresholds, { warning: { low: 9, high: 21 }, critical: { low: 0, high: 40 } });
    // A dataset source is stored as given (its recomputation: test/api/datasets.test.ts and kpi-datasets.test.ts).
    const dataset = await create(manualKpi({ source: { type: 'dataset', dataset: 'employees', metric: { function: 'percentile', field: 'salary', percentile: 90 }, filter: { status: 'active' } } }));
    assert.deepEqual(dataset.source, { type: 'dataset', dataset: 'employees', metric: { function: 'percentile', field: 'salary', percentile: 90 }, filter: { status: 'active' } });
  });

  it('records bulk points all or nothing, with per-item errors and the limit', async () => {
    const kpi = await create(manualKpi());
    const before = (await events()).length;
    const bad = await call(stack.baseUrl, 'POST', `/api/v1/kpis/${kpi.id}/points`, {
      key: tenant.key,
      rawBody: '{"points":[{"timestamp":"2026-01-01T00:00:00Z","value":1},{"timestamp":"2026-01-02T00:00:00Z","value":1e999}]}',
      headers: { 'content-type': 'application/json' },
    });
    assertProblem(bad, 422, 'validation_failed');
    assert.deepEqual(bad.body.errors.map((e: { path: string }) => e.path), ['/points/1/value']);
    const badTimes = await api('POST', `/kpis/${kpi.id}/points`, {
      points: [
        { timestamp: '2026-01-01T00:00:00Z', value: 1 },
        { timestamp: '2026-01-02T00:00:00Z', value: 2 },
        { timestamp: '1969-12-31T23:59:59Z', value: 3 },
        { timestamp: '2026-01-01T00:00:00.000Z', value: 4 },
      ],
    });
    assertProblem(badTimes, 422, 'validation_failed');
    assert.deepEqual(badTimes.body.errors.map((e: { path: string }) => e.path), ['/points/2/timestamp', '/points/3/timestamp']);
    const future = await api('POST', `/kpis/${kpi.id}/points`, { timestamp: new Date(Date.now() + 2 * 86_400_000).toISOString(), value: 1 });
    assertProblem(future, 422, 'validation_failed');
    assert.equal(future.body.errors[0].path, '/timestamp');
    const typed = await api('POST', `/kpis/${kpi.id}/points`, { points: [{ timestamp: '2026-01-01T00:00:00Z', value: 1 }, { timestamp: '2026-01-02T00:00:00Z', value: '2' }] });
    assertProblem(typed, 422, 'validation_failed');
    assert.equal(typed.body.errors[0].path, '/points/1/value');
    const start = Date.UTC(2025, 0, 1);
    const over = Array.from({ length: 10_001 }, (_, i) => ({ timestamp: new Date(start + i * 60_000).toISOString(), value: i }));
    const tooMany = await api('POST', `/kpis/${kpi.id}/points`, { points: over });
    assertProblem(tooMany, 422, 'validation_failed');
    assert.equal(tooMany.body.errors[0].path, '/points');
    assert.equal(await pointCount(kpi.id), 0, 'nothing stored from a refused request');
    assert.equal((await events()).length, before, 'no event for a refused request');

    const recorded = await post(kpi.id, { points: over.slice(0, 10_000) });
    assert.deepEqual(recorded, {
      object: 'kpi_points_recorded',
      kpi_id: kpi.id,
      count: 10_000,
      replaced: 0,
      first_timestamp: over[0]?.timestamp,
      last_timestamp: over[9_999]?.timestamp,
    });
    assert.equal(await pointCount(kpi.id), 10_000);
    const emitted = (await events()).slice(before);
    assert.equal(emitted.length, 1, 'one event per bulk request');
    assert.deepEqual(
      { ...emitted[0]?.data, kpi: emitted[0]?.data.kpi.id },
      { kpi: kpi.id, source: 'api', scenario_id: null, count: 10_000, replaced: 0, first_timestamp: over[0]?.timestamp, last_timestamp: over[9_999]?.timestamp, point: null },
    );
    // Raw values page through every point in order.
    let cursor: string | null = null;
    let seen = 0;
    let last = -1;
    do {
      const page: any = await api('GET', `/kpis/${kpi.id}/values?bucket=raw&limit=4000${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      for (const point of page.body.data) {
        assert.ok(point.value > last);
        last = point.value;
      }
      seen += page.body.data.length;
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.equal(seen, 10_000);
  });

  it('buckets out-of-order points per day, week, month and quarter (UTC), and replacement keeps history', async () => {
    const kpi = await create(manualKpi({ target: 25, warning_threshold: null, critical_threshold: null }));
    // Posted out of order, across a week boundary (Sunday → Monday) and a quarter boundary.
    await post(kpi.id, {
      points: [
        { timestamp: '2026-04-01T00:00:00Z', value: 60 },
        { timestamp: '2026-03-03T05:00:00Z', value: 30 },
        { timestamp: '2026-03-02T10:00:00Z', value: 10 },
        { timestamp: '2026-03-08T23:59:59Z', value: 40 },
        { timestamp: '2026-03-09T00:00:00Z', value: 50 },
      ],
    });
    await post(kpi.id, { timestamp: '2026-03-02T20:00:00+00:00', value: 20, note: 'late' });
    const values = async (query: string) => {
      const response = await api('GET', `/kpis/${kpi.id}/values?${query}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data.map((b: any) => [b.start.slice(0, 10), b.count, b.min, b.max, b.avg, b.last]);
    };
    assert.deepEqual(await values('bucket=day'), [
      ['2026-03-02', 2, 10, 20, 15, 20],
      ['2026-03-03', 1, 30, 30, 30, 30],
      ['2026-03-08', 1, 40, 40, 40, 40],
      ['2026-03-09', 1, 50, 50, 50, 50],
      ['2026-04-01', 1, 60, 60, 60, 60],
    ]);
    assert.deepEqual(await values('bucket=week'), [
      ['2026-03-02', 4, 10, 40, 25, 40],
      ['2026-03-09', 1, 50, 50, 50, 50],
      ['2026-03-30', 1, 60, 60, 60, 60],
    ]);
    assert.deepEqual(await values('bucket=month'), [
      ['2026-03-01', 5, 10, 50, 30, 50],
      ['2026-04-01', 1, 60, 60, 60, 60],
    ]);
    assert.deepEqual(await values('bucket=quarter'), [
      ['2026-01-01', 5, 10, 50, 30, 50],
      ['2026-04-01', 1, 60, 60, 60, 60],
    ]);
    // A range that starts and ends inside days counts only the points inside it.
    assert.deepEqual(await values('bucket=week&from=2026-03-02T15:00:00Z&to=2026-03-08T23:59:59Z'), [['2026-03-02', 2, 20, 30, 25, 30]]);
    assert.deepEqual(await values('bucket=day&from=2026-03-02T15:00:00Z&to=2026-03-02T21:00:00Z'), [['2026-03-02', 1, 20, 20, 20, 20]]);
    // Bucket pages continue where the last one stopped.
    const page1 = await api('GET', `/kpis/${kpi.id}/values?bucket=day&limit=2`);
    assert.deepEqual(page1.body.data.map((b: any) => b.start), ['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
    assert.equal(page1.body.data[0].end, '2026-03-03T00:00:00.000Z');
    const page2 = await api('GET', `/kpis/${kpi.id}/values?bucket=day&limit=2&cursor=${page1.body.next_cursor}`);
    assert.deepEqual(page2.body.data.map((b: any) => b.start), ['2026-03-08T00:00:00.000Z', '2026-03-09T00:00:00.000Z']);

    // Replacing a point: the bucket uses the new value, the history keeps the old one.
    const replaced = await post(kpi.id, { timestamp: '2026-03-03T05:00:00.000Z', value: 36, note: 'corrected' });
    assert.equal(replaced.replaced, 1);
    assert.deepEqual((await values('bucket=day&from=2026-03-03T00:00:00Z&to=2026-03-04T00:00:00Z'))[0], ['2026-03-03', 1, 36, 36, 36, 36]);
    assert.deepEqual((await values('bucket=month'))[0], ['2026-03-01', 5, 10, 50, 31.2, 50]);
    const history = await api('GET', `/kpis/${kpi.id}/points?timestamp=2026-03-03T05:00:00Z`);
    assert.equal(history.status, 200, JSON.stringify(history.body));
    assert.equal(history.body.current.value, 36);
    assert.equal(history.body.current.revision, 2);
    assert.equal(history.body.current.note, 'corrected');
    assert.deepEqual(history.body.revisions.map((r: any) => [r.value, r.revision]), [[30, 1]]);
    assert.equal((await events()).at(-1)?.data.replaced, 1);
    // The current value is the latest point by timestamp, not the latest posted.
    const got = await api('GET', `/kpis/${kpi.id}`);
    assert.deepEqual(got.body.current, { timestamp: '2026-04-01T00:00:00.000Z', value: 60, scenario_id: null });
    assertProblem(await api('GET', `/kpis/${kpi.id}/values?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z`), 400, 'invalid_parameters');
  });

  it('reports status against target and a least-squares trend over the last periods', async () => {
    const kpi = await create(manualKpi({ aggregation_period: 'day' }));
    await post(kpi.id, {
      points: [
        { timestamp: '2026-05-01T08:00:00Z', value: 10 },
        { timestamp: '2026-05-01T18:00:00Z', value: 20 },
        // 2026-05-02 has no points: the gap keeps its place on the x axis.
        { timestamp: '2026-05-03T12:00:00Z', value: 35 },
        { timestamp: '2026-05-04T12:00:00Z', value: 44 },
      ],
    });
    const status = await api('GET', `/kpis/${kpi.id}/status?periods=4`);
    assert.equal(status.status, 200, JSON.stringify(status.body));
    assert.equal(status.body.target_status, 'at_risk', '44 is below the warning line 45, above the critical 30');
    // Averages 15 (x=0), 35 (x=2), 44 (x=3): slope = Σ(x−x̄)(y−ȳ)/Σ(x−x̄)² with x̄=5/3, ȳ=94/3.
    const xs = [0, 2, 3];
    const ys = [15, 35, 44];
    const mx = 5 / 3;
    const my = 94 / 3;
    const slope = xs.reduce((s, x, i) => s + (x - mx) * ((ys[i] as number) - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    assert.ok(Math.abs(status.body.trend.slope_per_period - slope) < 1e-9, `${status.body.trend.slope_per_period} vs ${slope}`);
    assert.equal(status.body.trend.direction, 'up');
    assert.equal(status.body.trend.improving, true);
    assert.deepEqual(status.body.thresholds, { warning: 45, critical: 30 });

    await post(kpi.id, { timestamp: '2026-05-05T12:00:00Z', value: 29.5 });
    assert.equal((await api('GET', `/kpis/${kpi.id}`)).body.target_status, 'off_track');
    await post(kpi.id, { timestamp: '2026-05-06T12:00:00Z', value: 45 });
    assert.equal((await api('GET', `/kpis/${kpi.id}`)).body.target_status, 'on_track', 'on the warning line is not past it');

    const flat = await create(manualKpi({ aggregation_period: 'week' }));
    await post(flat.id, { points: [{ timestamp: '2026-05-04T00:00:00Z', value: 100 }, { timestamp: '2026-05-11T00:00:00Z', value: 100.5 }] });
    const flatStatus = await api('GET', `/kpis/${flat.id}/status`);
    assert.equal(flatStatus.body.trend.direction, 'flat');
    assert.equal(flatStatus.body.trend.periods, 6);
    const empty = await create(manualKpi());
    const emptyStatus = await api('GET', `/kpis/${empty.id}/status`);
    assert.equal(emptyStatus.body.target_status, 'no_data');
    assert.equal(emptyStatus.body.trend.direction, null);
  });

  it('records a point from every completed scenario of the linked model (with the tag), carrying the scenario id', async () => {
    const linked = await create(manualKpi({ name: 'Service level', target: 0.8, warning_threshold: null, critical_threshold: null, source: { type: 'model_output', model_id: STAFFING, metric: 'service_level', scenario_tag: 'daily' } }));
    const untagged = await create(manualKpi({ name: 'Occupancy', direction: 'lower_is_better', target: 0.9, warning_threshold: null, critical_threshold: null }));
    const model = await api('POST', '/models', discountModel());
    assert.equal(model.status, 201, JSON.stringify(model.body));
    await publishThroughReview(stack, tenant, await createModelReviewBoard(stack, tenant), model.body.id, '1', { tier: 'gold', quantity: 10 });
    const nonNumeric = await api('PUT', `/kpis/${untagged.id}/source`, { type: 'model_output', model_id: model.body.id, metric: 'segment' });
    assertProblem(nonNumeric, 422, 'validation_failed');
    assert.equal(nonNumeric.body.errors[0].path, '/metric');
    const link = await api('PUT', `/kpis/${untagged.id}/source`, { type: 'model_output', model_id: STAFFING, metric: 'occupancy' });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    assert.deepEqual(link.body.source, { type: 'model_output', model_id: STAFFING, metric: 'occupancy', scenario_tag: null });

    const before = (await events()).length;
    const run = async (body: Record<string, unknown>) => {
      const response = await api('POST', '/scenarios', body);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.status, 'completed');
      return response.body as { id: string; metrics: Record<string, number>; completed_at: string };
    };
    const tagged = await run({ model_id: STAFFING, inputs: staffingInputs, tags: ['daily'] });
    const plain = await run({ model_id: STAFFING, inputs: { ...staffingInputs, arrival_rate_per_hour: 150 } });
    await run({ model_id: model.body.id, inputs: { tier: 'gold', quantity: 10 }, tags: ['daily'] });

    const raw = async (id: string) => (await api('GET', `/kpis/${id}/values?bucket=raw`)).body.data as Array<{ value: number; scenario_id: string; timestamp: string }>;
    const linkedPoints = await raw(linked.id);
    assert.deepEqual(linkedPoints.map((p) => [p.scenario_id, p.value]), [[tagged.id, tagged.metrics.service_level]]);
    assert.equal(linkedPoints[0]?.timestamp, tagged.completed_at);
    assert.deepEqual((await raw(untagged.id)).map((p) => [p.scenario_id, p.value]), [
      [tagged.id, tagged.metrics.occupancy],
      [plain.id, plain.metrics.occupancy],
    ]);
    const emitted = (await events()).slice(before);
    assert.equal(emitted.length, 3, 'one event per automatic point');
    assert.ok(emitted.every((e) => e.data.source === 'scenario' && e.data.count === 1 && e.data.point.scenario_id === e.data.scenario_id));

    // Unlinked (and archived) KPIs record nothing more.
    const unlinked = await api('DELETE', `/kpis/${untagged.id}/source`);
    assert.deepEqual(unlinked.body.source, { type: 'manual' });
    await api('PATCH', `/kpis/${linked.id}`, { status: 'archived' });
    await run({ model_id: STAFFING, inputs: staffingInputs, tags: ['daily'] });
    assert.equal((await raw(linked.id)).length, 1);
    assert.equal((await raw(untagged.id)).length, 2);
  });

  it('answers 404 for another tenant\'s KPI on every endpoint, and treats its ids in bodies as unknown', async () => {
    const theirs = await create(manualKpi(), other.key);
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `/kpis/${theirs.id}`],
      ['PATCH', `/kpis/${theirs.id}`, { name: 'x' }],
      ['DELETE', `/kpis/${theirs.id}`],
      ['PUT', `/kpis/${theirs.id}/source`, { type: 'manual' }],
      ['DELETE', `/kpis/${theirs.id}/source`],
      ['POST', `/kpis/${theirs.id}/points`, { timestamp: '2026-01-01T00:00:00Z', value: 1 }],
      ['GET', `/kpis/${theirs.id}/points?timestamp=2026-01-01T00:00:00Z`],
      ['GET', `/kpis/${theirs.id}/values`],
      ['GET', `/kpis/${theirs.id}/status`],
      ['GET', '/kpis/kpi_not-an-id'],
      ['GET', '/kpis/scn_01jd2x0m3f8q4w7e5r6t9y2v1k'],
    ];
    for (const [method, url, body] of probes) assertProblem(await api(method, url, body), 404, 'resource_not_found');
    assert.ok(!(await api('GET', '/kpis?limit=100')).body.data.some((k: any) => k.id === theirs.id));
    assert.equal(await pointCount(theirs.id), 0);

    // Their member as owner, their model as source: exactly like ids that do not exist.
    const theirMember = await api('POST', '/users', { email: `theirs-${Date.now()}@example.com`, display_name: 'Theirs', role: 'viewer' }, other.key);
    const theirModel = await api('POST', '/models', discountModel(), other.key);
    const owner = await api('POST', '/kpis', manualKpi({ owner_id: theirMember.body.id }));
    assertProblem(owner, 422, 'validation_failed');
    assert.equal(owner.body.errors[0].path, '/owner_id');
    const source = await api('POST', '/kpis', manualKpi({ source: { type: 'model_output', model_id: theirModel.body.id, metric: 'discount.rate' } }));
    assertProblem(source, 422, 'validation_failed');
    assert.deepEqual(source.body.errors, [{ path: '/source/model_id', message: `no model "${theirModel.body.id}" exists` }]);
    // Their scenarios of the same built-in model feed only their KPIs.
    const mine = await create(manualKpi({ target: 0.8, warning_threshold: null, critical_threshold: null, source: { type: 'model_output', model_id: STAFFING, metric: 'service_level' } }));
    const theirRun = await api('POST', '/scenarios', { model_id: STAFFING, inputs: staffingInputs }, other.key);
    assert.equal(theirRun.body.status, 'completed');
    assert.equal(await pointCount(mine.id), 0);
  });
});
