import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { createSourceDatabase, type SourceDatabase, employeesWarehouseIntegration } from '../helpers/source-database';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Dataset history, as_of, filters, aggregates and scenario input bindings, on an employees dataset written by three
 * real full syncs from a Postgres source: the first inserts five employees, the second changes one salary and adds a
 * sixth, the third no longer finds e1 (flagged deleted).
 */
describe('datasets: history, as_of, filters, aggregates, scenario input bindings', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let source: SourceDatabase;
  let integrationId: string;
  const syncs: any[] = [];

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, path, { key: who.key, body });

  const runFullSync = async () => {
    const started = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { mode: 'full', page_size: 2 });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await api('GET', `/api/v1/integrations/${integrationId}/syncs/${started.body.id}`);
      if (!['queued', 'syncing'].includes(found.body.status)) {
        assert.equal(found.body.status, 'completed', JSON.stringify(found.body));
        return found.body;
      }
      if (Date.now() > deadline) throw new Error(`sync still ${found.body.status} after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** Every record of a read, following the cursor (pages of 2). */
  const records = async (query = '', who: TestTenant = tenant) => {
    const found: any[] = [];
    let cursor: string | null = null;
    let asOf: any;
    do {
      const page: any = await api(
        'GET',
        `/api/v1/datasets/employees/records?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        who,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      found.push(...page.body.data);
      asOf ??= page.body.as_of;
      cursor = page.body.next_cursor;
    } while (cursor);
    return { records: found, asOf };
  };
  const keys = async (query = '') => (await records(query)).records.map((r) => r.primary_key);
  const salaries = async (query = '') =>
    Object.fromEntries((await records(query)).records.map((r) => [r.primary_key, r.data.salary]));
  const aggregate = (body: unknown, who: TestTenant = tenant) =>
    api('POST', '/api/v1/datasets/employees/aggregate', body, who);

  before(async () => {
    // The dataset KPIs here are checked against what the syncs record; their schedules (test/api/kpi-datasets.test.ts)
    // run once a day here, so none records a point in between.
    stack = await startTestStack({
      worker: true,
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', KPI_ALERT_CHECK_INTERVAL_SECONDS: '86400' },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    source = await createSourceDatabase();
    await source.admin.query(
      `create table employees (id text primary key, name text not null, department text, salary numeric, status text, updated_at timestamptz not null)`,
    );
    await source.admin.query(
      `insert into employees values
         ('e1', 'Ada', 'Engineering', 100000, 'active', now()),
         ('e2', 'Bo', 'Engineering', 120000, 'active', now()),
         ('e3', 'Cy', 'Engineering', 90000, 'on_leave', now()),
         ('e4', 'Di', 'Sales', 80000, 'active', now()),
         ('e5', 'Ed', 'Sales', 60000, 'active', now())`,
    );
    const created = await api('POST', '/api/v1/integrations', employeesWarehouseIntegration(source));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    integrationId = created.body.id;
    const mapped = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, {
      stream: 'employees',
      target: 'employees',
      fields: {
        employee_id: { source: 'id' },
        name: { source: 'name' },
        department: { source: 'department' },
        salary: { source: 'salary', transforms: [{ type: 'cast', to: 'number' }] },
        status: { source: 'status' },
      },
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
  });
  after(async () => {
    await source?.drop();
    await stack?.close();
  });

  it('sync 1 inserts five records, each written once: its current version, and nothing superseded yet', async () => {
    const sync = await runFullSync();
    syncs.push(sync);
    assert.deepEqual(sync.counts, { read: 5, inserted: 5, updated: 0, unchanged: 0, rejected: 0, deleted: 0 });
    const current = await stack.db('dataset_records').where({ tenant_id: tenant.id }).orderBy('primary_key');
    assert.equal(current.length, 5);
    assert.ok(
      current.every(
        (r) => r.changed_by_sync_id === sync.id && r.first_seen_sync_id === sync.id && r.deleted_at === null,
      ),
    );
    assert.equal((await stack.db('dataset_record_versions').where({ tenant_id: tenant.id })).length, 0);
    const read = await records();
    assert.deepEqual(read.asOf.sync_id, sync.id);
  });

  it('filters records on fields: equality, numeric comparison, in, ne; paging as before', async () => {
    assert.deepEqual(await keys('&filter[department]=Engineering'), ['e1', 'e2', 'e3']);
    // Numeric, not text: "90000" > "100000" as text.
    assert.deepEqual(await keys('&filter[salary][gte]=100000'), ['e1', 'e2']);
    assert.deepEqual(await keys('&filter[salary][lt]=90000&filter[department]=Sales'), ['e4', 'e5']);
    assert.deepEqual(await keys('&filter[status][in]=on_leave,retired'), ['e3']);
    assert.deepEqual(await keys('&filter[department][ne]=Engineering&filter[salary][gt]=60000'), ['e4']);
    assert.deepEqual(await keys('&filter[name][eq]=Nobody'), []);
    // Values are bound, never spliced into SQL.
    assert.deepEqual(await keys(`&filter[name]=${encodeURIComponent("' or 1=1 --")}`), []);

    const unknown = await api('GET', '/api/v1/datasets/employees/records?filter[shoe_size]=42');
    assertProblem(unknown, 400, 'invalid_parameters');
    assert.equal(unknown.body.errors[0].path, '/query/filter/shoe_size');
    const notANumber = await api('GET', '/api/v1/datasets/employees/records?filter[salary][gte]=lots');
    assertProblem(notANumber, 400, 'invalid_parameters');
    assert.equal(notANumber.body.errors[0].path, '/query/filter/salary/gte');
    const badOperator = await api('GET', '/api/v1/datasets/employees/records?filter[salary][between]=1');
    assert.equal(badOperator.status, 400, JSON.stringify(badOperator.body));
    const plain = await api('GET', '/api/v1/datasets/employees/records?filter=department');
    assert.equal(plain.status, 400, JSON.stringify(plain.body));
    const badAsOf = await api('GET', '/api/v1/datasets/employees/records?as_of=yesterday');
    assertProblem(badAsOf, 400, 'invalid_parameters');
    assert.equal(badAsOf.body.errors[0].path, '/query/as_of');
  });

  it('aggregates in SQL: grouped, filtered, percentiles, against hand-computed values', async () => {
    const grouped = await aggregate({
      metrics: [
        { function: 'count' },
        { function: 'sum', field: 'salary' },
        { function: 'avg', field: 'salary' },
        { function: 'min', field: 'salary' },
        { function: 'max', field: 'salary' },
        { function: 'percentile', field: 'salary', percentile: 90 },
        { function: 'max', field: 'name', as: 'last_name' },
      ],
      group_by: ['department'],
      filter: { status: 'active' },
    });
    assert.equal(grouped.status, 200, JSON.stringify(grouped.body));
    assert.equal(grouped.body.as_of.sync_id, syncs[0].id);
    assert.deepEqual(grouped.body.groups, [
      {
        key: { department: 'Engineering' },
        values: {
          count: 2,
          sum_salary: 220000,
          avg_salary: 110000,
          min_salary: 100000,
          max_salary: 120000,
          p90_salary: 118000,
          last_name: 'Bo',
        },
      },
      {
        key: { department: 'Sales' },
        values: {
          count: 2,
          sum_salary: 140000,
          avg_salary: 70000,
          min_salary: 60000,
          max_salary: 80000,
          p90_salary: 78000,
          last_name: 'Ed',
        },
      },
    ]);
    const whole = await aggregate({
      metrics: [
        { function: 'count' },
        { function: 'avg', field: 'salary' },
        { function: 'percentile', field: 'salary', percentile: 25 },
        { function: 'percentile', field: 'salary', percentile: 50, as: 'median' },
      ],
    });
    assert.deepEqual(whole.body.values, { count: 5, avg_salary: 90000, p25_salary: 80000, median: 90000 });
    assert.equal(whole.body.groups, undefined);
    const nothing = await aggregate({
      metrics: [{ function: 'count' }, { function: 'avg', field: 'salary' }],
      filter: { department: 'Nowhere' },
    });
    assert.deepEqual(nothing.body.values, { count: 0, avg_salary: null });

    const wrongType = await aggregate({ metrics: [{ function: 'avg', field: 'name' }] });
    assertProblem(wrongType, 422, 'validation_failed');
    assert.equal(wrongType.body.errors[0].path, '/metrics/0/field');
    const unknownGroup = await aggregate({ metrics: [{ function: 'count' }], group_by: ['shoe_size'] });
    assertProblem(unknownGroup, 422, 'validation_failed');
    assert.equal(unknownGroup.body.errors[0].path, '/group_by/0');
    const noPercentile = await aggregate({ metrics: [{ function: 'percentile', field: 'salary' }] });
    assert.equal(noPercentile.body.errors[0].path, '/metrics/0/percentile');
    const unknownFilter = await aggregate({ metrics: [{ function: 'count' }], filter: { salary: { gte: 'lots' } } });
    assertProblem(unknownFilter, 422, 'validation_failed');
    assert.equal(unknownFilter.body.errors[0].path, '/filter/salary/gte');
  });

  it("sync 2 changes e2 and adds e6: only e2's previous version moves into the history, counts as before", async () => {
    await source.admin.query(`update employees set salary = 130000, updated_at = now() where id = 'e2'`);
    await source.admin.query(`insert into employees values ('e6', 'Fay', 'Engineering', 110000, 'active', now())`);
    const sync = await runFullSync();
    syncs.push(sync);
    assert.deepEqual(sync.counts, { read: 6, inserted: 1, updated: 1, unchanged: 4, rejected: 0, deleted: 0 });
    // e2's previous version moved into the history, closed when its new version began; nothing else changed.
    const e2 = await stack
      .db('dataset_record_versions')
      .where({ tenant_id: tenant.id, primary_key: 'e2' })
      .orderBy('id');
    assert.equal(e2.length, 1);
    assert.equal(e2[0].closed_by_sync_id, sync.id);
    assert.equal(e2[0].sync_id, syncs[0]!.id);
    assert.notEqual(e2[0].data.salary, 130000);
    const e2Now = await stack.db('dataset_records').where({ tenant_id: tenant.id, primary_key: 'e2' }).first();
    assert.equal(e2[0].valid_to.getTime(), e2Now.updated_at.getTime());
    assert.equal(e2Now.changed_by_sync_id, sync.id);
    assert.equal(e2Now.data.salary, 130000);
    assert.equal(
      await stack
        .db('dataset_record_versions')
        .where({ tenant_id: tenant.id })
        .count('* as n')
        .first()
        .then((r: any) => Number(r.n)),
      1,
    );
  });

  it('binds scenario inputs to dataset aggregates, frozen into the inputs and recorded in the audit trail', async () => {
    const engineering = { status: 'active', department: 'Engineering' };
    const created = await api('POST', '/api/v1/scenarios', {
      model_id: 'mdl_workforce_cost_projection',
      inputs: { annual_raise_rate: 0.02 },
      input_bindings: {
        starting_headcount: { dataset: 'employees', metric: { function: 'count' }, filter: engineering },
        average_annual_salary: {
          dataset: 'employees',
          metric: { function: 'avg', field: 'salary' },
          filter: engineering,
        },
      },
    });
    assert.ok([201, 202].includes(created.status), JSON.stringify(created.body));
    const scenario = created.body;
    // Sync 2: e1 100000, e2 130000, e6 110000 are the active engineers.
    assert.equal(scenario.inputs.starting_headcount, 3);
    assert.ok(
      Math.abs(scenario.inputs.average_annual_salary - 340000 / 3) < 1e-6,
      String(scenario.inputs.average_annual_salary),
    );
    assert.equal(scenario.inputs.annual_raise_rate, 0.02);
    assert.equal(scenario.input_bindings.starting_headcount.sync_id, syncs[1].id);
    assert.deepEqual(scenario.input_bindings.starting_headcount.filter, engineering);
    const bound = scenario.audit_trail.find((e: any) => e.event === 'inputs_bound');
    assert.ok(bound, JSON.stringify(scenario.audit_trail));
    assert.deepEqual(scenario.audit_trail.map((e: any) => e.event).slice(0, 3), [
      'received',
      'inputs_bound',
      'validated',
    ]);
    assert.equal(bound.details.bindings.average_annual_salary.dataset, 'employees');
    assert.deepEqual(bound.details.bindings.average_annual_salary.metric, { function: 'avg', field: 'salary' });
    assert.equal(bound.details.bindings.average_annual_salary.sync_id, syncs[1].id);
    assert.equal(bound.details.bindings.starting_headcount.value, 3);

    // Sync 3: e1 is gone from the source and flagged deleted. The stored scenario does not move.
    await source.admin.query(`delete from employees where id = 'e1'`);
    const sync = await runFullSync();
    syncs.push(sync);
    assert.deepEqual(sync.counts, { read: 5, inserted: 0, updated: 0, unchanged: 5, rejected: 0, deleted: 1 });
    const stored = await api('GET', `/api/v1/scenarios/${scenario.id}`);
    assert.equal(stored.status, 200);
    assert.deepEqual(stored.body.inputs, scenario.inputs);
    assert.equal(stored.body.inputs_sha256, scenario.inputs_sha256);
    assert.deepEqual(stored.body.input_bindings, scenario.input_bindings);

    // Bound now, the headcount is 2; bound as of sync 2, it reproduces the first scenario's inputs exactly.
    const now = await api('POST', '/api/v1/scenarios', {
      model_id: 'mdl_workforce_cost_projection',
      inputs: {},
      input_bindings: {
        starting_headcount: { dataset: 'employees', metric: { function: 'count' }, filter: engineering },
        average_annual_salary: {
          dataset: 'employees',
          metric: { function: 'avg', field: 'salary' },
          filter: engineering,
        },
      },
    });
    assert.ok([201, 202].includes(now.status), JSON.stringify(now.body));
    assert.equal(now.body.inputs.starting_headcount, 2);
    assert.equal(now.body.inputs.average_annual_salary, 120000);
    assert.equal(now.body.input_bindings.starting_headcount.sync_id, syncs[2].id);
    const again = await api('POST', '/api/v1/scenarios', {
      model_id: 'mdl_workforce_cost_projection',
      inputs: { annual_raise_rate: 0.02 },
      input_bindings: {
        starting_headcount: {
          dataset: 'employees',
          metric: { function: 'count' },
          filter: engineering,
          as_of: syncs[1].id,
        },
        average_annual_salary: {
          dataset: 'employees',
          metric: { function: 'avg', field: 'salary' },
          filter: engineering,
          as_of: syncs[1].id,
        },
      },
    });
    assert.ok([201, 202].includes(again.status), JSON.stringify(again.body));
    assert.deepEqual(again.body.inputs, scenario.inputs);
    assert.equal(again.body.inputs_sha256, scenario.inputs_sha256);
  });

  it('refuses bindings that do not resolve, naming /input_bindings/<input>', async () => {
    const create = (
      inputs: Record<string, unknown>,
      input_bindings: Record<string, unknown>,
      who: TestTenant = tenant,
    ) => api('POST', '/api/v1/scenarios', { model_id: 'mdl_workforce_cost_projection', inputs, input_bindings }, who);
    const count = { dataset: 'employees', metric: { function: 'count' } };
    const both = await create({ starting_headcount: 3, average_annual_salary: 1 }, { starting_headcount: count });
    assertProblem(both, 422, 'validation_failed');
    assert.deepEqual(
      both.body.errors.map((e: any) => e.path),
      ['/input_bindings/starting_headcount'],
    );
    const empty = await create(
      { starting_headcount: 3 },
      {
        average_annual_salary: {
          dataset: 'employees',
          metric: { function: 'avg', field: 'salary' },
          filter: { department: 'Nowhere' },
        },
      },
    );
    assertProblem(empty, 422, 'validation_failed');
    assert.deepEqual(
      empty.body.errors.map((e: any) => e.path),
      ['/input_bindings/average_annual_salary'],
    );
    const unknownField = await create(
      { starting_headcount: 3 },
      { average_annual_salary: { dataset: 'employees', metric: { function: 'avg', field: 'shoe_size' } } },
    );
    assertProblem(unknownField, 422, 'validation_failed');
    assert.deepEqual(
      unknownField.body.errors.map((e: any) => e.path),
      ['/input_bindings/average_annual_salary/metric/field'],
    );
    const unknownDataset = await create(
      { starting_headcount: 3 },
      { average_annual_salary: { dataset: 'payroll', metric: { function: 'count' } } },
    );
    assertProblem(unknownDataset, 422, 'validation_failed');
    assert.deepEqual(
      unknownDataset.body.errors.map((e: any) => e.path),
      ['/input_bindings/average_annual_salary/dataset'],
    );
    const badFilter = await create(
      { starting_headcount: 3 },
      {
        average_annual_salary: {
          dataset: 'employees',
          metric: { function: 'avg', field: 'salary' },
          filter: { colour: 'red' },
        },
      },
    );
    assert.deepEqual(
      badFilter.body.errors.map((e: any) => e.path),
      ['/input_bindings/average_annual_salary/filter/colour'],
    );
    // The model refuses a bound value: the error names the binding, not an input the client never sent.
    const refused = await create(
      { average_annual_salary: 100 },
      { starting_headcount: { dataset: 'employees', metric: { function: 'max', field: 'name' } } },
    );
    assertProblem(refused, 422, 'validation_failed');
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      ['/input_bindings/starting_headcount'],
    );
    // Another tenant's sync id inside a body: 404, like a missing one.
    const foreign = await create(
      { starting_headcount: 3 },
      {
        average_annual_salary: {
          dataset: 'employees',
          metric: { function: 'avg', field: 'salary' },
          as_of: syncs[0].id,
        },
      },
      other,
    );
    assertProblem(foreign, 404, 'resource_not_found');
    assert.equal(
      await stack
        .db('scenarios')
        .where({ tenant_id: other.id })
        .count('* as n')
        .first()
        .then((r: any) => Number(r.n)),
      0,
    );
  });

  it('reads and aggregates as of each sync and as of times', async () => {
    const [first, second, third] = syncs;
    assert.deepEqual(await salaries(`&as_of=${first.id}`), { e1: 100000, e2: 120000, e3: 90000, e4: 80000, e5: 60000 });
    assert.deepEqual(await salaries(`&as_of=${second.id}`), {
      e1: 100000,
      e2: 130000,
      e3: 90000,
      e4: 80000,
      e5: 60000,
      e6: 110000,
    });
    assert.deepEqual(await keys(`&as_of=${third.id}`), ['e2', 'e3', 'e4', 'e5', 'e6']);
    assert.deepEqual(await keys(''), ['e2', 'e3', 'e4', 'e5', 'e6']);
    const deletedThen = (await records(`&as_of=${third.id}&include_deleted=true`)).records.find(
      (r) => r.primary_key === 'e1',
    );
    assert.ok(deletedThen.deleted_at, JSON.stringify(deletedThen));
    const notYetDeleted = (await records(`&as_of=${second.id}&include_deleted=true`)).records.find(
      (r) => r.primary_key === 'e1',
    );
    assert.equal(notYetDeleted.deleted_at, null);
    const asOfSecond = await records(`&as_of=${second.id}`);
    assert.equal(asOfSecond.asOf.sync_id, second.id);
    // Filters apply to the state as of the point.
    assert.deepEqual(await keys(`&as_of=${first.id}&filter[salary][gte]=120000`), ['e2']);

    // As of times: before any data (empty, not an error), between sync 1 and sync 2 (sync 1's state).
    const before = await records('&as_of=2000-01-01T00:00:00Z');
    assert.deepEqual(before.records, []);
    assert.equal(before.asOf.sync_id, null);
    const between = await records(`&as_of=${encodeURIComponent(second.created_at)}`);
    assert.equal(between.asOf.sync_id, first.id);
    assert.deepEqual(Object.fromEntries(between.records.map((r) => [r.primary_key, r.data.salary])), {
      e1: 100000,
      e2: 120000,
      e3: 90000,
      e4: 80000,
      e5: 60000,
    });
    const afterThird = await records(`&as_of=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    assert.equal(afterThird.asOf.sync_id, third.id);
    assert.equal(afterThird.records.length, 5);

    const engineering = {
      metrics: [{ function: 'count' }, { function: 'avg', field: 'salary' }],
      filter: { department: 'Engineering', status: 'active' },
    };
    const then = await aggregate({ ...engineering, as_of: first.id });
    assert.deepEqual(then.body.values, { count: 2, avg_salary: 110000 });
    assert.deepEqual(then.body.as_of.sync_id, first.id);
    const later = await aggregate({ ...engineering, as_of: third.id });
    assert.deepEqual(later.body.values, { count: 2, avg_salary: 120000 });
    const early = await aggregate({ ...engineering, as_of: '2000-01-01T00:00:00Z' });
    assert.deepEqual(early.body.values, { count: 0, avg_salary: null });
    const unfinished = await aggregate({ ...engineering, as_of: 'syn_00000000000000000000000000' });
    assertProblem(unfinished, 404, 'resource_not_found');
  });

  it('keeps other tenants out: their reads see nothing, our sync ids are 404 to them', async () => {
    const theirs = await records('', other);
    assert.deepEqual(theirs.records, []);
    assert.equal(theirs.asOf.sync_id, null);
    assert.deepEqual(
      (await records(`&include_deleted=true&as_of=${encodeURIComponent(new Date().toISOString())}`, other)).records,
      [],
    );
    const probe = await api('GET', `/api/v1/datasets/employees/records?as_of=${syncs[0].id}`, undefined, other);
    assertProblem(probe, 404, 'resource_not_found');
    const aggregated = await aggregate({ metrics: [{ function: 'count' }] }, other);
    assert.deepEqual(aggregated.body.values, { count: 0 });
    const foreignAsOf = await aggregate({ metrics: [{ function: 'count' }], as_of: syncs[1].id }, other);
    assertProblem(foreignAsOf, 404, 'resource_not_found');
    const unknownDataset = await api('POST', '/api/v1/datasets/payroll/aggregate', {
      metrics: [{ function: 'count' }],
    });
    assert.ok([400, 404].includes(unknownDataset.status), JSON.stringify(unknownDataset.body));
  });

  it('recomputes dataset KPIs when a sync of their dataset completes: one point each, at the sync, with the aggregate', async () => {
    const kpi = async (name: string, metric: unknown, extra: Record<string, unknown> = {}) => {
      const created = await api('POST', '/api/v1/kpis', {
        name,
        direction: 'higher_is_better',
        target: 1,
        aggregation_period: 'day',
        source: {
          type: 'dataset',
          dataset: 'employees',
          metric,
          filter: { department: 'Engineering', status: 'active' },
        },
        ...extra,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body.id as string;
    };
    const headcount = await kpi('Engineering headcount', { function: 'count' });
    const averageSalary = await kpi('Engineering average salary', { function: 'avg', field: 'salary' });
    const archived = await kpi('Archived headcount', { function: 'count' });
    assert.equal((await api('PATCH', `/api/v1/kpis/${archived}`, { status: 'archived' })).status, 200);

    const sync = await runFullSync();
    const expected = (
      await aggregate({
        metrics: [{ function: 'count' }, { function: 'avg', field: 'salary' }],
        filter: { department: 'Engineering', status: 'active' },
      })
    ).body.values;
    const raw = async (id: string) =>
      (await api('GET', `/api/v1/kpis/${id}/values?bucket=raw`)).body.data as Array<{
        value: number;
        timestamp: string;
        note: string | null;
      }>;
    const [count] = await raw(headcount);
    const [average] = await raw(averageSalary);
    assert.equal(count?.value, expected.count);
    // And the same as counting the records themselves.
    assert.equal(count?.value, (await records('&filter[department]=Engineering&filter[status]=active')).records.length);
    assert.ok((count?.value as number) > 0);
    assert.ok(
      Math.abs((average?.value as number) - Number(expected.avg_salary)) < 1e-9,
      `${average?.value} vs ${expected.avg_salary}`,
    );
    assert.equal(count?.timestamp, sync.completed_at);
    assert.deepEqual(await raw(archived), []);
    const events = await stack.db('events').where({ tenant_id: tenant.id, type: 'kpi.value.recorded' });
    const ofSync = events.filter((e) => e.data.sync_id === sync.id);
    assert.deepEqual(ofSync.map((e) => e.data.kpi.id).sort(), [averageSalary, headcount].sort());
    assert.ok(ofSync.every((e) => e.data.source === 'sync'));
  });
});
