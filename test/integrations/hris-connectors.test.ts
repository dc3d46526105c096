import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConnectorEnvironment, RecordPage, StreamState } from '../../integrations/connectors';
import { bambooHrConnector, type BambooHrConfig } from '../../integrations/connectors/bamboohr';
import { compareCursorValues, laterCursor } from '../../integrations/connectors/cursor-values';
import { mergeHrisConnector, type MergeHrisConfig } from '../../integrations/connectors/merge-hris';
import { systemResolveHost } from '../../integrations/connectors/network';
import { nextLink, restConnector, type RestConfig } from '../../integrations/connectors/rest';
import { startHrisServer, type HrisServer } from '../helpers/hris-server';
import { startBambooHrServer, startMergeHrisServer } from '../helpers/hris-provider-servers';

/** The HRIS connectors' reads against local servers speaking each shape: pagination styles, auth types, retries. */

async function readAll(pages: AsyncGenerator<RecordPage>): Promise<{ pages: RecordPage[]; ids: string[] }> {
  const all: RecordPage[] = [];
  for await (const page of pages) all.push(page);
  return { pages: all, ids: all.flatMap((p) => p.records.map((r) => String(r.id))) };
}

const waits: number[] = [];
const env: ConnectorEnvironment = {
  allowedHosts: ['127.0.0.1'],
  requireHttps: false,
  resolveHost: systemResolveHost,
  timeoutMs: 2000,
  maxRetries: 3,
  sleep: async (ms) => {
    waits.push(ms);
  },
};

const T1 = '2026-11-01T10:00:00.000Z';
const T2 = '2026-11-02T10:00:00.000Z';
const EMPLOYEES = [
  { id: 'e1', updated_at: T1 },
  { id: 'e2', updated_at: T2 },
  { id: 'e3', updated_at: T2 },
  { id: 'e4', updated_at: T2 },
  { id: 'e5', updated_at: '2026-11-03T10:00:00.000Z' },
];

describe('cursor values', () => {
  it('compares numbers numerically, ISO dates as instants, other strings as strings', () => {
    assert.ok(compareCursorValues('10', '9') > 0);
    assert.ok(compareCursorValues(10, '9.5') > 0);
    // 10:00 at +02:00 is 08:00 UTC, before 09:00 UTC although it sorts after as a string.
    assert.ok(compareCursorValues('2026-11-01T10:00:00+02:00', '2026-11-01T09:00:00Z') < 0);
    assert.equal(compareCursorValues('2026-11-01T10:00:00+00:00', '2026-11-01T10:00:00.000Z'), 0);
    assert.ok(compareCursorValues('2026-11-02', '2026-11-01T23:59:59Z') > 0);
    assert.ok(compareCursorValues('b', 'a') > 0);
    assert.equal(laterCursor('9', '10'), '10');
    assert.equal(laterCursor('2026-11-01T09:00:00Z', '2026-11-01T10:00:00+02:00'), '2026-11-01T09:00:00Z');
    assert.equal(laterCursor('5', null), '5');
    assert.equal(laterCursor(null, 7), '7');
  });

  it('finds the rel="next" target of a Link header among other relations', () => {
    const header =
      '<https://h.example/x?page=1>; rel="first", <https://h.example/x?page=3>; rel="prev last", </x?page=2>; title="n"; rel="next"';
    assert.equal(nextLink(header, 'https://h.example/x?page=1'), 'https://h.example/x?page=2');
    assert.equal(nextLink('<https://h.example/x?page=1>; rel=first', 'https://h.example/x'), null);
    assert.equal(nextLink(undefined, 'https://h.example/x'), null);
  });
});

describe('generic REST connector: pagination styles, OAuth 2.0 client credentials, retries', () => {
  let hris: HrisServer;
  const SECRET = 'oauth-client-secret-7f3a91';
  const base = () => `http://127.0.0.1:${hris.port}`;
  let clientSeq = 0;
  /** A fresh client id per test: tokens are cached per process, per client. */
  const oauthConfig = (overrides: Partial<RestConfig['auth']> = {}): RestConfig => ({
    base_url: base(),
    auth: {
      type: 'oauth2_client_credentials',
      token_url: `${base()}/oauth/token`,
      client_id: `client-${++clientSeq}`,
      scopes: ['employees:read'],
      ...overrides,
    },
    pagination: { type: 'cursor', page_size: 1 },
    streams: [
      {
        name: 'employees',
        path: '/v1/employees',
        records_path: 'data',
        primary_key: ['id'],
        incremental_field: 'updated_at',
        incremental_param: 'updated_since',
      },
    ],
  });

  before(async () => {
    // Each issued token serves 2 requests, then the server answers 401 (expired) although expires_in says an hour.
    hris = await startHrisServer('tkn', EMPLOYEES, { oauth: { clientId: '', clientSecret: SECRET, tokenUses: 2 } });
  });
  after(async () => hris?.close());

  const restartWithClient = async (clientId: string, tokenUses: number) => {
    await hris.close();
    hris = await startHrisServer('tkn', EMPLOYEES, { oauth: { clientId, clientSecret: SECRET, tokenUses } });
  };

  it("offset: pages until a short page, resumes from a page's state, and passes the incremental bound on every page", async () => {
    const config: RestConfig = {
      base_url: base(),
      auth: { type: 'bearer' },
      pagination: { type: 'offset', offset_param: 'offset', page_size_param: 'limit', page_size: 2 },
      streams: [
        {
          name: 'employees',
          path: '/v2/employees',
          records_path: 'items',
          primary_key: ['id'],
          incremental_field: 'updated_at',
          incremental_param: 'updated_since',
        },
      ],
    };
    hris.requests.length = 0;
    const { pages, ids } = await readAll(
      restConnector.read(config, { token: 'tkn' }, env, { stream: 'employees', state: null, pageSize: 2 }),
    );
    assert.deepEqual(ids, ['e1', 'e2', 'e3', 'e4', 'e5']);
    assert.deepEqual(
      hris.requests.map((r) => r.url),
      ['/v2/employees?limit=2&offset=0', '/v2/employees?limit=2&offset=2', '/v2/employees?limit=2&offset=4'],
    );
    assert.deepEqual(pages[0]?.state.position, { offset: 2, since: null });
    assert.equal(pages.at(-1)?.state.position, null);
    const resumed = await readAll(
      restConnector.read(config, { token: 'tkn' }, env, {
        stream: 'employees',
        state: pages[1]?.state as StreamState,
        pageSize: 2,
      }),
    );
    assert.deepEqual(resumed.ids, ['e5']);

    hris.requests.length = 0;
    const incremental = await readAll(
      restConnector.read(config, { token: 'tkn' }, env, {
        stream: 'employees',
        state: { cursor: T2, position: null },
        pageSize: 2,
      }),
    );
    assert.deepEqual(incremental.ids, ['e2', 'e3', 'e4', 'e5']);
    // Two full pages, then an empty (short) one ends the read.
    assert.equal(hris.requests.length, 3);
    assert.ok(hris.requests.every((r) => r.url.includes(`updated_since=${encodeURIComponent(T2)}`)));
  });

  it('link_header: follows rel="next" (which carries the bound), resumes from the stored next URL, and refuses another origin', async () => {
    const config: RestConfig = {
      base_url: base(),
      auth: { type: 'api_key', header_name: 'Authorization' },
      pagination: { type: 'link_header', page_size_param: 'per_page', page_size: 2 },
      streams: [
        {
          name: 'employees',
          path: '/v3/employees',
          primary_key: ['id'],
          incremental_field: 'updated_at',
          incremental_param: 'updated_since',
        },
      ],
    };
    const credentials = { api_key: 'Bearer tkn' };
    hris.requests.length = 0;
    const { pages, ids } = await readAll(
      restConnector.read(config, credentials, env, { stream: 'employees', state: null, pageSize: 2 }),
    );
    assert.deepEqual(ids, ['e1', 'e2', 'e3', 'e4', 'e5']);
    assert.deepEqual(
      hris.requests.map((r) => r.url),
      ['/v3/employees?per_page=2', '/v3/employees?per_page=2&page=2', '/v3/employees?per_page=2&page=3'],
    );
    assert.deepEqual(pages[0]?.state.position, { url: `${base()}/v3/employees?per_page=2&page=2`, since: null });
    const resumed = await readAll(
      restConnector.read(config, credentials, env, {
        stream: 'employees',
        state: pages[0]?.state as StreamState,
        pageSize: 2,
      }),
    );
    assert.deepEqual(resumed.ids, ['e3', 'e4', 'e5']);

    const incremental = await readAll(
      restConnector.read(config, credentials, env, {
        stream: 'employees',
        state: { cursor: T2, position: null },
        pageSize: 2,
      }),
    );
    assert.deepEqual(incremental.ids, ['e2', 'e3', 'e4', 'e5']);
    assert.equal(incremental.pages.at(-1)?.state.cursor, '2026-11-03T10:00:00.000Z');

    // A next link to another origin would carry the credentials elsewhere: the read fails instead of following it.
    hris.linkOrigin = 'http://127.0.0.2:9';
    try {
      await assert.rejects(
        readAll(restConnector.read(config, credentials, env, { stream: 'employees', state: null, pageSize: 2 })),
        /points to another origin \(127\.0\.0\.2:9\)/,
      );
    } finally {
      hris.linkOrigin = null;
    }
  });

  it('oauth2 (client_secret_basic): one token for the whole read while it lasts, scopes asked, secret only in the Basic header', async () => {
    await restartWithClient('basic-client', 100);
    const config = oauthConfig({ client_id: 'basic-client' });
    const { ids } = await readAll(
      restConnector.read(config, { client_secret: SECRET }, env, { stream: 'employees', state: null, pageSize: 1 }),
    );
    assert.deepEqual(ids, ['e1', 'e2', 'e3', 'e4', 'e5']);
    assert.equal(hris.tokensIssued, 1);
    const tokenRequest = hris.tokenRequests[0];
    assert.equal(tokenRequest?.authorization, `Basic ${Buffer.from(`basic-client:${SECRET}`).toString('base64')}`);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(tokenRequest?.body)), {
      grant_type: 'client_credentials',
      scope: 'employees:read',
    });
    // A second read in the same process reuses the cached token.
    await readAll(
      restConnector.read(config, { client_secret: SECRET }, env, { stream: 'employees', state: null, pageSize: 5 }),
    );
    assert.equal(hris.tokensIssued, 1);
    assert.ok(
      hris.requests.filter((r) => r.url.startsWith('/v1/')).every((r) => r.authorization?.startsWith('Bearer at-1-')),
    );
  });

  it('oauth2 (client_secret_post): a token that expires mid-read is refreshed once and the page retried; no page lost or repeated', async () => {
    await restartWithClient('post-client', 2);
    const config = oauthConfig({ client_id: 'post-client', client_auth: 'client_secret_post' });
    const { pages, ids } = await readAll(
      restConnector.read(config, { client_secret: SECRET }, env, { stream: 'employees', state: null, pageSize: 1 }),
    );
    assert.deepEqual(ids, ['e1', 'e2', 'e3', 'e4', 'e5']);
    assert.equal(pages.length, 5);
    // 5 pages, 2 per token: tokens 1..3, and each expiry cost one refused request.
    assert.equal(hris.tokensIssued, 3);
    assert.equal(hris.requests.filter((r) => r.url.startsWith('/v1/')).length, 7);
    assert.equal(hris.tokenRequests[0]?.authorization, undefined);
    assert.equal(new URLSearchParams(hris.tokenRequests[0]?.body).get('client_secret'), SECRET);
  });

  it('oauth2: a token refused right after a refresh fails the read (once, not in a loop), and no message carries the secret', async () => {
    await restartWithClient('dead-client', 0);
    const config = oauthConfig({ client_id: 'dead-client' });
    const failure = await readAll(
      restConnector.read(config, { client_secret: SECRET }, env, { stream: 'employees', state: null, pageSize: 1 }),
    ).catch((e: Error) => e);
    assert.ok(failure instanceof Error);
    assert.match(failure.message, /answered 401 \(check the credentials\)/);
    assert.equal(hris.tokensIssued, 2);

    const wrong = await restConnector.check(
      oauthConfig({ client_id: 'dead-client' }),
      { client_secret: 'not-the-secret' },
      env,
    );
    assert.equal(wrong.status, 'failed');
    assert.match(
      (wrong as { message: string }).message,
      /^the OAuth token request failed: 127\.0\.0\.1:\d+\/oauth\/token answered 401/,
    );
    assert.ok(
      !JSON.stringify([failure.message, wrong]).includes(SECRET) && !JSON.stringify(wrong).includes('not-the-secret'),
    );
  });

  it('retries a response slower than the timeout, a 429 after its Retry-After and a 503; a token endpoint on a private address is refused', async () => {
    waits.length = 0;
    hris.failNext.push({ status: 429, headers: { 'retry-after': '3' } }, { status: 503 });
    hris.slowNext.push(0, 0, 1500);
    const config: RestConfig = {
      ...oauthConfig(),
      auth: { type: 'bearer' },
      pagination: { type: 'cursor', page_size: 2 },
    };
    const { ids } = await readAll(
      restConnector.read(
        config,
        { token: 'tkn' },
        { ...env, timeoutMs: 500 },
        { stream: 'employees', state: null, pageSize: 2 },
      ),
    );
    assert.deepEqual(ids, ['e1', 'e2', 'e3', 'e4', 'e5']);
    assert.deepEqual(waits, [3000, 1000, 2000]);

    const metadata = oauthConfig({ token_url: 'http://169.254.169.254/token' });
    const errors = restConnector.validate(
      metadata,
      { client_secret: SECRET },
      { allowedHosts: ['127.0.0.1'], requireHttps: false },
    );
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/config/auth/token_url'],
    );
    const missing = restConnector.validate(
      { ...metadata, auth: { type: 'oauth2_client_credentials' } },
      {},
      { allowedHosts: ['127.0.0.1'], requireHttps: false },
    );
    assert.deepEqual(missing.map((e) => e.path).sort(), [
      '/config/auth/client_id',
      '/config/auth/token_url',
      '/credentials/client_secret',
    ]);
  });
});

describe('BambooHR connector', () => {
  const KEY = 'bamboo-api-key-51c0';
  let server: Awaited<ReturnType<typeof startBambooHrServer>>;
  let config: BambooHrConfig;
  const L1 = '2026-11-01T10:00:00+00:00';
  const L2 = '2026-11-02T10:00:00+00:00';

  before(async () => {
    server = await startBambooHrServer('acme', KEY, [
      {
        id: '10',
        firstName: 'Ten',
        lastName: 'T',
        department: 'Sales',
        hireDate: '2020-01-01',
        terminationDate: '0000-00-00',
        status: 'Active',
        lastChanged: L1,
      },
      {
        id: '2',
        firstName: 'Two',
        lastName: 'T',
        department: 'Engineering',
        hireDate: '2021-02-01',
        terminationDate: '0000-00-00',
        status: 'Active',
        lastChanged: L2,
      },
      {
        id: '3',
        firstName: 'Three',
        lastName: 'T',
        department: 'Engineering',
        hireDate: '2019-03-01',
        terminationDate: '2026-01-31',
        status: 'Inactive',
        lastChanged: L2,
      },
      {
        id: '4',
        firstName: 'Four',
        lastName: 'T',
        department: 'Sales',
        hireDate: '2022-04-01',
        terminationDate: '0000-00-00',
        status: 'Active',
        lastChanged: '2026-11-03T10:00:00+00:00',
      },
    ]);
    config = {
      company_domain: 'acme',
      base_url: server.baseUrl,
      fields: ['firstName', 'department', 'hireDate', 'terminationDate', 'status'],
    };
  });
  after(async () => server?.close());

  it('full read: one custom report with the fields, handed out in pages by id; empty dates null; resumable; Basic auth with the key', async () => {
    server.requests.length = 0;
    const { pages, ids } = await readAll(
      bambooHrConnector.read(config, { api_key: KEY }, env, { stream: 'employees', state: null, pageSize: 3 }),
    );
    assert.deepEqual(ids, ['2', '3', '4', '10']);
    assert.deepEqual(
      pages.map((p) => p.records.length),
      [3, 1],
    );
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0]?.method, 'POST');
    assert.equal(server.requests[0]?.url, '/api/gateway.php/acme/v1/reports/custom?format=JSON&onlyCurrent=false');
    assert.equal(server.requests[0]?.headers.authorization, `Basic ${Buffer.from(`${KEY}:x`).toString('base64')}`);
    assert.deepEqual(pages[1]?.records[0], {
      id: '10',
      firstName: 'Ten',
      department: 'Sales',
      hireDate: '2020-01-01',
      terminationDate: null,
      status: 'Active',
      lastChanged: L1,
    });
    assert.equal(pages.at(-1)?.state.cursor, '2026-11-03T10:00:00+00:00');
    const resumed = await readAll(
      bambooHrConnector.read(config, { api_key: KEY }, env, {
        stream: 'employees',
        state: pages[0]?.state as StreamState,
        pageSize: 3,
      }),
    );
    assert.deepEqual(resumed.ids, ['10']);
    const current = await readAll(
      bambooHrConnector.read({ ...config, include_terminated: false }, { api_key: KEY }, env, {
        stream: 'employees',
        state: null,
        pageSize: 10,
      }),
    );
    assert.deepEqual(current.ids, ['2', '4', '10']);
  });

  it('incremental read: the ids changed since the cursor (inclusive), oldest change first, then their fields a page at a time; deletions skipped', async () => {
    server.deleted.push({ id: '99', lastChanged: '2026-11-04T10:00:00+00:00' });
    server.requests.length = 0;
    const { pages, ids } = await readAll(
      bambooHrConnector.read(config, { api_key: KEY }, env, {
        stream: 'employees',
        state: { cursor: L2, position: null },
        pageSize: 2,
      }),
    );
    assert.deepEqual(ids, ['2', '3', '4']);
    assert.equal(
      server.requests[0]?.url,
      `/api/gateway.php/acme/v1/employees/changed/?since=${encodeURIComponent(L2)}`,
    );
    const fetched = server.requests
      .slice(1)
      .map((r) => r.url)
      .sort();
    assert.deepEqual(
      fetched,
      ['2', '3', '4'].map(
        (id) =>
          `/api/gateway.php/acme/v1/employees/${id}/?fields=${encodeURIComponent('firstName,department,hireDate,terminationDate,status,lastChanged')}`,
      ),
    );
    assert.deepEqual(pages[0]?.state, { cursor: L2, position: { mode: 'changed', since: L2, offset: 2 } });
    assert.equal(pages.at(-1)?.state.cursor, '2026-11-03T10:00:00+00:00');
    const resumed = await readAll(
      bambooHrConnector.read(config, { api_key: KEY }, env, {
        stream: 'employees',
        state: pages[0]?.state as StreamState,
        pageSize: 2,
      }),
    );
    assert.deepEqual(resumed.ids, ['4']);
  });

  it('retries a 429 (Retry-After) and a 503 on the report; check, discover, and a wrong key', async () => {
    waits.length = 0;
    server.failNext.push({ status: 429, headers: { 'retry-after': '1' } }, { status: 503 });
    const { ids } = await readAll(
      bambooHrConnector.read(config, { api_key: KEY }, env, { stream: 'employees', state: null, pageSize: 10 }),
    );
    assert.equal(ids.length, 4);
    assert.deepEqual(waits, [1000, 1000]);
    assert.deepEqual(await bambooHrConnector.check(config, { api_key: KEY }, env), { status: 'succeeded' });
    const wrong = await bambooHrConnector.check(config, { api_key: 'nope' }, env);
    assert.equal(wrong.status, 'failed');
    assert.match((wrong as { message: string }).message, /\/meta\/fields answered 401 \(check the credentials\)/);
    const [stream] = await bambooHrConnector.discover(config, { api_key: KEY }, env);
    assert.equal(stream?.cursor_field, 'lastChanged');
    assert.deepEqual(
      stream?.fields.find((f) => f.name === 'hireDate'),
      { name: 'hireDate', type: 'date' },
    );
    assert.deepEqual(
      stream?.fields.find((f) => f.name === 'lastChanged'),
      { name: 'lastChanged', type: 'date-time' },
    );
    // Without base_url the connector talks to BambooHR itself, which a development allow-list does not cover.
    assert.deepEqual(
      bambooHrConnector.validate(
        { company_domain: 'acme' },
        { api_key: KEY },
        { allowedHosts: [], requireHttps: true },
      ),
      [],
    );
    assert.deepEqual(
      bambooHrConnector
        .validate(
          { company_domain: 'acme', base_url: 'http://10.0.0.1/v1' },
          {},
          { allowedHosts: [], requireHttps: false },
        )
        .map((e) => e.path),
      ['/config/base_url', '/credentials/api_key'],
    );
  });
});

describe('Merge-style HRIS connector', () => {
  let server: Awaited<ReturnType<typeof startMergeHrisServer>>;
  let config: MergeHrisConfig;
  const credentials = { api_key: 'merge-key-0b1c', account_token: 'merge-account-token-9d8e' };
  const M = (n: number) => `2026-11-0${n}T10:00:00.000000Z`;

  before(async () => {
    server = await startMergeHrisServer(credentials.api_key, credentials.account_token, [
      { id: 'a', first_name: 'A', employment_status: 'ACTIVE', modified_at: M(1) },
      { id: 'b', first_name: 'B', employment_status: 'ACTIVE', modified_at: M(2) },
      { id: 'c', first_name: 'C', employment_status: 'INACTIVE', modified_at: M(2) },
      { id: 'd', first_name: 'D', employment_status: 'ACTIVE', modified_at: M(3) },
    ]);
    config = { base_url: server.baseUrl };
  });
  after(async () => server?.close());

  it('pages by the `next` cursor with both tokens, resumes, and reads incrementally from just before the last modified_at', async () => {
    server.requests.length = 0;
    const { pages, ids } = await readAll(
      mergeHrisConnector.read(config, credentials, env, { stream: 'employees', state: null, pageSize: 3 }),
    );
    assert.deepEqual(ids, ['a', 'b', 'c', 'd']);
    assert.equal(server.requests[0]?.headers.authorization, `Bearer ${credentials.api_key}`);
    assert.equal(server.requests[0]?.headers['x-account-token'], credentials.account_token);
    assert.equal(server.requests[0]?.url, '/api/hris/v1/employees?page_size=3');
    assert.equal(pages.at(-1)?.state.cursor, M(3));
    const resumed = await readAll(
      mergeHrisConnector.read(config, credentials, env, {
        stream: 'employees',
        state: pages[0]?.state as StreamState,
        pageSize: 3,
      }),
    );
    assert.deepEqual(resumed.ids, ['d']);

    server.requests.length = 0;
    const incremental = await readAll(
      mergeHrisConnector.read(config, credentials, env, {
        stream: 'employees',
        state: { cursor: M(2), position: null },
        pageSize: 500,
      }),
    );
    // b and c share the last cursor value: asked from 1 ms before it, so neither is missed.
    assert.deepEqual(incremental.ids, ['b', 'c', 'd']);
    assert.equal(
      server.requests[0]?.url,
      `/api/hris/v1/employees?page_size=100&modified_after=${encodeURIComponent('2026-11-02T09:59:59.999Z')}`,
    );
  });

  it('retries a slow answer and a 503, and reports a wrong account token as a failed check', async () => {
    waits.length = 0;
    // The 500 first, then an answer slower than the timeout (the server delays before it looks at failNext).
    server.failNext.push({ status: 500 });
    server.slowNext.push(0, 1500);
    const { ids } = await readAll(
      mergeHrisConnector.read(
        config,
        credentials,
        { ...env, timeoutMs: 500 },
        { stream: 'employees', state: null, pageSize: 10 },
      ),
    );
    assert.equal(ids.length, 4);
    assert.deepEqual(waits, [500, 1000]);
    const wrong = await mergeHrisConnector.check(config, { ...credentials, account_token: 'other' }, env);
    assert.equal(wrong.status, 'failed');
    const [stream] = await mergeHrisConnector.discover(config, credentials, env);
    assert.deepEqual(
      stream?.fields.map((f) => f.name),
      ['id', 'first_name', 'employment_status', 'modified_at'],
    );
  });
});
