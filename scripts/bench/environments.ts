import fs from 'node:fs';
import os from 'node:os';
import { Client, Connection } from '@temporalio/client';
import type { ModelUseCaseDeps } from '../../api/models/deps';
import { resolveModel } from '../../api/models/resolve-model';
import { createLogger } from '../../core/logger';
import { createCacheFeed } from '../../db/cache-feed';
import { createModelCatalogue } from '../../decision/catalogue';
import { evaluateJdm, loadJdmGraph } from '../../decision/jdm';
// Published the way a tenant publishes (a test case, a review policy, a signed-in approver's approval), as the tests do.
import { createModelReviewBoard, publishThroughReview, type ModelReviewBoard } from '../../test/helpers/model-release';
import { cpuDelta, cpuSnapshot, type CpuGroups } from './cpu';
import { benchJdmGraph } from './dmn-evaluation';
import { percentile, postRepeatedly, type LoadResult } from './http-load';
import {
  createModel,
  EXPECTED_RATE,
  INPUT_SCHEMA,
  INPUTS,
  inProcessRate,
  loadRow,
  printRows,
  realTimeTenant,
  RULES,
  type Measured,
  type Row,
} from './real-time';
import type { BenchServices } from './services';

export interface EnvironmentsOptions {
  durationSeconds: number;
  /** Rounds of the one-connection rows, interleaved row by row (each row's median round is reported). */
  rounds: number;
  /** In-process resolutions timed per variant. */
  resolutions: number;
  /** Scheduled deployments due at one instant (one per model, all in one tenant's staging). */
  deployments: number;
  /** How far ahead of the first promotion that instant is. */
  leadSeconds: number;
  /** Reviews and promotions in flight at once while seeding. */
  seedConnections: number;
}

type Tenant = Awaited<ReturnType<typeof realTimeTenant>>;

/** What the activation figure is held to: every scheduled deployment recorded active within this of its instant. */
const ACTIVATION_GOAL_MS = 5_000;
/** Releases of a seeded model tried before the bench gives up. */
const SEED_ATTEMPTS = 3;
/** How long after the instant the bench waits for the last activation before it reports what it has. */
const ACTIVATION_WAIT_MS = 180_000;

async function api(
  services: BenchServices,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${services.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function expectStatus(answer: { status: number; body: unknown }, status: number, what: string): void {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
}

/** An evaluation of the bench table; it must answer the table's rate, from `version`, in `environment` (if any). */
async function checkEvaluation(
  services: BenchServices,
  key: string,
  modelId: string,
  expected: { version: string; environment?: string },
  headers: Record<string, string> = {},
): Promise<void> {
  const answer = await api(services, key, 'POST', `/models/${modelId}/evaluate`, { inputs: INPUTS }, headers);
  const outputs = answer.body.outputs as { Rate?: unknown } | undefined;
  if (
    answer.status !== 200 ||
    outputs?.Rate !== EXPECTED_RATE ||
    answer.body.version !== expected.version ||
    answer.body.environment !== expected.environment
  )
    throw new Error(
      `evaluating ${modelId} (${JSON.stringify(headers)}) answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}, not version ${expected.version} in ${expected.environment ?? 'no environment'}`,
    );
}

const median = <T>(values: T[], by: (value: T) => number): T =>
  [...values].sort((a, b) => by(a) - by(b))[Math.floor((values.length - 1) / 2)] as T;

/**
 * Environments: what resolving the caller's environment and the version in effect there costs an evaluation, and
 * how late scheduled switches are recorded when many fall due at one instant.
 *
 * 1. One-item `POST /models/{id}/evaluate` of the real-time bench's 20-rule JDM table (published through review):
 *    naming no version with an unpinned key (production: the environment and the model's timeline resolved), with a
 *    key pinned to staging and with `DMS-Environment: staging` (the version promoted there), and naming the version
 *    (no environment resolved), at 1 connection (interleaved rounds) and 16; beside the in-process evaluation and the
 *    in-process cost of the resolution alone. On the code before environments (no `/environments`) the same file
 *    measures the rows that exist there, so the two runs give the resolution's cost over HTTP.
 * 2. `deployments` promotions into staging, all effective at one instant about `leadSeconds` ahead, through the API
 *    (the outbox relay starts one timer workflow each); then for each, from Postgres, `activated_at − effective_from`,
 *    and a staging evaluation just before and just after the instant.
 */
export async function benchEnvironments(services: BenchServices, options: EnvironmentsOptions): Promise<void> {
  const tenant = await realTimeTenant(services, 'bench-environments');
  const modelId = await createModel(services, tenant.key, benchModel('Bench environments rates'));
  const board = await createModelReviewBoard(services, tenant);
  await publishThroughReview(services, tenant, board, modelId, '1', INPUTS);
  const withEnvironments = (await api(services, tenant.key, 'GET', '/environments')).status === 200;
  let staging: { key: string; id: string } | undefined;
  if (withEnvironments) {
    const promoted = await api(services, tenant.key, 'POST', `/models/${modelId}/versions/1/promote`, {
      environment: 'staging',
      reason: 'bench',
    });
    expectStatus(promoted, 201, 'promoting version 1 into staging');
    const pinned = await api(services, tenant.key, 'POST', '/api-keys', {
      name: 'bench staging',
      scopes: ['models:read', 'models:write'],
      environment: 'staging',
    });
    expectStatus(pinned, 201, 'creating a key pinned to staging');
    staging = {
      key: pinned.body.key as string,
      id: (promoted.body.environment as { id: string }).id,
    };
    await checkEvaluation(services, tenant.key, modelId, { version: '1', environment: 'production' });
    await checkEvaluation(services, staging.key, modelId, { version: '1', environment: 'staging' });
    await checkEvaluation(
      services,
      tenant.key,
      modelId,
      { version: '1', environment: 'staging' },
      {
        'dms-environment': 'staging',
      },
    );
  } else {
    await checkEvaluation(services, tenant.key, modelId, { version: '1' });
  }

  const graph = await loadJdmGraph(benchJdmGraph(RULES));
  if (!graph.ok) throw new Error(graph.errors[0]?.message);
  const floor = await inProcessRate(20_000, () => evaluateJdm(graph.decision, INPUTS));
  const rows = evaluationRows(services, tenant.key, modelId, staging?.key, floor);
  const measured = await measureRows(services, rows, options);
  const resolutions = await resolutionCosts(services, tenant.id, modelId, staging?.id, options.resolutions);

  console.log(
    `\n## Environments: resolving the caller's version (${os.cpus().length} cores, ${options.durationSeconds} s per row, ` +
      `${options.rounds} interleaved rounds at 1 connection; ${withEnvironments ? 'with environments' : 'the code before environments'})`,
  );
  for (let round = 0; round < options.rounds; round++)
    printRows(
      `round ${round + 1}, 1 connection`,
      measured.flatMap((entry) => (entry.row.connections === 1 ? [entry.rounds[round] as Measured] : [])),
    );
  printRows(
    '16 connections',
    measured.flatMap((entry) => (entry.row.connections === 16 ? entry.rounds : [])),
  );
  console.log(`\n### Medians (1 connection: the round with the median p50)\n`);
  console.log('| request | conns | req/s | p50 ms | p99 ms | p50 of each round | floor |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  const medians = new Map<string, LoadResult>();
  for (const { row, rounds } of measured) {
    const chosen = median(rounds, (entry) => entry.load.p50Ms).load;
    medians.set(`${row.label}@${row.connections}`, chosen);
    console.log(
      `| ${row.label} | ${row.connections} | ${chosen.requestsPerSecond.toLocaleString('en')} | ${chosen.p50Ms.toFixed(3)} | ${chosen.p99Ms.toFixed(2)} | ${rounds.map((entry) => entry.load.p50Ms.toFixed(3)).join(' / ')} | ${row.floor ?? '—'} |`,
    );
  }
  const noVersion = medians.get(`${ROW_LABELS.noVersion}@1`);
  const named = medians.get(`${ROW_LABELS.named}@1`);
  if (noVersion && named)
    console.log(
      `\nno version − version named, p50 at 1 connection: ${(noVersion.p50Ms - named.p50Ms).toFixed(3)} ms ` +
        `(the named version reads the model's head from Postgres on every request: not a floor). The figure is the ` +
        `no-version p50 minus the same row's on the code before environments (docs/performance.md).`,
    );

  console.log('\n### The resolution alone, in this process (cache feed live, as in an API process)\n');
  console.log('| resolution | calls | p50 µs | p99 µs | calls/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of resolutions)
    console.log(
      `| ${r.label} | ${r.calls.toLocaleString('en')} | ${r.p50Us.toFixed(1)} | ${r.p99Us.toFixed(1)} | ${Math.round(r.perSecond).toLocaleString('en')} |`,
    );

  if (!staging) {
    console.log('\n(no environments in this code: the scheduled switches are not measured)');
    return;
  }
  if (options.deployments <= 0) return;
  await benchScheduledSwitches(services, tenant, board, { modelId, stagingKey: staging.key }, options);
}

function benchModel(name: string) {
  return {
    name,
    category: 'pricing',
    input_schema: INPUT_SCHEMA,
    output_schema: { type: 'object', properties: { Rate: { type: 'number' } } },
    graph: benchJdmGraph(RULES),
    sample_inputs: INPUTS,
  };
}

const ROW_LABELS = {
  noVersion: 'evaluate, no version, unpinned key (production)',
  pinned: 'evaluate, no version, key pinned to staging',
  header: 'evaluate, no version, DMS-Environment: staging',
  named: 'evaluate, version named ("1": no environment)',
};

function evaluationRows(
  services: BenchServices,
  key: string,
  modelId: string,
  stagingKey: string | undefined,
  floor: string,
): Row[] {
  const url = `${services.baseUrl}/api/v1/models/${modelId}/evaluate`;
  const post = (bearer: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${bearer}`,
    'content-type': 'application/json',
    ...extra,
  });
  const noVersion = JSON.stringify({ inputs: INPUTS });
  return [1, 16].flatMap((connections) => {
    const row = (label: string, headers: Record<string, string>, body: string): Row => ({
      label,
      connections,
      url,
      method: 'POST',
      headers,
      body,
      floor,
    });
    return [
      row(ROW_LABELS.noVersion, post(key), noVersion),
      ...(stagingKey
        ? [
            row(ROW_LABELS.pinned, post(stagingKey), noVersion),
            row(ROW_LABELS.header, post(key, { 'dms-environment': 'staging' }), noVersion),
          ]
        : []),
      row(ROW_LABELS.named, post(key), JSON.stringify({ inputs: INPUTS, version: '1' })),
    ];
  });
}

/** Each row warmed up once, then measured: the one-connection rows `rounds` times, interleaved; the others once. */
async function measureRows(
  services: BenchServices,
  rows: Row[],
  options: EnvironmentsOptions,
): Promise<Array<{ row: Row; rounds: Measured[] }>> {
  const roots = { API: services.apiPid, worker: services.workerPid, 'load generator': process.pid };
  const measure = async (row: Row): Promise<Measured> => {
    const before: CpuGroups = cpuSnapshot(roots);
    const load = await loadRow(row, options.durationSeconds);
    return { row, load, cpu: cpuDelta(before, cpuSnapshot(roots)) };
  };
  const results = rows.map((row) => ({ row, rounds: [] as Measured[] }));
  for (const row of rows) await loadRow(row, Math.min(5, options.durationSeconds));
  for (let round = 0; round < options.rounds; round++)
    for (const entry of results) if (entry.row.connections === 1) entry.rounds.push(await measure(entry.row));
  for (const entry of results) if (entry.row.connections !== 1) entry.rounds.push(await measure(entry.row));
  return results;
}

interface ResolutionCost {
  label: string;
  calls: number;
  p50Us: number;
  p99Us: number;
  perSecond: number;
}

/**
 * The resolution an evaluation does before it evaluates, called in this process against the bench's Postgres with a
 * cache feed of its own (as an API process has): the environment and the model's timeline, beside the published-head
 * path evaluations took before environments, and a named version (one read of the model's head each time).
 */
async function resolutionCosts(
  services: BenchServices,
  tenantId: string,
  modelId: string,
  stagingId: string | undefined,
  calls: number,
): Promise<ResolutionCost[]> {
  const feed = createCacheFeed({
    db: services.db,
    logger: createLogger('warn', 'bench'),
    leaseMs: 1_000,
    enabled: true,
  });
  await feed.ready;
  const deps = {
    db: services.db,
    // The resolution never evaluates; the API's catalogue hands evaluation to the sandbox, so nothing compiles here.
    catalogue: createModelCatalogue({ evaluateTenantModel: () => Promise.reject(new Error('not evaluated here')) }),
    cacheFeed: feed,
  } as Pick<ModelUseCaseDeps, 'db' | 'catalogue' | 'cacheFeed'> as ModelUseCaseDeps;
  const asEvaluate = { forRun: false, inUrl: true, versionField: '/version' };
  const variants: Array<{ label: string; calls: number; resolve: () => Promise<unknown> }> = [
    {
      label: 'published head, no environment (what evaluate did before environments)',
      calls,
      resolve: () => resolveModel(deps, tenantId, modelId, undefined, asEvaluate),
    },
    {
      label: 'version named: the model head read from Postgres',
      calls: Math.max(1, Math.round(calls / 10)),
      resolve: () => resolveModel(deps, tenantId, modelId, '1', asEvaluate),
    },
  ];
  if (stagingId) {
    // Imported here, not above, so that this file also runs on the code before environments.
    const { callerEnvironment } = await import('../../api/models/environment-resolution.js');
    const inEnvironment = (context: { pinnedEnvironmentId?: string; requestedEnvironment?: string }) => async () =>
      resolveModel(deps, tenantId, modelId, undefined, {
        ...asEvaluate,
        environment: await callerEnvironment(deps, { tenantId, ...context }),
      });
    variants.push(
      { label: 'callerEnvironment + timeline: unpinned (production)', calls, resolve: inEnvironment({}) },
      { label: 'the same, key pinned to staging', calls, resolve: inEnvironment({ pinnedEnvironmentId: stagingId }) },
      {
        label: 'the same, DMS-Environment: staging',
        calls,
        resolve: inEnvironment({ requestedEnvironment: 'staging' }),
      },
    );
  }
  try {
    const costs: ResolutionCost[] = [];
    for (const variant of variants)
      costs.push({ label: variant.label, ...(await timeCalls(variant.calls, variant.resolve)) });
    if (!feed.serving()) throw new Error("the bench's cache feed lost its lease: the in-process figures read Postgres");
    return costs;
  } finally {
    await feed.close();
  }
}

/** Latencies of `calls` awaited calls after a warm-up; the loop yields now and then, as an API's event loop does. */
async function timeCalls(calls: number, call: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(2_000, calls); i++) await call();
  const latencies: number[] = [];
  for (let i = 0; i < calls; i++) {
    // The feed renews its lease on a timer: a loop of microtasks alone would starve it.
    if (i % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
  }
  const total = latencies.reduce((sum, ms) => sum + ms, 0);
  latencies.sort((a, b) => a - b);
  return {
    calls,
    p50Us: percentile(latencies, 0.5) * 1000,
    p99Us: percentile(latencies, 0.99) * 1000,
    perSecond: calls / (total / 1000),
  };
}

/**
 * CPU ms of this bench's Postgres so far, backends that have exited included: the postmaster's own and its reaped
 * children's (`cutime`, `cstime`), plus its live children's. A window of many short-lived connections would otherwise
 * lose the CPU of those that ended in it.
 */
function postgresCpuMs(): number {
  if (os.platform() !== 'linux') return 0;
  const stats = new Map<number, { comm: string; ppid: number; own: number; reaped: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      // After "pid (comm) ": ppid is index 1, utime 11, stime 12, cutime 13, cstime 14 (clock ticks of 10 ms).
      stats.set(Number(entry), {
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        own: (Number(fields[11]) + Number(fields[12])) * 10,
        reaped: (Number(fields[13]) + Number(fields[14])) * 10,
      });
    } catch {
      // exited meanwhile
    }
  }
  const ours = (pid: number) => {
    for (let current = stats.get(pid)?.ppid, depth = 0; current && depth < 20; depth++) {
      if (current === process.pid) return true;
      current = stats.get(current)?.ppid;
    }
    return false;
  };
  let total = 0;
  for (const [pid, stat] of stats) {
    if (stat.comm !== 'postgres' || !ours(pid)) continue;
    const postmaster = stats.get(stat.ppid)?.comm !== 'postgres';
    total += stat.own + (postmaster ? stat.reaped : 0);
  }
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Resolves at the wall-clock instant `at` (ms), to the millisecond: a timer to just before, then a short spin. */
async function untilInstant(at: number): Promise<void> {
  await sleep(at - Date.now() - 30);
  while (Date.now() < at) {
    // spin: a timer alone fires a millisecond or more late
  }
}

/** Runs `tasks` with at most `limit` in flight; answers how long it took (s) and each task's latency (ms, sorted). */
async function inFlight(limit: number, tasks: Array<() => Promise<void>>) {
  let next = 0;
  return postRepeatedly(() => (tasks[next++] as () => Promise<void>)(), { requests: tasks.length, connections: limit });
}

const summary = (latencies: number[]) =>
  `p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms`;

/**
 * `deployments` scheduled deployments due at one instant, in one tenant (the worst case: one audit chain, one event
 * sequence). The model of the evaluation rows has version 1 in staging; its version 2 is released through review and
 * scheduled into staging at the instant with `deployments − 1` other models' version 1 (each released through review).
 */
async function benchScheduledSwitches(
  services: BenchServices,
  tenant: Tenant,
  board: ModelReviewBoard,
  switched: { modelId: string; stagingKey: string },
  options: EnvironmentsOptions,
): Promise<void> {
  const { db } = services;
  const created = await api(services, tenant.key, 'POST', `/models/${switched.modelId}/versions`, {
    input_schema: INPUT_SCHEMA,
    output_schema: { type: 'object', properties: { Rate: { type: 'number' } } },
    graph: benchJdmGraph(RULES),
  });
  expectStatus(created, 201, 'creating version 2');
  await publishThroughReview(services, tenant, board, switched.modelId, '2', INPUTS);

  const others = Math.max(0, options.deployments - 1);
  const seedStarted = performance.now();
  const models: string[] = [];
  const redone: string[] = [];
  const seeded = await inFlight(
    options.seedConnections,
    Array.from({ length: others }, (_, index) => async () => {
      // A review that fails (a 503 when Temporal is slow to record the submission: "retry shortly") is redone on a
      // new model; the abandoned one is never promoted.
      for (let attempt = 1; ; attempt++) {
        const id = await createModel(services, tenant.key, benchModel(`Bench scheduled switch ${index + 1}`));
        try {
          await publishThroughReview(services, tenant, board, id, '1', INPUTS);
          models.push(id);
          return;
        } catch (error) {
          if (attempt === SEED_ATTEMPTS) throw error;
          redone.push((error as Error).message.slice(0, 240));
        }
      }
    }),
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const instant = Math.ceil((Date.now() + options.leadSeconds * 1000) / 1000) * 1000;
  const effectiveFrom = new Date(instant).toISOString();
  const promotions = [
    { modelId: switched.modelId, version: '2' },
    ...models.map((modelId) => ({ modelId, version: '1' })),
  ];
  const deploymentIds: string[] = [];
  const workflowIds: string[] = [];
  const promoteStarted = Date.now();
  const promoted = await inFlight(
    options.seedConnections,
    promotions.map(({ modelId, version }) => async () => {
      const answer = await api(services, tenant.key, 'POST', `/models/${modelId}/versions/${version}/promote`, {
        environment: 'staging',
        effective_from: effectiveFrom,
        reason: 'bench: one instant for all',
      });
      expectStatus(answer, 201, `promoting ${modelId} version ${version} into staging`);
      if (answer.body.status !== 'scheduled') throw new Error(`a promotion is ${String(answer.body.status)}`);
      deploymentIds.push(answer.body.id as string);
      workflowIds.push(answer.body.workflow_id as string);
    }),
  );
  const promotedAt = Date.now();

  // The relay marks an event dispatched once the pass that started its timer workflow committed.
  let allStartedAt: number | undefined;
  while (Date.now() < instant - 1_000) {
    const { rows } = await db.raw<{ rows: Array<{ started: string }> }>(
      `select count(*) filter (where dispatched_at is not null) as started from events
        where tenant_id = ? and type = 'model.deployment.scheduled' and data->'deployment'->>'id' = any(?)`,
      [tenant.id, deploymentIds],
    );
    if (Number(rows[0]?.started) === deploymentIds.length) {
      allStartedAt = Date.now();
      break;
    }
    await sleep(100);
  }

  const roots = { API: services.apiPid, worker: services.workerPid, 'load generator': process.pid };
  await sleep(instant - Date.now() - 1_000);
  const cpuBefore = cpuSnapshot(roots);
  const postgresBefore = postgresCpuMs();
  const staged = (sentAt: number) =>
    api(services, switched.stagingKey, 'POST', `/models/${switched.modelId}/evaluate`, { inputs: INPUTS }).then(
      (answer) => ({ sentAt, status: answer.status, version: answer.body.version }),
    );
  // One answered before the instant, then one sent a millisecond after it (the first awaited: nothing in flight).
  await untilInstant(instant - 200);
  const around = [await staged(Date.now())];
  await untilInstant(instant + 1);
  around.push(await staged(Date.now()));

  let allActiveSeenAt: number | undefined;
  let allEventsSeenAt: number | undefined;
  while (Date.now() < instant + ACTIVATION_WAIT_MS && allEventsSeenAt === undefined) {
    const { rows } = await db.raw<{ rows: Array<{ active: string; events: string }> }>(
      `select (select count(*) from model_deployments where id = any(:ids) and status = 'active') as active,
              (select count(*) from events where tenant_id = :tenant and type = 'model.deployment.activated'
                  and data->'deployment'->>'id' = any(:ids)) as events`,
      { ids: deploymentIds, tenant: tenant.id },
    );
    const now = Date.now();
    if (allActiveSeenAt === undefined && Number(rows[0]?.active) === deploymentIds.length) allActiveSeenAt = now;
    if (Number(rows[0]?.events) === deploymentIds.length) allEventsSeenAt = now;
    else await sleep(100);
  }
  const cpu = { ...cpuDelta(cpuBefore, cpuSnapshot(roots)), postgres: postgresCpuMs() - postgresBefore };
  const cpuSeconds = ((allEventsSeenAt ?? Date.now()) - (instant - 1_000)) / 1000;

  const { rows: lags } = await db.raw<{ rows: Array<{ id: string; lag_ms: string | null }> }>(
    `select id, extract(epoch from (activated_at - effective_from)) * 1000 as lag_ms
       from model_deployments where id = any(?)`,
    [deploymentIds],
  );
  const lagOf = new Map(lags.flatMap((row) => (row.lag_ms === null ? [] : [[row.id, Number(row.lag_ms)] as const])));
  const activated = [...lagOf.values()].sort((a, b) => a - b);
  const { rows: events } = await db.raw<{ rows: Array<{ last_ms: string | null }> }>(
    `select extract(epoch from (max(created_at) - ?::timestamptz)) * 1000 as last_ms from events
      where tenant_id = ? and type = 'model.deployment.activated' and data->'deployment'->>'id' = any(?)`,
    [effectiveFrom, tenant.id, deploymentIds],
  );
  const within = activated.filter((lag) => lag <= ACTIVATION_GOAL_MS).length;
  const ms = (value: number | undefined) =>
    value === undefined ? '—' : `${Math.round(value).toLocaleString('en')} ms`;
  const breakdown = await timerBreakdown(services, workflowIds, instant);
  // Who recorded each switch: its timer's activity, or the worker's deployment clock before it (the same index in both lists).
  const recordedBy = { timer: [] as number[], sweep: [] as number[] };
  deploymentIds.forEach((id, index) => {
    const lag = lagOf.get(id);
    if (lag !== undefined) recordedBy[breakdown.swept.has(workflowIds[index] as string) ? 'sweep' : 'timer'].push(lag);
  });
  const span = (lagsMs: number[]) => {
    if (lagsMs.length === 0) return 'none';
    const sorted = [...lagsMs].sort((a, b) => a - b);
    const first = sorted[0] as number;
    const last = sorted.at(-1) as number;
    const rate =
      last > first ? `, ${Math.round((sorted.length - 1) / ((last - first) / 1000)).toLocaleString('en')}/s` : '';
    return `${sorted.length.toLocaleString('en')}, from ${ms(first)} to ${ms(last)}${rate}`;
  };

  console.log(
    `\n## Environments: ${deploymentIds.length.toLocaleString('en')} scheduled deployments due at one instant (one tenant's staging)\n`,
  );
  console.log('| step | figure |');
  console.log('|---|---|');
  console.log(
    `| seeding: ${others.toLocaleString('en')} models created and released through review (${options.seedConnections} at a time), plus version 2 of the rows' model | ${seedSeconds.toFixed(1)} s (${(others / Math.max(seedSeconds, 0.001)).toFixed(1)} models/s; each ${summary(seeded.latencies)}) |`,
  );
  if (redone.length > 0)
    console.log(
      `| reviews redone on a new model (the failed one left unpromoted) | ${redone.length}: ${redone[0]?.replaceAll('|', '/').replaceAll('\n', ' ')} |`,
    );
  console.log(
    `| promotions into staging at ${effectiveFrom} through the API (${options.seedConnections} at a time) | ${promoted.seconds.toFixed(1)} s, ${summary(promoted.latencies)}; the last answered ${((instant - promotedAt) / 1000).toFixed(1)} s before the instant |`,
  );
  console.log(
    `| every timer workflow started by the relay (scheduled events dispatched) | ${allStartedAt === undefined ? `NOT by 1 s before the instant: raise BENCH_DEPLOYMENT_LEAD_SECONDS` : `${((allStartedAt - promoteStarted) / 1000).toFixed(1)} s after the first promotion, ${((instant - allStartedAt) / 1000).toFixed(1)} s before the instant`} |`,
  );
  console.log(
    `| recorded active (\`activated_at − effective_from\`, Postgres): p50 / p95 / max | ${ms(percentile(activated, 0.5))} / ${ms(percentile(activated, 0.95))} / ${ms(activated.at(-1))} (min ${ms(activated[0])}) |`,
  );
  console.log(
    `| within ${ACTIVATION_GOAL_MS / 1000} s of the instant (goal: all) | **${within.toLocaleString('en')} of ${deploymentIds.length.toLocaleString('en')}**${activated.length < deploymentIds.length ? ` (${deploymentIds.length - activated.length} not active after ${ACTIVATION_WAIT_MS / 1000} s)` : ''} |`,
  );
  console.log(
    `| every \`model.deployment.activated\` event written: the last one's \`created_at\` / seen by the bench's poll (100 ms) | ${ms(events[0]?.last_ms === null || events[0]?.last_ms === undefined ? undefined : Number(events[0].last_ms))} / ${ms(allEventsSeenAt === undefined ? undefined : allEventsSeenAt - instant)} after the instant |`,
  );
  console.log(
    `| recorded by their timers' activities / by the worker's deployment clock (a sweep at the instant: transactions of 100, 3 at a time) | ${span(recordedBy.timer)} / ${span(recordedBy.sweep)} |`,
  );
  console.log(
    `| a staging evaluation of the rows' model sent ${instant - (around[0]?.sentAt ?? 0)} ms before the instant / ${(around[1]?.sentAt ?? 0) - instant} ms after | ${around.map((r) => `${r.status} version ${String(r.version)}`).join(' / ')} (expected version 1 / version 2) |`,
  );
  console.log(
    `\n### Where each activation's time went (the timer workflows' histories, ms after the instant unless said)\n`,
  );
  console.log('| phase | p50 | p95 | max |');
  console.log('|---|---:|---:|---:|');
  for (const [phase, values] of Object.entries(breakdown.phases)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `| ${phase} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.95))} | ${ms(sorted.at(-1))} |`,
    );
  }
  console.log(
    `\n${breakdown.timedOut} workflow task(s) after the timer timed out waiting for the worker that had the workflow cached ` +
      `(run again from the whole history); ${breakdown.retried} activation(s) needed more than one attempt; ` +
      `${breakdown.unfinished} workflow(s) without a completed activation two minutes on.`,
  );
  console.log(
    `\nCPU from 1 s before the instant until every event was seen (${cpuSeconds.toFixed(1)} s), by process: ` +
      Object.entries(cpu)
        .filter(([, used]) => used > 0)
        .sort((a, b) => b[1] - a[1])
        .map(
          ([name, used]) =>
            `${name} ${(used / 1000).toFixed(2)} s (${Math.round((used / 1000 / cpuSeconds) * 100)}% of a core)`,
        )
        .join('; '),
  );
}

/**
 * Each deployment's timer workflow history (once it has finished, or two minutes on), split into the phases of its
 * activation: the timer firing (Temporal), the workflow task that follows it waiting for the worker and run by it (a
 * sticky task not picked up within 10 s times out and is run again from the whole history elsewhere), the activity
 * waiting for a slot, and the activity itself (the activation transaction in Postgres).
 */
async function timerBreakdown(services: BenchServices, workflowIds: string[], instant: number) {
  const connection = await Connection.connect({ address: services.temporalAddress });
  const client = new Client({ connection, namespace: process.env.TEMPORAL_NAMESPACE ?? 'default' });
  const phases = {
    'timer fired': [] as number[],
    'workflow task after the timer: waited for the worker (scheduled → started)': [] as number[],
    'workflow task after the timer: run by the worker (started → completed)': [] as number[],
    'activity: waited for a slot (scheduled → started, its last attempt)': [] as number[],
    'activity: ran (the activation transaction)': [] as number[],
    'activity completed': [] as number[],
  };
  let retried = 0;
  let timedOut = 0;
  const swept = new Set<string>();
  let unfinished = 0;
  const at = (time: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
    Number(time?.seconds ?? 0) * 1000 + (time?.nanos ?? 0) / 1e6;
  try {
    await inFlight(
      8,
      workflowIds.map((id) => async () => {
        const handle = client.workflow.getHandle(id);
        await Promise.race([handle.result().catch(() => undefined), sleep(120_000)]);
        const history = await handle.fetchHistory();
        const times: Record<string, number> = {};
        let taskTimedOut = false;
        for (const event of history.events ?? []) {
          const time = at(event.eventTime);
          if (event.timerFiredEventAttributes) times.fired ??= time;
          if (times.fired === undefined || times.activityScheduled !== undefined) {
            if (event.activityTaskStartedEventAttributes) {
              times.activityStarted ??= time;
              if ((event.activityTaskStartedEventAttributes.attempt ?? 1) > 1) retried++;
            }
            const result = event.activityTaskCompletedEventAttributes?.result?.payloads?.[0]?.data;
            if (event.activityTaskCompletedEventAttributes) times.completed ??= time;
            // Not applied: the deployment clock (worker/deployment-sweep.ts) had recorded the switch first.
            if (result && (JSON.parse(Buffer.from(result).toString('utf8')) as { applied?: boolean }).applied === false)
              swept.add(id);
            continue;
          }
          // Between the timer and the activity it leads to: the workflow task (or tasks) that scheduled it.
          if (event.workflowTaskScheduledEventAttributes) times.taskScheduled ??= time;
          if (event.workflowTaskTimedOutEventAttributes) taskTimedOut = true;
          if (event.workflowTaskStartedEventAttributes) times.taskStarted = time;
          if (event.workflowTaskCompletedEventAttributes) times.taskCompleted = time;
          if (event.activityTaskScheduledEventAttributes) times.activityScheduled = time;
        }
        if (taskTimedOut) timedOut++;
        const { fired, taskScheduled, taskStarted, taskCompleted, activityScheduled, activityStarted, completed } =
          times;
        if (
          [fired, taskScheduled, taskStarted, taskCompleted, activityScheduled, activityStarted, completed].includes(
            undefined,
          )
        ) {
          unfinished++;
          return;
        }
        const phase = (name: keyof typeof phases, value: number | undefined) => phases[name].push(value as number);
        phase('timer fired', (fired as number) - instant);
        phase(
          'workflow task after the timer: waited for the worker (scheduled → started)',
          (taskStarted as number) - (taskScheduled as number),
        );
        phase(
          'workflow task after the timer: run by the worker (started → completed)',
          (taskCompleted as number) - (taskStarted as number),
        );
        phase(
          'activity: waited for a slot (scheduled → started, its last attempt)',
          (activityStarted as number) - (activityScheduled as number),
        );
        phase('activity: ran (the activation transaction)', (completed as number) - (activityStarted as number));
        phase('activity completed', (completed as number) - instant);
      }),
    );
  } finally {
    await connection.close();
  }
  return { phases, retried, timedOut, unfinished, swept };
}
