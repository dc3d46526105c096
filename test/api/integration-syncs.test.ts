import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { createSourceDatabase, type SourceDatabase, employeesWarehouseIntegration } from '../helpers/source-database';
import { startHrisServer, type HrisServer } from '../helpers/hris-server';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const TOKEN = 'hris-token-sync-3c9d1e';

const HRIS_EMPLOYEES: Array<Record<string, unknown>> = [
  ...Array.from({ length: 5 }, (_, i) => ({
    id: `e${i + 1}`,
    name: `Employee ${i + 1}`,
    department: i % 2 === 0 ? 'Engineering' : 'Sales',
    salary: 5_000 + i * 100,
    updated_at: `2026-11-0${i + 1}T09:00:00.000Z`,
  })),
  // The mapping rejects it: its salary is not a number.
  { id: 'e6', name: 'Employee 6', department: 'Sales', salary: 'n/a', updated_at: '2026-11-07T09:00:00.000Z' },
];

const SALARY = { source: 'salary', transforms: [{ type: 'cast', to: 'number' }] };

describe('integration syncs and datasets', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let hris: HrisServer;
  let source: SourceDatabase;
  let warehouseId: string;
  let restId: string;
  let restSyncId: string;

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, path, { key: who.key, body });

  const createIntegration = async (
    body: Record<string, unknown>,
    fields: Record<string, unknown>,
    stream = 'employees',
  ) => {
    const created = await api('POST', '/api/v1/integrations', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const mapped = await api('PUT', `/api/v1/integrations/${created.body.id}/field-mappings`, {
      stream,
      target: 'employees',
      fields,
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    return created.body.id as string;
  };

  /** Starts a sync (202) and polls it until it is no longer queued or syncing. */
  const runSync = async (integrationId: string, body: Record<string, unknown>) => {
    const started = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, body);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.match(started.body.id, /^syn_[0-9a-z]{26}$/);
    assert.equal(started.headers.get('location'), `/api/v1/integrations/${integrationId}/syncs/${started.body.id}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await api('GET', `/api/v1/integrations/${integrationId}/syncs/${started.body.id}`);
      assert.equal(found.status, 200, JSON.stringify(found.body));
      if (!['queued', 'syncing'].includes(found.body.status)) return found.body;
      if (Date.now() > deadline) throw new Error(`sync still ${found.body.status} after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const datasetRecords = async (query = '', who: TestTenant = tenant) => {
    const records: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api(
        'GET',
        `/api/v1/datasets/employees/records?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        who,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      records.push(...page.body.data);
      cursor = page.body.next_cursor;
    } while (cursor);
    return records;
  };

  before(async () => {
    stack = await startTestStack({ worker: true, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    hris = await startHrisServer(TOKEN, HRIS_EMPLOYEES);
    source = await createSourceDatabase();
    await source.admin.query(
      `create table employees (id text primary key, name text not null, salary numeric, hired date, updated_at timestamptz not null)`,
    );
    await source.admin.query(
      `insert into employees values
         ('a1', 'Ada', 91000.50, '2020-03-01', '2026-11-01T10:00:00Z'),
         ('a2', 'Bo', 72000, '2021-06-15', '2026-11-02T10:00:00Z'),
         ('a3', 'Cy', 65000, '2022-01-10', '2026-11-03T10:00:00Z'),
         ('a4', 'Di', 88000, '2019-09-01', '2026-11-03T10:00:00Z'),
         ('a5', 'Ed', 54000, '2023-04-01', '2026-11-04T10:00:00Z')`,
    );
  });
  after(async () => {
    await hris?.close();
    await source?.drop();
    await stack?.close();
  });

  it('refuses a sync of an integration without a field mapping, naming /field_mapping', async () => {
    const created = await api('POST', '/api/v1/integrations', {
      name: 'unmapped',
      connector_type: 'rest',
      config: {
        base_url: `http://127.0.0.1:${hris.port}`,
        auth: { type: 'bearer' },
        streams: [{ name: 'employees', path: '/v1/employees', primary_key: ['id'] }],
      },
      credentials: { token: TOKEN },
    });
    const refused = await api('POST', `/api/v1/integrations/${created.body.id}/syncs`, { mode: 'full' });
    assertProblem(refused, 422, 'validation_failed');
    assert.equal(refused.body.errors[0].path, '/field_mapping');
    assert.equal((await stack.db('integration_syncs').where({ integration_id: created.body.id })).length, 0);
  });

  it('syncs the REST source into the employees dataset, rejecting the record the mapping refuses', async () => {
    restId = await createIntegration(
      {
        name: 'HRIS',
        connector_type: 'rest',
        config: {
          base_url: `http://127.0.0.1:${hris.port}`,
          auth: { type: 'bearer' },
          pagination: { type: 'cursor', cursor_path: 'next_cursor', cursor_param: 'cursor', page_size: 2 },
          streams: [
            {
              name: 'employees',
              path: '/v1/employees',
              records_path: 'data',
              primary_key: ['id'],
              incremental_field: 'updated_at',
              incremental_param: 'updated_since',
            },
          ],
        },
        credentials: { token: TOKEN },
      },
      { employee_id: { source: 'id' }, name: { source: 'name' }, department: { source: 'department' }, salary: SALARY },
    );
    const sync = await runSync(restId, { mode: 'full' });
    restSyncId = sync.id;
    assert.equal(sync.status, 'partially_completed', JSON.stringify(sync));
    assert.deepEqual(sync.counts, { read: 6, inserted: 5, updated: 0, unchanged: 0, rejected: 1, deleted: 0 });
    assert.equal(sync.mapping_version, 1);
    assert.equal(sync.pages_committed, 3);
    assert.equal(sync.workflow_id, `integration_sync/${sync.id}`);
    assert.ok(sync.duration_ms >= 0);

    const rejections = await api('GET', `/api/v1/integrations/${restId}/syncs/${sync.id}/rejections?limit=10`);
    assert.equal(rejections.status, 200);
    assert.equal(rejections.body.data.length, 1);
    assert.equal(rejections.body.data[0].primary_key, 'e6');
    assert.equal(rejections.body.data[0].source_record.salary, 'n/a');
    assert.equal(rejections.body.data[0].errors[0].path, '/salary');

    const records = await datasetRecords();
    assert.deepEqual(
      records.map((r) => r.primary_key),
      ['e1', 'e2', 'e3', 'e4', 'e5'],
    );
    assert.deepEqual(records[1].data, { employee_id: 'e2', name: 'Employee 2', department: 'Sales', salary: 5100 });
    assert.equal(records[1].first_seen_sync_id, sync.id);

    // The credentials never reach the sync's answers.
    const listed = await api('GET', `/api/v1/integrations/${restId}/syncs?limit=10`);
    assert.equal(listed.body.data[0].id, sync.id);
    assert.ok(!JSON.stringify([sync, listed.body, rejections.body]).includes(TOKEN));

    // Through the outbox: started, then completed, with the counts.
    const events = await stack
      .db('events')
      .where({ tenant_id: tenant.id })
      .whereIn('type', ['integration.sync.started', 'integration.sync.completed'])
      .orderBy('sequence');
    const ofSync = events.filter((e) => e.data.sync.id === sync.id);
    assert.deepEqual(
      ofSync.map((e) => e.type),
      ['integration.sync.started', 'integration.sync.completed'],
    );
    assert.equal(ofSync[1].data.sync.counts.rejected, 1);

    // Search attributes, so operators find the workflow by tenant and resource.
    const description = await stack.temporal.workflow.getHandle(sync.workflow_id).describe();
    assert.deepEqual(description.searchAttributes.ResourceType, ['integration_sync']);
    assert.deepEqual(description.searchAttributes.TenantId, [tenant.id]);
  });

  it('syncs the Postgres source in full, then incrementally picks up changed and new rows without duplicates', async () => {
    warehouseId = await createIntegration(employeesWarehouseIntegration(source), {
      employee_id: { source: 'id' },
      name: { source: 'name' },
      salary: SALARY,
      start_date: { source: 'hired', transforms: [{ type: 'cast', to: 'date' }] },
    });
    const full = await runSync(warehouseId, { mode: 'full', page_size: 2 });
    assert.equal(full.status, 'completed', JSON.stringify(full));
    assert.deepEqual(full.counts, { read: 5, inserted: 5, updated: 0, unchanged: 0, rejected: 0, deleted: 0 });
    assert.equal(full.pages_committed, 3);
    let records = await datasetRecords();
    assert.deepEqual(
      records.map((r) => r.primary_key),
      ['a1', 'a2', 'a3', 'a4', 'a5', 'e1', 'e2', 'e3', 'e4', 'e5'],
    );
    assert.deepEqual(records[0].data, { employee_id: 'a1', name: 'Ada', salary: 91000.5, start_date: '2020-03-01' });

    // A raise for Bo (a later cursor value), a new hire sharing the last cursor value, and nothing else changed.
    await source.admin.query(
      `update employees set salary = 75000, updated_at = '2026-11-05T10:00:00Z' where id = 'a2'`,
    );
    await source.admin.query(`insert into employees values ('a6', 'Fa', 61000, '2026-11-01', '2026-11-04T10:00:00Z')`);
    const incremental = await runSync(warehouseId, { mode: 'incremental', page_size: 2 });
    assert.equal(incremental.status, 'completed', JSON.stringify(incremental));
    // Inclusive cursor: a5 (at the last cursor value) is read again and counted unchanged, a6 (same value) is new.
    assert.deepEqual(incremental.counts, { read: 3, inserted: 1, updated: 1, unchanged: 1, rejected: 0, deleted: 0 });
    records = await datasetRecords();
    assert.equal(records.length, 11);
    assert.equal(new Set(records.map((r) => r.primary_key)).size, 11);
    assert.equal(records.find((r) => r.primary_key === 'a2').data.salary, 75000);

    // An incremental sync with nothing new reads only the boundary again.
    const quiet = await runSync(warehouseId, { mode: 'incremental' });
    assert.deepEqual(quiet.counts, { read: 1, inserted: 0, updated: 0, unchanged: 1, rejected: 0, deleted: 0 });

    // A row committed late, with a cursor value two minutes before the last one read: the default 300 s look-back
    // picks it up, and the row at the watermark read again is de-duplicated (unchanged), not stored twice.
    await source.admin.query(`insert into employees values ('a7', 'Gi', 52000, '2026-11-01', '2026-11-05T09:58:00Z')`);
    const late = await runSync(warehouseId, { mode: 'incremental' });
    assert.deepEqual(late.counts, { read: 2, inserted: 1, updated: 0, unchanged: 1, rejected: 0, deleted: 0 });
    // The watermark does not move back to the late row's value.
    assert.equal(
      (await stack.db('integration_syncs').where({ id: late.id }).first()).state.cursor,
      '2026-11-05 10:00:00+00',
    );
  });

  it("a full sync flags records the source no longer returns as deleted, only among its own integration's records", async () => {
    await source.admin.query(`delete from employees where id in ('a3', 'a6', 'a7')`);
    const full = await runSync(warehouseId, { mode: 'full' });
    assert.equal(full.status, 'completed');
    assert.deepEqual(full.counts, { read: 4, inserted: 0, updated: 0, unchanged: 4, rejected: 0, deleted: 3 });
    const live = await datasetRecords();
    assert.deepEqual(
      live.map((r) => r.primary_key),
      ['a1', 'a2', 'a4', 'a5', 'e1', 'e2', 'e3', 'e4', 'e5'],
    );
    const all = await datasetRecords('&include_deleted=true');
    const deleted = all.filter((r) => r.deleted_at !== null);
    assert.deepEqual(
      deleted.map((r) => r.primary_key),
      ['a3', 'a6', 'a7'],
    );
    assert.ok(!Number.isNaN(Date.parse(deleted[0].deleted_at)));

    const datasets = await api('GET', '/api/v1/datasets');
    assert.equal(datasets.status, 200);
    const employees = datasets.body.data.find((d: any) => d.name === 'employees');
    assert.equal(employees.records, 9);
    assert.equal(employees.deleted_records, 3);
    assert.equal(employees.primary_key, 'employee_id');

    // A row that comes back is restored (an update) on the next full sync.
    await source.admin.query(`insert into employees values ('a3', 'Cy', 65000, '2022-01-10', '2026-11-03T10:00:00Z')`);
    const again = await runSync(warehouseId, { mode: 'full' });
    assert.deepEqual(again.counts, { read: 5, inserted: 0, updated: 1, unchanged: 4, rejected: 0, deleted: 0 });
  });

  it('runs one sync at a time per integration: a second request answers 200 with the queued one', async () => {
    await stack.stopWorker();
    try {
      const first = await api('POST', `/api/v1/integrations/${warehouseId}/syncs`, { mode: 'incremental' });
      assert.equal(first.status, 202, JSON.stringify(first.body));
      assert.equal(first.body.status, 'queued');
      const second = await api('POST', `/api/v1/integrations/${warehouseId}/syncs`, { mode: 'full' });
      assert.equal(second.status, 200, JSON.stringify(second.body));
      assert.equal(second.body.id, first.body.id);
      assert.equal(
        (
          await stack
            .db('integration_syncs')
            .where({ integration_id: warehouseId })
            .whereIn('status', ['queued', 'syncing'])
        ).length,
        1,
      );
    } finally {
      await stack.startWorker();
    }
  });

  it('answers 404 to another tenant on every sync and dataset path, and shows it none of the records', async () => {
    const paths = [
      ['POST', `/api/v1/integrations/${restId}/syncs`, { mode: 'full' }],
      ['GET', `/api/v1/integrations/${restId}/syncs`],
      ['GET', `/api/v1/integrations/${restId}/syncs/${restSyncId}`],
      ['GET', `/api/v1/integrations/${restId}/syncs/${restSyncId}/rejections`],
    ] as const;
    for (const [method, path, body] of paths)
      assertProblem(await api(method, path, body, other), 404, 'resource_not_found');
    // The right tenant, a sync under another integration's id: 404 too.
    assertProblem(
      await api('GET', `/api/v1/integrations/${warehouseId}/syncs/${restSyncId}`),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('GET', `/api/v1/integrations/${restId}/syncs/syn_01jd3m2n4p5q6r7s8t9v0w1x2y`),
      404,
      'resource_not_found',
    );
    assert.deepEqual(await datasetRecords('', other), []);
    const datasets = await api('GET', '/api/v1/datasets', undefined, other);
    assert.equal(datasets.body.data.find((d: any) => d.name === 'employees').records, 0);
    assertProblem(await api('GET', '/api/v1/datasets/salaries/records'), 404, 'resource_not_found');
    assertProblem(await api('GET', '/api/v1/datasets/employees/records?cursor=bogus'), 400, 'invalid_cursor');
  });
});
