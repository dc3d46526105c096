/**
 * Isolation of a tenant with dedicated workers: its scenario-create latency at idle, then while a neighbour on the
 * shared workers runs two 10,000-item batches and a 100,000-record sync, beside the same figures for a tenant on the
 * shared workers. The dedicated tenant is served by an API process reserved for it (API_RESERVED_TENANT) and a
 * worker pool of its own (WORKER_TENANT); Postgres and Temporal are shared by everyone, as they are in production.
 * The cores are split with `taskset`: the dedicated tenant's API and worker on the last core, the shared API and
 * worker on the others; Postgres, Temporal and this load generator are not pinned. Each window measures both tenants at
 * once, one client each, so both see the same load.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Pool } from 'undici';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant, setTenantWorkers } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { cpuDelta, cpuSnapshot, printCpuTable } from './cpu';
import { percentile } from './http-load';
import { hrisIntegration, startHrisServer } from './integrations';
import { measureInProcess, STAFFING_INPUTS } from './scenarios';
import type { BenchServices } from './services';

interface Tenant {
  id: string;
  key: string;
}

interface Window {
  label: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failed: number;
}

async function benchTenant(services: BenchServices, name: string): Promise<Tenant> {
  const tenant = await createTenant(services.db, {
    name,
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      { name, scopes: ['admin', 'scenarios:write', 'integrations:write', 'integrations:read'], expiresAt: null },
      { type: 'system', id: 'bench' },
    ),
  );
  return { id: tenant.id, key };
}

/** Pins a process and all its threads to these CPUs (the split is printed with the results). */
function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** One client creating scenarios one after another for `seconds` (closed loop, one keep-alive connection). */
async function createScenarios(baseUrl: string, tenant: Tenant, label: string, seconds: number): Promise<Window> {
  const pool = new Pool(baseUrl, { connections: 1 });
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  let counter = 0;
  try {
    while (performance.now() < until) {
      const body = JSON.stringify({
        model_id: 'mdl_service_queue_staffing',
        inputs: { ...STAFFING_INPUTS, arrival_rate_per_hour: 50 + (counter++ % 400) },
      });
      const started = performance.now();
      const response = await pool.request({
        path: '/api/v1/scenarios',
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.body.json()) as { status?: string };
      latencies.push(performance.now() - started);
      if (response.statusCode !== 201 || answer.status !== 'completed') failed++;
    }
  } finally {
    await pool.close();
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    label,
    requests: latencies.length,
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p99Ms: round(percentile(latencies, 0.99)),
    failed,
  };
}

/** The few fields the bench reads of the answers. */
interface Answer {
  id: string;
  status: string;
  progress: { completed: number; failed: number };
  counts: { read: number };
}

async function api(baseUrl: string, tenant: Tenant, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function benchIsolation(
  services: BenchServices,
  options: { seconds: number; batchItems: number; syncRecords: number },
): Promise<void> {
  const dedicated = await benchTenant(services, 'bench-dedicated');
  const shared = await benchTenant(services, 'bench-shared');
  const neighbour = await benchTenant(services, 'bench-neighbour');
  await services.db.transaction((trx) => setTenantWorkers(trx, dedicated.id, 'dedicated'));
  const reservedApi = await services.spawnProcess('api', { API_RESERVED_TENANT: dedicated.id });
  const pool = await services.spawnProcess('worker', { WORKER_TENANT: dedicated.id });
  const cores = os.cpus().length;
  const split = cores >= 2 ? { dedicated: String(cores - 1), shared: cores === 2 ? '0' : `0-${cores - 2}` } : undefined;
  if (split) {
    for (const pid of [reservedApi.pid, pool.pid]) pin(pid, split.dedicated);
    for (const pid of [services.apiPid, services.workerPid]) if (pid !== undefined) pin(pid, split.shared);
  }
  // BENCH_ISOLATION_SHARED_NICE: the shared worker's CPU priority (0–19; default 0, as started), the operator's lever
  // to give a dedicated pool precedence on a machine it shares.
  const sharedNice = Number(process.env.BENCH_ISOLATION_SHARED_NICE ?? 0);
  if (sharedNice > 0 && services.workerPid !== undefined) {
    // Every thread of it: on Linux a nice value belongs to a thread, and renice -p names one.
    const threads = fs.readdirSync(`/proc/${services.workerPid}/task`);
    execFileSync('renice', ['-n', String(sharedNice), '-p', ...threads], { stdio: 'ignore' });
  }
  const dedicatedUrl = reservedApi.baseUrl as string;
  // Warm-up: JIT, connections, the runners' first eager starts.
  await Promise.all([
    createScenarios(dedicatedUrl, dedicated, 'warm-up', 3),
    createScenarios(services.baseUrl, shared, 'warm-up', 3),
  ]);

  // Both tenants' clients run at the same time, in each window: the same load, the same moment.
  const [idleDedicated, idleShared] = await Promise.all([
    createScenarios(dedicatedUrl, dedicated, 'dedicated tenant, idle', options.seconds),
    createScenarios(services.baseUrl, shared, 'shared tenant, idle', options.seconds),
  ]);

  // The neighbour's load on the shared workers: two batches and a sync from an HRIS-shaped REST source.
  const token = crypto.randomBytes(16).toString('hex');
  const hris = await startHrisServer(options.syncRecords, token);
  try {
    const items = Array.from({ length: options.batchItems }, (_, i) => ({
      model_id: 'mdl_service_queue_staffing',
      inputs: { ...STAFFING_INPUTS, arrival_rate_per_hour: 50 + (i % 400) },
    }));
    const batches = [
      await api(services.baseUrl, neighbour, 'POST', '/scenarios/batch', { items }),
      await api(services.baseUrl, neighbour, 'POST', '/scenarios/batch', { items }),
    ];
    const integration = await api(
      services.baseUrl,
      neighbour,
      'POST',
      '/integrations',
      hrisIntegration('bench neighbour HRIS', hris.port, token),
    );
    await api(services.baseUrl, neighbour, 'PUT', `/integrations/${integration.id}/field-mappings`, {
      stream: 'employees',
      target: 'employees',
      fields: { employee_id: { source: 'id' } },
    });
    const sync = await api(services.baseUrl, neighbour, 'POST', `/integrations/${integration.id}/syncs`, {
      mode: 'full',
    });
    const progress = async () => {
      const states = await Promise.all(
        batches.map((batch) => api(services.baseUrl, neighbour, 'GET', `/scenarios/batches/${batch.id}`)),
      );
      const syncState = await api(
        services.baseUrl,
        neighbour,
        'GET',
        `/integrations/${integration.id}/syncs/${sync.id}`,
      );
      return {
        items: states.reduce((sum, state) => sum + state.progress.completed + state.progress.failed, 0),
        records: syncState.counts.read,
        running:
          states.some((s) => s.status === 'running') || syncState.status === 'syncing' || syncState.status === 'queued',
      };
    };
    // Measure once the load is under way (the first chunks and pages are being worked on).
    for (let at = await progress(); at.items === 0 && at.records === 0; at = await progress())
      await new Promise((resolve) => setTimeout(resolve, 200));
    const before = await progress();
    const roots = {
      'dedicated API (reserved)': reservedApi.pid,
      'dedicated worker pool': pool.pid,
      'shared API': services.apiPid,
      'shared worker': services.workerPid,
      'load generator (bench)': process.pid,
    };
    const cpuBefore = cpuSnapshot(roots);
    const [loadedDedicated, loadedShared] = await Promise.all([
      createScenarios(
        dedicatedUrl,
        dedicated,
        'dedicated tenant, neighbour loading the shared workers',
        options.seconds,
      ),
      createScenarios(services.baseUrl, shared, 'shared tenant, neighbour loading the shared workers', options.seconds),
    ]);
    const cpu = cpuDelta(cpuBefore, cpuSnapshot(roots));
    const after = await progress();

    console.log(
      `\n## Isolation: scenario creates while a neighbour runs ${options.batchItems.toLocaleString('en')}-item batches ×2 and a ${options.syncRecords.toLocaleString('en')}-record sync (${options.seconds} s each)\n`,
    );
    console.log(
      (split
        ? `CPU split (taskset): dedicated tenant's API + worker on CPU ${split.dedicated}; shared API + worker on CPU ${split.shared}; Postgres, Temporal and the load generator unpinned (${cores} cores)`
        : 'One core: no CPU split') + `; shared worker at nice ${sharedNice}.\n`,
    );
    console.log('| tenant | window | creates | p50 ms | p95 ms | p99 ms | failed |');
    console.log('|---|---|---|---|---|---|---|');
    for (const w of [idleDedicated, loadedDedicated, idleShared, loadedShared])
      console.log(
        `| ${w.label.split(',')[0]} | ${w.label.split(', ')[1]} | ${w.requests} | ${w.p50Ms} | ${w.p95Ms} | ${w.p99Ms} | ${w.failed} |`,
      );
    const floor = measureInProcess(20_000);
    console.log(
      `| floor | same model in-process (validate + evaluate) | ${floor.requests} | ${floor.p50Ms} | – | ${floor.p99Ms} | 0 |`,
    );
    const ratio = (loaded: Window, idle: Window) => (loaded.p95Ms / Math.max(0.001, idle.p95Ms)).toFixed(2);
    console.log(
      `\np95 under load ÷ p95 idle: dedicated ${ratio(loadedDedicated, idleDedicated)}× (goal ≤ 1.2×), shared ${ratio(loadedShared, idleShared)}×`,
    );
    console.log(`\nWhere the CPU went during the loaded window (${cores} cores; per create of both tenants):\n`);
    printCpuTable(cpu, loadedDedicated.requests + loadedShared.requests, options.seconds);
    console.log(
      `\nneighbour's progress during the loaded window: ${after.items - before.items} batch items and ${after.records - before.records} records; still running at its end: ${after.running}`,
    );
    // Let the neighbour's work go on without us; cancel what is left so the next bench starts clean.
    for (const batch of batches)
      await api(services.baseUrl, neighbour, 'POST', `/scenarios/batches/${batch.id}/cancel`).catch(() => undefined);
    await api(services.baseUrl, neighbour, 'POST', `/integrations/${integration.id}/syncs/${sync.id}/cancel`).catch(
      () => undefined,
    );
  } finally {
    await hris.close();
  }
}
