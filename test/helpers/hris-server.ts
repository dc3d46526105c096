import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking a typical HRIS directory shape: `GET /v1/employees?limit=&cursor=&updated_since=`
 * answers `{ data: [...], next_cursor }`, records ordered by (updated_at, id), bearer auth. `failNext` queues
 * answers to give before the real ones (a 429 with Retry-After, a 503 blip); `requests` logs every request line
 * and authorization header seen.
 */
export interface HrisServer {
  port: number;
  employees: Array<Record<string, unknown>>;
  failNext: Array<{ status: number; headers?: Record<string, string> }>;
  requests: Array<{ url: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

export async function startHrisServer(token: string, employees: Array<Record<string, unknown>>): Promise<HrisServer> {
  const state: Omit<HrisServer, 'port' | 'close'> = { employees, failNext: [], requests: [] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hris.test');
    state.requests.push({ url: url.pathname + url.search, authorization: req.headers.authorization });
    const failure = state.failNext.shift();
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers }).end('{"error":"try later"}');
      return;
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (url.pathname !== '/v1/employees') {
      res.writeHead(404).end();
      return;
    }
    const limit = Number(url.searchParams.get('limit') ?? '100');
    const since = url.searchParams.get('updated_since');
    const sorted = [...state.employees]
      .filter((e) => since === null || String(e.updated_at) >= since)
      .sort((a, b) => String(a.updated_at).localeCompare(String(b.updated_at)) || String(a.id).localeCompare(String(b.id)));
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const page = sorted.slice(start, start + limit);
    const next = start + limit < sorted.length ? String(start + limit) : null;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: page, next_cursor: next }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
