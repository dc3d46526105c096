import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { createSourceDatabase, type SourceDatabase } from '../helpers/source-database';
import { startHrisServer, type HrisServer } from '../helpers/hris-server';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const TOKEN = 'hris-token-never-shown-8f3a1c';

const EMPLOYEES: Array<Record<string, unknown>> = [
  ...Array.from({ length: 5 }, (_, i) => ({
    id: `e${i + 1}`,
    name: `Employee ${i + 1}`,
    department: i % 2 === 0 ? 'Engineering' : 'Sales',
    salary: 5_000 + i * 100,
    active: true,
    start_date: '2024-01-15',
    updated_at: `2026-11-0${i + 1}T09:00:00.000Z`,
  })),
  // A record the mapping rejects: its salary is not a number.
  {
    id: 'e6',
    name: 'Employee 6',
    department: 'Sales',
    salary: 'n/a',
    active: true,
    start_date: '2024-01-15',
    updated_at: '2026-11-07T09:00:00.000Z',
  },
];

describe('integrations', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let hris: HrisServer;
  let source: SourceDatabase;
  /** Every response body of this file, to show the credentials never come back. */
  const seen: string[] = [];

  const api = async (method: string, path: string, body?: unknown, who: TestTenant = tenant) => {
    const response = await call(stack.baseUrl, method, path, { key: who.key, body });
    seen.push(JSON.stringify(response.body ?? null));
    return response;
  };

  const restConfig = (port: number) => ({
    base_url: `http://127.0.0.1:${port}`,
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
  });

  const postgresConfig = (
    streams: unknown[] = [
      { name: 'employees', table: 'public.employees', cursor_column: 'updated_at', primary_key: ['id'] },
    ],
  ) => source.connectorConfig(streams);

  const createRest = async (extra: Record<string, unknown> = {}) => {
    const response = await api('POST', '/api/v1/integrations', {
      name: 'HRIS',
      connector_type: 'rest',
      config: restConfig(hris.port),
      credentials: { token: TOKEN },
      ...extra,
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  before(async () => {
    stack = await startTestStack({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    hris = await startHrisServer(TOKEN, EMPLOYEES);
    source = await createSourceDatabase();
    await source.admin.query(
      `create table employees (id text primary key, name text not null, salary numeric, hired date, active boolean, updated_at timestamptz not null)`,
    );
    await source.admin.query(
      `insert into employees values ('a1', 'Ada', 91000.50, '2020-03-01', true, '2026-11-01T10:00:00Z'), ('b2', 'Bo', 72000, '2021-06-15', false, '2026-11-02T10:00:00Z')`,
    );
  });
  after(async () => {
    await hris?.close();
    await source?.drop();
    await stack?.close();
  });

  it('publishes each connector type with the JSON Schema of its configuration and credentials', async () => {
    const response = await api('GET', '/api/v1/integrations/connector-types');
    assert.equal(response.status, 200);
    const types = Object.fromEntries(response.body.data.map((t: any) => [t.type, t]));
    assert.deepEqual(Object.keys(types).sort(), ['bamboohr', 'csv', 'merge_hris', 'postgres', 'rest']);
    assert.deepEqual(types.bamboohr.spec.required, ['company_domain']);
    assert.deepEqual(types.bamboohr.credentials_spec.required, ['api_key']);
    assert.deepEqual(types.merge_hris.credentials_spec.required, ['api_key', 'account_token']);
    assert.ok(types.rest.spec.properties.auth.properties.type.enum.includes('oauth2_client_credentials'));
    assert.deepEqual(types.rest.spec.properties.pagination.properties.type.enum, [
      'none',
      'cursor',
      'page',
      'offset',
      'link_header',
    ]);
    assert.equal(types.postgres.spec.type, 'object');
    assert.ok(types.postgres.spec.required.includes('host'));
    assert.deepEqual(types.postgres.credentials_spec.required, ['password']);
    assert.ok(types.rest.spec.properties.pagination);
  });

  it('creates, reads, lists, updates and deletes an integration, never returning its credentials, with an audit record per change', async () => {
    const created = await createRest();
    assert.match(created.id, /^int_[0-9a-z]{26}$/);
    assert.equal(created.object, 'integration');
    assert.equal(created.has_credentials, true);
    assert.equal(created.credentials, undefined);
    // The spec's defaults are filled in.
    assert.equal(created.config.auth.type, 'bearer');

    // Encrypted at rest, with the id of the key that encrypted it.
    const row = await stack.db('integrations').where({ id: created.id }).first();
    assert.ok(!row.credentials_ciphertext.includes(TOKEN));
    assert.match(row.credentials_key_id, /^k_[0-9a-f]{16}$/);

    const fetched = await api('GET', `/api/v1/integrations/${created.id}`);
    assert.equal(fetched.status, 200);
    assert.deepEqual(fetched.body, created);
    const listed = await api('GET', '/api/v1/integrations?limit=100');
    assert.ok(listed.body.data.some((i: any) => i.id === created.id));

    const renamed = await api('PATCH', `/api/v1/integrations/${created.id}`, {
      name: 'HRIS (prod)',
      credentials: { token: 'rotated-token-4b2e' },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.name, 'HRIS (prod)');

    const deleted = await api('DELETE', `/api/v1/integrations/${created.id}`);
    assert.equal(deleted.status, 204);
    assertProblem(await api('GET', `/api/v1/integrations/${created.id}`), 404, 'resource_not_found');
    const erased = await stack.db('integrations').where({ id: created.id }).first();
    assert.equal(erased.credentials_ciphertext, null);

    const audit = await api('GET', `/api/v1/audit-log?resource_type=integration&limit=100`);
    const actions = audit.body.data
      .filter((r: any) => r.resource_id === created.id)
      .map((r: any) => r.action)
      .sort();
    assert.deepEqual(actions, ['integration.created', 'integration.deleted', 'integration.updated']);
    const update = audit.body.data.find((r: any) => r.resource_id === created.id && r.action === 'integration.updated');
    assert.deepEqual(update.payload.changed, ['credentials', 'name']);
  });

  // The configuration checked against each connector type's spec and destinations refused: test/use-cases/integrations.test.ts.
  it('checks and discovers a REST source, through a 429 with Retry-After and a 503 blip', async () => {
    const integration = await createRest();
    hris.failNext.push({ status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const check = await api('POST', `/api/v1/integrations/${integration.id}/check`);
    assert.equal(check.status, 200, JSON.stringify(check.body));
    assert.equal(check.body.status, 'succeeded');
    assert.ok(Date.now() - started >= 900, 'waited for Retry-After');

    hris.failNext.push({ status: 503 });
    const discovered = await api('POST', `/api/v1/integrations/${integration.id}/discover`);
    assert.equal(discovered.status, 200, JSON.stringify(discovered.body));
    const [stream] = discovered.body.streams;
    assert.equal(stream.name, 'employees');
    assert.deepEqual(Object.fromEntries(stream.fields.map((f: any) => [f.name, f.type])), {
      id: 'string',
      name: 'string',
      department: 'string',
      salary: 'integer',
      active: 'boolean',
      start_date: 'date',
      updated_at: 'date-time',
    });
    assert.deepEqual(stream.supported_sync_modes, ['full', 'incremental']);
    assert.ok(hris.requests.some((r) => r.authorization === `Bearer ${TOKEN}`));
  });

  it('reports wrong credentials as a failed check and a 422 connector_failed on discover', async () => {
    const integration = await createRest({ credentials: { token: 'wrong-token' } });
    const check = await api('POST', `/api/v1/integrations/${integration.id}/check`);
    assert.equal(check.status, 200);
    assert.equal(check.body.status, 'failed');
    assert.match(check.body.message, /401/);
    assertProblem(await api('POST', `/api/v1/integrations/${integration.id}/discover`), 422, 'connector_failed');
  });

  it('checks and discovers a Postgres source (a real second database) with its column types', async () => {
    const created = await api('POST', '/api/v1/integrations', {
      name: 'Warehouse',
      connector_type: 'postgres',
      config: postgresConfig(),
      credentials: { password: source.password },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.config.statement_timeout_ms, 30000);
    const check = await api('POST', `/api/v1/integrations/${created.body.id}/check`);
    assert.equal(check.body.status, 'succeeded', JSON.stringify(check.body));
    const discovered = await api('POST', `/api/v1/integrations/${created.body.id}/discover`);
    assert.equal(discovered.status, 200, JSON.stringify(discovered.body));
    assert.deepEqual(Object.fromEntries(discovered.body.streams[0].fields.map((f: any) => [f.name, f.type])), {
      id: 'string',
      name: 'string',
      salary: 'number',
      hired: 'date',
      active: 'boolean',
      updated_at: 'date-time',
    });

    const wrongPassword = await api('POST', '/api/v1/integrations', {
      name: 'W',
      connector_type: 'postgres',
      config: postgresConfig(),
      credentials: { password: 'not-it' },
    });
    const failed = await api('POST', `/api/v1/integrations/${wrongPassword.body.id}/check`);
    assert.equal(failed.body.status, 'failed');
    assert.match(failed.body.message, /password authentication failed/);
  });

  it('runs a stream query read-only: a query that writes fails the check and changes nothing', async () => {
    // The reader may insert into `touches`, and `touch()` does: only the read-only transaction stops the query writing.
    await source.admin.query('create table touches (at timestamptz not null)');
    await source.admin.query(`grant insert on touches to ${source.username}`);
    await source.admin.query(
      `create function touch() returns int language sql as 'insert into touches values (now()) returning 1'`,
    );
    const writing = postgresConfig([
      {
        name: 'sneaky',
        query: 'select employees.*, touch() as touched from employees',
        cursor_column: 'updated_at',
        primary_key: ['id'],
      },
    ]);
    const created = await api('POST', '/api/v1/integrations', {
      name: 'W',
      connector_type: 'postgres',
      config: writing,
      credentials: { password: source.password },
    });
    assert.equal(created.status, 201);
    const check = await api('POST', `/api/v1/integrations/${created.body.id}/check`);
    assert.equal(check.body.status, 'failed');
    assert.match(check.body.message, /read-only transaction/);
    const { rows } = await source.admin.query('select count(*)::int as n from touches');
    assert.equal(rows[0].n, 0);
  });

  const mapping = {
    stream: 'employees',
    target: 'employees',
    fields: {
      employee_id: { source: 'id' },
      name: { source: 'name' },
      department: { source: 'department', transforms: [{ type: 'value_map', values: { Engineering: 'eng' } }] },
      salary: {
        source: 'salary',
        transforms: [
          { type: 'cast', to: 'number' },
          { type: 'expression', expression: 'value * 12' },
        ],
      },
      start_date: { source: 'start_date', transforms: [{ type: 'cast', to: 'date' }] },
      status: { source: 'active', transforms: [{ type: 'expression', expression: 'value ? "active" : "inactive"' }] },
      currency: { default: 'EUR' },
    },
  };

  it('saves field mappings as versions, each audited, and serves the current one', async () => {
    const integration = await createRest();
    assertProblem(await api('GET', `/api/v1/integrations/${integration.id}/field-mappings`), 404, 'resource_not_found');
    const first = await api('PUT', `/api/v1/integrations/${integration.id}/field-mappings`, mapping);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.version, 1);
    const second = await api('PUT', `/api/v1/integrations/${integration.id}/field-mappings`, {
      ...mapping,
      fields: { ...mapping.fields, currency: { default: 'USD' } },
    });
    assert.equal(second.body.version, 2);
    const current = await api('GET', `/api/v1/integrations/${integration.id}/field-mappings`);
    assert.equal(current.body.version, 2);
    assert.deepEqual(current.body.fields.currency, { default: 'USD' });
    const audit = await api(
      'GET',
      `/api/v1/audit-log?resource_type=integration&action=integration.field_mapping_created&limit=100`,
    );
    assert.deepEqual(
      audit.body.data
        .filter((r: any) => r.resource_id === integration.id)
        .map((r: any) => r.payload.version)
        .sort(),
      [1, 2],
    );
  });

  it('refuses a mapping with unknown target fields, no employee_id, an expression that does not parse or an unknown stream', async () => {
    const integration = await createRest();
    const bad = await api('PUT', `/api/v1/integrations/${integration.id}/field-mappings`, {
      stream: 'staff',
      target: 'employees',
      fields: {
        shoe_size: { source: 'x' },
        salary: { source: 'salary', transforms: [{ type: 'expression', expression: 'value * (' }] },
      },
    });
    assertProblem(bad, 422, 'validation_failed');
    assert.deepEqual(bad.body.errors.map((e: any) => e.path).sort(), [
      '/fields/employee_id',
      '/fields/salary/transforms/0/expression',
      '/fields/shoe_size',
      '/stream',
    ]);
    assertProblem(await api('GET', `/api/v1/integrations/${integration.id}/field-mappings`), 404, 'resource_not_found');
  });

  it('closes its connection to a warehouse after previewing one page (no connection left open per preview)', async () => {
    const created = await api('POST', '/api/v1/integrations', {
      name: 'Preview',
      connector_type: 'postgres',
      config: postgresConfig(),
      credentials: { password: source.password },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const previewMapping = { stream: 'employees', target: 'employees', fields: { employee_id: { source: 'id' } } };
    for (let i = 0; i < 3; i++) {
      const preview = await api('POST', `/api/v1/integrations/${created.body.id}/field-mappings/validate`, {
        mapping: previewMapping,
        limit: 1,
      });
      assert.equal(preview.status, 200, JSON.stringify(preview.body));
      assert.equal(preview.body.records_read, 1);
    }
    // The reader role's sessions end with each preview (a backend may take a moment to leave pg_stat_activity).
    const deadline = Date.now() + 5000;
    let open = -1;
    while (Date.now() < deadline) {
      const result = await source.admin.query<{ count: number }>(
        'select count(*)::int as count from pg_stat_activity where usename = $1',
        [source.username],
      );
      open = result.rows[0]!.count;
      if (open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(open, 0, 'a connection of the reader role stayed open after the previews');
  });

  it('previews a mapping on the first source records with per-record errors, saving nothing', async () => {
    const integration = await createRest();
    const preview = await api('POST', `/api/v1/integrations/${integration.id}/field-mappings/validate`, {
      mapping,
      limit: 6,
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    // The connector's page size is 2: the preview shows the first page.
    assert.equal(preview.body.records_read, 2);
    assert.deepEqual(preview.body.preview[0].record, {
      employee_id: 'e1',
      name: 'Employee 1',
      department: 'eng',
      salary: 60_000,
      start_date: '2024-01-15',
      status: 'active',
      currency: 'EUR',
    });
    assert.equal(preview.body.preview[1].record.department, 'Sales');

    const widePages = await api('PATCH', `/api/v1/integrations/${integration.id}`, {
      config: { ...restConfig(hris.port), pagination: { type: 'cursor', cursor_path: 'next_cursor', page_size: 50 } },
    });
    assert.equal(widePages.status, 200, JSON.stringify(widePages.body));
    const all = await api('POST', `/api/v1/integrations/${integration.id}/field-mappings/validate`, {
      mapping,
      limit: 50,
    });
    assert.equal(all.body.records_read, 6);
    assert.equal(all.body.records_rejected, 1);
    const rejected = all.body.preview.find((p: any) => p.source_record.id === 'e6');
    assert.equal(rejected.record, null);
    assert.deepEqual(rejected.errors, [{ path: '/salary', message: '"n/a" is not a number' }]);

    const unknownSource = await api('POST', `/api/v1/integrations/${integration.id}/field-mappings/validate`, {
      mapping: { ...mapping, fields: { ...mapping.fields, fte: { source: 'fte' } } },
    });
    assertProblem(unknownSource, 422, 'validation_failed');
    assert.deepEqual(unknownSource.body.errors, [
      { path: '/mapping/fields/fte/source', message: 'is not a field of stream employees' },
    ]);
    assertProblem(await api('GET', `/api/v1/integrations/${integration.id}/field-mappings`), 404, 'resource_not_found');
  });

  it("answers another tenant's integration exactly like a missing one, on every operation", async () => {
    const mine = await createRest();
    for (const [method, path, body] of [
      ['GET', `/api/v1/integrations/${mine.id}`],
      ['PATCH', `/api/v1/integrations/${mine.id}`, { name: 'taken' }],
      ['DELETE', `/api/v1/integrations/${mine.id}`],
      ['POST', `/api/v1/integrations/${mine.id}/check`],
      ['POST', `/api/v1/integrations/${mine.id}/discover`],
      ['GET', `/api/v1/integrations/${mine.id}/field-mappings`],
      ['PUT', `/api/v1/integrations/${mine.id}/field-mappings`, mapping],
      ['POST', `/api/v1/integrations/${mine.id}/field-mappings/validate`, { mapping }],
    ] as Array<[string, string, unknown?]>) {
      const theirs = await api(method, path, body, other);
      assertProblem(theirs, 404, 'resource_not_found');
      const missing = await api(method, path.replace(mine.id, 'int_01jd2x0m3f8q4w7e5r6t9y2v1k'), body, other);
      assertProblem(missing, 404, 'resource_not_found');
      assert.equal(
        theirs.body.detail.replace(mine.id, 'X'),
        missing.body.detail.replace('int_01jd2x0m3f8q4w7e5r6t9y2v1k', 'X'),
      );
    }
    const list = await api('GET', '/api/v1/integrations?limit=100', undefined, other);
    assert.deepEqual(list.body.data, []);
    assert.equal((await api('GET', `/api/v1/integrations/${mine.id}`)).body.name, 'HRIS');
  });

  it('asks for the credentials again when the key that encrypted them is not configured', async () => {
    const integration = await createRest();
    await stack.db('integrations').where({ id: integration.id }).update({ credentials_key_id: 'k_0000000000000000' });
    const check = await api('POST', `/api/v1/integrations/${integration.id}/check`);
    assertProblem(check, 422, 'validation_failed');
    assert.equal(check.body.errors[0].path, '/credentials');
    assert.match(check.body.errors[0].message, /k_0000000000000000/);
    const resent = await api('PATCH', `/api/v1/integrations/${integration.id}`, { credentials: { token: TOKEN } });
    assert.equal(resent.status, 200, JSON.stringify(resent.body));
    assert.equal((await api('POST', `/api/v1/integrations/${integration.id}/check`)).body.status, 'succeeded');
  });

  it('never returns a credential in any response', () => {
    const all = seen.join('\n');
    for (const secret of [TOKEN, 'rotated-token-4b2e', source.password, 'wrong-token'])
      assert.equal(all.includes(secret), false, `${secret} appeared in a response`);
  });
});
