import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueApiKey } from '../../db/repositories/api-keys';
import { recordEvent } from '../../db/repositories/events';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { cpuDelta, cpuSnapshot, printCpuTable, type CpuGroups } from './cpu';
import { measureHttp, percentile } from './http-load';
import type { BenchServices } from './services';

/**
 * Webhook delivery, the production way: commit → NOTIFY → relay (delivery rows) → the subscription's lane workflow →
 * a pass on the webhook task queue → signed POSTs to a local receiver. Lag is commit → first receipt of each
 * (event, endpoint). Four figures:
 *
 * 1. a burst of `events` events (transactions of 50, as fast as possible) to one subscription;
 * 2. a steady `steadyRate` events/s for `steadySeconds` to one subscription;
 * 3. `events` events spread over 10 tenants with a subscription each, run once with all endpoints fast and once with
 *    one answering in 5 s: the other nine's lag in both;
 * 4. scenario creates at full rate, without webhooks and with 3 subscriptions on `scenario.*`: the create rate in both,
 *    and how long the deliveries take to drain after the load stops.
 */
export interface WebhookBenchOptions {
  events: number;
  steadyRate: number;
  steadySeconds: number;
  scenarioConnections: number;
  scenarioSeconds: number;
}

interface Receiver {
  url(path: string): string;
  /** First receipt time per webhook-id, per path. */
  received(path: string): Map<string, number>;
  /** Every receipt, duplicates included. */
  receipts(): number;
  respond(path: string, delayMs: number): void;
  waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const byPath = new Map<string, Map<string, number>>();
  const delays = new Map<string, number>();
  const waiters = new Set<() => void>();
  let receipts = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      const id = req.headers['webhook-id'] as string;
      let seen = byPath.get(path);
      if (!seen) byPath.set(path, (seen = new Map()));
      receipts++;
      if (!seen.has(id)) seen.set(id, Date.now());
      const answer = () => {
        res.writeHead(204).end();
        for (const wake of waiters) wake();
      };
      const delay = delays.get(path) ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => byPath.get(path) ?? new Map(),
    receipts: () => receipts,
    respond: (path, delayMs) => delays.set(path, delayMs),
    async waitFor(predicate, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs / 1000} s`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function subscribe(services: BenchServices, key: string, url: string, eventTypes: string[]): Promise<string> {
  const created = await fetch(`${services.baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, event_types: eventTypes }),
  });
  if (created.status !== 201)
    throw new Error(`could not create a bench subscription: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

async function unsubscribe(services: BenchServices, key: string, id: string): Promise<void> {
  await fetch(`${services.baseUrl}/api/v1/webhooks/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${key}` },
  });
}

async function benchTenant(services: BenchServices, name: string): Promise<{ id: string; key: string }> {
  const tenant = await createTenant(services.db, {
    name,
    plan: 'enterprise',
    rateLimitPerMinute: 10_000_000,
    rateLimitPerDay: 1_000_000_000,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      { name, scopes: ['admin', 'scenarios:write', 'webhooks:write'], expiresAt: null },
      { type: 'system', id: 'bench' },
    ),
  );
  return { id: tenant.id, key };
}

/** Commits `count` scenario.deleted events in one transaction; answers their ids once committed. */
async function commitEvents(
  services: BenchServices,
  tenantId: string,
  count: number,
  label: string,
): Promise<string[]> {
  return inTenantTransaction(services.db, tenantId, async (scope) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const event = await recordEvent(scope, 'scenario.deleted', {
        scenario: { id: `scn_${label}_${i}`, deleted_at: new Date().toISOString() },
        actor: { type: 'system', id: 'bench' },
      });
      ids.push(event.id);
    }
    return ids;
  });
}

function lagsOf(committedAt: Map<string, number>, received: Map<string, number>): number[] {
  return [...committedAt].map(([id, at]) => (received.get(id) as number) - at).sort((a, b) => a - b);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function cpuRoots(services: BenchServices) {
  return {
    'API process': services.apiPid,
    'worker process': services.workerPid,
    'load generator (bench)': process.pid,
  };
}

function temporalMsPer(cpu: CpuGroups, count: number): string {
  return `${((cpu['temporal dev server'] ?? 0) / Math.max(1, count)).toFixed(2)} ms`;
}

async function benchBurst(
  services: BenchServices,
  receiver: Receiver,
  tenant: { id: string; key: string },
  events: number,
): Promise<void> {
  const subscription = await subscribe(services, tenant.key, receiver.url('/burst'), ['scenario.deleted']);
  const committedAt = new Map<string, number>();
  const cpuBefore = cpuSnapshot(cpuRoots(services));
  const started = Date.now();
  for (let sent = 0; sent < events; sent += 50) {
    const ids = await commitEvents(services, tenant.id, Math.min(50, events - sent), `burst_${sent}`);
    const now = Date.now();
    for (const id of ids) committedAt.set(id, now);
  }
  const committedIn = Date.now() - started;
  await receiver.waitFor(() => receiver.received('/burst').size >= events, 15 * 60_000, `the burst of ${events}`);
  const span = Math.max(...receiver.received('/burst').values()) - started;
  const cpu = cpuDelta(cpuBefore, cpuSnapshot(cpuRoots(services)));
  const lags = lagsOf(committedAt, receiver.received('/burst'));
  console.log(`\n## Webhook delivery: a burst of ${events} events, one subscription, local receiver\n`);
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(`| events committed to the outbox (transactions of 50) | ${seconds(committedIn)} |`);
  console.log(`| first commit → last receipt | ${seconds(span)} |`);
  console.log(`| delivered events/s (first commit → last receipt) | ${Math.round(events / (span / 1000))} |`);
  const receipts = [...receiver.received('/burst').values()];
  const lastCommit = Math.max(...committedAt.values());
  const owedAtLastCommit = receipts.filter((at) => at > lastCommit).length;
  const perSecond = new Map<number, number>();
  for (const at of receipts)
    perSecond.set(Math.floor((at - started) / 1000), (perSecond.get(Math.floor((at - started) / 1000)) ?? 0) + 1);
  console.log(
    `| not yet delivered at the last commit; drained in | ${owedAtLastCommit}; ${seconds(Math.max(...receipts) - lastCommit)} |`,
  );
  console.log(`| most deliveries in one second | ${Math.max(...perSecond.values())} |`);
  console.log(
    `| lag commit → receipt p50 / p99 | ${seconds(percentile(lags, 0.5))} / ${seconds(percentile(lags, 0.99))} |`,
  );
  console.log(`| lag of the first event | ${seconds(lags[0] ?? 0)} |`);
  console.log(`| receipts (duplicates included) | ${receiver.receipts()} |`);
  console.log(`| Temporal dev server CPU per delivered event | ${temporalMsPer(cpu, events)} |`);
  console.log(`\nCPU per delivered event, by process (${seconds(span)}):\n`);
  printCpuTable(cpu, events, span / 1000);
  await unsubscribe(services, tenant.key, subscription);
}

async function benchSteady(
  services: BenchServices,
  receiver: Receiver,
  tenant: { id: string; key: string },
  rate: number,
  durationSeconds: number,
): Promise<void> {
  const subscription = await subscribe(services, tenant.key, receiver.url('/steady'), ['scenario.deleted']);
  const committedAt = new Map<string, number>();
  const total = rate * durationSeconds;
  const interval = 1000 / rate;
  const cpuBefore = cpuSnapshot(cpuRoots(services));
  const started = Date.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const [id] = await commitEvents(services, tenant.id, 1, `steady_${i}`);
    committedAt.set(id as string, Date.now());
  }
  const commitSeconds = (Date.now() - started) / 1000;
  await receiver.waitFor(() => receiver.received('/steady').size >= total, 5 * 60_000, 'the steady run');
  const cpu = cpuDelta(cpuBefore, cpuSnapshot(cpuRoots(services)));
  const lags = lagsOf(committedAt, receiver.received('/steady'));
  console.log(
    `\n## Webhook delivery: a steady ${rate} events/s for ${durationSeconds} s (one transaction per event), one subscription\n`,
  );
  console.log('| measurement | value |');
  console.log('|---|---|');
  console.log(
    `| events committed | ${total} in ${commitSeconds.toFixed(1)} s (${Math.round(total / commitSeconds)}/s) |`,
  );
  console.log(
    `| lag commit → receipt p50 / p99 / max | ${seconds(percentile(lags, 0.5))} / ${seconds(percentile(lags, 0.99))} / ${seconds(lags[lags.length - 1] ?? 0)} |`,
  );
  console.log(`| Temporal dev server CPU per delivered event | ${temporalMsPer(cpu, total)} |`);
  console.log(`\nCPU per delivered event, by process:\n`);
  printCpuTable(cpu, total, commitSeconds);
  await unsubscribe(services, tenant.key, subscription);
}

async function benchFanOut(services: BenchServices, receiver: Receiver, events: number, slowMs: number, label: string) {
  const tenants = await Promise.all(
    Array.from({ length: 10 }, (_, i) => benchTenant(services, `bench-fanout-${label}-${i}`)),
  );
  const paths = tenants.map((_, i) => `/fanout-${label}-${i}`);
  const subscriptions = await Promise.all(
    tenants.map((tenant, i) => subscribe(services, tenant.key, receiver.url(paths[i] as string), ['scenario.deleted'])),
  );
  const slowPath = paths[0] as string;
  if (slowMs > 0) receiver.respond(slowPath, slowMs);
  const perTenant = Math.floor(events / tenants.length);
  const committedAt = tenants.map(() => new Map<string, number>());
  const started = Date.now();
  // Interleaved, as ten tenants' traffic would be: 50 events of each tenant in turn.
  for (let sent = 0; sent < perTenant; sent += 50) {
    for (const [i, tenant] of tenants.entries()) {
      const ids = await commitEvents(
        services,
        tenant.id,
        Math.min(50, perTenant - sent),
        `fanout_${label}_${i}_${sent}`,
      );
      const now = Date.now();
      for (const id of ids) committedAt[i]?.set(id, now);
    }
  }
  const fast = paths.slice(1);
  await receiver.waitFor(
    () => fast.every((path) => receiver.received(path).size >= perTenant),
    15 * 60_000,
    `the fan-out (${label})`,
  );
  const span = Math.max(...fast.flatMap((path) => [...receiver.received(path).values()])) - started;
  const lags = fast
    .flatMap((path, i) => lagsOf(committedAt[i + 1] as Map<string, number>, receiver.received(path)))
    .sort((a, b) => a - b);
  const slowDelivered = receiver.received(slowPath).size;
  // Let the slow lane drain fast now, so it does not weigh on what is measured next.
  receiver.respond(slowPath, 0);
  await receiver.waitFor(() => receiver.received(slowPath).size >= perTenant, 10 * 60_000, 'the slow lane');
  await Promise.all(tenants.map((tenant, i) => unsubscribe(services, tenant.key, subscriptions[i] as string)));
  return { perTenant, span, p50: percentile(lags, 0.5), p99: percentile(lags, 0.99), slowDelivered };
}

async function benchScenarioLoad(
  services: BenchServices,
  receiver: Receiver,
  options: WebhookBenchOptions,
): Promise<void> {
  const run = async (subscribers: number, label: string) => {
    const tenant = await benchTenant(services, `bench-scenarios-${label}`);
    const paths = Array.from({ length: subscribers }, (_, i) => `/scenarios-${label}-${i}`);
    const subscriptions = await Promise.all(
      paths.map((path) => subscribe(services, tenant.key, receiver.url(path), ['scenario.*'])),
    );
    let counter = 0;
    const request = {
      url: `${services.baseUrl}/api/v1/scenarios`,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
      body: () =>
        JSON.stringify({
          model_id: 'mdl_service_queue_staffing',
          inputs: {
            arrival_rate_per_hour: 50 + (counter++ % 400),
            average_handle_time_seconds: 180,
            target_service_level: 0.8,
            target_answer_time_seconds: 20,
          },
        }),
    };
    await measureHttp({ ...request, label: 'warm-up', connections: options.scenarioConnections, durationSeconds: 3 });
    const cpuBefore = cpuSnapshot(cpuRoots(services));
    const load = await measureHttp({
      ...request,
      label: `creates, ${subscribers} subscriptions`,
      connections: options.scenarioConnections,
      durationSeconds: options.scenarioSeconds,
    });
    const ended = Date.now();
    let drainMs = 0;
    let delivered = 0;
    if (subscribers > 0) {
      const events = Number(
        (
          (await services
            .db('events')
            .where({ tenant_id: tenant.id })
            .whereLike('type', 'scenario.%')
            .count('* as count')) as Array<{ count: string }>
        )[0]?.count ?? 0,
      );
      await receiver.waitFor(
        () => paths.every((path) => receiver.received(path).size >= events),
        10 * 60_000,
        'the scenario events',
      );
      drainMs = Math.max(0, Math.max(...paths.flatMap((path) => [...receiver.received(path).values()])) - ended);
      delivered = events * subscribers;
    }
    const cpu = cpuDelta(cpuBefore, cpuSnapshot(cpuRoots(services)));
    await Promise.all(subscriptions.map((id) => unsubscribe(services, tenant.key, id)));
    return { load, drainMs, delivered, cpu };
  };
  const without = await run(0, 'none');
  const withHooks = await run(3, 'three');
  const drop = 1 - withHooks.load.requestsPerSecond / Math.max(1, without.load.requestsPerSecond);
  console.log(
    `\n## Scenario creates at full rate (${options.scenarioConnections} connections, ${options.scenarioSeconds} s), without and with 3 subscriptions on scenario.*\n`,
  );
  console.log('| measurement | no subscriptions | 3 subscriptions |');
  console.log('|---|---|---|');
  console.log(
    `| creates/s | ${without.load.requestsPerSecond} | ${withHooks.load.requestsPerSecond} (${(drop * 100).toFixed(1)}% fewer) |`,
  );
  console.log(
    `| create p50 / p99 | ${without.load.p50Ms.toFixed(0)} / ${without.load.p99Ms.toFixed(0)} ms | ${withHooks.load.p50Ms.toFixed(0)} / ${withHooks.load.p99Ms.toFixed(0)} ms |`,
  );
  console.log(`| deliveries (all events × 3, warm-up included) | – | ${withHooks.delivered} |`);
  console.log(`| backlog drained after the load stopped | – | ${seconds(withHooks.drainMs)} |`);
  console.log(
    `| Temporal dev server CPU per create | ${temporalMsPer(without.cpu, without.load.requests)} | ${temporalMsPer(withHooks.cpu, withHooks.load.requests)} |`,
  );
}

export async function benchWebhookDelivery(services: BenchServices, options: WebhookBenchOptions): Promise<void> {
  const receiver = await startReceiver();
  try {
    const tenant = await benchTenant(services, 'bench-webhooks');
    await benchBurst(services, receiver, tenant, options.events);
    await benchSteady(services, receiver, tenant, options.steadyRate, options.steadySeconds);
    const baseline = await benchFanOut(services, receiver, options.events, 0, 'fast');
    const slowed = await benchFanOut(services, receiver, options.events, 5000, 'slow');
    console.log(
      `\n## Webhook delivery: ${options.events} events over 10 tenants' subscriptions (${baseline.perTenant} each), one endpoint answering in 5 s\n`,
    );
    console.log('| measurement | all ten fast | one answering in 5 s |');
    console.log('|---|---|---|');
    console.log(
      `| the nine others: first commit → last receipt | ${seconds(baseline.span)} | ${seconds(slowed.span)} |`,
    );
    console.log(
      `| the nine others: lag p50 / p99 | ${seconds(baseline.p50)} / ${seconds(baseline.p99)} | ${seconds(slowed.p50)} / ${seconds(slowed.p99)} |`,
    );
    console.log(`| the slow endpoint: delivered by then | – | ${slowed.slowDelivered} of ${slowed.perTenant} |`);
    await benchScenarioLoad(services, receiver, options);
  } finally {
    await receiver.close();
  }
}
