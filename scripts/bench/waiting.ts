/**
 * Waiting on changes, on one API process of its own: BENCH_LONG_POLLS (1,000) concurrent long-polls (`Prefer: wait`)
 * on as many audit exports (memory per waiting request, event-loop lag p99 while they wait, then the wake-up latency
 * from each status change's commit to its answer, the changes BENCH_LONG_POLL_SPACING_MS (5) ms apart); then
 * BENCH_STREAM_CLIENTS (100) event streams receiving a burst of BENCH_STREAM_EVENTS (5,000) events committed 100 to a
 * transaction (delivery lag from commit to each client's receipt, p95; the API's CPU per event).
 */
import crypto from 'node:crypto';
import { Agent } from 'undici';
import { newId } from '../../core/ids';
import { issueApiKey } from '../../db/repositories/api-keys';
import { recordEvents } from '../../db/repositories/events';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { percentile } from './http-load';
import type { BenchServices } from './services';

interface ProcessFigures {
  residentBytes: number;
  heapUsedBytes: number;
  cpuSeconds: number;
  lagP99Seconds: number;
  waiting: number;
  streams: number;
}

async function processFigures(baseUrl: string): Promise<ProcessFigures> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    residentBytes: value('process_resident_memory_bytes'),
    heapUsedBytes: value('nodejs_heap_size_used_bytes'),
    cpuSeconds: value('process_cpu_seconds_total'),
    lagP99Seconds: value('nodejs_eventloop_lag_p99_seconds'),
    waiting: value('dms_long_polls_waiting'),
    streams: value('dms_event_streams_open'),
  };
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function benchTenant(services: BenchServices) {
  const tenant = await createTenant(services.db, {
    name: `bench-waiting-${crypto.randomBytes(3).toString('hex')}`,
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      { name: 'bench', scopes: ['admin', 'webhooks:read', 'kpis:read'], expiresAt: null },
      {
        type: 'system',
        id: 'bench',
      },
    ),
  );
  return { id: tenant.id, key };
}

async function benchLongPolls(services: BenchServices, api: string, waiters: number, spacingMs: number) {
  const tenant = await benchTenant(services);
  const ids = Array.from({ length: waiters }, () => newId('auditExport'));
  await services.db('audit_exports').insert(
    ids.map((id) => ({
      id,
      tenant_id: tenant.id,
      status: 'running',
      filters: {},
      workflow_id: `bench/${id}`,
      created_by: { type: 'system', id: 'bench' },
    })),
  );
  const dispatcher = new Agent({ connections: waiters + 10, headersTimeout: 120_000, bodyTimeout: 120_000 });
  await processFigures(api); // resets the event-loop delay histogram
  const before = await processFigures(api);
  const answeredAt = new Map<string, number>();
  const polls = ids.map((id) =>
    fetch(`${api}/api/v1/audit-exports/${id}`, {
      headers: { authorization: `Bearer ${tenant.key}`, prefer: 'wait=60' },
      dispatcher,
    } as unknown as RequestInit).then(async (response) => {
      answeredAt.set(id, performance.now());
      const body = (await response.json()) as { status?: string };
      if (body.status !== 'failed') throw new Error(`long-poll of ${id} answered ${response.status} ${body.status}`);
    }),
  );
  await until(`${waiters} long-polls waiting`, async () => (await processFigures(api)).waiting >= waiters);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const during = await processFigures(api);
  const committedAt = new Map<string, number>();
  for (const id of ids) {
    await services.db('audit_exports').where({ id }).update({ status: 'failed' });
    committedAt.set(id, performance.now());
    await new Promise((resolve) => setTimeout(resolve, spacingMs));
  }
  await Promise.all(polls);
  await dispatcher.close();
  const latencies = ids
    .map((id) => (answeredAt.get(id) as number) - (committedAt.get(id) as number))
    .sort((a, b) => a - b);
  console.log(`\n## Long-polls: ${waiters} waiting on one API process\n`);
  console.log('| Figure | Value |\n|---|---|');
  console.log(
    `| Resident memory, idle → ${waiters} waiting | ${mib(before.residentBytes)} → ${mib(during.residentBytes)} |`,
  );
  console.log(
    `| Memory per waiting request (heap used; resident) | ${((during.heapUsedBytes - before.heapUsedBytes) / waiters / 1024).toFixed(1)} KiB; ${((during.residentBytes - before.residentBytes) / waiters / 1024).toFixed(1)} KiB |`,
  );
  console.log(`| Event-loop lag p99 while they wait | ${ms(during.lagP99Seconds * 1000)} |`);
  console.log(
    `| Wake-up, commit → answer (changes ${spacingMs} ms apart): p50 / p95 / max | ${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.95))} / ${ms(latencies.at(-1) ?? 0)} (goal p95 ≤ 50 ms) |`,
  );
}

async function openStreams(api: string, key: string, clients: number, onEvent: (id: string) => void) {
  const controllers: AbortController[] = [];
  const dispatcher = new Agent({ connections: clients + 10, bodyTimeout: 0 });
  for (let i = 0; i < clients; i++) {
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${api}/api/v1/events/stream?types=kpi.*`, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
      dispatcher,
    } as unknown as RequestInit);
    void (async () => {
      const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffered += value;
          let start = buffered.indexOf('id: ');
          while (start !== -1) {
            const end = buffered.indexOf('\n', start);
            if (end === -1) break;
            onEvent(buffered.slice(start + 4, end));
            start = buffered.indexOf('id: ', end);
          }
          const lastBreak = buffered.lastIndexOf('\n\n');
          if (lastBreak !== -1) buffered = buffered.slice(lastBreak + 2);
        }
      } catch {
        // closed by the bench
      }
    })();
  }
  return {
    close: async () => {
      for (const controller of controllers) controller.abort();
      await dispatcher.close();
    },
  };
}

async function benchEventStreams(services: BenchServices, api: string, clients: number, events: number) {
  const tenant = await benchTenant(services);
  const committedAt = new Map<string, number>();
  const lags: number[] = [];
  const streams = await openStreams(api, tenant.key, clients, (id) => {
    const committed = committedAt.get(id);
    if (committed !== undefined) lags.push(performance.now() - committed);
  });
  await until(`${clients} streams open`, async () => (await processFigures(api)).streams >= clients);
  const before = await processFigures(api);
  const started = performance.now();
  for (let sent = 0; sent < events; sent += 100) {
    const batch = Array.from({ length: Math.min(100, events - sent) }, (_, index) => ({
      type: 'kpi.value.recorded' as const,
      data: { kpi: { id: 'kpi_bench', name: 'bench' }, source: 'api', count: 1, point: { n: sent + index } },
    }));
    const recorded = await inTenantTransaction(services.db, tenant.id, (scope) => recordEvents(scope, batch));
    const now = performance.now();
    for (const event of recorded) committedAt.set(event.id, now);
  }
  const committed = performance.now() - started;
  await until(`${clients * events} deliveries`, async () => lags.length >= clients * events);
  const delivered = performance.now() - started;
  const after = await processFigures(api);
  await streams.close();
  lags.sort((a, b) => a - b);
  const cpu = after.cpuSeconds - before.cpuSeconds;
  console.log(`\n## Event streams: ${clients} clients, a burst of ${events} events (100 to a commit)\n`);
  console.log('| Figure | Value |\n|---|---|');
  console.log(`| Burst committed in / every client had every event after | ${ms(committed)} / ${ms(delivered)} |`);
  console.log(
    `| Delivery lag, commit → client: p50 / p95 / max | ${ms(percentile(lags, 0.5))} / ${ms(percentile(lags, 0.95))} / ${ms(lags.at(-1) ?? 0)} (goal p95 ≤ 1 s) |`,
  );
  console.log(
    `| API CPU per event (all clients) / per delivery | ${((cpu / events) * 1e6).toFixed(0)} µs / ${((cpu / (events * clients)) * 1e6).toFixed(1)} µs |`,
  );
}

export async function benchWaiting(
  services: BenchServices,
  options: { longPolls: number; spacingMs: number; streamClients: number; streamEvents: number },
): Promise<void> {
  const { baseUrl } = await services.spawnProcess('api', {
    LONG_POLL_MAX_WAITING: String(options.longPolls + 100),
    LONG_POLL_MAX_WAITING_PER_TENANT: String(options.longPolls + 100),
    EVENT_STREAM_MAX_PER_TENANT: String(options.streamClients + 10),
    CHANGE_RECHECK_MS: '600000',
  });
  const api = baseUrl as string;
  await benchLongPolls(services, api, options.longPolls, options.spacingMs);
  await benchEventStreams(services, api, options.streamClients, options.streamEvents);
}
