import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../core/config';
import { createKnex, type Knex } from '../../db/connection';
import { runMigrations } from '../../db/migrate';
import { markApiKeyRevoked } from '../../db/repositories/api-keys';
import { inTenantTransaction } from '../../db/tenant-scope';
import { findFreePort } from '../../scripts/stack/ports';
import { startEmbeddedPostgres, type RunningPostgres } from '../../scripts/stack/postgres';
import { locateTemporalCli, startTemporalDevServer, type RunningTemporal } from '../../scripts/stack/temporal';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitUntilNoLanePassLooks } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Outages of Postgres and Temporal under load. This file stops its dependencies, so it never touches the shared
 * stack of scripts/test.ts: it runs a private embedded Postgres and Temporal dev server (the same stack code as
 * `npm start`) on free ports in a temporary DATA_DIR, the API in this process and the production worker (with the
 * outbox relay) as a child process. Neither is restarted: they must recover by themselves.
 */

const STAFFING = 'mdl_service_queue_staffing';
const staffingInputs = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};
/** No request may take longer than this, outage or not. */
const REQUEST_BOUND_MS = 10_000;
const CONCURRENCY = 3;
/**
 * A hung Postgres: the documented bound is DATABASE_ACQUIRE_TIMEOUT_MS + DATABASE_QUERY_TIMEOUT_MS (a request waits
 * at most that long for a connection, then at most that long for one answer); 2 s + 3 s here, plus scheduling slack.
 */
const HUNG_DATABASE_BOUND_MS = 2000 + 3000 + 1500;

interface Outcome {
  operation: string;
  status: number;
  code: string | undefined;
  contentType: string;
  retryAfter: string | null;
  elapsedMs: number;
}

describe('outages of Postgres and Temporal', () => {
  let dataDir: string;
  let postgresOptions: { dataDir: string; port: number };
  let temporalOptions: Parameters<typeof startTemporalDevServer>[0];
  let postgres: RunningPostgres;
  let temporal: RunningTemporal;
  let observer: Knex;
  let stack: TestStack;
  let tenant: TestTenant;
  let worker: ChildProcess;
  let receiver: WebhookReceiver;

  const operations: Record<string, () => Promise<Response>> = {
    me: () => fetchBounded('GET', '/api/v1/me'),
    listScenarios: () => fetchBounded('GET', '/api/v1/scenarios'),
    createScenario: () => fetchBounded('POST', '/api/v1/scenarios', { model_id: STAFFING, inputs: staffingInputs }),
  };

  function fetchBounded(method: string, pathName: string, body?: unknown): Promise<Response> {
    return fetch(`${stack.baseUrl}${pathName}`, {
      method,
      headers: { authorization: `Bearer ${tenant.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
  }

  async function perform(operation: string): Promise<Outcome> {
    const started = Date.now();
    const response = await (operations[operation] as () => Promise<Response>)();
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    const code = contentType.includes('json') && text ? (JSON.parse(text) as { code?: string }).code : undefined;
    return {
      operation,
      status: response.status,
      code,
      contentType,
      retryAfter: response.headers.get('retry-after'),
      elapsedMs: Date.now() - started,
    };
  }

  /** A few clients calling every operation in a loop for `ms`; a request that hangs past the bound fails the test. */
  async function load(ms: number, names = Object.keys(operations)): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, lane) => {
        for (let i = lane; Date.now() < until; i++) outcomes.push(await perform(names[i % names.length] as string));
      }),
    );
    return outcomes;
  }

  async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  function assertAllUnavailable(outcomes: Outcome[], expectedCode: (operation: string) => string | undefined): void {
    assert.ok(outcomes.length >= CONCURRENCY, `some requests ran during the outage (${outcomes.length})`);
    for (const outcome of outcomes) {
      assert.ok(outcome.elapsedMs < REQUEST_BOUND_MS, `bounded: ${JSON.stringify(outcome)}`);
      const code = expectedCode(outcome.operation);
      if (code === undefined) {
        assert.ok(
          outcome.status < 300,
          `${outcome.operation} does not need the missing dependency: ${JSON.stringify(outcome)}`,
        );
        continue;
      }
      assert.equal(outcome.status, 503, JSON.stringify(outcome));
      assert.equal(outcome.code, code, JSON.stringify(outcome));
      assert.match(outcome.contentType, /^application\/problem\+json/);
      assert.ok(Number(outcome.retryAfter) > 0, `Retry-After: ${JSON.stringify(outcome)}`);
    }
  }

  function assertAllSucceeded(outcomes: Outcome[]): void {
    assert.ok(outcomes.length >= CONCURRENCY);
    for (const outcome of outcomes) assert.ok(outcome.status >= 200 && outcome.status < 300, JSON.stringify(outcome));
  }

  const listeningChannels = async (): Promise<string[]> => {
    const rows = (await observer.raw(`select query from pg_stat_activity where query ilike 'LISTEN %' order by query`))
      .rows as { query: string }[];
    return rows.map((row) => row.query);
  };

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-outage-'));
    // When we run as root, Postgres runs as the unprivileged "postgres" user and must enter it.
    fs.chmodSync(dataDir, 0o711);
    postgresOptions = { dataDir: path.join(dataDir, 'postgres'), port: await findFreePort() };
    const cliPath = await locateTemporalCli(loadConfig(), () => undefined);
    temporalOptions = {
      cliPath,
      dbFile: path.join(dataDir, 'temporal', 'dev.db'),
      port: await findFreePort(),
      uiPort: 0,
      headless: true,
      namespace: 'default',
    };
    [postgres, temporal] = await Promise.all([
      startEmbeddedPostgres(postgresOptions),
      startTemporalDevServer(temporalOptions),
    ]);
    observer = createKnex(postgres.url, { poolMax: 2 });
    await runMigrations(observer);

    // The helpers (and the worker child, through process.env) use the private stack instead of the shared one.
    process.env.DATABASE_URL = postgres.url;
    process.env.TEMPORAL_ADDRESS = temporal.address;
    receiver = await startWebhookReceiver();
    const outageEnv = {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
      DATABASE_QUERY_TIMEOUT_MS: '3000',
      TEMPORAL_RPC_TIMEOUT_MS: '2000',
      API_KEY_CACHE_TTL_MS: '120000',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_UNIT_MS: '1',
      EVENT_RELAY_POLL_MS: '60000',
      SCENARIO_SYNC_WAIT_MS: '5000',
    };
    stack = await startTestStack({ env: outageEnv });
    tenant = await createTestTenant(stack.db);
    worker = await spawnWorkerProcess(stack, { ...outageEnv, EVENT_RELAY_ENABLED: 'true' });
    await waitUntil('the worker runs scenarios', async () => (await perform('createScenario')).status === 201, 60_000);
  });

  after(async () => {
    worker?.kill('SIGKILL');
    await stack?.close();
    await receiver?.close();
    await observer?.destroy();
    await temporal?.stop();
    await postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The Postgres server and every process it started (backends, checkpointer…): all of them are frozen or thawed. */
  function postgresProcesses(): number[] {
    const root = postgres.pid as number;
    const parents = new Map<number, number>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // the process ended meanwhile
      }
    }
    const tree = [root];
    for (let index = 0; index < tree.length; index++) {
      for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
    }
    return tree;
  }

  it('answers 503 database_unavailable within the bound while Postgres is hung (SIGSTOP), and recovers after SIGCONT', async () => {
    assertAllSucceeded(await load(1000));
    const frozen = postgresProcesses();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    let outcomes: Outcome[];
    try {
      // 30 mixed requests at once while every Postgres process is stopped: nothing answers, connections hang.
      const names = Object.keys(operations);
      outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, index) => perform(names[index % names.length] as string)),
      );
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    for (const outcome of outcomes) {
      assert.ok(
        outcome.elapsedMs <= HUNG_DATABASE_BOUND_MS,
        `bounded by ${HUNG_DATABASE_BOUND_MS} ms: ${JSON.stringify(outcome)}`,
      );
    }
    // `me` is answered from the key cache and the rate limiter's block of quota when they hold it: no Postgres needed.
    assertAllUnavailable(
      outcomes.filter((outcome) => !(outcome.operation === 'me' && outcome.status === 200)),
      () => 'database_unavailable',
    );
    assert.ok(outcomes.filter((outcome) => outcome.operation !== 'me').length >= 20);
    await waitUntil('the API answers again', async () => (await perform('me')).status === 200);
    assertAllSucceeded(await load(1500));
  });

  it('answers 503 database_unavailable while Postgres is down, and recovers by itself: LISTENers, relay, key cache', async () => {
    assertAllSucceeded(await load(1000));
    await observer.destroy();
    await postgres.stop();
    const outage = await load(3000);
    // `me` needs no Postgres while the process's cache lease (CACHE_LEASE_MS, 1 s) lets it answer from memory; once
    // the lease has run out without a read of the change feed, it is refused like everything else.
    assertAllUnavailable(
      outage.filter((outcome) => !(outcome.operation === 'me' && outcome.status === 200)),
      () => 'database_unavailable',
    );
    const lastMe = outage.filter((outcome) => outcome.operation === 'me').at(-1);
    assert.equal(lastMe?.status, 503, `served from memory after its lease: ${JSON.stringify(lastMe)}`);

    postgres = await startEmbeddedPostgres(postgresOptions);
    observer = createKnex(postgres.url, { poolMax: 2 });
    await waitUntil('the API answers again', async () => (await perform('me')).status === 200);
    assertAllSucceeded(await load(1500));
    assert.equal(worker.exitCode, null, 'the worker was not restarted');

    // The key cache, the outbox relay and the scenario run listener (the API hears of runs its tenants' run lanes
    // stored) LISTEN again on new connections (the relay's poll is a minute here).
    await waitUntil('the three listeners are back', async () => (await listeningChannels()).length === 3, 10_000);
    const hook = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: tenant.key,
      body: { url: `http://127.0.0.1:${receiver.port}/after-outage`, event_types: ['webhook.test'] },
    });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.body.id}/test`, { key: tenant.key })).status,
      202,
    );
    await receiver.waitFor(
      (all) => all.some((r) => r.path === '/after-outage'),
      10_000,
      'the event committed after the outage',
    );

    // A revocation made elsewhere (straight in the database) reaches this process's cache through the change feed.
    const second = await createTestTenant(stack.db);
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/me', { key: second.key })).status, 200);
    await inTenantTransaction(observer, second.id, (scope) =>
      markApiKeyRevoked(scope, second.keyId, { type: 'system', id: 'test' }),
    );
    await waitUntil(
      'the revoked key is refused',
      async () => (await call(stack.baseUrl, 'GET', '/api/v1/me', { key: second.key })).status === 401,
      3000,
    );
  });

  it('answers 503 workflow_engine_unavailable on workflow starts while Temporal is down, leaves nothing half-made, and recovers', async () => {
    const before = (await observer('scenarios').count<{ count: number }[]>('* as count'))[0]?.count;
    // A create made while a pass of its tenant's run lane is looking needs no Temporal call (Postgres holds the run and
    // the running pass stores it): the outage is measured once no pass looks, when every create must wake the lane.
    await waitUntilNoLanePassLooks(observer);
    await temporal.stop();
    const outage = await load(4000);
    assertAllUnavailable(outage, (operation) =>
      operation === 'createScenario' ? 'workflow_engine_unavailable' : undefined,
    );
    assert.ok(outage.some((o) => o.operation === 'createScenario'));
    const duringOutage = (await observer('scenarios').count<{ count: number }[]>('* as count'))[0]?.count;
    assert.equal(duringOutage, before, 'a refused run leaves no scenario behind');

    temporal = await startTemporalDevServer(temporalOptions);
    await waitUntil('scenarios run again', async () => (await perform('createScenario')).status === 201, 45_000);
    assertAllSucceeded(await load(1500));
    assert.equal(worker.exitCode, null, 'the worker was not restarted');
    // Runs accepted with 202 around the outage finish once the worker is back; none is left running for good.
    await waitUntil(
      'every stored scenario has completed',
      async () =>
        (await observer('scenarios').whereNot({ status: 'completed' }).count<{ count: number }[]>('* as count'))[0]
          ?.count === 0,
    );
  });
});
