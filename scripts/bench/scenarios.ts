import fs from 'node:fs';
import os from 'node:os';
import { createModelCatalogue } from '../../decision/catalogue';
import { locateBombardier, measureWithBombardier } from './bombardier';
import { cpuDelta, cpuSnapshot, printCpuTable } from './cpu';
import { measureHttp, percentile, printLoadTable } from './http-load';
import type { BenchServices } from './services';

export const STAFFING_INPUTS = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};

/** Peak resident set size of a process so far (Linux VmHWM), in MiB. */
export function peakRssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** The floor: validation and evaluation of the same model in this process, with no HTTP, database or Temporal. */
export function measureInProcess(runs: number) {
  const model = createModelCatalogue().builtin('mdl_service_queue_staffing');
  if (!model?.evaluateSync) throw new Error('staffing model missing');
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const validation = model.validateInputs({ ...STAFFING_INPUTS, arrival_rate_per_hour: 50 + (i % 400) }, 'scalar');
    if (!validation.valid) throw new Error('invalid bench inputs');
    model.evaluateSync(validation.inputs);
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    label: 'same model in-process (validate + evaluate), the floor',
    requests: runs,
    requestsPerSecond: Math.round(runs / seconds),
    p50Ms: Math.round(percentile(latencies, 0.5) * 1000) / 1000,
    p99Ms: Math.round(percentile(latencies, 0.99) * 1000) / 1000,
    non2xx: 0,
    errors: 0,
  };
}

/**
 * Scenario creates, once through each design of SCENARIO_RUN_MODE in the same run: `workflow` (a workflow per run,
 * started eagerly in the API process) on a second API process on the same stack, then `lane` (the default: queued in
 * Postgres, executed by the tenant's run lane on the worker) on the bench's API process. Answers the default's figures.
 */
export async function benchScenarioCreates(
  services: BenchServices,
  key: string,
  options: { connections: number; durationSeconds: number },
) {
  // The machine's speed today, for comparing runs of different days.
  const health = await measureHttp({
    label: `GET /health, ${options.connections} connections (the machine's speed in this run)`,
    url: `${services.baseUrl}/health`,
    connections: options.connections,
    durationSeconds: Math.min(5, options.durationSeconds),
  });
  console.log("\n## This run's /health rate\n");
  printLoadTable([health]);
  const workflowApi = await services.spawnProcess('api', { SCENARIO_RUN_MODE: 'workflow' });
  await benchScenarioCreatesOn(
    { ...services, baseUrl: workflowApi.baseUrl ?? '', apiPid: workflowApi.pid },
    key,
    options,
    'workflow',
  );
  const lane = await benchScenarioCreatesOn(services, key, options, 'lane');
  await benchScenarioCreatesWithBombardier(services, key, options);
  return lane;
}

/** The default design's creates again from bombardier, a load generator that is not this script. */
async function benchScenarioCreatesWithBombardier(
  services: BenchServices,
  key: string,
  options: { connections: number; durationSeconds: number },
) {
  const bombardier = await locateBombardier();
  if (!bombardier) {
    console.log('\n(bombardier not available: no Go to build it; the independent run is skipped)');
    return;
  }
  const roots = {
    'API process': services.apiPid,
    'worker process': services.workerPid,
    'load generator (bombardier)': process.pid,
  };
  const cpuBefore = cpuSnapshot(roots);
  // One body for every request (bombardier sends the same one): each create is still a scenario and a run of its own.
  const result = await measureWithBombardier(
    bombardier,
    {
      label: `POST /api/v1/scenarios, SCENARIO_RUN_MODE=lane, bombardier, ${options.connections} connections`,
      url: `${services.baseUrl}/api/v1/scenarios`,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model_id: 'mdl_service_queue_staffing', inputs: STAFFING_INPUTS }),
      connections: options.connections,
    },
    options.durationSeconds,
  );
  const cpu = cpuDelta(cpuBefore, cpuSnapshot(roots));
  console.log(`\n## Scenario creates, SCENARIO_RUN_MODE=lane, from bombardier (${options.durationSeconds} s)\n`);
  printLoadTable([result]);
  console.log(`\nWhere the CPU went (${os.cpus().length} cores; bombardier is a child of the bench):\n`);
  printCpuTable(cpu, result.requests, options.durationSeconds);
}

async function benchScenarioCreatesOn(
  services: BenchServices,
  key: string,
  options: { connections: number; durationSeconds: number },
  mode: 'workflow' | 'lane',
) {
  let counter = 0;
  const body = () =>
    JSON.stringify({
      model_id: 'mdl_service_queue_staffing',
      inputs: { ...STAFFING_INPUTS, arrival_rate_per_hour: 50 + (counter++ % 400) },
    });
  const request = {
    url: `${services.baseUrl}/api/v1/scenarios`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  };
  await measureHttp({ ...request, label: 'warm-up', connections: options.connections, durationSeconds: 3 });
  const roots = {
    'API process': services.apiPid,
    'worker process': services.workerPid,
    'load generator (bench)': process.pid,
  };
  const cpuBefore = cpuSnapshot(roots);
  const http = await measureHttp({
    ...request,
    label:
      mode === 'workflow'
        ? `POST /api/v1/scenarios, SCENARIO_RUN_MODE=workflow (HTTP → Postgres → a workflow per run, eager start, run in the API → Postgres), ${options.connections} connections`
        : `POST /api/v1/scenarios, SCENARIO_RUN_MODE=lane (HTTP → Postgres queue → the tenant's run lane on the worker → Postgres → NOTIFY), ${options.connections} connections`,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
  });
  const cpu = cpuDelta(cpuBefore, cpuSnapshot(roots));
  // One client creating one scenario after another: the latency a single caller sees.
  const single = await measureHttp({
    ...request,
    label: `the same, 1 connection`,
    connections: 1,
    durationSeconds: Math.min(5, options.durationSeconds),
  });
  const floor = measureInProcess(20_000);
  console.log(
    `\n## Scenario creates, SCENARIO_RUN_MODE=${mode} (${options.durationSeconds} s, staffing model, enterprise tenant)\n`,
  );
  printLoadTable([http, single, floor]);
  console.log(`\nWhere the CPU went during the HTTP measurement (${os.cpus().length} cores):\n`);
  printCpuTable(cpu, http.requests, options.durationSeconds);
  const metrics = await (await fetch(`${services.baseUrl}/metrics`)).text();
  const paths = metrics.split('\n').filter((line) => line.startsWith('dms_scenario_runs_waited_total{'));
  console.log(
    `\nHow the API got each result (warm-up included): ${paths.map((line) => line.replace('dms_scenario_runs_waited_total', '')).join(', ')}`,
  );
  console.log(
    `\nfloor : service throughput ratio = ${(floor.requestsPerSecond / Math.max(1, http.requestsPerSecond)).toFixed(1)} : 1`,
  );
  return http;
}

export async function benchBatch(services: BenchServices, key: string, items: number) {
  const body = JSON.stringify({
    items: Array.from({ length: items }, (_, i) => ({
      model_id: 'mdl_service_queue_staffing',
      inputs: { ...STAFFING_INPUTS, arrival_rate_per_hour: 50 + (i % 400) },
    })),
  });
  const started = performance.now();
  const created = await fetch(`${services.baseUrl}/api/v1/scenarios/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  if (created.status !== 202) throw new Error(`batch create answered ${created.status}: ${await created.text()}`);
  const accepted = (await created.json()) as { id: string };
  const acceptedMs = performance.now() - started;
  let batch: { status: string; progress: { completed: number; failed: number } };
  for (;;) {
    const response = await fetch(`${services.baseUrl}/api/v1/scenarios/batches/${accepted.id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    batch = (await response.json()) as typeof batch;
    if (batch.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const wallSeconds = (performance.now() - started) / 1000;
  console.log(`\n## Batch of ${items} items\n`);
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(`| status | ${batch.status} (${batch.progress.completed} completed, ${batch.progress.failed} failed) |`);
  console.log(`| POST accepted (validate all items, store, start workflow) | ${(acceptedMs / 1000).toFixed(2)} s |`);
  console.log(`| wall time to completion | ${wallSeconds.toFixed(2)} s |`);
  console.log(`| items/s | ${Math.round(items / wallSeconds)} |`);
  console.log(`| peak RSS, API process | ${peakRssMiB(services.apiPid)} MiB |`);
  console.log(`| peak RSS, worker process | ${services.workerPid ? peakRssMiB(services.workerPid) : 'n/a'} MiB |`);
}
