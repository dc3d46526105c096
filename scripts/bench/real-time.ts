import os from 'node:os';
import { evaluateJdm, loadJdmGraph } from '../../decision/jdm';
import { compileDmn, evaluateDmn, inputsFromJson } from '../../decision/dmn';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { cpuDelta, cpuSnapshot, type CpuGroups } from './cpu';
import { benchDmnXml, benchJdmGraph } from './dmn-evaluation';
import { measureHttp, percentile, type LoadResult } from './http-load';
import { measureInProcess, STAFFING_INPUTS } from './scenarios';
// Published the way a tenant publishes (a test case, a review policy, a signed-in approver's approval), as the tests do.
import { createModelReviewBoard, publishThroughReview } from '../../test/helpers/model-release';
import { locateBombardier, measureWithBombardier } from './bombardier';
import type { BenchServices } from './services';
import { startNoisyTenant } from './sandbox-fairness';

/** The real-time tables: 20 first-hit rules on five inputs (JDM and DMN), as an application's per-request decision. */
export const RULES = 20;
/** Fails rules 0–12 on income and matches rule 13 (rate 0.007): 14 rules scanned. */
/** Inputs that fail rules 0–12 of the 20-rule table on income and match rule 13 (the decision-instance bench too). */
export const INPUTS = { age: 40, income: 32_500, region: 'south', score: 500, member: false };
export const EXPECTED_RATE = 0.007;
export const INPUT_SCHEMA = {
  type: 'object',
  required: ['age', 'income', 'region', 'score', 'member'],
  properties: {
    age: { type: 'integer', minimum: 0, maximum: 150 },
    income: { type: 'number', minimum: 0 },
    region: { type: 'string', enum: ['north', 'south', 'east', 'west'] },
    score: { type: 'integer', minimum: 0, maximum: 1000 },
    member: { type: 'boolean' },
  },
};

export interface RealTimeOptions {
  durationSeconds: number;
  /** Also measure every row with bombardier (an independent load generator, built from its Go module). */
  independent: boolean;
}

export interface Row {
  label: string;
  connections: number;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  floor?: string;
}

export interface Measured {
  row: Row;
  load: LoadResult;
  cpu: CpuGroups;
}

export async function realTimeTenant(services: BenchServices, name = 'bench-real-time') {
  const tenant = await createTenant(services.db, {
    name,
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const scopes = ['admin', ...['scenarios', 'models', 'decisions'].flatMap((f) => [`${f}:read`, `${f}:write`])];
  const { record, key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(scope, { name: 'bench', scopes, expiresAt: null }, { type: 'system', id: 'bench' }),
  );
  return { id: tenant.id, key, keyId: record.id };
}

export async function createModel(services: BenchServices, key: string, body: unknown): Promise<string> {
  const created = await fetch(`${services.baseUrl}/api/v1/models`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (created.status !== 201)
    throw new Error(`creating a bench model answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  return ((await created.json()) as { id: string }).id;
}

/** Evaluations per second of `evaluate` in this process, one at a time, after a warm-up. */
export async function inProcessRate(items: number, evaluate: (i: number) => unknown): Promise<string> {
  for (let i = 0; i < 2_000; i++) await evaluate(i);
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < items; i++) {
    const sent = performance.now();
    await evaluate(i);
    latencies.push(performance.now() - sent);
  }
  const perSecond = items / ((performance.now() - started) / 1000);
  latencies.sort((a, b) => a - b);
  return `${Math.round(perSecond).toLocaleString('en')}/s in-process, p50 ${percentile(latencies, 0.5).toFixed(3)} ms`;
}

/** What a one-item evaluation of each model costs in this process: the engine's floor. */
async function floors() {
  const graph = await loadJdmGraph(benchJdmGraph(RULES));
  if (!graph.ok) throw new Error(graph.errors[0]?.message);
  const dmn = compileDmn(benchDmnXml(RULES));
  const builtin = measureInProcess(20_000);
  return {
    jdm: await inProcessRate(20_000, () => evaluateJdm(graph.decision, INPUTS)),
    dmn: await inProcessRate(20_000, () => evaluateDmn(dmn, inputsFromJson(dmn, INPUTS).inputs)),
    builtin: `${builtin.requestsPerSecond.toLocaleString('en')}/s in-process (validate + evaluate), p50 ${builtin.p50Ms} ms`,
  };
}

function rowsFor(
  services: BenchServices,
  key: string,
  models: { jdm: string; dmn: string },
  floor: Awaited<ReturnType<typeof floors>>,
) {
  const auth = { authorization: `Bearer ${key}` };
  const post = { ...auth, 'content-type': 'application/json' };
  const evaluate = (id: string) => `${services.baseUrl}/api/v1/models/${id}/evaluate`;
  const one = (inputs: unknown) => JSON.stringify({ inputs });
  const rows: Row[] = [];
  for (const connections of [1, 16]) {
    rows.push(
      { label: 'GET /health', connections, url: `${services.baseUrl}/health`, method: 'GET', headers: {} },
      {
        label: 'GET /api/v1/me (auth + limits)',
        connections,
        url: `${services.baseUrl}/api/v1/me`,
        method: 'GET',
        headers: auth,
        floor: '/health',
      },
      {
        label: `evaluate, one item: tenant JDM table (${RULES} rules, published version)`,
        connections,
        url: evaluate(models.jdm),
        method: 'POST',
        headers: post,
        body: one(INPUTS),
        floor: floor.jdm,
      },
      {
        label: `evaluate, one item: tenant DMN table (${RULES} rules, published version)`,
        connections,
        url: evaluate(models.dmn),
        method: 'POST',
        headers: post,
        body: one(INPUTS),
        floor: floor.dmn,
      },
      {
        label: 'evaluate, one item: built-in staffing model',
        connections,
        url: evaluate('mdl_service_queue_staffing'),
        method: 'POST',
        headers: post,
        body: one(STAFFING_INPUTS),
        floor: floor.builtin,
      },
    );
  }
  return rows;
}

function cpuPerRequest(cpu: CpuGroups, requests: number): string {
  return Object.entries(cpu)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${(ms / Math.max(1, requests)).toFixed(2)}`)
    .join('; ');
}

export function printRows(title: string, measured: Measured[]): void {
  console.log(`\n### ${title}\n`);
  console.log('| request | conns | req/s | p50 ms | p99 ms | non-2xx | floor | CPU ms per request (by process) |');
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const { row, load, cpu } of measured) {
    console.log(
      `| ${row.label} | ${row.connections} | ${load.requestsPerSecond.toLocaleString('en')} | ${load.p50Ms.toFixed(2)} | ${load.p99Ms.toFixed(2)} | ${load.non2xx + load.errors} | ${row.floor ?? '—'} | ${cpuPerRequest(cpu, load.requests)} |`,
    );
  }
}

/**
 * Real-time requests (an application's one decision per request of its own): `/health`, an authenticated no-op
 * (`/me`) and one-item evaluations of a tenant JDM table, a tenant DMN table and a built-in model, at 1 and 16
 * connections, each beside its floor (the same evaluation in this process) and with the CPU each process spent per
 * request. Then the same rows again from bombardier, a load generator that is not this script.
 */
export async function benchRealTime(services: BenchServices, options: RealTimeOptions): Promise<void> {
  const tenant = await realTimeTenant(services);
  const { key } = tenant;
  const models = {
    jdm: await createModel(services, key, {
      name: 'Bench real-time rates (JDM)',
      category: 'pricing',
      input_schema: INPUT_SCHEMA,
      output_schema: { type: 'object', properties: { Rate: { type: 'number' } } },
      graph: benchJdmGraph(RULES),
      sample_inputs: INPUTS,
    }),
    dmn: await createModel(services, key, {
      name: 'Bench real-time rates (DMN)',
      category: 'pricing',
      dmn: benchDmnXml(RULES),
    }),
  };
  const board = await createModelReviewBoard(services, tenant);
  for (const id of [models.jdm, models.dmn]) {
    await publishThroughReview(services, tenant, board, id, '1', INPUTS);
    const answer = await fetch(`${services.baseUrl}/api/v1/models/${id}/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: INPUTS }),
    });
    const body = (await answer.json()) as { outputs?: { Rate?: unknown } };
    if (answer.status !== 200 || body.outputs?.Rate !== EXPECTED_RATE)
      throw new Error(`the published ${id} answered ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  const floor = await floors();
  // BENCH_REALTIME_ROWS=text: only the rows whose label contains it (for profiling one kind of request).
  const only = process.env.BENCH_REALTIME_ROWS;
  const rows = rowsFor(services, key, models, floor).filter((row) => !only || row.label.includes(only));
  const roots = { API: services.apiPid, worker: services.workerPid, 'load generator': process.pid };
  const measure = async (row: Row, run: () => Promise<LoadResult>): Promise<Measured> => {
    await run(); // warm-up: JIT, pools, caches
    const before = cpuSnapshot(roots);
    const load = await run();
    return { row, load, cpu: cpuDelta(before, cpuSnapshot(roots)) };
  };
  const ours: Measured[] = [];
  for (const row of rows) {
    ours.push(await measure(row, () => loadRow(row, options.durationSeconds)));
  }
  console.log(`\n## Real-time requests (${os.cpus().length} cores, ${options.durationSeconds} s per row)`);
  printRows("this script's load generator (undici, closed loop, keep-alive)", ours);
  if (!only || only === 'isolation') await benchIsolation(services, rowsFor(services, key, models, floor), options);
  if (!options.independent) return;
  const bombardier = await locateBombardier();
  if (!bombardier) {
    console.log('\n(bombardier not available: no Go to build it; the independent run is skipped)');
    return;
  }
  const theirs: Measured[] = [];
  for (const row of rows)
    theirs.push(await measure(row, () => measureWithBombardier(bombardier, row, options.durationSeconds)));
  printRows('bombardier (fasthttp, closed loop, keep-alive; its CPU is under "load generator")', theirs);
}

/** How many over-budget evaluations the pathological tenant keeps in flight (BENCH_REALTIME_NOISY). */
const NOISY_IN_FLIGHT = Number(process.env.BENCH_REALTIME_NOISY ?? 8);

/** One row's requests from this script's load generator (undici, closed loop, keep-alive). */
export function loadRow(row: Row, durationSeconds: number): Promise<LoadResult> {
  return measureHttp({
    label: row.label,
    url: row.url,
    method: row.method,
    headers: row.headers,
    ...(row.body ? { body: row.body } : {}),
    connections: row.connections,
    durationSeconds,
  });
}

/**
 * Tenant isolation on the real-time path: this tenant's one-item evaluations of its JDM and DMN tables, one request
 * at a time, idle and then while another tenant (professional plan, at its full plan rate) keeps evaluating a model
 * that runs past the sandbox's budget (startNoisyTenant). The goal: p99 within 1.5× of idle.
 */
async function benchIsolation(services: BenchServices, rows: Row[], options: RealTimeOptions): Promise<void> {
  const probes = rows.filter((row) => row.connections === 1 && /tenant (JDM|DMN)/.test(row.label));
  const run = (row: Row) => loadRow(row, options.durationSeconds);
  const idle: LoadResult[] = [];
  for (const row of probes) idle.push(await run(row));
  const noisy = await startNoisyTenant(services, NOISY_IN_FLIGHT);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const loaded: LoadResult[] = [];
  for (const row of probes) loaded.push(await run(row));
  const statuses = await noisy.stop();
  console.log(
    `\n### Isolation: one tenant's evaluations (1 connection), idle and beside a tenant with ${NOISY_IN_FLIGHT} over-budget evaluations in flight and one dropped a second\n`,
  );
  console.log(
    '| request | idle req/s | idle p50 / p99 ms | loaded req/s | loaded p50 / p99 ms | p99 ratio (goal ≤ 1.5) | loaded non-2xx |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  probes.forEach((row, index) => {
    const before = idle[index] as LoadResult;
    const during = loaded[index] as LoadResult;
    console.log(
      `| ${row.label} | ${before.requestsPerSecond.toLocaleString('en')} | ${before.p50Ms.toFixed(2)} / ${before.p99Ms.toFixed(2)} | ${during.requestsPerSecond.toLocaleString('en')} | ${during.p50Ms.toFixed(2)} / ${during.p99Ms.toFixed(2)} | ${(during.p99Ms / before.p99Ms).toFixed(2)} | ${during.non2xx + during.errors} |`,
    );
  });
  console.log(`\nThe pathological tenant's answers: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(' ')}`);
}
