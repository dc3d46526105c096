import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { DecisionModelingClient } from '../../clients/typescript/src/index';
import { WATCHED_TABLES } from '../../db/migrations/20261207000250_resource_status_notices';
import { assertProblem } from '../helpers/problem';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * `Prefer: wait=N` on the GETs of asynchronous work (api/long-poll.ts): answered at the change, whichever API process
 * or worker made it (a trigger NOTIFYs, each process's one listener wakes its waiting requests), or after N seconds
 * with the current state; bounded per tenant; bad values named; tenancy. The re-read safety net is set to a minute,
 * so an answer before it came from a notice. No assertion depends on how fast the machine is: waits are generous and
 * the checks are on what was answered, not when.
 */
describe('long-polls on asynchronous work (Prefer: wait)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let second: { child: ChildProcess; baseUrl: string };
  let integrationId: string;

  const api = (method: string, path: string, options: { body?: unknown; who?: TestTenant; base?: string } = {}) =>
    call(options.base ?? stack.baseUrl, method, path, { key: (options.who ?? tenant).key, body: options.body });
  const longPoll = (path: string, wait: string, options: { who?: TestTenant; base?: string } = {}) =>
    call(options.base ?? stack.baseUrl, 'GET', path, {
      key: (options.who ?? tenant).key,
      headers: { prefer: wait },
    });
  /** How many requests an API process holds waiting now (its /metrics). */
  const waiting = async (base = stack.baseUrl) => {
    const text = await (await fetch(`${base}/metrics`)).text();
    return Number(/^dms_long_polls_waiting (\d+)/m.exec(text)?.[1] ?? 'NaN');
  };
  const untilWaiting = (count: number, base = stack.baseUrl) =>
    waitFor(`${count} long-polls waiting on ${base}`, async () => (await waiting(base)) >= count);
  /** A sync of the CSV integration, queued: no worker runs in this file until a test starts one. */
  const queuedSync = async () => {
    const created = await api('POST', `/api/v1/integrations/${integrationId}/syncs`, { body: { mode: 'full' } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.status, 'queued');
    return `/api/v1/integrations/${integrationId}/syncs/${created.body.id}`;
  };

  before(async () => {
    const env = { CHANGE_RECHECK_MS: '60000', LONG_POLL_MAX_WAITING_PER_TENANT: '2', SCENARIO_SYNC_WAIT_MS: '0' };
    stack = await startTestStack({ env });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
    second = await spawnApiProcess(stack, { ...env, SCENARIO_RUNNER: 'false' });
    const created = await api('POST', '/api/v1/integrations', {
      body: {
        name: 'payroll',
        connector_type: 'csv',
        config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    integrationId = created.body.id;
    const uploaded = await fetch(`${stack.baseUrl}/api/v1/integrations/${integrationId}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'text/csv' },
      body: 'id,name\r\ne1,Ada\r\ne2,Grace\r\n',
    });
    assert.equal(uploaded.status, 201, await uploaded.text());
    const mapped = await api('PUT', `/api/v1/integrations/${integrationId}/field-mappings`, {
      body: {
        stream: 'employees',
        target: 'employees',
        fields: { employee_id: { source: 'id' }, name: { source: 'name' } },
      },
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
  });
  after(async () => {
    second?.child.kill('SIGTERM');
    await stack?.close();
  });

  it('puts a status trigger on every table of asynchronous work', async () => {
    const { rows } = await stack.db.raw<{ rows: Array<{ table: string }> }>(
      `select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = c.relname || '_status_notice' order by 1`,
    );
    assert.deepEqual(
      rows.map((row) => row.table),
      [...WATCHED_TABLES].sort(),
    );
  });

  it('answers as soon as another API process changes the status, with Preference-Applied', async () => {
    const sync = await queuedSync();
    const answered = longPoll(sync, 'wait=50');
    await untilWaiting(1);
    const cancelled = await api('POST', `${sync}/cancel`, { base: second.baseUrl });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    const answer = await answered;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    // Before the wait ran out (it would have answered `queued`) and before any re-read (a minute): the notice woke it.
    assert.equal(answer.body.status, 'cancelled');
    assert.equal(answer.headers.get('preference-applied'), 'wait=50');
    assert.equal(await waiting(), 0);

    // And the other way round: a request waiting on the second process, the change made through this one.
    const next = await queuedSync();
    const there = longPoll(next, 'wait=50', { base: second.baseUrl });
    await untilWaiting(1, second.baseUrl);
    assert.equal((await api('POST', `${next}/cancel`)).status, 200);
    const answerThere = await there;
    assert.equal(answerThere.body.status, 'cancelled');
    assert.equal(answerThere.headers.get('preference-applied'), 'wait=50');
  });

  it('answers the current state with Preference-Applied when the wait runs out, and finished work at once', async () => {
    const sync = await queuedSync();
    const started = Date.now();
    const answer = await longPoll(sync, 'respond-async, wait=2');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.status, 'queued');
    assert.equal(answer.headers.get('preference-applied'), 'wait=2');
    assert.ok(Date.now() - started >= 1900, 'it waited the two seconds asked for');
    // wait=0 and no Prefer at all: plain reads.
    const plainReads: Array<Record<string, string>> = [{ prefer: 'wait=0' }, { prefer: 'respond-async' }, {}];
    for (const headers of plainReads) {
      const plain = await call(stack.baseUrl, 'GET', sync, { key: tenant.key, headers });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers.get('preference-applied'), null);
    }
    assert.equal((await api('POST', `${sync}/cancel`)).status, 200);
    // Finished: nothing to wait for, so no Preference-Applied.
    const finished = await longPoll(sync, 'wait=60');
    assert.equal(finished.body.status, 'cancelled');
    assert.equal(finished.headers.get('preference-applied'), null);
  });

  it('refuses more waiting requests than the tenant may have (503 with Retry-After), not another tenant', async () => {
    const sync = await queuedSync();
    const first = longPoll(sync, 'wait=60');
    const secondPoll = longPoll(sync, 'wait=60');
    await untilWaiting(2);
    const refused = await longPoll(sync, 'wait=60');
    assertProblem(refused, 503, 'long_poll_capacity_exceeded');
    assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
    // A plain read is still served, and another tenant's long-poll is not counted against this one.
    assert.equal((await api('GET', sync)).status, 200);
    const theirs = await call(stack.baseUrl, 'POST', '/api/v1/audit-exports', { key: other.key, body: {} });
    assert.equal(theirs.status, 202, JSON.stringify(theirs.body));
    const theirWait = await longPoll(`/api/v1/audit-exports/${theirs.body.id}`, 'wait=1', { who: other });
    assert.equal(theirWait.status, 200, JSON.stringify(theirWait.body));
    assert.equal(theirWait.headers.get('preference-applied'), 'wait=1');
    // The change answers both waiting requests; their slots are given back.
    assert.equal((await api('POST', `${sync}/cancel`)).status, 200);
    for (const answer of await Promise.all([first, secondPoll])) {
      assert.equal(answer.body.status, 'cancelled');
      assert.equal(answer.headers.get('preference-applied'), 'wait=60');
    }
    await waitFor('the slots given back', async () => (await waiting()) === 0);
  });

  it('names a bad Prefer value at /headers/prefer (422), and answers 404 to another tenant', async () => {
    const sync = await queuedSync();
    for (const bad of ['wait=61', 'wait=abc', 'wait=-1', 'wait=1.5', 'wait=']) {
      const refused = await longPoll(sync, bad);
      assertProblem(refused, 422, 'validation_failed');
      assert.equal(refused.body.errors[0].path, '/headers/prefer', bad);
    }
    // Another tenant's resource answers like one that does not exist, at once, whatever it asks to wait.
    assertProblem(await longPoll(sync, 'wait=30', { who: other }), 404, 'resource_not_found');
    assertProblem(
      await longPoll(`/api/v1/scenarios/scn_01jd3m2n4p5q6r7s8t9v0w1x2y`, 'wait=30'),
      404,
      'resource_not_found',
    );
    assert.equal((await api('POST', `${sync}/cancel`)).status, 200);
  });

  it('wakes on a status change of every kind of asynchronous work (batches and audit exports here)', async () => {
    const exported = await api('POST', '/api/v1/audit-exports', { body: {} });
    assert.equal(exported.status, 202, JSON.stringify(exported.body));
    const exportPath = `/api/v1/audit-exports/${exported.body.id}`;
    const batch = await api('POST', '/api/v1/scenarios/batch', {
      body: {
        items: [
          {
            model_id: 'mdl_service_queue_staffing',
            inputs: { arrival_rate_per_hour: 100, average_handle_time_seconds: 180 },
          },
        ],
      },
    });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const batchPath = `/api/v1/scenarios/batches/${batch.body.id}`;
    const onExport = longPoll(exportPath, 'wait=50');
    const onBatch = longPoll(batchPath, 'wait=50', { base: second.baseUrl });
    await untilWaiting(1);
    await untilWaiting(1, second.baseUrl);
    // As a worker would: the status moves in Postgres, and the trigger announces it.
    await stack.db('audit_exports').where({ id: exported.body.id }).update({ status: 'running' });
    await stack.db('scenario_batches').where({ id: batch.body.id }).update({ status: 'cancelled' });
    const [exportAnswer, batchAnswer] = await Promise.all([onExport, onBatch]);
    assert.equal(exportAnswer.body.status, 'running', 'a change that is not the end answers too');
    assert.equal(exportAnswer.headers.get('preference-applied'), 'wait=50');
    assert.equal(batchAnswer.body.status, 'cancelled');
  });

  it("answers a scenario's long-poll when the worker stores its run", async () => {
    const created = await api('POST', '/api/v1/scenarios', {
      body: {
        model_id: 'mdl_service_queue_staffing',
        inputs: { arrival_rate_per_hour: 100, average_handle_time_seconds: 180 },
      },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    const path = `/api/v1/scenarios/${created.body.id}`;
    const answered = longPoll(path, 'wait=60');
    await untilWaiting(1);
    await stack.startWorker();
    try {
      const answer = await answered;
      assert.equal(answer.body.status, 'completed', JSON.stringify(answer.body));
      assert.equal(answer.headers.get('preference-applied'), 'wait=60');
    } finally {
      await stack.stopWorker();
    }
  });

  it('the typed client long-polls with Prefer: wait, and falls back to polling a server that does not answer it', async () => {
    const sent: Array<{ prefer: string | null; applied: string | null }> = [];
    /** A fetch that records each poll; as an older server, it drops the Prefer header before the request leaves. */
    const recording =
      (older: boolean) =>
      async (request: Request): Promise<Response> => {
        const headers = new Headers(request.headers);
        const prefer = headers.get('prefer');
        if (older) headers.delete('prefer');
        const response = await fetch(new Request(request, { headers }));
        if (request.method === 'GET') sent.push({ prefer, applied: response.headers.get('preference-applied') });
        return response;
      };
    const client = (older: boolean) =>
      new DecisionModelingClient({ baseUrl: stack.baseUrl, auth: tenant.key, fetch: recording(older) });

    const sync = await queuedSync();
    const syncId = sync.split('/').pop() as string;
    const waited = client(false).integrations.waitForSync(integrationId, syncId, { longPollSeconds: 50 });
    await untilWaiting(1);
    assert.equal((await api('POST', `${sync}/cancel`)).status, 200);
    assert.equal((await waited).status, 'cancelled');
    assert.deepEqual(sent, [{ prefer: 'wait=50', applied: 'wait=50' }], 'one long-poll, answered at the change');

    sent.length = 0;
    const polled = await queuedSync();
    const polledId = polled.split('/').pop() as string;
    const fallingBack = client(true).integrations.waitForSync(integrationId, polledId, {
      longPollSeconds: 50,
      pollIntervalMs: 50,
      maxPollIntervalMs: 200,
    });
    await waitFor('a few plain polls', async () => sent.length >= 3);
    assert.equal((await api('POST', `${polled}/cancel`)).status, 200);
    assert.equal((await fallingBack).status, 'cancelled');
    assert.equal(sent[0]?.prefer, 'wait=50', 'it asked to wait first');
    assert.ok(
      sent.every((poll) => poll.applied === null),
      'the older server never waited',
    );
    assert.ok(
      sent.slice(1).every((poll) => poll.prefer === null),
      'then it polled without asking again',
    );
  });
});
