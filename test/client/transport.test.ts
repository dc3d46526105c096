import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  DecisionModelingClient,
  ProblemError,
  RedirectRefusedError,
  RepeatedCursorError,
  WaitTimeoutError,
  WebhookSignatureError,
  clientCredentials,
  userToken,
  verifyWebhook,
  type WebhookEvent,
} from '../../clients/typescript/src/index';

/**
 * The client's own behaviour (retries, idempotency keys, authentication, errors, pages, waiting, webhook signatures),
 * over real HTTP against a small scripted server: each test says what the server answers, and checks what the client
 * sent and did. Against the real service: test/client/examples.test.ts and compatibility.test.ts.
 */

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Answer = (request: Seen, response: http.ServerResponse) => void;

const problem = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  type: `https://docs.decision-modeling.dev/problems/${code}`,
  title: 'Problem',
  status,
  detail: `${code} happened`,
  code,
  request_id: 'req_test',
  ...extra,
});

function json(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response
    .writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers })
    .end(JSON.stringify(body));
}

describe('the typed client over HTTP', () => {
  let server: http.Server;
  let baseUrl: string;
  let seen: Seen[];
  let answers: Answer[];

  before(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        };
        seen.push(entry);
        const answer = answers.shift();
        if (!answer)
          return json(
            response,
            500,
            problem(500, 'internal_error', { detail: `unscripted ${entry.method} ${entry.url}` }),
          );
        answer(entry, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    answers = [];
  });

  const client = (options: Partial<ConstructorParameters<typeof DecisionModelingClient>[0]> = {}) =>
    new DecisionModelingClient({ baseUrl, auth: 'dms_test_key', retryBaseDelayMs: 10, ...options });

  it('sends a typed call with the key, the path parameters and the JSON body, and gives the typed answer', async () => {
    answers.push((_, response) => json(response, 201, { id: 'kpi_1', object: 'kpi_alert_rule' }));
    const rule = await client().kpiAlerts.createRule('kpi/1', { name: 'low', kind: 'threshold', severity: 'critical' });
    assert.equal(rule.id, 'kpi_1');
    assert.equal(seen[0]!.method, 'POST');
    assert.equal(seen[0]!.url, '/api/v1/kpis/kpi%2F1/alert-rules');
    assert.equal(seen[0]!.headers.authorization, 'Bearer dms_test_key');
    assert.equal(seen[0]!.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(seen[0]!.body), { name: 'low', kind: 'threshold', severity: 'critical' });
    assert.match(String(seen[0]!.headers['user-agent']), /^decision-modeling-client\//);
  });

  it('gives every write an Idempotency-Key, the same one on each retry, and none to reads', async () => {
    answers.push((_, response) => json(response, 503, problem(503, 'database_unavailable')));
    answers.push((_, response) => json(response, 503, problem(503, 'database_unavailable')));
    answers.push((_, response) => json(response, 201, { id: 'key_1' }));
    answers.push((_, response) => json(response, 200, { id: 'key_1' }));
    answers.push((_, response) => json(response, 204, {}));
    const api = client();
    await api.apiKeys.create({ name: 'ci', scopes: ['scenarios:read'] });
    await api.apiKeys.get('key_1');
    await api.scenarios.delete('scn_1', { idempotencyKey: 'my-own-key' });
    const keys = seen.map((request) => request.headers['idempotency-key']);
    assert.equal(seen.length, 5);
    assert.match(String(keys[0]), /^[0-9a-f-]{36}$/);
    assert.deepEqual(keys.slice(0, 3), [keys[0], keys[0], keys[0]], "the retries repeat the first attempt's key");
    assert.equal(keys[3], undefined, 'a GET has no key');
    assert.equal(keys[4], 'my-own-key');
  });

  it('retries a 429 after its Retry-After, and after the RateLimit reset when there is no Retry-After', async () => {
    answers.push((_, response) => json(response, 429, problem(429, 'rate_limit_exceeded'), { 'retry-after': '1' }));
    answers.push((_, response) =>
      json(response, 429, problem(429, 'rate_limit_exceeded'), {
        ratelimit: '"per-minute";r=0;t=1, "per-day";r=10;t=86400',
      }),
    );
    answers.push((_, response) => json(response, 200, { data: [], next_cursor: null }));
    const started = Date.now();
    const page = await client().scenarios.list();
    assert.deepEqual(page.data, []);
    assert.equal(seen.length, 3);
    // Lower bounds only: the client waited at least what the server asked, twice.
    assert.ok(Date.now() - started >= 1900, `waited ${Date.now() - started} ms`);
  });

  it('retries a network failure, and a write whose first request is still running (409 idempotency_request_in_progress)', async () => {
    answers.push((_, response) => response.socket?.destroy());
    answers.push((_, response) =>
      json(response, 409, problem(409, 'idempotency_request_in_progress'), { 'retry-after': '0' }),
    );
    answers.push((_, response) => json(response, 201, { id: 'scn_1', status: 'completed' }));
    const scenario = await client().scenarios.create({ model_id: 'mdl_service_queue_staffing', inputs: {} });
    assert.equal(scenario.id, 'scn_1');
    assert.equal(seen.length, 3);
    assert.equal(new Set(seen.map((request) => request.headers['idempotency-key'])).size, 1);
  });

  it('does not retry other 4xx: a ProblemError with status, code, errors and the request id', async () => {
    answers.push((_, response) =>
      json(
        response,
        422,
        problem(422, 'validation_failed', {
          errors: [{ path: '/name', message: 'must NOT have fewer than 1 characters' }],
        }),
        { 'x-request-id': 'req_test' },
      ),
    );
    const error = await client()
      .apiKeys.create({ name: '', scopes: ['scenarios:read'] })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 422);
    assert.equal(error.code, 'validation_failed');
    assert.deepEqual(error.errors, [{ path: '/name', message: 'must NOT have fewer than 1 characters' }]);
    assert.equal(error.requestId, 'req_test');
    assert.equal(seen.length, 1);
  });

  it('gives up after maxRetries, and does not wait for a Retry-After beyond maxRetryDelayMs', async () => {
    for (let i = 0; i < 3; i++)
      answers.push((_, response) => json(response, 503, problem(503, 'workflow_engine_unavailable')));
    const exhausted = await client({ maxRetries: 2 })
      .scenarios.get('scn_1')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    assert.ok(exhausted instanceof ProblemError && exhausted.code === 'workflow_engine_unavailable');
    assert.equal(seen.length, 3);
    seen = [];
    answers.push((_, response) => json(response, 429, problem(429, 'rate_limit_exceeded'), { 'retry-after': '3600' }));
    const started = Date.now();
    const limited = await client({ maxRetryDelayMs: 5_000 })
      .scenarios.get('scn_1')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    assert.ok(
      limited instanceof ProblemError && limited.status === 429 && limited.headers.get('retry-after') === '3600',
    );
    assert.equal(seen.length, 1);
    assert.ok(Date.now() - started < 3_000_000);
  });

  it('reports an answer that is not problem+json as http_error with its status', async () => {
    answers.push((_, response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    const error = await client({ maxRetries: 0 })
      .scenarios.get('scn_1')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 502);
    assert.equal(error.code, 'http_error');
  });

  it('iterates every item of every page, and awaits to the first page', async () => {
    const pages: Record<string, unknown> = {
      '': { data: [{ id: 'scn_1' }, { id: 'scn_2' }], next_cursor: 'c2' },
      c2: { data: [{ id: 'scn_3' }], next_cursor: 'c3' },
      c3: { data: [{ id: 'scn_4' }], next_cursor: null },
    };
    for (let i = 0; i < 4; i++)
      answers.push((request, response) =>
        json(response, 200, pages[new URL(request.url, baseUrl).searchParams.get('cursor') ?? '']),
      );
    const api = client();
    const ids: string[] = [];
    for await (const scenario of api.scenarios.list({ limit: 2, status: 'completed' })) ids.push(scenario.id);
    assert.deepEqual(ids, ['scn_1', 'scn_2', 'scn_3', 'scn_4']);
    assert.deepEqual(
      seen.map((request) => request.url),
      [
        '/api/v1/scenarios?limit=2&status=completed',
        '/api/v1/scenarios?limit=2&status=completed&cursor=c2',
        '/api/v1/scenarios?limit=2&status=completed&cursor=c3',
      ],
    );
    const first = await api.scenarios.list({ limit: 2 });
    assert.equal(first.next_cursor, 'c2');
  });

  it('follows a 202 through its Location until the work ends, and stops waiting at the timeout or when aborted', async () => {
    answers.push((_, response) =>
      json(response, 202, { id: 'scn_9', status: 'running' }, { location: '/api/v1/scenarios/scn_9' }),
    );
    answers.push((_, response) => json(response, 200, { id: 'scn_9', status: 'running' }));
    answers.push((_, response) => json(response, 200, { id: 'scn_9', status: 'completed', metrics: { x: 1 } }));
    const done = await client().scenarios.createAndWait({ model_id: 'mdl_x', inputs: {} }, { pollIntervalMs: 10 });
    assert.equal(done.status, 'completed');
    assert.deepEqual(
      seen.map((request) => `${request.method} ${request.url}`),
      ['POST /api/v1/scenarios', 'GET /api/v1/scenarios/scn_9', 'GET /api/v1/scenarios/scn_9'],
    );

    seen = [];
    for (let i = 0; i < 1000; i++)
      answers.push((_, response) => json(response, 200, { id: 'bat_1', status: 'running' }));
    const timedOut = await client()
      .batches.waitFor('bat_1', { timeoutMs: 300, pollIntervalMs: 10 })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    assert.ok(timedOut instanceof WaitTimeoutError);
    assert.deepEqual(timedOut.last, { id: 'bat_1', status: 'running' });

    const controller = new AbortController();
    const waiting = client().integrations.waitForSync('int_1', 'syn_1', {
      signal: controller.signal,
      pollIntervalMs: 10,
    });
    controller.abort(new Error('the user left'));
    await assert.rejects(waiting, /the user left/);
    answers = [];
  });

  it('long-polls with Prefer: wait while the API answers Preference-Applied, and polls with pauses when it does not', async () => {
    answers.push((_, response) =>
      json(response, 202, { id: 'scn_9', status: 'running' }, { location: '/api/v1/scenarios/scn_9' }),
    );
    answers.push((_, response) =>
      json(response, 200, { id: 'scn_9', status: 'running' }, { 'preference-applied': 'wait=20' }),
    );
    answers.push((_, response) =>
      json(response, 200, { id: 'scn_9', status: 'completed' }, { 'preference-applied': 'wait=20' }),
    );
    const done = await client().scenarios.createAndWait(
      { model_id: 'mdl_x', inputs: {} },
      // A pause this long would fail the test's time limit: long-polls go again at once.
      { longPollSeconds: 20, pollIntervalMs: 600_000, maxPollIntervalMs: 600_000 },
    );
    assert.equal(done.status, 'completed');
    assert.deepEqual(
      seen.slice(1).map((request) => request.headers.prefer),
      ['wait=20', 'wait=20'],
    );

    // An older server: no Preference-Applied. The first poll asked; the rest poll without asking, with pauses.
    seen = [];
    answers.push((_, response) => json(response, 200, { id: 'bat_1', status: 'running' }));
    answers.push((_, response) => json(response, 200, { id: 'bat_1', status: 'running' }));
    answers.push((_, response) => json(response, 200, { id: 'bat_1', status: 'completed' }));
    const polled = await client().batches.waitFor('bat_1', { pollIntervalMs: 10 });
    assert.equal(polled.status, 'completed');
    assert.deepEqual(
      seen.map((request) => request.headers.prefer),
      ['wait=30', undefined, undefined],
    );

    // longPollSeconds: 0 is plain polling from the start.
    seen = [];
    answers.push((_, response) => json(response, 200, { id: 'bat_2', status: 'completed' }));
    await client().batches.waitFor('bat_2', { pollIntervalMs: 10, longPollSeconds: 0 });
    assert.equal(seen[0]?.headers.prefer, undefined);
  });

  it('follows an event stream, and reconnects after a drop with Last-Event-ID', async () => {
    const event = (id: string) => ({ id, object: 'event', type: 'webhook.test', data: { n: id } });
    const sse = (response: http.ServerResponse, ids: string[], end: boolean) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('retry: 10\n: hello\n\n');
      for (const id of ids) response.write(`id: ${id}\nevent: webhook.test\ndata: ${JSON.stringify(event(id))}\n\n`);
      if (end) response.end();
    };
    answers.push((_, response) => sse(response, ['evt_1', 'evt_2'], true));
    answers.push((_, response) => sse(response, ['evt_3'], false));
    const stream = client().events.stream({ types: 'webhook.*' });
    const ids: string[] = [];
    for await (const received of stream) {
      ids.push(received.id);
      if (ids.length === 3) break;
    }
    assert.deepEqual(ids, ['evt_1', 'evt_2', 'evt_3']);
    assert.equal(stream.lastEventId, 'evt_3');
    assert.equal(seen[0]?.url, '/api/v1/events/stream?types=webhook.*');
    assert.equal(seen[0]?.headers['last-event-id'], undefined);
    assert.equal(seen[1]?.headers['last-event-id'], 'evt_2');
    assert.equal(seen[1]?.headers.accept, 'text/event-stream');

    // A position the API does not keep: the ProblemError, no reconnecting.
    seen = [];
    answers.push((_, response) => json(response, 410, problem(410, 'event_stream_position_gone')));
    const gone = client().events.stream({}, { lastEventId: 'evt_old' });
    await assert.rejects(
      (async () => {
        for await (const _ of gone) assert.fail('no event');
      })(),
      (error: unknown) => error instanceof ProblemError && error.code === 'event_stream_position_gone',
    );
    assert.equal(seen.length, 1);
  });

  it('stops with an error on a next_cursor it was already given, instead of fetching the same pages forever', async () => {
    // The cursor just used comes back, and (in the second walk) an earlier one comes back after a different one.
    for (const chain of [
      { '': 'c2', c2: 'c2' },
      { '': 'c2', c2: 'c3', c3: 'c2' },
    ] as Array<Record<string, string>>) {
      seen = [];
      for (let i = 0; i < 10; i++) {
        answers.push((request, response) => {
          const cursor = new URL(request.url, baseUrl).searchParams.get('cursor') ?? '';
          json(response, 200, { data: [{ id: `scn_${cursor || 'first'}` }], next_cursor: chain[cursor] });
        });
      }
      const ids: string[] = [];
      const walked = (async () => {
        for await (const scenario of client().scenarios.list({ limit: 1 })) ids.push(scenario.id);
      })();
      const error = await walked.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof RepeatedCursorError, String(error));
      assert.equal(error.cursor, 'c2');
      assert.equal(seen.length, Object.keys(chain).length, 'each page fetched once');
      assert.deepEqual(
        ids,
        Object.keys(chain).map((cursor) => `scn_${cursor || 'first'}`),
      );
      answers = [];
    }
  });

  it("refuses a redirect off the API's origin (a poll's included) without requesting it, and follows one on the origin", async () => {
    const elsewhere: string[] = [];
    const other = http.createServer((request, response) => {
      elsewhere.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
      json(response, 200, { id: 'scn_9', status: 'completed', metrics: { forged: 1 } });
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    // Another port on the same host is another origin.
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      answers.push((_, response) =>
        json(response, 202, { id: 'scn_9', status: 'running' }, { location: '/api/v1/scenarios/scn_9' }),
      );
      answers.push((_, response) => json(response, 302, {}, { location: `${otherUrl}/api/v1/scenarios/scn_9` }));
      const error = await client()
        .scenarios.createAndWait({ model_id: 'mdl_x', inputs: {} }, { pollIntervalMs: 10 })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      assert.ok(error instanceof RedirectRefusedError, String(error));
      assert.equal(error.reason, 'off_origin');
      assert.equal(error.location, `${otherUrl}/api/v1/scenarios/scn_9`);
      assert.match(error.message, /off the API's origin/);
      // A call's own answer redirected elsewhere is refused the same way.
      answers.push((_, response) => json(response, 307, {}, { location: `${otherUrl}/api/v1/me` }));
      await assert.rejects(client().account.getCurrentPrincipal(), RedirectRefusedError);
      assert.deepEqual(elsewhere, [], 'nothing is sent off the origin');

      // On the origin, a redirect is followed, with the credentials, and a loop ends with the error.
      seen = [];
      answers.push((_, response) => json(response, 308, {}, { location: '/api/v1/scenarios/scn_9?moved=1' }));
      answers.push((_, response) => json(response, 200, { id: 'scn_9', status: 'completed' }));
      const done = await client().scenarios.waitFor('scn_9', { pollIntervalMs: 10 });
      assert.equal(done.status, 'completed');
      assert.deepEqual(
        seen.map((request) => `${request.url} ${request.headers.authorization}`),
        ['/api/v1/scenarios/scn_9 Bearer dms_test_key', '/api/v1/scenarios/scn_9?moved=1 Bearer dms_test_key'],
      );
      for (let i = 0; i < 10; i++) answers.push((_, response) => json(response, 302, {}, { location: '/api/v1/me' }));
      const looped = await client()
        .account.getCurrentPrincipal()
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      assert.ok(looped instanceof RedirectRefusedError && looped.reason === 'too_many', String(looped));
      answers = [];
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('fetches an OAuth client-credentials token once for concurrent calls, and again before it expires and after a 401', async () => {
    let issued = 0;
    const token = (request: Seen, response: http.ServerResponse) => {
      assert.equal(request.url, '/oauth2/token');
      assert.equal(request.headers.authorization, `Basic ${Buffer.from('cli_1:s3cret').toString('base64')}`);
      assert.equal(new URLSearchParams(request.body).get('grant_type'), 'client_credentials');
      issued += 1;
      json(response, 200, { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 6 });
    };
    const ok = (_: Seen, response: http.ServerResponse) => json(response, 200, { object: 'principal' });
    const api = client({
      auth: clientCredentials({ clientId: 'cli_1', clientSecret: 's3cret', refreshBeforeSeconds: 1 }),
    });
    answers.push(token, ok, ok);
    await Promise.all([api.account.getCurrentPrincipal(), api.account.getCurrentPrincipal()]);
    assert.equal(issued, 1);
    assert.deepEqual(
      seen.slice(1).map((request) => request.headers.authorization),
      ['Bearer token-1', 'Bearer token-1'],
    );
    // One second before its six-second lifetime ends (5 s: room for a loaded machine before), the next call fetches a new token first.
    await new Promise((resolve) => setTimeout(resolve, 5100));
    answers.push(token, ok);
    await api.account.getCurrentPrincipal();
    assert.equal(seen.at(-1)!.headers.authorization, 'Bearer token-2');
    // A 401 (the token was revoked): a new token, the call sent again.
    answers.push((_, response) => json(response, 401, problem(401, 'token_revoked')), token, ok);
    await api.account.getCurrentPrincipal();
    assert.equal(issued, 3);
    assert.equal(seen.at(-1)!.headers.authorization, 'Bearer token-3');
  });

  it("refreshes a person's access token through the callback, after a 401 and before it expires", async () => {
    let refreshed = 0;
    const refresh = async () => {
      refreshed += 1;
      return { accessToken: `user-${refreshed + 1}`, expiresAt: Date.now() + 3_600_000 };
    };
    const ok = (_: Seen, response: http.ServerResponse) => json(response, 200, { object: 'principal' });
    answers.push((_, response) => json(response, 401, problem(401, 'token_expired')), ok);
    await client({
      auth: userToken({ accessToken: 'user-1', expiresAt: Date.now() + 3_600_000, refresh }),
    }).account.getCurrentPrincipal();
    assert.deepEqual(
      seen.map((request) => request.headers.authorization),
      ['Bearer user-1', 'Bearer user-2'],
    );
    assert.equal(refreshed, 1);
    // A token expiring within the 30 s margin is refreshed before the call is sent.
    seen = [];
    answers.push(ok);
    await client({
      auth: userToken({ accessToken: 'user-expiring', expiresAt: new Date(Date.now() + 10_000), refresh }),
    }).account.getCurrentPrincipal();
    assert.deepEqual(
      seen.map((request) => request.headers.authorization),
      ['Bearer user-3'],
    );
    assert.equal(refreshed, 2);
  });

  it('sends no credentials to operations that take none', async () => {
    answers.push((_, response) => json(response, 200, { status: 'ok' }));
    await client().system.getHealth();
    assert.equal(seen[0]!.headers.authorization, undefined);
  });
});

describe('verifyWebhook', () => {
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;
  const event = {
    id: 'evt_1',
    object: 'event',
    type: 'webhook.test',
    api_version: 'v1',
    tenant_id: 'ten_1',
    sequence: 1,
    created_at: '2026-11-28T00:00:00Z',
    data: {},
  };
  const body = JSON.stringify(event);
  const sign = (at: Date, withSecret = secret) => ({
    'webhook-id': 'evt_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(withSecret).sign('evt_1', at, body),
  });

  it('gives the typed event of a delivery signed with the secret (headers as Node gives them, or Headers)', () => {
    const verified: WebhookEvent = verifyWebhook(secret, sign(new Date()), body);
    assert.equal(verified.type, 'webhook.test');
    assert.deepEqual(verified, event);
    assert.deepEqual(verifyWebhook(secret, new Headers(sign(new Date())), new TextEncoder().encode(body)), event);
  });

  it('accepts either signature during a secret rotation', () => {
    const other = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`;
    const headers = sign(new Date());
    const both = {
      ...headers,
      'webhook-signature': `${sign(new Date(), other)['webhook-signature']} ${headers['webhook-signature']}`,
    };
    assert.equal(verifyWebhook(secret, both, body).id, 'evt_1');
  });

  it('refuses a changed body, another secret, an old or future timestamp, and missing headers', () => {
    assert.throws(() => verifyWebhook(secret, sign(new Date()), body.replace('ten_1', 'ten_2')), WebhookSignatureError);
    assert.throws(
      () => verifyWebhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, sign(new Date()), body),
      WebhookSignatureError,
    );
    assert.throws(() => verifyWebhook(secret, sign(new Date(Date.now() - 301_000)), body), /more than 300 s/);
    assert.throws(() => verifyWebhook(secret, sign(new Date(Date.now() + 301_000)), body), /more than 300 s/);
    assert.throws(
      () => verifyWebhook(secret, sign(new Date(Date.now() - 61_000)), body, { toleranceSeconds: 60 }),
      /more than 60 s/,
    );
    assert.throws(() => verifyWebhook(secret, { 'webhook-id': 'evt_1' }, body), /missing/);
  });
});
