import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { createSourceDatabase, type SourceDatabase, employeesWarehouseIntegration } from '../helpers/source-database';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

const ROWS = 10_000;
const PAGE_SIZE = 20;

describe('integration sync when a worker dies', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let source: SourceDatabase;
  const children: ChildProcess[] = [];
  // The worker processes run the production entry point, so they get their settings from the environment.
  const env = {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    INTEGRATION_SYNC_HEARTBEAT_TIMEOUT_MS: '2000',
    ACTIVITY_RETRY_INITIAL_MS: '100',
  };

  before(async () => {
    stack = await startTestStack({ env });
    tenant = await createTestTenant(stack.db);
    source = await createSourceDatabase();
    await source.admin.query(
      `create table employees (id text primary key, name text not null, updated_at timestamptz not null)`,
    );
    // Many rows share each cursor value, so pages end in the middle of a run of equal timestamps.
    await source.admin.query(
      `insert into employees select 'p' || lpad(n::text, 6, '0'), 'Person ' || n, timestamptz '2026-11-01T00:00:00Z' + ((n / 7) || ' minutes')::interval
         from generate_series(1, ${ROWS}) as n`,
    );
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await source?.drop();
    await stack?.close();
  });

  it('resumes after the last committed page: every row once, no gaps, no duplicates', async () => {
    const api = (method: string, path: string, body?: unknown) =>
      call(stack.baseUrl, method, path, { key: tenant.key, body });
    const created = await api('POST', '/api/v1/integrations', employeesWarehouseIntegration(source));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    const mapped = await api('PUT', `/api/v1/integrations/${id}/field-mappings`, {
      stream: 'employees',
      target: 'employees',
      fields: { employee_id: { source: 'id' }, name: { source: 'name' } },
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));

    const crashing = await spawnWorkerProcess(stack, env);
    children.push(crashing);
    const exited = new Promise((resolve) => crashing.once('exit', resolve));
    const started = await api('POST', `/api/v1/integrations/${id}/syncs`, { mode: 'full', page_size: PAGE_SIZE });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const syncId = started.body.id as string;

    const pagesCommitted = async () =>
      (await stack.db('integration_syncs').where({ id: syncId }).first()).pages_committed as number;
    let deadline = Date.now() + 90_000;
    while ((await pagesCommitted()) < 10) {
      assert.ok(Date.now() < deadline, 'the sync never got going');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    crashing.kill('SIGKILL');
    await exited;
    const atKill = await pagesCommitted();
    assert.ok(atKill < ROWS / PAGE_SIZE, `killed mid-sync (${atKill} pages committed)`);
    assert.equal(
      (await stack.db('dataset_records').where({ tenant_id: tenant.id })).length,
      atKill * PAGE_SIZE,
      'exactly the committed pages are in the dataset',
    );

    children.push(await spawnWorkerProcess(stack, env));
    deadline = Date.now() + 120_000;
    let sync: any;
    for (;;) {
      sync = (await api('GET', `/api/v1/integrations/${id}/syncs/${syncId}`)).body;
      if (!['queued', 'syncing'].includes(sync.status)) break;
      assert.ok(Date.now() < deadline, `sync still ${sync.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(sync.status, 'completed', JSON.stringify(sync));
    // Counts are committed with their pages, so the page lost with the worker is neither counted nor applied twice.
    assert.deepEqual(sync.counts, { read: ROWS, inserted: ROWS, updated: 0, unchanged: 0, rejected: 0, deleted: 0 });
    const stored = await stack
      .db('dataset_records')
      .where({ tenant_id: tenant.id, dataset: 'employees' })
      .select('primary_key', 'first_seen_sync_id');
    assert.equal(stored.length, ROWS);
    const expected = (await source.admin.query<{ id: string }>('select id from employees order by id')).rows.map(
      (r) => r.id,
    );
    assert.deepEqual(stored.map((r) => r.primary_key).sort(), expected);
    // The resumed attempt did not start from zero: more than one attempt ran, and the first one's pages were kept.
    const history = await stack.temporal.workflow.getHandle(sync.workflow_id).fetchHistory();
    const attempts = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 0);
    assert.ok(Math.max(...attempts) >= 2, `a retried attempt ran (attempts ${attempts.join(', ')})`);
  });
});
