import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { startHrisServer, type HrisServer } from '../helpers/hris-server';
import { startBambooHrServer, startMergeHrisServer } from '../helpers/hris-provider-servers';
import { assertProblem } from '../helpers/problem';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  spawnWorkerProcess,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

/**
 * The HRIS connectors end to end: a real API process and a real worker process (both logging at trace, their output
 * captured) on a real Temporal and Postgres, syncing from local servers that speak BambooHR's, a Merge-style and a
 * generic OAuth-protected REST API's shapes. Every response of the flow and every log line of both processes is
 * searched for the credentials afterwards.
 */

const BAMBOO_KEY = 'bamboo-key-SECRET-7c1f0e9a';
const MERGE_KEY = 'merge-key-SECRET-4b2d8e11';
const MERGE_ACCOUNT_TOKEN = 'merge-account-SECRET-90aa3c';
const OAUTH_SECRET = 'oauth-client-SECRET-e5d0b7';
const SECRETS = [BAMBOO_KEY, MERGE_KEY, MERGE_ACCOUNT_TOKEN, OAUTH_SECRET];
/** The forms a secret takes on the wire (Basic headers), which a careless log line would show instead. */
const WIRE_FORMS = [
  Buffer.from(`${BAMBOO_KEY}:x`).toString('base64'),
  Buffer.from(`hris-client:${OAUTH_SECRET}`).toString('base64'),
];

const L = (day: number) => `2026-11-0${day}T10:00:00+00:00`;
const M = (day: number) => `2026-11-0${day}T10:00:00.000000Z`;

describe('HRIS connector syncs through the API and Temporal, with no credential in any response or log line', () => {
  let stack: TestStack;
  let apiBase: string;
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const responses: string[] = [];
  const tenants: Record<'bamboo' | 'merge' | 'rest', TestTenant> = {} as never;
  let bamboo: Awaited<ReturnType<typeof startBambooHrServer>>;
  let merge: Awaited<ReturnType<typeof startMergeHrisServer>>;
  let rest: HrisServer;

  const api = async (who: TestTenant, method: string, path: string, body?: unknown): Promise<ApiResponse> => {
    const response = await call(apiBase, method, path, { key: who.key, body });
    responses.push(JSON.stringify({ status: response.status, headers: [...response.headers], body: response.body }));
    return response;
  };

  const createIntegration = async (who: TestTenant, body: Record<string, unknown>, fields: Record<string, unknown>) => {
    const created = await api(who, 'POST', '/api/v1/integrations', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.has_credentials, true);
    const mapped = await api(who, 'PUT', `/api/v1/integrations/${created.body.id}/field-mappings`, {
      stream: 'employees',
      target: 'employees',
      fields,
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    return created.body.id as string;
  };

  const runSync = async (who: TestTenant, integrationId: string, body: Record<string, unknown>) => {
    const started = await api(who, 'POST', `/api/v1/integrations/${integrationId}/syncs`, body);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const found = await api(who, 'GET', `/api/v1/integrations/${integrationId}/syncs/${started.body.id}`);
      assert.equal(found.status, 200, JSON.stringify(found.body));
      if (!['queued', 'syncing'].includes(found.body.status)) return found.body;
      if (Date.now() > deadline) throw new Error(`sync still ${found.body.status} after 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };

  const datasetRecords = async (who: TestTenant) => {
    const page = await api(who, 'GET', '/api/v1/datasets/employees/records?limit=100');
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.equal(page.body.next_cursor, null);
    return page.body.data as Array<{ primary_key: string; data: Record<string, unknown> }>;
  };

  /** Reads, checks and discovers like a user setting an integration up: every answer goes to `responses`. */
  const exercise = async (who: TestTenant, id: string) => {
    assert.equal((await api(who, 'GET', `/api/v1/integrations/${id}`)).status, 200);
    assert.equal((await api(who, 'GET', '/api/v1/integrations?limit=10')).status, 200);
    const checked = await api(who, 'POST', `/api/v1/integrations/${id}/check`);
    assert.equal(checked.body.status, 'succeeded', JSON.stringify(checked.body));
    const discovered = await api(who, 'POST', `/api/v1/integrations/${id}/discover`);
    assert.equal(discovered.status, 200, JSON.stringify(discovered.body));
    return discovered.body.streams[0];
  };

  before(async () => {
    const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', LOG_LEVEL: 'trace' };
    stack = await startTestStack({ relay: true, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    tenants.bamboo = await createTestTenant(stack.db);
    tenants.merge = await createTestTenant(stack.db);
    tenants.rest = await createTestTenant(stack.db);
    children.push(await spawnWorkerProcess(stack, env, { onOutput: (text) => output.push(text) }));
    const spawned = await spawnApiProcess(stack, env, { onOutput: (text) => output.push(text) });
    children.push(spawned.child);
    apiBase = spawned.baseUrl;
    bamboo = await startBambooHrServer('acme', BAMBOO_KEY, [
      {
        id: '1',
        firstName: 'Ada',
        department: 'Engineering',
        hireDate: '2020-03-01',
        status: 'Active',
        lastChanged: L(1),
      },
      { id: '2', firstName: 'Bo', department: 'Sales', hireDate: '2021-06-15', status: 'Active', lastChanged: L(2) },
      {
        id: '3',
        firstName: 'Cy',
        department: 'Engineering',
        hireDate: '2019-01-10',
        status: 'Inactive',
        lastChanged: L(3),
      },
      { id: '4', firstName: 'Di', department: 'Sales', hireDate: '2022-09-01', status: 'Active', lastChanged: L(4) },
    ]);
    merge = await startMergeHrisServer(MERGE_KEY, MERGE_ACCOUNT_TOKEN, [
      {
        id: 'm-a',
        first_name: 'Ana',
        employment_status: 'ACTIVE',
        start_date: '2020-01-01T00:00:00Z',
        modified_at: M(1),
      },
      {
        id: 'm-b',
        first_name: 'Ben',
        employment_status: 'ACTIVE',
        start_date: '2021-01-01T00:00:00Z',
        modified_at: M(2),
      },
      {
        id: 'm-c',
        first_name: 'Cat',
        employment_status: 'INACTIVE',
        start_date: '2019-01-01T00:00:00Z',
        modified_at: M(3),
      },
      {
        id: 'm-d',
        first_name: 'Dan',
        employment_status: 'ACTIVE',
        start_date: '2022-01-01T00:00:00Z',
        modified_at: M(3),
      },
    ]);
    // Each OAuth token serves 2 requests and is then refused: with pages of 2, it expires in the middle of the sync.
    rest = await startHrisServer(
      'unused-static-token',
      [
        ...Array.from({ length: 5 }, (_, i) => ({
          id: `r${i + 1}`,
          name: `Rae ${i + 1}`,
          salary: 5000 + i,
          updated_at: `2026-11-0${i + 1}T09:00:00.000Z`,
        })),
        { id: 'r6', name: 'Rae 6', salary: 'n/a', updated_at: '2026-11-07T09:00:00.000Z' },
      ],
      { oauth: { clientId: 'hris-client', clientSecret: OAUTH_SECRET, tokenUses: 2 } },
    );
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await bamboo?.close();
    await merge?.close();
    await rest?.close();
    await stack?.close();
  });

  it('BambooHR: refuses settings without naming the secret, then a full sync (custom report, a 429 on the way) and an incremental one (changed since)', async () => {
    const refused = await api(tenants.bamboo, 'POST', '/api/v1/integrations', {
      name: 'BambooHR',
      connector_type: 'bamboohr',
      config: { base_url: bamboo.baseUrl },
      credentials: { api_key: BAMBOO_KEY },
    });
    assertProblem(refused, 422, 'validation_failed');
    assert.ok(
      refused.body.errors.some((e: { path: string }) => e.path === '/config/company_domain'),
      JSON.stringify(refused.body),
    );

    const id = await createIntegration(
      tenants.bamboo,
      {
        name: 'BambooHR',
        connector_type: 'bamboohr',
        config: {
          company_domain: 'acme',
          base_url: bamboo.baseUrl,
          fields: ['firstName', 'department', 'hireDate', 'status'],
        },
        credentials: { api_key: BAMBOO_KEY },
      },
      {
        employee_id: { source: 'id' },
        name: { source: 'firstName' },
        department: { source: 'department' },
        start_date: { source: 'hireDate', transforms: [{ type: 'cast', to: 'date' }] },
        status: { source: 'status' },
      },
    );
    const stream = await exercise(tenants.bamboo, id);
    assert.equal(stream.cursor_field, 'lastChanged');

    bamboo.failNext.push({ status: 429, headers: { 'retry-after': '1' } });
    const full = await runSync(tenants.bamboo, id, { mode: 'full', page_size: 3 });
    assert.equal(full.status, 'completed', JSON.stringify(full));
    assert.deepEqual(full.counts, { read: 4, inserted: 4, updated: 0, unchanged: 0, rejected: 0, deleted: 0 });
    assert.equal(full.pages_committed, 2);
    assert.equal(bamboo.requests.filter((r) => r.url.includes('/reports/custom')).length, 2);

    // Bo moves to Engineering (a later change), Eve is hired at the same instant as the last change read.
    Object.assign(bamboo.employees[1] as Record<string, unknown>, { department: 'Engineering', lastChanged: L(5) });
    bamboo.employees.push({
      id: '5',
      firstName: 'Eve',
      department: 'Sales',
      hireDate: '2026-11-04',
      status: 'Active',
      lastChanged: L(4),
    });
    const incremental = await runSync(tenants.bamboo, id, { mode: 'incremental', page_size: 2 });
    assert.equal(incremental.status, 'completed', JSON.stringify(incremental));
    // Inclusive: Di (at the last cursor value) again, unchanged; Eve new; Bo updated.
    assert.deepEqual(incremental.counts, { read: 3, inserted: 1, updated: 1, unchanged: 1, rejected: 0, deleted: 0 });
    assert.ok(
      bamboo.requests.some(
        (r) => r.url === `/api/gateway.php/acme/v1/employees/changed/?since=${encodeURIComponent(L(4))}`,
      ),
    );
    const records = await datasetRecords(tenants.bamboo);
    assert.deepEqual(records.map((r) => r.primary_key).sort(), ['1', '2', '3', '4', '5']);
    assert.deepEqual(records.find((r) => r.primary_key === '2')?.data, {
      employee_id: '2',
      name: 'Bo',
      department: 'Engineering',
      start_date: '2021-06-15',
      status: 'Active',
    });
  });

  it('Merge-style HRIS: a full sync over cursor pages, then an incremental one from the last modified_at', async () => {
    const id = await createIntegration(
      tenants.merge,
      {
        name: 'Merge',
        connector_type: 'merge_hris',
        config: { base_url: merge.baseUrl },
        credentials: { api_key: MERGE_KEY, account_token: MERGE_ACCOUNT_TOKEN },
      },
      { employee_id: { source: 'id' }, name: { source: 'first_name' }, status: { source: 'employment_status' } },
    );
    await exercise(tenants.merge, id);
    merge.failNext.push({ status: 503 });
    const full = await runSync(tenants.merge, id, { mode: 'full', page_size: 2 });
    assert.equal(full.status, 'completed', JSON.stringify(full));
    assert.deepEqual(full.counts, { read: 4, inserted: 4, updated: 0, unchanged: 0, rejected: 0, deleted: 0 });
    assert.equal(full.pages_committed, 2);

    Object.assign(merge.employees[0] as Record<string, unknown>, { employment_status: 'INACTIVE', modified_at: M(4) });
    merge.employees.push({
      id: 'm-e',
      first_name: 'Eli',
      employment_status: 'ACTIVE',
      start_date: '2026-11-01T00:00:00Z',
      modified_at: M(3),
    });
    const incremental = await runSync(tenants.merge, id, { mode: 'incremental', page_size: 2 });
    assert.equal(incremental.status, 'completed', JSON.stringify(incremental));
    // m-c and m-d share the last modified_at (read again, unchanged), m-e too (new), m-a changed later.
    assert.deepEqual(incremental.counts, { read: 4, inserted: 1, updated: 1, unchanged: 2, rejected: 0, deleted: 0 });
    const records = await datasetRecords(tenants.merge);
    assert.equal(records.length, 5);
    assert.equal(records.find((r) => r.primary_key === 'm-a')?.data.status, 'INACTIVE');
  });

  it('generic REST with OAuth client credentials: the token expires mid-sync and is refreshed; wrong credentials fail the check and the sync', async () => {
    const restConfig = (clientId: string) => ({
      base_url: `http://127.0.0.1:${rest.port}`,
      auth: {
        type: 'oauth2_client_credentials',
        token_url: `http://127.0.0.1:${rest.port}/oauth/token`,
        client_id: clientId,
      },
      pagination: { type: 'offset', page_size: 2 },
      streams: [
        {
          name: 'employees',
          path: '/v2/employees',
          records_path: 'items',
          primary_key: ['id'],
          incremental_field: 'updated_at',
          incremental_param: 'updated_since',
        },
      ],
    });
    const mapping = {
      employee_id: { source: 'id' },
      name: { source: 'name' },
      salary: { source: 'salary', transforms: [{ type: 'cast', to: 'number' }] },
    };
    const id = await createIntegration(
      tenants.rest,
      {
        name: 'REST',
        connector_type: 'rest',
        config: restConfig('hris-client'),
        credentials: { client_secret: OAUTH_SECRET },
      },
      mapping,
    );
    await exercise(tenants.rest, id);
    const tokensBefore = rest.tokensIssued;
    const full = await runSync(tenants.rest, id, { mode: 'full' });
    assert.equal(full.status, 'partially_completed', JSON.stringify(full));
    assert.deepEqual(full.counts, { read: 6, inserted: 5, updated: 0, unchanged: 0, rejected: 1, deleted: 0 });
    // 4 page requests (the last one empty) at 2 per token: the worker had to refresh at least once mid-sync.
    assert.ok(
      rest.tokensIssued - tokensBefore >= 2,
      `tokens issued during the sync: ${rest.tokensIssued - tokensBefore}`,
    );
    const rejections = await api(tenants.rest, 'GET', `/api/v1/integrations/${id}/syncs/${full.id}/rejections`);
    assert.equal(rejections.body.data[0].primary_key, 'r6');
    assert.equal((await api(tenants.rest, 'GET', `/api/v1/integrations/${id}/syncs?limit=10`)).status, 200);

    // The wrong secret (it contains the right one, so a leak of it would show too).
    const wrongId = await createIntegration(
      tenants.rest,
      {
        name: 'REST (wrong secret)',
        connector_type: 'rest',
        config: restConfig('hris-client'),
        credentials: { client_secret: `${OAUTH_SECRET}-wrong` },
      },
      mapping,
    );
    const checked = await api(tenants.rest, 'POST', `/api/v1/integrations/${wrongId}/check`);
    assert.equal(checked.body.status, 'failed');
    assert.match(checked.body.message, /OAuth token request failed: .*answered 401/);
    const failed = await runSync(tenants.rest, wrongId, { mode: 'full' });
    assert.equal(failed.status, 'failed', JSON.stringify(failed));
  });

  it('no credential appears in any API response, event, or log line of the API and worker processes', async () => {
    // Events (and the webhook payloads built from them) of the three tenants.
    const events = await stack.db('events').whereIn(
      'tenant_id',
      Object.values(tenants).map((t) => t.id),
    );
    assert.ok(
      events.some((e) => e.type === 'integration.sync.completed') &&
        events.some((e) => e.type === 'integration.sync.failed'),
    );
    responses.push(JSON.stringify(events));
    // Stop both processes gracefully so everything they logged has been written.
    await Promise.all(
      children.map(async (child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    const logs = output.join('');
    // The capture works: the worker logged the syncs and the API its requests.
    assert.match(logs, /integration sync completed/);
    assert.ok(logs.includes('/api/v1/integrations'), 'the API process logged no request');
    for (const secret of [...SECRETS, ...WIRE_FORMS]) {
      assert.ok(!logs.includes(secret), `a log line holds ${secret.slice(0, 12)}…`);
      const leaking = responses.find((r) => r.includes(secret));
      assert.equal(leaking, undefined, `a response holds ${secret.slice(0, 12)}…: ${leaking?.slice(0, 300)}`);
    }
    assert.ok(responses.length > 40, `only ${responses.length} responses captured`);
  });
});
