import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking typical HRIS directory shapes, records ordered by (updated_at, id):
 * - `GET /v1/employees?limit=&cursor=&updated_since=` → `{ data: [...], next_cursor }` (cursor pagination);
 * - `GET /v2/employees?limit=&offset=&updated_since=` → `{ items: [...] }` (offset pagination, a short page is the last);
 * - `GET /v3/employees?per_page=&page=&updated_since=` → a bare array, the next page in `Link: <…>; rel="next"`
 *   (RFC 8288; `linkOrigin` makes it point elsewhere);
 * - `POST /oauth/token` (OAuth 2.0 client credentials, client_secret_basic or client_secret_post) issuing tokens that
 *   each serve `tokenUses` requests and then answer 401, i.e. expire mid-sync, although `expires_in` promises an hour.
 * Auth on the employee endpoints: `Bearer <token>` or a token the OAuth endpoint issued. `failNext` queues answers to
 * give before the real ones (a 429 with Retry-After, a 503 blip); `slowNext` queues delays (ms) before answering;
 * `requests` logs every request line and authorization header seen, `tokenRequests` every token request.
 */
export interface HrisServer {
  port: number;
  employees: Array<Record<string, unknown>>;
  failNext: Array<{ status: number; headers?: Record<string, string> }>;
  slowNext: number[];
  requests: Array<{ method: string; url: string; authorization: string | undefined }>;
  tokenRequests: Array<{ authorization: string | undefined; body: string }>;
  /** Tokens issued so far by the OAuth endpoint. */
  tokensIssued: number;
  /** Overrides the origin of the v3 Link header's next URL. */
  linkOrigin: string | null;
  close(): Promise<void>;
}

export interface HrisServerOptions {
  oauth?: { clientId: string; clientSecret: string; tokenUses: number };
}

/** The whole body of a request to a fake provider, as UTF-8 text. */
export const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startHrisServer(
  token: string,
  employees: Array<Record<string, unknown>>,
  options: HrisServerOptions = {},
): Promise<HrisServer> {
  const state: Omit<HrisServer, 'port' | 'close'> = {
    employees,
    failNext: [],
    slowNext: [],
    requests: [],
    tokenRequests: [],
    tokensIssued: 0,
    linkOrigin: null,
  };
  /** Issued OAuth tokens and the requests each may still serve. */
  const issued = new Map<string, number>();
  let port = 0;

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  const issueToken = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const body = await readBody(req);
    state.tokenRequests.push({ authorization: req.headers.authorization, body });
    const form = new URLSearchParams(body);
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1] as string, 'base64')
        .toString('utf8')
        .split(':')
        .map((p) => decodeURIComponent(p.replace(/\+/g, ' ')));
      clientId = id ?? null;
      clientSecret = secret ?? null;
    }
    const oauth = options.oauth;
    if (
      !oauth ||
      form.get('grant_type') !== 'client_credentials' ||
      clientId !== oauth.clientId ||
      clientSecret !== oauth.clientSecret
    ) {
      json(res, 401, { error: 'invalid_client' });
      return;
    }
    state.tokensIssued += 1;
    const accessToken = `at-${state.tokensIssued}-${Math.random().toString(36).slice(2)}`;
    issued.set(accessToken, oauth.tokenUses);
    json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: form.get('scope') ?? '',
    });
  };

  const authorized = (authorization: string | undefined): boolean => {
    if (authorization === `Bearer ${token}`) return true;
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const uses = bearer === undefined ? undefined : issued.get(bearer);
    if (bearer === undefined || uses === undefined || uses <= 0) return false;
    issued.set(bearer, uses - 1);
    return true;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://hris.test');
    state.requests.push({
      method: req.method ?? 'GET',
      url: url.pathname + url.search,
      authorization: req.headers.authorization,
    });
    const delay = state.slowNext.shift();
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    const failure = state.failNext.shift();
    if (failure) {
      json(res, failure.status, { error: 'try later' }, failure.headers);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      await issueToken(req, res);
      return;
    }
    if (!authorized(req.headers.authorization)) {
      json(res, 401, { error: 'unauthorized' });
      return;
    }
    const since = url.searchParams.get('updated_since');
    const sorted = [...state.employees]
      .filter((e) => since === null || Date.parse(String(e.updated_at)) >= Date.parse(since))
      .sort(
        (a, b) => String(a.updated_at).localeCompare(String(b.updated_at)) || String(a.id).localeCompare(String(b.id)),
      );
    if (url.pathname === '/v1/employees') {
      const limit = Number(url.searchParams.get('limit') ?? '100');
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const next = start + limit < sorted.length ? String(start + limit) : null;
      json(res, 200, { data: sorted.slice(start, start + limit), next_cursor: next });
    } else if (url.pathname === '/v2/employees') {
      const limit = Number(url.searchParams.get('limit') ?? '100');
      const offset = Number(url.searchParams.get('offset') ?? '0');
      json(res, 200, { items: sorted.slice(offset, offset + limit) });
    } else if (url.pathname === '/v3/employees') {
      const perPage = Number(url.searchParams.get('per_page') ?? '100');
      const page = Number(url.searchParams.get('page') ?? '1');
      const links = [`</v3/employees?per_page=${perPage}&page=1>; rel="first"`];
      if (page * perPage < sorted.length) {
        const next = new URL(`/v3/employees`, state.linkOrigin ?? `http://127.0.0.1:${port}`);
        next.searchParams.set('per_page', String(perPage));
        next.searchParams.set('page', String(page + 1));
        if (since !== null) next.searchParams.set('updated_since', since);
        links.push(`<${next.toString()}>; rel="next"`);
      }
      json(res, 200, sorted.slice((page - 1) * perPage, page * perPage), { link: links.join(', ') });
    } else {
      res.writeHead(404).end();
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
