import crypto from 'node:crypto';
import {
  createExpressionSandbox,
  sandboxedTenantModels,
  type ExpressionSandbox,
} from '../../integrations/expression-sandbox';
import { after, before } from 'node:test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createApp } from '../../api/app';
import { loadConfig, type Config } from '../../core/config';
import { exportFileStore } from '../../core/file-store';
import { createLogger } from '../../core/logger';
import { apiDatabaseTimeouts, createKnex, type Knex } from '../../db/connection';
import type { Plan } from '../../core/plans';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ResolveHost } from '../../activities/webhooks/sender';
import { createModelCatalogue } from '../../decision/catalogue';
import { startScenarioRunner } from '../../orchestration/scenario-runner';
import { createWorkers, type Workers } from '../../orchestration/workers';
import { createFailureRetryPorts } from '../../worker/failure-retry-ports';
import { createTaskQueues, dedicatedTaskQueue } from '../../orchestration/task-queues';
import { startEventMaintenance } from '../../worker/event-maintenance';
import { startScheduleReconciler } from '../../worker/schedule-reconciler';
import { deleteScheduleIfPresent } from '../../orchestration/workflow-engine';
import { kpiEvaluationSchedulePrefix } from '../../workflows/kpis/contracts';
import { startOutboxRelay } from '../../worker/outbox-relay';
import { startDeploymentClock } from '../../worker/deployment-sweep';
import { startRunRecovery } from '../../worker/run-recovery';
import { findFreePort } from '../../scripts/stack/ports';

/**
 * Tenants created through createTestTenant, per database handle: each stack's outbox relay handles only its own
 * tenants' events, since test files running in parallel share one database.
 */
const tenantsByDb = new WeakMap<Knex, Set<string>>();
const tenantsOf = (db: Knex): Set<string> => {
  let tenants = tenantsByDb.get(db);
  if (!tenants) tenantsByDb.set(db, (tenants = new Set()));
  return tenants;
};

/** The worker processes a file spawned on its stack (test/helpers/worker-process.ts), told of each tenant it creates. */
const workerProcessesByDb = new WeakMap<Knex, Set<ChildProcess>>();
const workerProcessesOf = (db: Knex): Set<ChildProcess> => {
  let children = workerProcessesByDb.get(db);
  if (!children) workerProcessesByDb.set(db, (children = new Set()));
  return children;
};

/**
 * One test file's view of the real stack started by scripts/test.ts: a real Postgres and a real Temporal server
 * (from DATABASE_URL / TEMPORAL_ADDRESS), the real Koa app listening on a free port, and a real worker polling a
 * task queue of this file's own, so files running in parallel never take each other's tasks.
 */
export interface TestStack {
  config: Config;
  db: Knex;
  /** The `application_name` of this stack's own connections (`db`, which its in-process API uses). */
  applicationName: string;
  temporal: Client;
  baseUrl: string;
  /** The API's expression sandbox (child processes running tenant expressions), to watch it work. */
  sandbox: ExpressionSandbox;
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  /** A worker pool for one tenant with dedicated workers (`npm run worker -- --tenant`): it polls only its queues. */
  startTenantWorkers(tenantId: string): Promise<{ stop(): Promise<void> }>;
  /**
   * The outbox relay, event maintenance, run recovery and the deployment clock (started with the worker, or alone with
   * `relay: true`).
   */
  startRelay(): void;
  stopRelay(): Promise<void>;
  close(): Promise<void>;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with "npm test" (scripts/test.ts starts the stack)`);
  return value;
}

export async function startTestStack(
  options: {
    worker?: boolean;
    relay?: boolean;
    /** The worker's deployment clock beside the relay (default on); off where a file tests the timers alone. */
    deploymentClock?: boolean;
    env?: Record<string, string>;
    resolveHost?: ResolveHost;
  } = {},
): Promise<TestStack> {
  // Listen first: the OAuth issuer is the public base URL, which must be the real address with its random port.
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  // Idle keep-alive sockets are dropped by the client (undici: 4 s) long before the server would close them: with the
  // server's 5 s default, a test whose event loop was blocked for seconds (a simulation run by the in-process worker)
  // could send its next request on a socket the server was closing at that moment ("fetch failed").
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config = loadConfig({
    ...process.env,
    PORT: '0',
    PUBLIC_BASE_URL: baseUrl,
    TEMPORAL_TASK_QUEUE: `test-${crypto.randomBytes(6).toString('hex')}`,
    ...options.env,
  });
  const logger = createLogger(process.env.LOG_LEVEL ?? 'silent', 'dms-test');
  // Named, so a test can tell this stack's connections from those of the other files sharing the database.
  const applicationName = `dms-test-${crypto.randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(requiredEnv('DATABASE_URL'));
  databaseUrl.searchParams.set('application_name', applicationName);
  const db = createKnex(databaseUrl.toString(), {
    timeouts: apiDatabaseTimeouts(config.database, config.temporalRpcTimeoutMs),
  });
  const temporalAddress = requiredEnv('TEMPORAL_ADDRESS');
  const connection = await Connection.connect({ address: temporalAddress });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });

  // The API's scenario runner, as in production (unless the stack is started with SCENARIO_RUNNER=false).
  const sandbox = createExpressionSandbox(config.expressionSandbox);
  const catalogue = createModelCatalogue({ evaluateTenantModel: sandboxedTenantModels(sandbox) });
  const scenarioRunner = config.scenarioRunner.enabled
    ? startScenarioRunner({
        address: temporalAddress,
        namespace: config.temporalNamespace,
        taskQueue: config.temporalTaskQueue,
        db,
        logger,
        catalogue,
        workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
        retryDelayMs: 200,
      })
    : undefined;
  const app = createApp({ config, db, temporal, logger, catalogue, scenarioRunner, sandbox });
  await app.ready;
  handler = app.callback();

  let workers: Workers | undefined;
  let workerRun: Promise<void> | undefined;
  let workerConnection: NativeConnection | undefined;
  let events: { stop(): Promise<void> }[] = [];

  const startRelay = () => {
    if (events.length > 0) return;
    const tenantIds = () => [...tenantsOf(db)];
    const deploymentClock =
      options.deploymentClock === false
        ? undefined
        : startDeploymentClock({ db, logger, lookaheadMs: 30_000, tenantIds });
    events = [
      ...(deploymentClock ? [deploymentClock] : []),
      startOutboxRelay({
        db,
        temporal,
        logger,
        taskQueues: createTaskQueues(db, {
          sharedTaskQueue: config.temporalTaskQueue,
          cacheSeconds: config.tenantWorkersCacheSeconds,
        }),
        webhooks: config.webhooks,
        notifications: config.notifications,
        tenantIds,
        kpiEvaluationIdleSeconds: config.kpiAlerts.evaluationIdleSeconds,
        activityHeartbeatTimeoutSeconds: config.activityHeartbeatTimeoutSeconds,
        wakeDeploymentClock: deploymentClock?.wake,
      }),
      startEventMaintenance({ db, logger, webhooks: config.webhooks, tenantIds }),
      startRunRecovery({ db, temporal, config, logger, tenantIds }),
      startScheduleReconciler({ db, temporal, logger, config, tenantIds }),
    ];
  };
  const stopRelay = async () => {
    const running = events;
    events = [];
    await Promise.all(running.map((e) => e.stop()));
  };

  const activities = {
    db,
    logger,
    webhooks: config.webhooks,
    notifications: config.notifications,
    publicBaseUrl: config.publicBaseUrl,
    exportFiles: exportFileStore(config.dataDir),
    sandbox,
    scenarioRunLane: config.scenarioRunLane,
    tenantIds: () => [...tenantsOf(db)],
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    failureRetries: createFailureRetryPorts({ db, temporal, config, logger }),
  };
  const pools: Array<{ stop(): Promise<void> }> = [];
  const startTenantWorkers = async (tenantId: string) => {
    const poolConnection = await NativeConnection.connect({ address: temporalAddress });
    const pool = await createWorkers({
      connection: poolConnection,
      namespace: config.temporalNamespace,
      taskQueue: dedicatedTaskQueue(config.temporalTaskQueue, tenantId),
      activities,
      workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
      shutdownGraceTime: '2s',
    });
    const running = pool.run();
    let stopped: Promise<void> | undefined;
    const handle = {
      stop: () =>
        (stopped ??= (async () => {
          pool.shutdown();
          await running;
          await poolConnection.close();
        })()),
    };
    pools.push(handle);
    return handle;
  };

  const startWorker = async () => {
    if (workers) return;
    workerConnection = await NativeConnection.connect({ address: temporalAddress });
    workers = await createWorkers({
      connection: workerConnection,
      namespace: config.temporalNamespace,
      taskQueue: config.temporalTaskQueue,
      activities,
      workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
      shutdownGraceTime: '2s',
    });
    workerRun = workers.run();
    startRelay();
  };

  const stopWorker = async () => {
    await stopRelay();
    if (!workers) return;
    workers.shutdown();
    await workerRun;
    await workerConnection?.close();
    workers = undefined;
    workerRun = undefined;
  };

  if (options.worker) await startWorker();
  else if (options.relay) startRelay();

  return {
    config,
    db,
    applicationName,
    temporal,
    baseUrl,
    sandbox,
    startWorker,
    stopWorker,
    startTenantWorkers,
    startRelay,
    stopRelay,
    async close() {
      await Promise.all(pools.map((pool) => pool.stop()));
      await stopWorker();
      await stopRelay();
      // This stack's KPI evaluation shards would go on ticking on a task queue no one polls any more.
      const shards = kpiEvaluationSchedulePrefix(config.temporalTaskQueue);
      for await (const schedule of temporal.schedule.list()) {
        if (schedule.scheduleId.startsWith(shards)) await deleteScheduleIfPresent(temporal, schedule.scheduleId);
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await sandbox.close();
      await scenarioRunner?.close();
      await connection.close();
      await db.destroy();
    },
  };
}

export interface TestTenant {
  id: string;
  /** A key with every scope, including admin. */
  key: string;
  keyId: string;
}

/** Bootstraps a tenant and a key the way the admin CLI does (operators create tenants; there is no HTTP for it). */
export async function createTestTenant(
  db: Knex,
  options: { plan?: Plan; perMinute?: number; perDay?: number; scopes?: string[]; name?: string } = {},
): Promise<TestTenant> {
  const plan = options.plan ?? 'enterprise';
  const tenant = await createTenant(db, {
    name: options.name ?? `tenant-${crypto.randomBytes(4).toString('hex')}`,
    plan,
    rateLimitPerMinute: plan === 'enterprise' ? (options.perMinute ?? 100_000) : undefined,
    rateLimitPerDay: plan === 'enterprise' ? (options.perDay ?? 10_000_000) : undefined,
  });
  const { record, key } = await inTenantTransaction(db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      {
        name: 'test key',
        scopes: options.scopes ?? [
          'admin',
          ...['scenarios', 'models', 'kpis', 'decisions', 'integrations', 'webhooks'].flatMap((f) => [
            `${f}:read`,
            `${f}:write`,
          ]),
        ],
        expiresAt: null,
      },
      { type: 'system', id: 'test' },
    ),
  );
  tenantsOf(db).add(tenant.id);
  for (const child of workerProcessesOf(db)) if (child.connected) child.send({ tenantIds: [tenant.id] });
  return { id: tenant.id, key, keyId: record.id };
}

/** A tenant made another way (the demo tenant of `npm start`) whose events this stack's outbox relay is to handle. */
export function adoptTestTenant(db: Knex, tenantId: string): void {
  tenantsOf(db).add(tenantId);
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A real HTTP call. `body` is JSON-encoded unless `rawBody` is given. */
export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  // An event stream does not end by itself: its answer is the status and headers (test/api/event-stream.test.ts reads streams).
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, body: '' as T };
  }
  const text = await response.text();
  let parsed: unknown = text;
  const contentType = response.headers.get('content-type') ?? '';
  // JSON and problem+json, not JSON Lines (application/x-ndjson), which is many documents.
  if (/^application\/(json|[\w.+-]*\+json)\b/.test(contentType) && text.length > 0) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export interface ProcessOutputOptions {
  /** Receives everything the process writes to stdout and stderr (its log lines), instead of discarding stdout. */
  onOutput?: (text: string) => void;
}

function captureOutput(child: import('node:child_process').ChildProcess, options: ProcessOutputOptions): void {
  const onOutput = options.onOutput;
  if (!onOutput) return;
  child.stdout?.setEncoding('utf8').on('data', (text: string) => onOutput(text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => onOutput(text));
}

/**
 * The production worker entry point as a separate process on this stack's task queue, so a test can kill it
 * outright (SIGKILL: no graceful shutdown, no chance to finish anything) as a crash would.
 */
export async function spawnWorkerProcess(
  stack: TestStack,
  env: Record<string, string> = {},
  options: ProcessOutputOptions = {},
): Promise<import('node:child_process').ChildProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', require.resolve('./worker-process.ts')], {
    // The relay stays in the test process (it only handles this file's tenants); the child runs workflows and
    // activities, its sweeps and KPI evaluation shards limited to this file's tenants as the in-process worker's are.
    env: {
      ...process.env,
      EVENT_RELAY_ENABLED: 'false',
      TEMPORAL_TASK_QUEUE: stack.config.temporalTaskQueue,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      TEST_WORKER_TENANT_IDS: [...tenantsOf(stack.db)].join(','),
      ...env,
    },
    stdio: options.onOutput ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  captureOutput(child, options);
  workerProcessesOf(stack.db).add(child);
  child.once('exit', () => workerProcessesOf(stack.db).delete(child));
  return child;
}

/**
 * A real API server process (api/server.ts) beside the test's stack: same database, Temporal and task queue, its
 * own port and its own scenario runner. Resolves once it is ready and its runner polls (or the runner is disabled).
 */
export async function spawnApiProcess(
  stack: TestStack,
  env: Record<string, string> = {},
  options: ProcessOutputOptions = {},
): Promise<{ child: import('node:child_process').ChildProcess; baseUrl: string }> {
  const { spawn } = await import('node:child_process');
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', require.resolve('../../api/server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      TEMPORAL_TASK_QUEUE: stack.config.temporalTaskQueue,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ...env,
    },
    stdio: options.onOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  captureOutput(child, options);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the API process exited during start (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/ready`);
      const body = (await response.json()) as { checks?: { scenario_runner?: string } };
      if (response.ok && body.checks?.scenario_runner !== 'starting') return { child, baseUrl };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the API process was not ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The usual setup of a test file: one stack (and one tenant with every scope) for the whole `describe`, started
 * before its tests and closed after them. `assign` receives them once started.
 */
export function useTestStackWithTenant(
  options: Parameters<typeof startTestStack>[0],
  assign: (started: { stack: TestStack; tenant: TestTenant }) => void,
): void {
  let stack: TestStack | undefined;
  before(async () => {
    stack = await startTestStack(options);
    assign({ stack, tenant: await createTestTenant(stack.db) });
  });
  after(async () => stack?.close());
}
