import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import {
  call,
  createTestTenant,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

/** Small limits so the tests cross them cheaply: 64 KiB per upload, stored in 1 KiB pieces (rows straddle pieces). */
const MAX_BYTES = 64 * 1024;
const CHUNK_BYTES = 1024;

const csvIntegration = (name = 'payroll export') => ({
  name,
  connector_type: 'csv',
  config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
});

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

/** 40 employees; `drop` leaves some out, `broken` adds rows that cannot be read at the given places. */
function employeesCsv(options: { drop?: number[] } = {}): string {
  const lines = ['id,name,dept,salary'];
  for (let i = 1; i <= 40; i++) {
    if (options.drop?.includes(i)) continue;
    lines.push(
      `e${String(i).padStart(3, '0')},"Employee ${i}, Jr.",${i % 2 ? 'Engineering' : 'Sales'},${50_000 + i * 100}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('CSV uploads', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let integrationId: string;
  let firstUploadId: string;

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, path, { key: who.key, body });

  const upload = async (
    id: string,
    body: string | Buffer,
    options: { contentType?: string; query?: string; who?: TestTenant; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> => {
    const response = await fetch(`${stack.baseUrl}/api/v1/integrations/${id}/uploads${options.query ?? ''}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(options.who ?? tenant).key}`,
        'content-type': options.contentType ?? 'text/csv',
        ...options.headers,
      },
      body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : text };
  };

  const runSync = async (id: string, body: Record<string, unknown>) => {
    const started = await api('POST', `/api/v1/integrations/${id}/syncs`, body);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await api('GET', `/api/v1/integrations/${id}/syncs/${started.body.id}`);
      if (!['queued', 'syncing'].includes(found.body.status)) return found.body;
      if (Date.now() > deadline) throw new Error(`sync still ${found.body.status} after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const allPages = async (path: string, who: TestTenant = tenant) => {
    const items: any[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await api(
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        who,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      items.push(...page.body.data);
      cursor = page.body.next_cursor;
    } while (cursor);
    return items;
  };

  const storedUploads = async (id: string) =>
    Number((await stack.db('integration_uploads').where({ integration_id: id }).count({ n: '*' }))[0]!.n);

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: { CSV_UPLOAD_MAX_BYTES: String(MAX_BYTES), CSV_UPLOAD_CHUNK_BYTES: String(CHUNK_BYTES) },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    const created = await api('POST', '/api/v1/integrations', csvIntegration());
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.config, {
      delimiter: ',',
      has_header: true,
      streams: [{ name: 'employees', primary_key: ['id'] }],
    });
    integrationId = created.body.id;
    const mapped = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, MAPPING);
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
  });
  after(async () => stack?.close());

  it('publishes the csv connector type', async () => {
    const types = await api('GET', '/api/v1/integrations/connector-types');
    const csv = types.body.data.find((t: { type: string }) => t.type === 'csv');
    assert.ok(csv, 'csv is a connector type');
    assert.deepEqual(csv.spec.required, ['streams']);
  });

  it('refuses a csv sync before anything was uploaded, naming /upload_id, and a failed check says why', async () => {
    const refused = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { mode: 'full' });
    assertProblem(refused, 422, 'validation_failed');
    assert.equal(refused.body.errors[0].path, '/upload_id');
    const check = await api('POST', `/api/v1/integrations/${integrationId}/check`);
    assert.equal(check.body.status, 'failed');
    assert.match(check.body.message, /no file has been uploaded/);
  });

  it('stores an upload streamed in pieces, with its size, SHA-256 and header', async () => {
    const text = employeesCsv();
    const created = await upload(integrationId, text, { query: '?filename=employees-november.csv' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.id, /^upl_[0-9a-z]{26}$/);
    assert.equal(created.headers.get('location'), `/api/v1/integrations/${integrationId}/uploads/${created.body.id}`);
    assert.equal(created.body.bytes, Buffer.byteLength(text));
    assert.equal(created.body.sha256, crypto.createHash('sha256').update(text).digest('hex'));
    assert.deepEqual(created.body.columns, ['id', 'name', 'dept', 'salary']);
    assert.equal(created.body.filename, 'employees-november.csv');
    firstUploadId = created.body.id;

    // Stored in pieces of CSV_UPLOAD_CHUNK_BYTES that put together are the file.
    const pieces = await stack.db('integration_upload_chunks').where({ upload_id: firstUploadId }).orderBy('seq');
    assert.equal(pieces.length, Math.ceil(Buffer.byteLength(text) / CHUNK_BYTES));
    assert.ok(pieces.slice(0, -1).every((p) => p.data.length === CHUNK_BYTES));
    assert.equal(Buffer.concat(pieces.map((p) => p.data)).toString(), text);

    const got = await api('GET', `/api/v1/integrations/${integrationId}/uploads/${firstUploadId}`);
    assert.deepEqual(got.body, created.body);
    const listed = await api('GET', `/api/v1/integrations/${integrationId}/uploads`);
    assert.deepEqual(
      listed.body.data.map((u: { id: string }) => u.id),
      [firstUploadId],
    );

    const audit = await stack.db('audit_log').where({ tenant_id: tenant.id, action: 'integration.file_uploaded' });
    assert.equal(audit.length, 1);
    assert.equal(audit[0].payload.sha256, created.body.sha256);

    const check = await api('POST', `/api/v1/integrations/${integrationId}/check`);
    assert.equal(check.body.status, 'succeeded');
    const catalog = await api('POST', `/api/v1/integrations/${integrationId}/discover`);
    assert.equal(catalog.status, 200, JSON.stringify(catalog.body));
    assert.deepEqual(catalog.body.streams[0].fields, [
      { name: 'id', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'dept', type: 'string' },
      { name: 'salary', type: 'integer' },
    ]);
    const preview = await api('POST', `/api/v1/integrations/${integrationId}/field-mappings/validate`, {
      mapping: MAPPING,
      limit: 2,
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual(preview.body.preview[0].record, {
      employee_id: 'e001',
      name: 'Employee 1, Jr.',
      department: 'Engineering',
      salary: 50_100,
    });
  });

  it('syncs the upload into employees in pages, reporting each broken row as a rejection with its line', async () => {
    // Lines 1 (header) … : three rows that cannot be read, among good ones, plus one the mapping refuses.
    const lines = employeesCsv().trimEnd().split('\r\n');
    lines.splice(5, 0, 'e900,Short Row,Sales'); // line 6: 3 fields
    lines.splice(10, 0, 'e901,"Bad "quote",Sales,1'); // line 11
    lines.splice(20, 0, 'e902,Not Paid,Sales,lots'); // line 21: read, but the mapping cannot cast the salary
    lines.splice(30, 0, 'e903,Too,Many,Fields,Here'); // line 31
    const created = await upload(integrationId, `${lines.join('\r\n')}\r\n`);
    assert.equal(created.status, 201, JSON.stringify(created.body));

    const sync = await runSync(integrationId, { mode: 'full', page_size: 7 });
    assert.equal(sync.status, 'partially_completed', JSON.stringify(sync));
    assert.equal(sync.upload_id, created.body.id);
    assert.deepEqual(sync.counts, { read: 44, inserted: 40, updated: 0, unchanged: 0, rejected: 4, deleted: 0 });
    assert.equal(sync.pages_committed, Math.ceil(44 / 7));

    const rejections = await allPages(`/api/v1/integrations/${integrationId}/syncs/${sync.id}/rejections`);
    const broken = rejections.filter((r) => r.primary_key === null);
    assert.deepEqual(
      broken.map((r) => [r.source_record.line, r.source_record.raw]),
      [
        [6, 'e900,Short Row,Sales'],
        [11, 'e901,"Bad "quote",Sales,1'],
        [31, 'e903,Too,Many,Fields,Here'],
      ],
    );
    assert.match(broken[0].errors[0].message, /^line 6: the row has 3 fields; the header has 4$/);
    assert.match(broken[1].errors[0].message, /^line 11: /);
    const refused = rejections.find((r) => r.primary_key === 'e902');
    assert.equal(refused.errors[0].path, '/salary');

    const records = await allPages('/api/v1/datasets/employees/records');
    assert.equal(records.length, 40);
    assert.deepEqual(records[0].data, {
      employee_id: 'e001',
      name: 'Employee 1, Jr.',
      department: 'Engineering',
      salary: 50_100,
    });
  });

  it('flags the rows a newer upload no longer has as deleted on a full sync, and re-reads an older upload by upload_id', async () => {
    const created = await upload(integrationId, employeesCsv({ drop: [3, 17, 40] }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const sync = await runSync(integrationId, { mode: 'full' });
    assert.equal(sync.status, 'completed', JSON.stringify(sync));
    assert.deepEqual(sync.counts, { read: 37, inserted: 0, updated: 0, unchanged: 37, rejected: 0, deleted: 3 });
    const deleted = (await allPages('/api/v1/datasets/employees/records?include_deleted=true')).filter(
      (r) => r.deleted_at !== null,
    );
    assert.deepEqual(
      deleted.map((r) => r.primary_key),
      ['e003', 'e017', 'e040'],
    );

    // The first upload, named: its rows come back.
    const again = await runSync(integrationId, { mode: 'full', upload_id: firstUploadId });
    assert.equal(again.upload_id, firstUploadId);
    assert.deepEqual(again.counts, { read: 40, inserted: 0, updated: 3, unchanged: 37, rejected: 0, deleted: 0 });
    assert.equal((await allPages('/api/v1/datasets/employees/records')).length, 40);
  });

  it('answers 413 for a file over CSV_UPLOAD_MAX_BYTES, declared or streamed, and stores nothing', async () => {
    const before = await storedUploads(integrationId);
    const big = `id,name\r\n${'e1,'.padEnd(100, 'x')}\r\n`.repeat(Math.ceil(MAX_BYTES / 100) + 10);
    const declared = await upload(integrationId, big);
    assertProblem(declared, 413, 'payload_too_large');
    assert.equal(declared.body.limit_bytes, MAX_BYTES);
    const bytes = new TextEncoder().encode(big);
    const streamed = await fetch(`${stack.baseUrl}/api/v1/integrations/${integrationId}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'text/csv' },
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 4096)
            controller.enqueue(bytes.subarray(offset, offset + 4096));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    assertProblem(
      { status: streamed.status, headers: streamed.headers, body: await streamed.json() },
      413,
      'payload_too_large',
    );
    assert.equal(await storedUploads(integrationId), before);
    assert.equal(
      Number(
        (
          await stack
            .db('integration_upload_chunks')
            .whereNotIn('upload_id', stack.db('integration_uploads').select('id'))
            .count({ n: '*' })
        )[0]!.n,
      ),
      0,
    );
  });

  it('answers 415 for anything but unencoded UTF-8 text/csv', async () => {
    assertProblem(
      await upload(integrationId, 'id\n1\n', { contentType: 'application/json' }),
      415,
      'unsupported_media_type',
    );
    assertProblem(
      await upload(integrationId, 'id\n1\n', { contentType: 'text/csv; charset=iso-8859-1' }),
      415,
      'unsupported_media_type',
    );
    assertProblem(
      await upload(integrationId, 'id\n1\n', { headers: { 'content-encoding': 'gzip' } }),
      415,
      'unsupported_media_type',
    );
    const accepted = await upload(integrationId, 'id,name,dept,salary\n', { contentType: 'text/csv; charset=UTF-8' });
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
  });

  it('answers 422 for a file whose header cannot be used, or that is not UTF-8 text, and stores nothing', async () => {
    const before = await storedUploads(integrationId);
    const empty = await upload(integrationId, '');
    assertProblem(empty, 422, 'validation_failed');
    assert.match(empty.body.errors[0].message, /empty/);
    assertProblem(await upload(integrationId, '\r\n\r\n'), 422, 'validation_failed');
    const duplicate = await upload(integrationId, 'id,name,name,\r\n1,a,b,c\r\n');
    assertProblem(duplicate, 422, 'validation_failed');
    assert.deepEqual(
      duplicate.body.errors.map((e: { path: string }) => e.path),
      ['/header/2', '/header/3'],
    );
    const noKey = await upload(integrationId, 'employee,name\r\n1,a\r\n');
    assertProblem(noKey, 422, 'validation_failed');
    assert.deepEqual(noKey.body.errors, [{ path: '/header', message: 'has no primary key column "id"' }]);
    assertProblem(
      await upload(
        integrationId,
        Buffer.concat([Buffer.from('id,name\r\n1,'), Buffer.from([0xff, 0xfe]), Buffer.from('\r\n')]),
      ),
      422,
      'validation_failed',
    );
    assertProblem(await upload(integrationId, 'id,name\r\n1,a\u0000b\r\n'), 422, 'validation_failed');
    assert.equal(await storedUploads(integrationId), before);
  });

  it('takes uploads only for csv integrations, and upload_id only for their syncs', async () => {
    const rest = await api('POST', '/api/v1/integrations', {
      name: 'hris',
      connector_type: 'rest',
      config: {
        base_url: 'https://hris.example.com',
        auth: { type: 'bearer' },
        streams: [{ name: 'employees', path: '/employees', primary_key: ['id'] }],
      },
      credentials: { token: 't' },
    });
    assertProblem(await upload(rest.body.id, 'id\n1\n'), 409, 'uploads_not_supported');
    await api('PUT', `/api/v1/integrations/${rest.body.id}/field-mappings`, {
      stream: 'employees',
      target: 'employees',
      fields: { employee_id: { source: 'id' } },
    });
    const refused = await api('POST', `/api/v1/integrations/${rest.body.id}/syncs`, { upload_id: firstUploadId });
    assertProblem(refused, 422, 'validation_failed');
    assert.equal(refused.body.errors[0].path, '/upload_id');
    assertProblem(
      await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { upload_id: `upl_${'0'.repeat(26)}` }),
      404,
      'resource_not_found',
    );
  });

  it("answers 404 to another tenant on every upload endpoint, and for another tenant's upload id in a sync request", async () => {
    assertProblem(await upload(integrationId, employeesCsv(), { who: other }), 404, 'resource_not_found');
    assertProblem(
      await api('GET', `/api/v1/integrations/${integrationId}/uploads`, undefined, other),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('GET', `/api/v1/integrations/${integrationId}/uploads/${firstUploadId}`, undefined, other),
      404,
      'resource_not_found',
    );
    // The other tenant's own csv integration, asked to read this tenant's upload.
    const theirs = await api('POST', '/api/v1/integrations', csvIntegration('theirs'), other);
    await api('PUT', `/api/v1/integrations/${theirs.body.id}/field-mappings`, MAPPING, other);
    assertProblem(
      await api('POST', `/api/v1/integrations/${theirs.body.id}/syncs`, { upload_id: firstUploadId }, other),
      404,
      'resource_not_found',
    );
    assertProblem(
      await api('GET', `/api/v1/integrations/${theirs.body.id}/uploads/${firstUploadId}`, undefined, other),
      404,
      'resource_not_found',
    );
    // And an upload of one integration is not another's, even in the same tenant.
    const second = await api('POST', '/api/v1/integrations', csvIntegration('second'));
    assertProblem(
      await api('GET', `/api/v1/integrations/${second.body.id}/uploads/${firstUploadId}`),
      404,
      'resource_not_found',
    );
    assert.equal(await storedUploads(theirs.body.id), 0);
  });
});
