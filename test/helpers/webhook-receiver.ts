import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  json: any;
  receivedAt: number;
}

export type Responder = (
  request: ReceivedWebhook,
  count: number,
) => { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

/**
 * A real HTTP server receiving webhooks. Each path answers through its responder (200 by default), which sees how
 * many requests that path has had, so "fail twice, then succeed" is one line.
 */
const defaultResponder: Responder = () => ({ status: 200, body: 'ok' });

export async function startWebhookReceiver(host = '127.0.0.1') {
  const received: ReceivedWebhook[] = [];
  const responders = new Map<string, Responder>();
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] as string;
      const entry: ReceivedWebhook = {
        path,
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        ),
        body,
        json: body ? JSON.parse(body) : undefined,
        receivedAt: Date.now(),
      };
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      const answer = (responders.get(path) ?? defaultResponder)(entry, count);
      const respond = () => {
        if (res.destroyed) return;
        received.push(entry);
        for (const wake of waiters) wake();
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(respond, answer.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    received,
    on(path: string, responder: Responder) {
      responders.set(path, responder);
    },
    at(path: string) {
      return received.filter((r) => r.path === path);
    },
    /** Resolves once `predicate` holds over what has been received. */
    async waitFor(
      predicate: (all: ReceivedWebhook[]) => boolean,
      timeoutMs = 60_000,
      what = 'webhooks',
    ): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `timed out waiting for ${what}; received ${JSON.stringify(received.map((r) => [r.path, r.json?.type]))}`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
      return received;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
