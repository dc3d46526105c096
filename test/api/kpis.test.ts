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

  const api = (method: string, url: string, body?: unknown, key = tenant.key) =>
    call(stack.baseUrl, method, `/api/v1${url}`, { key, body });

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
    (await stack.db('events').where({ tenant_id: tenantId, type: 'kpi.value.recorded' }).orderBy('sequence')) as Array<{
      data: any;
    }>;

  const pointCount = async (kpiId: string) =>
    Number(((await stack.db('kpi_points').where({ kpi_id: kpiId }).count({ n: '*' })) as Array<{ n: string }>)[0]?.n);

  it('creates, reads, lists with filters, patches and deletes a KPI; thresholds resolve to lines', async () => {
    const member = await api('POST', '/users', {
      email: `owner-${Date.now()}@example.com`,
      display_name: 'Owner',
      role: 'analyst',
    });
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
    assert.deepEqual(
      byTag.body.data.map((k: any) => k.id),
      [paused.id],
    );
    const byOwner = await api('GET', `/kpis?owner_id=${member.body.id}`);
    assert.deepEqual(
      byOwner.body.data.map((k: any) => k.id),
      [kpi.id],
    );
    // Cursor paging, newest first.
    const first = await api('GET', '/kpis?limit=1');
    assert.equal(first.body.data[0].id, paused.id);
    const second = await api('GET', `/kpis?limit=1&cursor=${first.body.next_cursor}`);
    assert.equal(second.body.data[0].id, kpi.id);

    const patched = await api('PATCH', `/kpis/${kpi.id}`, {
      direction: 'lower_is_better',
      target: 10,
      warning_threshold: { value: 12 },
      critical_threshold: { percent: 50 },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(patched.body.thresholds, { warning: 12, critical: 15 });
    // A direction that contradicts the stored thresholds is refused, naming the threshold.
    const flipped = await api('PATCH', `/kpis/${kpi.id}`, { direction: 'higher_is_better' });
    assertProblem(flipped, 422, 'validation_failed');
    assert.equal(flipped.body.errors[0].path, '/warning_threshold');

    const archived = await api('PATCH', `/kpis/${kpi.id}`, { status: 'archived' });
    assert.equal(archived.body.status, 'archived');
    assertProblem(
      await api('POST', `/kpis/${kpi.id}/points`, { timestamp: '2026-01-01T00:00:00Z', value: 1 }),
      409,
      'kpi_archived',
    );
    assert.equal((await api('GET', `/kpis/${kpi.id}`)).status, 200, 'archived KPIs stay readable');

    assert.equal((await api('DELETE', `/kpis/${kpi.id}`)).status, 204);
    assertProblem(await api('GET', `/kpis/${kpi.id}`), 404, 'resource_not_found');
    assertProblem(await api('DELETE', `/kpis/${kpi.id}`), 404, 'resource_not_found');
    assert.ok(!(await api('GET', '/kpis?limit=100')).body.data.some((k: any) => k.id === kpi.id));
  });

  // Thresholds and references refused, buckets, replacements, status and trend: test/use-cases/kpis.test.ts.
  it('records bulk points all or nothing, with per-item errors and the limit', async () => {
    const kpi = await create(manualKpi());
    const before = (await events()).length;
    const bad = await call(stack.baseUrl, 'POST', `/api/v1/kpis/${kpi.id}/points`, {
      key: tenant.key,
      rawBody:
        '{"points":[{"timestamp":"2026-01-01T00:00:00Z","value":1},{"timestamp":"2026-01-02T00:00:00Z","value":1e999}]}',
      headers: { 'content-type': 'application/json' },
    });
    assertProblem(bad, 422, 'validation_failed');
    assert.deepEqual(
      bad.body.errors.map((e: { path: string }) => e.path),
      ['/points/1/value'],
    );
    const badTimes = await api('POST', `/kpis/${kpi.id}/points`, {
      points: [
        { timestamp: '2026-01-01T00:00:00Z', value: 1 },
        { timestamp: '2026-01-02T00:00:00Z', value: 2 },
        { timestamp: '1969-12-31T23:59:59Z', value: 3 },
        { timestamp: '2026-01-01T00:00:00.000Z', value: 4 },
      ],
    });
    assertProblem(badTimes, 422, 'validation_failed');
    assert.deepEqual(
      badTimes.body.errors.map((e: { path: string }) => e.path),
      ['/points/2/timestamp', '/points/3/timestamp'],
    );
    const future = await api('POST', `/kpis/${kpi.id}/points`, {
      timestamp: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      value: 1,
    });
    assertProblem(future, 422, 'validation_failed');
    assert.equal(future.body.errors[0].path, '/timestamp');
    const typed = await api('POST', `/kpis/${kpi.id}/points`, {
      points: [
        { timestamp: '2026-01-01T00:00:00Z', value: 1 },
        { timestamp: '2026-01-02T00:00:00Z', value: '2' },
      ],
    });
    assertProblem(typed, 422, 'validation_failed');
    assert.equal(typed.body.errors[0].path, '/points/1/value');
    const start = Date.UTC(2025, 0, 1);
    const over = Array.from({ length: 10_001 }, (_, i) => ({
      timestamp: new Date(start + i * 60_000).toISOString(),
      value: i,
    }));
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
      {
        kpi: kpi.id,
        source: 'api',
        scenario_id: null,
        count: 10_000,
        replaced: 0,
        first_timestamp: over[0]?.timestamp,
        last_timestamp: over[9_999]?.timestamp,
        point: null,
      },
    );
    // Raw values page through every point in order.
    let cursor: string | null = null;
    let seen = 0;
    let last = -1;
    do {
      const page: any = await api(
        'GET',
        `/kpis/${kpi.id}/values?bucket=raw&limit=4000${cursor ? `&cursor=${cursor}` : ''}`,
      );
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

  it('records a point from every completed scenario of the linked model (with the tag), carrying the scenario id', async () => {
    const linked = await create(
      manualKpi({
        name: 'Service level',
        target: 0.8,
        warning_threshold: null,
        critical_threshold: null,
        source: { type: 'model_output', model_id: STAFFING, metric: 'service_level', scenario_tag: 'daily' },
      }),
    );
    const untagged = await create(
      manualKpi({
        name: 'Occupancy',
        direction: 'lower_is_better',
        target: 0.9,
        warning_threshold: null,
        critical_threshold: null,
      }),
    );
    const model = await api('POST', '/models', discountModel());
    assert.equal(model.status, 201, JSON.stringify(model.body));
    await publishThroughReview(stack, tenant, await createModelReviewBoard(stack, tenant), model.body.id, '1', {
      tier: 'gold',
      quantity: 10,
    });
    const nonNumeric = await api('PUT', `/kpis/${untagged.id}/source`, {
      type: 'model_output',
      model_id: model.body.id,
      metric: 'segment',
    });
    assertProblem(nonNumeric, 422, 'validation_failed');
    assert.equal(nonNumeric.body.errors[0].path, '/metric');
    const link = await api('PUT', `/kpis/${untagged.id}/source`, {
      type: 'model_output',
      model_id: STAFFING,
      metric: 'occupancy',
    });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    assert.deepEqual(link.body.source, {
      type: 'model_output',
      model_id: STAFFING,
      metric: 'occupancy',
      scenario_tag: null,
    });

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

    const raw = async (id: string) =>
      (await api('GET', `/kpis/${id}/values?bucket=raw`)).body.data as Array<{
        value: number;
        scenario_id: string;
        timestamp: string;
      }>;
    const linkedPoints = await raw(linked.id);
    assert.deepEqual(
      linkedPoints.map((p) => [p.scenario_id, p.value]),
      [[tagged.id, tagged.metrics.service_level]],
    );
    assert.equal(linkedPoints[0]?.timestamp, tagged.completed_at);
    assert.deepEqual(
      (await raw(untagged.id)).map((p) => [p.scenario_id, p.value]),
      [
        [tagged.id, tagged.metrics.occupancy],
        [plain.id, plain.metrics.occupancy],
      ],
    );
    const emitted = (await events()).slice(before);
    assert.equal(emitted.length, 3, 'one event per automatic point');
    assert.ok(
      emitted.every(
        (e) => e.data.source === 'scenario' && e.data.count === 1 && e.data.point.scenario_id === e.data.scenario_id,
      ),
    );

    // Unlinked (and archived) KPIs record nothing more.
    const unlinked = await api('DELETE', `/kpis/${untagged.id}/source`);
    assert.deepEqual(unlinked.body.source, { type: 'manual' });
    await api('PATCH', `/kpis/${linked.id}`, { status: 'archived' });
    await run({ model_id: STAFFING, inputs: staffingInputs, tags: ['daily'] });
    assert.equal((await raw(linked.id)).length, 1);
    assert.equal((await raw(untagged.id)).length, 2);
  });

  it("answers 404 for another tenant's KPI on every endpoint, and treats its ids in bodies as unknown", async () => {
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
    const theirMember = await api(
      'POST',
      '/users',
      { email: `theirs-${Date.now()}@example.com`, display_name: 'Theirs', role: 'viewer' },
      other.key,
    );
    const theirModel = await api('POST', '/models', discountModel(), other.key);
    const owner = await api('POST', '/kpis', manualKpi({ owner_id: theirMember.body.id }));
    assertProblem(owner, 422, 'validation_failed');
    assert.equal(owner.body.errors[0].path, '/owner_id');
    const source = await api(
      'POST',
      '/kpis',
      manualKpi({ source: { type: 'model_output', model_id: theirModel.body.id, metric: 'discount.rate' } }),
    );
    assertProblem(source, 422, 'validation_failed');
    assert.deepEqual(source.body.errors, [
      { path: '/source/model_id', message: `no model "${theirModel.body.id}" exists` },
    ]);
    // Their scenarios of the same built-in model feed only their KPIs.
    const mine = await create(
      manualKpi({
        target: 0.8,
        warning_threshold: null,
        critical_threshold: null,
        source: { type: 'model_output', model_id: STAFFING, metric: 'service_level' },
      }),
    );
    const theirRun = await api('POST', '/scenarios', { model_id: STAFFING, inputs: staffingInputs }, other.key);
    assert.equal(theirRun.body.status, 'completed');
    assert.equal(await pointCount(mine.id), 0);
  });
});
