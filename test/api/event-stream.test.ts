import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DecisionModelingClient } from '../../clients/typescript/src/index';
import { assertProblem } from '../helpers/problem';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * `GET /api/v1/events/stream` (api/webhooks/stream-events.ts): the tenant's events as they commit, as Server-Sent
 * Events; resumed with Last-Event-ID or `after` (nothing missed, nothing repeated); filtered by type, resource and the
 * caller's read scopes; never another tenant's; bounded per tenant; readable through a proxy that buffers answers
 * unless told not to. The re-read safety net is set to a minute, so what arrives sooner was woken by the outbox's
 * NOTIFY. Assertions are on what arrives and in which order, never on how fast.
 */

interface Message {
  id: string;
  event: string;
  data: { id: string; type: string; sequence: number; data: Record<string, any> };
}

interface OpenStream {
  response: Response;
  messages: Message[];
  comments: string[];
  /** Resolves once `count` messages have arrived (fails after a minute, naming `what`). */
  until(count: number, what: string): Promise<Message[]>;
  close(): void;
}

/** Reads a Server-Sent Events answer as it comes: its messages and its comment lines. */
function readStream(response: Response, controller: AbortController): OpenStream {
  const messages: Message[] = [];
  const comments: string[] = [];
  void (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.includes(':'))
              fields[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1).trim();
          }
          if (fields.data !== undefined)
            messages.push({ id: fields.id as string, event: fields.event as string, data: JSON.parse(fields.data) });
        }
      }
    } catch {
      // closed by the test
    }
  })();
  return {
    response,
    messages,
    comments,
    until: (count, what) =>
      waitFor(what, async () => (messages.length >= count ? messages.slice(0, count) : undefined)),
    close: () => controller.abort(),
  };
}

describe('the event stream (Server-Sent Events)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  const open: OpenStream[] = [];

  const api = (method: string, path: string, body?: unknown, who: TestTenant | string = tenant) =>
    call(stack.baseUrl, method, path, { key: typeof who === 'string' ? who : who.key, body });
  const stream = async (
    query = '',
    options: { key?: string; headers?: Record<string, string>; base?: string } = {},
  ) => {
    const controller = new AbortController();
    const response = await fetch(`${options.base ?? stack.baseUrl}/api/v1/events/stream${query}`, {
      headers: {
        authorization: `Bearer ${options.key ?? tenant.key}`,
        accept: 'text/event-stream',
        ...options.headers,
      },
      signal: controller.signal,
    });
    assert.equal(response.status, 200, await (response.status === 200 ? '' : response.text()));
    const opened = readStream(response, controller);
    open.push(opened);
    return opened;
  };
  const decision = async (title: string, who: TestTenant = tenant) => {
    const created = await api('POST', '/api/v1/decisions', { title, options: [{ label: 'A' }, { label: 'B' }] }, who);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const kpi = async (name: string) => {
    const created = await api('POST', '/api/v1/kpis', {
      name,
      direction: 'higher_is_better',
      target: 0.8,
      aggregation_period: 'week',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const point = async (kpiId: string) => {
    const recorded = await api('POST', `/api/v1/kpis/${kpiId}/points`, {
      timestamp: new Date().toISOString(),
      value: 0.8,
    });
    assert.equal(recorded.status, 201, JSON.stringify(recorded.body));
  };
  const streamsOpen = async () =>
    Number(/^dms_event_streams_open (\d+)/m.exec(await (await fetch(`${stack.baseUrl}/metrics`)).text())?.[1]);

  before(async () => {
    stack = await startTestStack({
      env: { CHANGE_RECHECK_MS: '60000', EVENT_STREAM_HEARTBEAT_SECONDS: '1', EVENT_STREAM_MAX_PER_TENANT: '3' },
    });
    tenant = await createTestTenant(stack.db);
    other = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const opened of open) opened.close();
    await stack?.close();
  });
  const closeAll = async () => {
    for (const opened of open.splice(0)) opened.close();
    await waitFor('every stream closed', async () => (await streamsOpen()) === 0);
  };

  it("sends the tenant's events as they commit, in order, with the headers that stop proxy buffering", async () => {
    const events = await stream();
    assert.match(events.response.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(events.response.headers.get('cache-control'), 'no-cache');
    assert.equal(events.response.headers.get('x-accel-buffering'), 'no');
    // Another tenant's event, committed while the stream is open, never shows.
    await decision('theirs', other);
    const ids = [await decision('first'), await decision('second'), await decision('third')];
    const received = await events.until(3, 'three decision events');
    assert.deepEqual(
      received.map((message) => [message.event, message.data.data.decision.id]),
      ids.map((id) => ['decision.created', id]),
    );
    for (const message of received) assert.equal(message.id, message.data.id);
    for (let i = 1; i < received.length; i++)
      assert.ok((received[i] as Message).data.sequence > (received[i - 1] as Message).data.sequence);
    await waitFor('a heartbeat', async () => events.comments.includes('heartbeat'));
    assert.equal(events.messages.length, 3, "the other tenant's event is not in the stream");
    await closeAll();
  });

  it('resumes after a disconnect with Last-Event-ID or after=: nothing missed, nothing repeated', async () => {
    const first = await stream();
    const a = await decision('a');
    const [seen] = await first.until(1, 'the first event');
    first.close();
    await waitFor('the stream closed', async () => (await streamsOpen()) === 0);
    // Committed while nobody listened.
    const b = await decision('b');
    const c = await decision('c');
    const resumed = await stream('', { headers: { 'last-event-id': (seen as Message).id } });
    const d = await decision('d');
    const again = await resumed.until(3, 'the missed events and the new one');
    assert.deepEqual(
      again.map((message) => message.data.data.decision.id),
      [b, c, d],
    );
    assert.ok(!again.some((message) => message.data.data.decision.id === a), 'the event resumed after is not repeated');
    // ?after= is the same position; the header wins over it.
    const byQuery = await stream(`?after=${(seen as Message).id}`);
    assert.deepEqual(
      (await byQuery.until(3, 'the events after a')).map((message) => message.data.data.decision.id),
      [b, c, d],
    );
    const both = await stream(`?after=${(seen as Message).id}`, {
      headers: { 'last-event-id': (again[1] as Message).id },
    });
    assert.deepEqual(
      (await both.until(1, 'the events after c')).map((message) => message.data.data.decision.id),
      [d],
    );
    await closeAll();
  });

  it("filters by type and by resource, and shows only the families the caller's scopes may read", async () => {
    const noDecisions = await api('POST', '/api/v1/api-keys', {
      name: 'kpi watcher',
      scopes: ['webhooks:read', 'kpis:read'],
    });
    assert.equal(noDecisions.status, 201, JSON.stringify(noDecisions.body));
    const scoped = await stream('', { key: noDecisions.body.key });
    const decisionsOnly = await stream('?types=decision.*,scenario.completed');
    const k1 = await kpi('k1');
    const k2 = await kpi('k2');
    const oneKpi = await stream(`?resource_id=${k1}`);
    // In this order: a decision, a point on k2, a point on k1, a decision.
    const d1 = await decision('d1');
    await point(k2);
    await point(k1);
    const d2 = await decision('d2');
    // The key without decisions:read gets the KPI events only (what came after d1 shows d1 was left out, not late).
    assert.deepEqual(
      (await scoped.until(2, 'the KPI events')).map((message) => [message.event, message.data.data.kpi.id]),
      [
        ['kpi.value.recorded', k2],
        ['kpi.value.recorded', k1],
      ],
    );
    assert.deepEqual(
      (await decisionsOnly.until(2, 'the decision events')).map((message) => message.data.data.decision.id),
      [d1, d2],
    );
    const aboutK1 = await oneKpi.until(1, 'the event about k1');
    assert.equal(aboutK1[0]?.data.data.kpi.id, k1);
    // Nothing else about k1 came before d2's event reached the others: only its one point.
    await decisionsOnly.until(2, 'd2');
    assert.equal(oneKpi.messages.length, 1);
    assert.ok(!scoped.messages.some((message) => message.event.startsWith('decision.')));
    await closeAll();
  });

  it('refuses bad filters and positions, and a position the tenant does not have (410)', async () => {
    const bad = async (query: string, headers: Record<string, string> = {}) =>
      call(stack.baseUrl, 'GET', `/api/v1/events/stream${query}`, { key: tenant.key, headers });
    const unknownType = await bad('?types=decision.*,nothing.here');
    assertProblem(unknownType, 400, 'invalid_parameters');
    assert.equal(unknownType.body.errors[0].path, '/query/types');
    assertProblem(await bad('?types=,'), 400, 'invalid_parameters');
    const badAfter = await bad('?after=scn_01jd3m2n4p5q6r7s8t9v0w1x2y');
    assertProblem(badAfter, 400, 'invalid_parameters');
    assert.equal(badAfter.body.errors[0].path, '/query/after');
    const badHeader = await bad('', { 'last-event-id': 'yesterday' });
    assertProblem(badHeader, 422, 'validation_failed');
    assert.equal(badHeader.body.errors[0].path, '/headers/last-event-id');
    // An event id the tenant does not have (expired, or another tenant's) answers alike: 410.
    assertProblem(await bad('?after=evt_01jd3m2n4p5q6r7s8t9v0w1x2y'), 410, 'event_stream_position_gone');
    await decision('theirs, to resume after', other);
    const [theirs] = (await call(stack.baseUrl, 'GET', '/api/v1/events?limit=1', { key: other.key })).body
      .data as Array<{ id: string }>;
    assertProblem(await bad('', { 'last-event-id': (theirs as { id: string }).id }), 410, 'event_stream_position_gone');
    // Without webhooks:read, no stream at all.
    const reader = await api('POST', '/api/v1/api-keys', { name: 'decisions only', scopes: ['decisions:read'] });
    assertProblem(
      await call(stack.baseUrl, 'GET', '/api/v1/events/stream', { key: reader.body.key }),
      403,
      'insufficient_scope',
    );
  });

  it('bounds the streams of one tenant (503 with Retry-After), not those of another', async () => {
    await stream();
    await stream();
    const third = await stream();
    const refused = await call(stack.baseUrl, 'GET', '/api/v1/events/stream', { key: tenant.key });
    assertProblem(refused, 503, 'event_stream_capacity_exceeded');
    assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
    await stream('', { key: other.key });
    third.close();
    await waitFor('a slot given back', async () => (await streamsOpen()) === 3);
    await stream();
    await closeAll();
  });

  it('reaches a client through a proxy that buffers answers, thanks to X-Accel-Buffering: no', async () => {
    /** Like nginx with proxy_buffering on: an answer is held until it is complete, unless it says `X-Accel-Buffering: no`. */
    const proxy = (honoursHeader: boolean) =>
      http.createServer((request, response) => {
        const target = new URL(stack.baseUrl);
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: request.url,
            method: request.method,
            headers: request.headers,
          },
          (answer) => {
            if (honoursHeader && answer.headers['x-accel-buffering'] === 'no') {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
              return;
            }
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () =>
              response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks)),
            );
          },
        );
        response.on('close', () => upstream.destroy());
        request.pipe(upstream);
      });
    const listen = async (server: http.Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const honouring = proxy(true);
    const buffering = proxy(false);
    try {
      const through = await stream('?types=decision.*', { base: await listen(honouring) });
      // The buffering proxy holds the answer, headers included, until it ends: it never does while the stream is open.
      const controller = new AbortController();
      let bufferedAnswer: Response | undefined;
      void fetch(`${await listen(buffering)}/api/v1/events/stream?types=decision.*`, {
        headers: { authorization: `Bearer ${tenant.key}` },
        signal: controller.signal,
      }).then(
        (answer) => (bufferedAnswer = answer),
        () => undefined,
      );
      const direct = await stream('?types=decision.*');
      await waitFor('both streams open behind the proxies and directly', async () => (await streamsOpen()) === 3);
      const id = await decision('through the proxy');
      const [proxied] = await through.until(1, 'the event through the proxy');
      assert.equal(proxied?.data.data.decision.id, id);
      await direct.until(1, 'the event directly');
      assert.equal(bufferedAnswer, undefined, 'the buffering proxy has passed nothing on');
      controller.abort();
    } finally {
      honouring.closeAllConnections();
      buffering.closeAllConnections();
      await Promise.all([honouring, buffering].map((server) => new Promise((resolve) => server.close(resolve))));
    }
    await closeAll();
  });

  it("the typed client's stream: an async iterable of events, resumable from lastEventId", async () => {
    const client = new DecisionModelingClient({ baseUrl: stack.baseUrl, auth: tenant.key });
    const controller = new AbortController();
    const events = client.events.stream({ types: 'decision.*' }, { signal: controller.signal });
    const received: string[] = [];
    const reading = (async () => {
      for await (const event of events) {
        received.push((event.data as { decision: { id: string } }).decision.id);
        if (received.length === 2) break;
      }
    })();
    await waitFor('the client connected', async () => (await streamsOpen()) === 1);
    const ids = [await decision('client 1'), await decision('client 2')];
    await reading;
    assert.deepEqual(received, ids);
    assert.ok(events.lastEventId?.startsWith('evt_'));
    const later = await decision('client 3');
    // A new stream from the last event delivered gets what came after it.
    const resumed = client.events.stream({ types: 'decision.*' }, { lastEventId: events.lastEventId as string });
    for await (const event of resumed) {
      assert.equal((event.data as { decision: { id: string } }).decision.id, later);
      break;
    }
    controller.abort();
    await waitFor('the client streams closed', async () => (await streamsOpen()) === 0);
  });
});
