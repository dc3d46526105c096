import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestContext } from '../../api/context';
import { createKpiService, type KpiCreate, type KpiPointsInput, type KpiValuesQuery } from '../../api/kpis/service';
import { createModelService } from '../../api/models/service';
import { STAFFING_MODEL_ID as STAFFING } from '../fixtures/model-bodies';
import { asJson, createTenantForTest, errorPaths, rejectsWith, unusedPort, useDatabase, useSandbox } from './harness';

const manualKpi = (fields: Record<string, unknown> = {}) =>
  ({
    name: 'Revenue per head',
    unit: 'EUR',
    direction: 'higher_is_better',
    target: 50,
    warning_threshold: { percent: 10 },
    critical_threshold: { value: 30 },
    aggregation_period: 'day',
    tags: ['finance'],
    ...fields,
  }) as KpiCreate;

/** KPIs' rules: thresholds that contradict, references that do not resolve, buckets, replacements, status and trend. */
describe('KPIs (use cases)', () => {
  const db = useDatabase();
  const engines = useSandbox();
  const kpis = () => {
    const { sandbox, catalogue } = engines();
    return createKpiService({
      db: db(),
      models: createModelService({ db: db(), catalogue, sandbox, releaseReviews: () => unusedPort('releaseReviews') }),
    });
  };
  const create = async (context: RequestContext, body: KpiCreate) => asJson(await kpis().create(context, body));
  const post = async (context: RequestContext, id: string, body: KpiPointsInput) =>
    asJson(await kpis().recordPoints(context, id, body));
  const events = async (tenantId: string) =>
    (await db()('events').where({ tenant_id: tenantId, type: 'kpi.value.recorded' }).orderBy('sequence')) as Array<{
      data: any;
    }>;

  it('refuses contradictions and bad references with 422 naming the field', async () => {
    const { context } = await createTenantForTest(db());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ warning_threshold: { value: 60 } }, '/warning_threshold'],
      [{ warning_threshold: { value: 45 }, critical_threshold: { value: 48 } }, '/critical_threshold'],
      [
        { direction: 'lower_is_better', warning_threshold: { percent: 10 }, critical_threshold: { value: 54 } },
        '/critical_threshold',
      ],
      [{ warning_threshold: { low: 40, high: 60 } }, '/warning_threshold/low'],
      [{ warning_threshold: { value: 40, percent: 5 } }, '/warning_threshold'],
      [{ direction: 'target_band', target: 50 }, '/target'],
      [
        {
          direction: 'target_band',
          target: { low: 10, high: 20 },
          warning_threshold: { low: 12, high: 25 },
          critical_threshold: null,
        },
        '/warning_threshold',
      ],
      [
        {
          direction: 'target_band',
          target: { low: 10, high: 20 },
          warning_threshold: { value: 5 },
          critical_threshold: null,
        },
        '/warning_threshold/value',
      ],
      [{ direction: 'target_band', target: { low: 30, high: 20 } }, '/target/low'],
      [{ owner_id: 'usr_01jd2x0m3f8q4w7e5r6t9y2v1k' }, '/owner_id'],
      [{ source: { type: 'model_output', model_id: STAFFING, metric: 'no_such_metric' } }, '/source/metric'],
      [
        { source: { type: 'model_output', model_id: 'mdl_01jd2x0m3f8q4w7e5r6t9y2v1k', metric: 'x' } },
        '/source/model_id',
      ],
      [{ source: { type: 'dataset', dataset: 'employees', metric: { function: 'avg' } } }, '/source/metric/field'],
      [
        { source: { type: 'dataset', dataset: 'employees', metric: { function: 'percentile', field: 'salary' } } },
        '/source/metric/percentile',
      ],
    ];
    for (const [fields, field] of cases) {
      const refused = await rejectsWith(kpis().create(context, manualKpi(fields)), 422, 'validation_failed');
      assert.ok(
        errorPaths(refused).includes(field),
        `${JSON.stringify(fields)} → expected ${field}, got ${JSON.stringify(refused.extras.errors)}`,
      );
    }
    // Valid band KPI with relative thresholds: the band widens by a share of its width.
    const band = await create(
      context,
      manualKpi({
        direction: 'target_band',
        target: { low: 10, high: 20 },
        warning_threshold: { percent: 10 },
        critical_threshold: { low: 0, high: 40 },
      }),
    );
    assert.deepEqual(band.thresholds, { warning: { low: 9, high: 21 }, critical: { low: 0, high: 40 } });
    // A dataset source is stored as given (its recomputation: test/api/datasets.test.ts and kpi-datasets.test.ts).
    const dataset = await create(
      context,
      manualKpi({
        source: {
          type: 'dataset',
          dataset: 'employees',
          metric: { function: 'percentile', field: 'salary', percentile: 90 },
          filter: { status: 'active' },
        },
      }),
    );
    assert.deepEqual(dataset.source, {
      type: 'dataset',
      dataset: 'employees',
      metric: { function: 'percentile', field: 'salary', percentile: 90 },
      filter: { status: 'active' },
    });
  });

  it('buckets out-of-order points per day, week, month and quarter (UTC), and replacement keeps history', async () => {
    const tenant = await createTenantForTest(db());
    const { context } = tenant;
    const kpi = await create(context, manualKpi({ target: 25, warning_threshold: null, critical_threshold: null }));
    // Posted out of order, across a week boundary (Sunday → Monday) and a quarter boundary.
    await post(context, kpi.id, {
      points: [
        { timestamp: '2026-04-01T00:00:00Z', value: 60 },
        { timestamp: '2026-03-03T05:00:00Z', value: 30 },
        { timestamp: '2026-03-02T10:00:00Z', value: 10 },
        { timestamp: '2026-03-08T23:59:59Z', value: 40 },
        { timestamp: '2026-03-09T00:00:00Z', value: 50 },
      ],
    });
    await post(context, kpi.id, { timestamp: '2026-03-02T20:00:00+00:00', value: 20, note: 'late' });
    const read = async (query: Partial<KpiValuesQuery>) =>
      asJson(await kpis().values(context, kpi.id, { limit: 20, ...query })) as {
        data: any[];
        next_cursor: string | null;
      };
    const values = async (query: Partial<KpiValuesQuery>) =>
      (await read(query)).data.map((b: any) => [b.start.slice(0, 10), b.count, b.min, b.max, b.avg, b.last]);
    assert.deepEqual(await values({ bucket: 'day' }), [
      ['2026-03-02', 2, 10, 20, 15, 20],
      ['2026-03-03', 1, 30, 30, 30, 30],
      ['2026-03-08', 1, 40, 40, 40, 40],
      ['2026-03-09', 1, 50, 50, 50, 50],
      ['2026-04-01', 1, 60, 60, 60, 60],
    ]);
    assert.deepEqual(await values({ bucket: 'week' }), [
      ['2026-03-02', 4, 10, 40, 25, 40],
      ['2026-03-09', 1, 50, 50, 50, 50],
      ['2026-03-30', 1, 60, 60, 60, 60],
    ]);
    assert.deepEqual(await values({ bucket: 'month' }), [
      ['2026-03-01', 5, 10, 50, 30, 50],
      ['2026-04-01', 1, 60, 60, 60, 60],
    ]);
    assert.deepEqual(await values({ bucket: 'quarter' }), [
      ['2026-01-01', 5, 10, 50, 30, 50],
      ['2026-04-01', 1, 60, 60, 60, 60],
    ]);
    // A range that starts and ends inside days counts only the points inside it.
    assert.deepEqual(await values({ bucket: 'week', from: '2026-03-02T15:00:00Z', to: '2026-03-08T23:59:59Z' }), [
      ['2026-03-02', 2, 20, 30, 25, 30],
    ]);
    assert.deepEqual(await values({ bucket: 'day', from: '2026-03-02T15:00:00Z', to: '2026-03-02T21:00:00Z' }), [
      ['2026-03-02', 1, 20, 20, 20, 20],
    ]);
    // Bucket pages continue where the last one stopped.
    const page1 = await read({ bucket: 'day', limit: 2 });
    assert.deepEqual(
      page1.data.map((b: any) => b.start),
      ['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'],
    );
    assert.equal(page1.data[0].end, '2026-03-03T00:00:00.000Z');
    const page2 = await read({ bucket: 'day', limit: 2, cursor: page1.next_cursor ?? undefined });
    assert.deepEqual(
      page2.data.map((b: any) => b.start),
      ['2026-03-08T00:00:00.000Z', '2026-03-09T00:00:00.000Z'],
    );

    // Replacing a point: the bucket uses the new value, the history keeps the old one.
    const replaced = await post(context, kpi.id, {
      timestamp: '2026-03-03T05:00:00.000Z',
      value: 36,
      note: 'corrected',
    });
    assert.equal(replaced.replaced, 1);
    assert.deepEqual((await values({ bucket: 'day', from: '2026-03-03T00:00:00Z', to: '2026-03-04T00:00:00Z' }))[0], [
      '2026-03-03',
      1,
      36,
      36,
      36,
      36,
    ]);
    assert.deepEqual((await values({ bucket: 'month' }))[0], ['2026-03-01', 5, 10, 50, 31.2, 50]);
    const history = asJson(await kpis().pointHistory(context, kpi.id, '2026-03-03T05:00:00Z')) as any;
    assert.equal(history.current.value, 36);
    assert.equal(history.current.revision, 2);
    assert.equal(history.current.note, 'corrected');
    assert.deepEqual(
      history.revisions.map((r: any) => [r.value, r.revision]),
      [[30, 1]],
    );
    assert.equal((await events(tenant.id)).at(-1)?.data.replaced, 1);
    // The current value is the latest point by timestamp, not the latest posted.
    const got = asJson(await kpis().get(context, kpi.id));
    assert.deepEqual(got.current, { timestamp: '2026-04-01T00:00:00.000Z', value: 60, scenario_id: null });
    await rejectsWith(
      kpis().values(context, kpi.id, { limit: 20, from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }),
      400,
      'invalid_parameters',
    );
  });

  it('reports status against target and a least-squares trend over the last periods', async () => {
    const { context } = await createTenantForTest(db());
    const kpi = await create(context, manualKpi({ aggregation_period: 'day' }));
    await post(context, kpi.id, {
      points: [
        { timestamp: '2026-05-01T08:00:00Z', value: 10 },
        { timestamp: '2026-05-01T18:00:00Z', value: 20 },
        // 2026-05-02 has no points: the gap keeps its place on the x axis.
        { timestamp: '2026-05-03T12:00:00Z', value: 35 },
        { timestamp: '2026-05-04T12:00:00Z', value: 44 },
      ],
    });
    const status = asJson(await kpis().status(context, kpi.id, 4)) as any;
    assert.equal(status.target_status, 'at_risk', '44 is below the warning line 45, above the critical 30');
    // Averages 15 (x=0), 35 (x=2), 44 (x=3): slope = Σ(x−x̄)(y−ȳ)/Σ(x−x̄)² with x̄=5/3, ȳ=94/3.
    const xs = [0, 2, 3];
    const ys = [15, 35, 44];
    const mx = 5 / 3;
    const my = 94 / 3;
    const slope =
      xs.reduce((s, x, i) => s + (x - mx) * ((ys[i] as number) - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    assert.ok(Math.abs(status.trend.slope_per_period - slope) < 1e-9, `${status.trend.slope_per_period} vs ${slope}`);
    assert.equal(status.trend.direction, 'up');
    assert.equal(status.trend.improving, true);
    assert.deepEqual(status.thresholds, { warning: 45, critical: 30 });

    await post(context, kpi.id, { timestamp: '2026-05-05T12:00:00Z', value: 29.5 });
    assert.equal((await kpis().get(context, kpi.id)).target_status, 'off_track');
    await post(context, kpi.id, { timestamp: '2026-05-06T12:00:00Z', value: 45 });
    assert.equal((await kpis().get(context, kpi.id)).target_status, 'on_track', 'on the warning line is not past it');

    // The route's default: GET /kpis/{id}/status without ?periods.
    const defaultPeriods = 6;
    const flat = await create(context, manualKpi({ aggregation_period: 'week' }));
    await post(context, flat.id, {
      points: [
        { timestamp: '2026-05-04T00:00:00Z', value: 100 },
        { timestamp: '2026-05-11T00:00:00Z', value: 100.5 },
      ],
    });
    const flatStatus = asJson(await kpis().status(context, flat.id, defaultPeriods)) as any;
    assert.equal(flatStatus.trend.direction, 'flat');
    assert.equal(flatStatus.trend.periods, 6);
    const empty = await create(context, manualKpi());
    const emptyStatus = asJson(await kpis().status(context, empty.id, defaultPeriods)) as any;
    assert.equal(emptyStatus.target_status, 'no_data');
    assert.equal(emptyStatus.trend.direction, null);
  });
});
