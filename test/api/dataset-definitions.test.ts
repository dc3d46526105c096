import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { createSourceDatabase, type SourceDatabase } from '../helpers/source-database';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Tenant-defined datasets: their definitions (create, read, change, delete and the 409 rules), field mappings into
 * them with the date_format / concat / value_map transforms, and a sync from a real Postgres source into one.
 */

const CONTRACTORS = {
  name: 'contractors',
  description: 'Contractors from the vendor system',
  primary_key: 'contractor_id',
  fields: {
    contractor_id: { type: 'integer' },
    full_name: { type: 'string', description: 'First and last name' },
    day_rate: { type: 'number' },
    kind: { type: 'string' },
    signed_on: { type: 'date' },
  },
};

/** Maps the source's `vendors` rows (US dates as text, a vendor code) into contractors. */
const MAPPING = {
  stream: 'vendors',
  target: 'contractors',
  fields: {
    contractor_id: { source: 'ref' },
    full_name: {
      transforms: [{ type: 'concat', fields: ['first_name', { literal: '·' }, 'last_name'], separator: ' ' }],
    },
    day_rate: {
      source: 'rate',
      transforms: [
        { type: 'cast', to: 'number' },
        { type: 'expression', expression: 'value * 8' },
      ],
    },
    kind: {
      source: 'code',
      transforms: [{ type: 'value_map', values: { IC: 'individual', AG: 'agency' }, default_value: 'other' }],
    },
    signed_on: { source: 'signed', transforms: [{ type: 'date_format', format: 'MM/DD/YYYY' }] },
  },
};

describe('tenant-defined datasets', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let source: SourceDatabase;
  let integrationId: string;

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, path, { key: who.key, body });

  const createIntegration = async (who: TestTenant = tenant) => {
    const created = await api(
      'POST',
      '/api/v1/integrations',
      {
        name: 'vendor system',
        connector_type: 'postgres',
        config: source.connectorConfig([
          { name: 'vendors', table: 'public.vendors', cursor_column: 'updated_at', primary_key: ['ref'] },
        ]),
        credentials: { password: source.password },
      },
      who,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const runSync = async (id: string) => {
    const started = await api('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full' });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.dataset, 'contractors');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await api('GET', `/api/v1/integrations/${id}/syncs/${started.body.id}`);
      if (!['queued', 'syncing'].includes(found.body.status)) return found.body;
      assert.ok(Date.now() < deadline, `sync still ${found.body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  before(async () => {
    stack = await startTestStack({ worker: true, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    source = await createSourceDatabase();
    await source.admin.query(
      `create table vendors (ref integer primary key, first_name text, last_name text, rate text, code text, signed text, updated_at timestamptz not null)`,
    );
    await source.admin.query(
      `insert into vendors values
         (1, 'Grace', 'Hopper', '125.50', 'IC', '02/29/2024', '2026-11-01T10:00:00Z'),
         (2, 'Alan', null, '100', 'AG', '12/01/2023', '2026-11-02T10:00:00Z'),
         (3, 'Edsger', 'Dijkstra', '90', 'XX', '2023-12-01', '2026-11-03T10:00:00Z'),
         (4, null, null, 'lots', 'IC', '02/30/2024', '2026-11-04T10:00:00Z')`,
    );
  });
  after(async () => {
    await source?.drop();
    await stack?.close();
  });

  it('defines a dataset, reads it back, and lists it with 0 records next to the built-in employees', async () => {
    const created = await api('POST', '/api/v1/datasets', CONTRACTORS);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.headers.get('location'), '/api/v1/datasets/contractors');
    assert.deepEqual(
      { ...created.body, created_at: undefined, updated_at: undefined, created_by: undefined },
      {
        object: 'dataset_definition',
        ...CONTRACTORS,
        built_in: false,
        created_at: undefined,
        updated_at: undefined,
        created_by: undefined,
      },
    );
    assert.equal(created.body.created_by.type, 'api_key');

    const read = await api('GET', '/api/v1/datasets/contractors');
    assert.deepEqual(read.body, created.body);
    const builtIn = await api('GET', '/api/v1/datasets/employees');
    assert.equal(builtIn.status, 200);
    assert.equal(builtIn.body.built_in, true);
    assert.equal(builtIn.body.primary_key, 'employee_id');
    assert.deepEqual(builtIn.body.fields.salary, { type: 'number' });

    const listed = await api('GET', '/api/v1/datasets');
    assert.deepEqual(
      listed.body.data.map((d: any) => d.name),
      ['employees', 'contractors'],
    );
    const contractors = listed.body.data[1];
    assert.deepEqual(
      [contractors.records, contractors.primary_key, contractors.fields.signed_on],
      [0, 'contractor_id', 'date'],
    );

    const empty = await api('GET', '/api/v1/datasets/contractors/records');
    assert.deepEqual([empty.status, empty.body.data], [200, []]);
    const audit = await api('GET', '/api/v1/audit-log?resource_type=dataset&limit=10');
    assert.deepEqual(
      audit.body.data.map((r: any) => [r.action, r.resource_id]),
      [['dataset.created', 'contractors']],
    );
  });

  // Keys refused, a taken name, the built-in left alone and reshaping while empty: test/use-cases/datasets.test.ts.
  it('refuses definitions the document or the database refuses, naming the field, and unknown names with 404', async () => {
    const refused = async (body: unknown, path: string) => {
      const response = await api('POST', '/api/v1/datasets', body);
      assertProblem(response, 422, 'validation_failed');
      assert.ok(
        response.body.errors.some((e: any) => e.path === path),
        JSON.stringify(response.body.errors),
      );
    };
    await refused({ ...CONTRACTORS, name: 'employees' }, '/name');
    await refused({ ...CONTRACTORS, name: 'Contractors' }, '/name');
    await refused(
      { ...CONTRACTORS, name: 'c2', fields: { ...CONTRACTORS.fields, shoe: { type: 'shoe' } } },
      '/fields/shoe/type',
    );
    await refused(
      { ...CONTRACTORS, name: 'c2', fields: { ...CONTRACTORS.fields, 'Bad Name': { type: 'string' } } },
      '/fields',
    );
    assertProblem(await api('GET', '/api/v1/datasets/nothing_here/records'), 404, 'resource_not_found');
    // Names that cannot be dataset names (a NUL, upper case) are unknown too, never a database error.
    for (const name of ['%00', 'employees%00', 'Employees', 'a'.repeat(300)]) {
      assertProblem(await api('GET', `/api/v1/datasets/${name}`), 404, 'resource_not_found');
      assertProblem(await api('GET', `/api/v1/datasets/${name}/records`), 404, 'resource_not_found');
      assertProblem(await api('DELETE', `/api/v1/datasets/${name}`), 404, 'resource_not_found');
    }
  });

  it('previews a mapping into the dataset with date_format, concat, value_map and per-record errors', async () => {
    integrationId = await createIntegration();
    const preview = await api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, {
      mapping: MAPPING,
      limit: 10,
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.records_read, 4);
    assert.equal(preview.body.records_rejected, 2);
    const byRef = new Map(preview.body.preview.map((p: any) => [p.source_record.ref, p]));
    assert.deepEqual((byRef.get(1) as any).record, {
      contractor_id: 1,
      full_name: 'Grace · Hopper',
      day_rate: 1004,
      kind: 'individual',
      signed_on: '2024-02-29',
    });
    assert.deepEqual((byRef.get(2) as any).record, {
      contractor_id: 2,
      full_name: 'Alan ·',
      day_rate: 800,
      kind: 'agency',
      signed_on: '2023-12-01',
    });
    assert.deepEqual((byRef.get(3) as any).errors, [
      { path: '/signed_on', message: '"2023-12-01" is not a date in the format MM/DD/YYYY' },
    ]);
    assert.deepEqual((byRef.get(4) as any).errors, [
      { path: '/day_rate', message: '"lots" is not a number' },
      { path: '/signed_on', message: '"02/30/2024" is not a calendar date (format MM/DD/YYYY)' },
    ]);

    // Problems of the mapping itself name /mapping/…: a field the dataset lacks, a bad format, a source the stream lacks.
    const bad = await api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, {
      mapping: {
        ...MAPPING,
        fields: {
          ...MAPPING.fields,
          salary: { source: 'rate' },
          signed_on: { source: 'signed', transforms: [{ type: 'date_format', format: 'MD/YYYY' }] },
        },
      },
    });
    assertProblem(bad, 422, 'validation_failed');
    assert.deepEqual(bad.body.errors.map((e: any) => e.path).sort(), [
      '/mapping/fields/salary',
      '/mapping/fields/signed_on/transforms/0/format',
    ]);
    // Source fields are checked against the stream's discovered fields, once the mapping itself is sound.
    const unknownSource = await api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, {
      mapping: {
        ...MAPPING,
        fields: {
          ...MAPPING.fields,
          full_name: { transforms: [{ type: 'concat', fields: ['first_name', 'middle_name'] }] },
        },
      },
    });
    assertProblem(unknownSource, 422, 'validation_failed');
    assert.deepEqual(
      unknownSource.body.errors.map((e: any) => e.path),
      ['/mapping/fields/full_name/transforms/0/fields/1'],
    );
    const unknownTarget = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, {
      ...MAPPING,
      target: 'suppliers',
    });
    assertProblem(unknownTarget, 422, 'validation_failed');
    assert.deepEqual(
      unknownTarget.body.errors.map((e: any) => e.path),
      ['/target'],
    );
    const schemaRefused = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, {
      ...MAPPING,
      fields: {
        ...MAPPING.fields,
        kind: { source: 'code', transforms: [{ type: 'concat', fields: [], separator: 1 }] },
      },
    });
    assertProblem(schemaRefused, 422, 'validation_failed');
    assert.ok(
      schemaRefused.body.errors.every((e: any) => e.path.startsWith('/fields/kind/transforms/0')),
      JSON.stringify(schemaRefused.body.errors),
    );
  });

  it('syncs into the dataset; then refuses reshaping it (409) but adds fields, and refuses deleting it while mapped', async () => {
    const mapped = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, MAPPING);
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    assert.equal(mapped.body.target, 'contractors');
    const sync = await runSync(integrationId);
    assert.equal(sync.status, 'partially_completed', JSON.stringify(sync));
    assert.deepEqual(sync.counts, { read: 4, inserted: 2, updated: 0, unchanged: 0, rejected: 2, deleted: 0 });
    const records = await api('GET', '/api/v1/datasets/contractors/records');
    assert.deepEqual(
      records.body.data.map((r: any) => [r.primary_key, r.data]),
      [
        [
          '1',
          {
            contractor_id: 1,
            full_name: 'Grace · Hopper',
            day_rate: 1004,
            kind: 'individual',
            signed_on: '2024-02-29',
          },
        ],
        ['2', { contractor_id: 2, full_name: 'Alan ·', day_rate: 800, kind: 'agency', signed_on: '2023-12-01' }],
      ],
    );
    const rejections = await api('GET', `/api/v1/integrations/${integrationId}/syncs/${sync.id}/rejections`);
    assert.deepEqual(rejections.body.data.map((r: any) => r.primary_key).sort(), ['3', '4']);
    const employees = await api('GET', '/api/v1/datasets/employees/records');
    assert.deepEqual(employees.body.data, []);
    const listed = await api('GET', '/api/v1/datasets');
    assert.equal(listed.body.data.find((d: any) => d.name === 'contractors').records, 2);

    const reshape = await api('PATCH', '/api/v1/datasets/contractors', {
      primary_key: 'full_name',
      fields: { day_rate: { type: 'string' } },
    });
    assertProblem(reshape, 409, 'dataset_has_records');
    assert.deepEqual(reshape.body.errors.map((e: any) => e.path).sort(), ['/fields/day_rate/type', '/primary_key']);
    const added = await api('PATCH', '/api/v1/datasets/contractors', {
      description: null,
      fields: { agency: { type: 'string' }, day_rate: { type: 'number', description: 'Per day' } },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.description, null);
    assert.deepEqual(added.body.fields.agency, { type: 'string' });
    assert.deepEqual(added.body.fields.day_rate, { type: 'number', description: 'Per day' });

    const inUse = await api('DELETE', '/api/v1/datasets/contractors');
    assertProblem(inUse, 409, 'dataset_in_use');
    assert.deepEqual(inUse.body.integration_ids, [integrationId]);

    // Mapped elsewhere, it can go, with its records.
    const remapped = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, {
      stream: 'vendors',
      target: 'employees',
      fields: { employee_id: { source: 'ref' } },
    });
    assert.equal(remapped.status, 200, JSON.stringify(remapped.body));
    assert.equal((await api('DELETE', '/api/v1/datasets/contractors')).status, 204);
    assertProblem(await api('GET', '/api/v1/datasets/contractors/records'), 404, 'resource_not_found');
    assert.equal((await stack.db('dataset_records').where({ tenant_id: tenant.id, dataset: 'contractors' })).length, 0);
    const audit = await api('GET', '/api/v1/audit-log?resource_type=dataset&limit=20');
    assert.deepEqual(
      audit.body.data.filter((r: any) => r.resource_id === 'contractors').map((r: any) => r.action),
      ['dataset.deleted', 'dataset.updated', 'dataset.created'],
    );
  });

  it("keeps each tenant's datasets its own: another tenant's name answers 404, and cannot be a mapping target", async () => {
    const mine = await api('POST', '/api/v1/datasets', { ...CONTRACTORS, name: 'private_set' });
    assert.equal(mine.status, 201, JSON.stringify(mine.body));
    for (const [method, path, body] of [
      ['GET', '/api/v1/datasets/private_set'],
      ['PATCH', '/api/v1/datasets/private_set', { fields: { x: { type: 'string' } } }],
      ['DELETE', '/api/v1/datasets/private_set'],
      ['GET', '/api/v1/datasets/private_set/records'],
    ] as Array<[string, string, unknown?]>) {
      assertProblem(await api(method, path, body, other), 404, 'resource_not_found');
    }
    const theirs = await api('GET', '/api/v1/datasets', undefined, other);
    assert.deepEqual(
      theirs.body.data.map((d: any) => d.name),
      ['employees'],
    );
    // The name inside a body: the other tenant's mapping cannot target it.
    const otherIntegration = await createIntegration(other);
    const refused = await api(
      'PUT',
      `/api/v1/integrations/${otherIntegration}/field-mappings`,
      { ...MAPPING, target: 'private_set' },
      other,
    );
    assertProblem(refused, 422, 'validation_failed');
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      ['/target'],
    );
    // The other tenant may define the same name for itself.
    assert.equal((await api('POST', '/api/v1/datasets', { ...CONTRACTORS, name: 'private_set' }, other)).status, 201);
    assert.equal((await api('GET', '/api/v1/datasets/private_set')).body.description, CONTRACTORS.description);
  });
});
