import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { percentile } from './http-load';
import type { BenchServices } from './services';

/**
 * Webhook delivery: `events` events committed to the outbox in transactions of 50, as fast as possible, to one
 * subscription whose endpoint is a local receiver. Lag is commit → receipt of the first delivery of each event;
 * throughput is events over the span from the first commit to the last receipt. Everything goes the production way:
 * NOTIFY → relay → one Temporal workflow per event → activity on the webhook task queue → signed POST.
 */
export async function benchWebhookDelivery(services: BenchServices, key: string, tenantId: string, events: number): Promise<void> {
  const receivedAt = new Map<string, number>();
  let resolveAll: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (resolveAll = resolve));
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.headers['webhook-id'] as string;
      if (!receivedAt.has(id)) receivedAt.set(id, Date.now());
      res.writeHead(204).end();
      if (receivedAt.size >= events) resolveAll();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const port = (receiver.address() as AddressInfo).port;
    const created = await fetch(`${services.baseUrl}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/bench`, event_types: ['scenario.deleted'] }),
    });
    if (created.status !== 201) throw new Error(`could not create the bench subscription: ${created.status} ${await created.text()}`);

    const committedAt = new Map<string, number>();
    const started = Date.now();
    for (let sent = 0; sent < events; sent += 50) {
      const ids = await inTenantTransaction(services.db, tenantId, async (scope) => {
        const batch: string[] = [];
        for (let i = sent; i < Math.min(events, sent + 50); i++) {
          const event = await recordEvent(scope, 'scenario.deleted', { scenario: { id: `scn_bench_${i}`, deleted_at: new Date().toISOString() }, actor: { type: 'system', id: 'bench' } });
          batch.push(event.id);
        }
        return batch;
      });
      const now = Date.now();
      for (const id of ids) committedAt.set(id, now);
    }
    const committedIn = (Date.now() - started) / 1000;
    const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`only ${receivedAt.size} of ${events} webhooks arrived within 15 minutes`)), 15 * 60_000).unref());
    await Promise.race([all, timeout]);
    const lags = [...committedAt].map(([id, at]) => (receivedAt.get(id) as number) - at).sort((a, b) => a - b);
    const span = (Math.max(...receivedAt.values()) - started) / 1000;
    console.log(`\n## Webhook delivery: ${events} events, one subscription, local receiver\n`);
    console.log('| measurement | value |');
    console.log('|---|---|');
    console.log(`| events committed to the outbox (transactions of 50) | ${committedIn.toFixed(1)} s |`);
    console.log(`| first commit → last receipt | ${span.toFixed(1)} s |`);
    console.log(`| delivered events/s | ${Math.round(events / span)} |`);
    console.log(`| lag commit → receipt p50 | ${(percentile(lags, 0.5) / 1000).toFixed(2)} s |`);
    console.log(`| lag commit → receipt p99 | ${(percentile(lags, 0.99) / 1000).toFixed(2)} s |`);
    console.log(`| lag of the first event | ${((lags[0] ?? 0) / 1000).toFixed(3)} s |`);
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
