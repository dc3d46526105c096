import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './hris-server';

/**
 * Local servers speaking two HRIS providers' published shapes, for the bamboohr and merge_hris connectors. Both take
 * `failNext` (answers given before the real ones: a 429 with Retry-After, a 503 blip), `slowNext` (delays in ms
 * before answering) and log every request in `requests`.
 */
interface FaultInjection {
  failNext: Array<{ status: number; headers?: Record<string, string> }>;
  slowNext: number[];
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
}

export interface ProviderServer extends FaultInjection {
  port: number;
  baseUrl: string;
  employees: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

async function serve(
  faults: FaultInjection,
  handle: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<unknown>,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider.test');
    faults.requests.push({ method: req.method ?? 'GET', url: url.pathname + url.search, headers: req.headers });
    (async () => {
      const delay = faults.slowNext.shift();
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
      const failure = faults.failNext.shift();
      if (failure) return json(res, failure.status, { error: 'try later' }, failure.headers);
      await handle(req, res, url);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * BambooHR (https://documentation.bamboohr.com/reference) under `/api/gateway.php/{companyDomain}/v1`: Basic auth with
 * the API key as user name (any password); JSON only when asked for (`Accept: application/json`, else 406 here, XML
 * there). Employees carry string ids, `lastChanged` (RFC 3339 with +00:00) and `status` (`Active`/`Inactive`);
 * `deleted` lists employees removed since (id + lastChanged), reported by the changed endpoint as `Deleted`.
 * - `GET /meta/fields` → `[{ id, name, type, alias }]`
 * - `POST /reports/custom?format=JSON&onlyCurrent=` body `{ title, fields }` → `{ title, fields: [...], employees: [...] }`
 *   (every employee, only the asked fields plus id; unknown fields null)
 * - `GET /employees/changed/?since=` → `{ latest, employees: { "<id>": { id, action, lastChanged } } }`, changes at or
 *   after `since`
 * - `GET /employees/{id}/?fields=a,b` → `{ id, a, b }`, 404 for an unknown id
 */
export async function startBambooHrServer(
  companyDomain: string,
  apiKey: string,
  employees: Array<Record<string, unknown>>,
) {
  const state = {
    employees,
    deleted: [] as Array<{ id: string; lastChanged: string }>,
    failNext: [],
    slowNext: [],
    requests: [],
  } as Omit<ProviderServer, 'port' | 'baseUrl' | 'close'> & {
    deleted: Array<{ id: string; lastChanged: string }>;
  };
  const prefix = `/api/gateway.php/${companyDomain}/v1`;
  const pick = (employee: Record<string, unknown>, fields: string[]) =>
    Object.fromEntries([['id', employee.id], ...fields.map((f) => [f, employee[f] ?? null])]);
  const { port, close } = await serve(state, async (req, res, url) => {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!basic || Buffer.from(basic, 'base64').toString('utf8').split(':')[0] !== apiKey)
      return void res.writeHead(401).end();
    if (!String(req.headers.accept ?? '').includes('application/json')) return void res.writeHead(406).end();
    if (!url.pathname.startsWith(`${prefix}/`)) return void res.writeHead(404).end();
    const path = url.pathname.slice(prefix.length);
    if (req.method === 'GET' && path === '/meta/fields') {
      const names = new Set(state.employees.flatMap((e) => Object.keys(e)));
      return json(
        res,
        200,
        [...names].map((alias, i) => ({
          id: String(i + 1),
          name: alias,
          type: /Date$/.test(alias) ? 'date' : 'text',
          alias,
        })),
      );
    }
    if (req.method === 'POST' && path === '/reports/custom' && url.searchParams.get('format') === 'JSON') {
      const body = JSON.parse(await readBody(req)) as { title?: string; fields?: string[] };
      if (!Array.isArray(body.fields)) return json(res, 400, { error: 'fields required' });
      const onlyCurrent = url.searchParams.get('onlyCurrent') !== 'false';
      const rows = state.employees
        .filter((e) => !onlyCurrent || e.status === 'Active')
        .map((e) => pick(e, body.fields as string[]));
      return json(res, 200, {
        title: body.title,
        fields: body.fields.map((f) => ({ id: f, type: 'text', name: f })),
        employees: rows,
      });
    }
    if (req.method === 'GET' && path === '/employees/changed/') {
      const since = Date.parse(url.searchParams.get('since') ?? '');
      if (Number.isNaN(since)) return json(res, 400, { error: 'since must be ISO 8601' });
      const changes = [
        ...state.employees.map((e) => ({ id: String(e.id), action: 'Updated', lastChanged: String(e.lastChanged) })),
        ...state.deleted.map((d) => ({ ...d, action: 'Deleted' })),
      ].filter((c) => Date.parse(c.lastChanged) >= since);
      const latest = changes.map((c) => c.lastChanged).sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
      return json(res, 200, { latest, employees: Object.fromEntries(changes.map((c) => [c.id, c])) });
    }
    const single = /^\/employees\/([^/]+)\/?$/.exec(path);
    if (req.method === 'GET' && single) {
      const found = state.employees.find((e) => String(e.id) === decodeURIComponent(single[1] as string));
      if (!found) return void res.writeHead(404).end();
      return json(res, 200, pick(found, (url.searchParams.get('fields') ?? '').split(',').filter(Boolean)));
    }
    res.writeHead(404).end();
  });
  return Object.assign(state, { port, baseUrl: `http://127.0.0.1:${port}${prefix}`, close });
}

/**
 * A Merge-style unified HRIS API (https://docs.merge.dev/hris/employees/): `GET /api/hris/v1/employees?page_size=
 * &cursor=&modified_after=` → `{ next, previous, results }`; `Authorization: Bearer <api key>` and
 * `X-Account-Token: <account token>`; `modified_after` strictly after; page_size at most 100; results ordered by id.
 */
export async function startMergeHrisServer(
  apiKey: string,
  accountToken: string,
  employees: Array<Record<string, unknown>>,
) {
  const state = { employees, failNext: [], slowNext: [], requests: [] } as Omit<
    ProviderServer,
    'port' | 'baseUrl' | 'close'
  >;
  const { port, close } = await serve(state, async (req, res, url) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return json(res, 401, { detail: 'Invalid API key.' });
    if (req.headers['x-account-token'] !== accountToken) return json(res, 401, { detail: 'Invalid account token.' });
    if (req.method !== 'GET' || url.pathname !== '/api/hris/v1/employees') return void res.writeHead(404).end();
    const pageSize = Number(url.searchParams.get('page_size') ?? '100');
    if (!(pageSize >= 1 && pageSize <= 100)) return json(res, 400, { page_size: ['must be between 1 and 100'] });
    const modifiedAfter = url.searchParams.get('modified_after');
    const rows = state.employees
      .filter((e) => modifiedAfter === null || Date.parse(String(e.modified_at)) > Date.parse(modifiedAfter))
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^o=/, ''));
    const end = start + pageSize;
    const encode = (offset: number) => Buffer.from(`o=${offset}`).toString('base64url');
    return json(res, 200, {
      next: end < rows.length ? encode(end) : null,
      previous: start > 0 ? encode(Math.max(0, start - pageSize)) : null,
      results: rows.slice(start, end),
    });
  });
  return Object.assign(state, { port, baseUrl: `http://127.0.0.1:${port}/api`, close });
}
