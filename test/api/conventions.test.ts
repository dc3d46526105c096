import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inTenantTransaction } from '../../db/tenant-scope';
import { assertProblem } from '../helpers/problem';
import {
  call,
  createTestTenant,
  startTestStack,
  type TestStack,
  type TestTenant,
  useTestStackWithTenant,
} from '../helpers/stack';

describe('conventions every endpoint follows', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({ env: { BODY_LIMIT_BYTES: '2048' } }, (started) => ({ stack, tenant } = started));

  describe('errors', () => {
    it('gives every response a request id, keeping a sane client-supplied one', async () => {
      const generated = await call(stack.baseUrl, 'GET', '/health');
      assert.match(generated.headers.get('x-request-id') ?? '', /^req_[0-9a-z]{26}$/);
      const echoed = await call(stack.baseUrl, 'GET', '/health', { headers: { 'x-request-id': 'client-trace-42' } });
      assert.equal(echoed.headers.get('x-request-id'), 'client-trace-42');
      const replaced = await call(stack.baseUrl, 'GET', '/health', {
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      assert.match(replaced.headers.get('x-request-id') ?? '', /^req_/);
    });

    it('answers malformed JSON with 400', async () => {
      const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: '{"name": "x", ',
        headers: { 'content-type': 'application/json' },
      });
      assertProblem(response, 400, 'malformed_json');
    });

    it('answers a non-JSON content type with 415', async () => {
      const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assertProblem(response, 415, 'unsupported_media_type');
    });

    it('answers a body over the limit with 413, declared or streamed', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(5000), scopes: ['admin'] });
      const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: big,
        headers: { 'content-type': 'application/json' },
      });
      assertProblem(response, 413, 'payload_too_large');
      // Chunked upload without Content-Length: the limit holds while reading.
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      });
      const chunked = await fetch(`${stack.baseUrl}/api/v1/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      assert.equal(chunked.status, 413);
    });

    it('names every bad field: unknown fields, wrong types, missing fields, bad enum values', async () => {
      const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 42, scopes: ['scenarios:read', 'root'], colour: 'blue', expires_at: 'tomorrow' },
      });
      assertProblem(response, 422, 'validation_failed');
      const paths = response.body.errors.map((e: { path: string }) => e.path).sort();
      assert.deepEqual(paths, ['/colour', '/expires_at', '/name', '/scopes/1']);
      const missing = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: tenant.key, body: {} });
      assertProblem(missing, 422, 'validation_failed');
      assert.deepEqual(missing.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]).sort(), [
        ['/name', 'is required'],
        ['/scopes', 'is required'],
      ]);
      const notObject = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: tenant.key, body: [1, 2] });
      assertProblem(notObject, 422, 'validation_failed');
      const noBody = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: tenant.key });
      assertProblem(noBody, 422, 'validation_failed');
    });

    it('answers unknown routes with 404 and wrong methods with 405, both as problems', async () => {
      assertProblem(
        await call(stack.baseUrl, 'GET', '/api/v1/nothing-here', { key: tenant.key }),
        404,
        'route_not_found',
      );
      const wrongMethod = await call(stack.baseUrl, 'DELETE', '/api/v1/api-keys', { key: tenant.key });
      assertProblem(wrongMethod, 405, 'method_not_allowed');
      assert.match(wrongMethod.headers.get('allow') ?? '', /GET/);
    });

    it('answers a wrong-type or unknown id with 404', async () => {
      assertProblem(
        await call(stack.baseUrl, 'GET', '/api/v1/api-keys/scn_01jd2x0m3f8q4w7e5r6t9y2v1a', { key: tenant.key }),
        404,
        'resource_not_found',
      );
      assertProblem(
        await call(stack.baseUrl, 'GET', '/api/v1/api-keys/key_01jd2x0m3f8q4w7e5r6t9y2v1a', { key: tenant.key }),
        404,
        'resource_not_found',
      );
    });
  });

  describe('tenancy', () => {
    it("makes another tenant's keys indistinguishable from keys that do not exist, on every endpoint", async () => {
      const other = await createTestTenant(stack.db);
      const missingId = 'key_01jd2x0m3f8q4w7e5r6t9y2v1a';
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/revoke'],
        ['POST', '/rotate'],
      ] as const) {
        const foreign = await call(stack.baseUrl, method, `/api/v1/api-keys/${tenant.keyId}${suffix}`, {
          key: other.key,
        });
        const absent = await call(stack.baseUrl, method, `/api/v1/api-keys/${missingId}${suffix}`, { key: other.key });
        assertProblem(foreign, 404, 'resource_not_found');
        assert.equal(foreign.body.title, absent.body.title);
        assert.equal(foreign.body.code, absent.body.code);
      }
      const list = await call(stack.baseUrl, 'GET', '/api/v1/api-keys?limit=100', { key: other.key });
      assert.deepEqual(
        list.body.data.map((k: { id: string }) => k.id),
        [other.keyId],
      );
      // The victim's key still works: the probes changed nothing.
      assert.equal(
        (await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${tenant.keyId}`, { key: tenant.key })).body.status,
        'active',
      );
    });

    it('has row-level security as a second wall: an unfiltered query in a tenant transaction sees only that tenant', async () => {
      const other = await createTestTenant(stack.db);
      const visible = await inTenantTransaction(stack.db, other.id, async (scope) =>
        scope.trx('api_keys').select('tenant_id'),
      );
      assert.ok(visible.length >= 1);
      assert.ok(visible.every((row: { tenant_id: string }) => row.tenant_id === other.id));
      await assert.rejects(
        inTenantTransaction(stack.db, other.id, async (scope) =>
          scope.trx('api_keys').insert({
            id: 'key_01jd2x0m3f8q4w7e5r6t9y2v1z',
            tenant_id: tenant.id,
            name: 'smuggled',
            scopes: ['admin'],
            secret_hash: 'x'.repeat(64),
            created_by: JSON.stringify({ type: 'system', id: 'test' }),
          }),
        ),
        /row-level security/,
      );
      const updated = await inTenantTransaction(stack.db, other.id, async (scope) =>
        scope.trx('api_keys').where('id', tenant.keyId).update({ name: 'hijacked' }),
      );
      assert.equal(updated, 0);
    });
  });

  describe('rate limits', () => {
    it('lets a starter tenant make 50 requests a minute and refuses the 51st with 429 and Retry-After', async () => {
      const starter = await createTestTenant(stack.db, { plan: 'starter' });
      let last;
      for (let i = 1; i <= 50; i++) {
        last = await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${starter.keyId}`, { key: starter.key });
        assert.equal(last.status, 200, `request ${i}`);
      }
      assert.equal(last?.headers.get('ratelimit-policy'), '"per-minute";q=50;w=60, "per-day";q=1000;w=86400');
      assert.match(last?.headers.get('ratelimit') ?? '', /^"per-minute";r=0;t=\d+, "per-day";r=950;t=\d+$/);
      const refused = await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${starter.keyId}`, { key: starter.key });
      assert.equal(refused.status, 429);
      assert.equal(refused.body.type, 'https://iana.org/assignments/http-problem-types#quota-exceeded');
      assert.equal(refused.body.code, 'rate_limit_exceeded');
      assert.deepEqual(refused.body['violated-policies'], ['per-minute']);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      const reset = Number(/"per-minute";r=0;t=(\d+)/.exec(refused.headers.get('ratelimit') ?? '')?.[1]);
      assert.equal(retryAfter, reset, 'Retry-After matches the per-minute reset');
      assert.match(
        refused.headers.get('ratelimit') ?? '',
        /"per-day";r=950;/,
        'a refused request does not use up the daily quota',
      );
      // Limits are per tenant: another tenant is unaffected.
      const neighbour = await createTestTenant(stack.db, { plan: 'starter' });
      assert.equal(
        (await call(stack.baseUrl, 'GET', `/api/v1/api-keys/${neighbour.keyId}`, { key: neighbour.key })).status,
        200,
      );
    });

    it("shares a tenant's quota across all its keys and across API processes", async () => {
      const starter = await createTestTenant(stack.db, { plan: 'starter' });
      const second = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: starter.key,
        body: { name: 'second', scopes: ['admin'] },
      });
      const otherProcess = await startTestStack();
      try {
        for (let i = 0; i < 24; i++) {
          assert.equal(
            (await call(stack.baseUrl, 'GET', '/api/v1/api-keys?limit=1', { key: starter.key })).status,
            200,
          );
          assert.equal(
            (await call(otherProcess.baseUrl, 'GET', '/api/v1/api-keys?limit=1', { key: second.body.key })).status,
            200,
          );
        }
        // 1 create + 48 reads so far: the 50th request passes, the 51st is refused, whichever process and key.
        assert.equal(
          (await call(stack.baseUrl, 'GET', '/api/v1/api-keys?limit=1', { key: second.body.key })).status,
          200,
        );
        assert.equal(
          (await call(otherProcess.baseUrl, 'GET', '/api/v1/api-keys?limit=1', { key: starter.key })).status,
          429,
        );
      } finally {
        await otherProcess.close();
      }
    });

    it('draws large quotas in blocks, yet reports exact remaining quota and never allows more than the quota', async () => {
      const big = await createTestTenant(stack.db, { plan: 'enterprise', perMinute: 60_000, perDay: 10_000_000 });
      for (let i = 1; i <= 120; i++) {
        const response = await call(stack.baseUrl, 'GET', '/api/v1/me', { key: big.key });
        assert.equal(response.status, 200);
        assert.match(
          response.headers.get('ratelimit') ?? '',
          new RegExp(`^"per-minute";r=${60_000 - i};`),
          `request ${i}`,
        );
      }
      const counter = await stack
        .db('rate_limits')
        .where({ key: `per-minute:${big.id}` })
        .first();
      assert.ok(counter.points >= 120 && counter.points < 120 + 50, `shared counter at ${counter.points}`);

      // Two processes racing for a quota of 2,000: together they are never allowed more than 2,000.
      const tight = await createTestTenant(stack.db, { plan: 'enterprise', perMinute: 2_000, perDay: 10_000_000 });
      const second = await startTestStack();
      try {
        let allowed = 0;
        await Promise.all(
          [stack, second, stack, second].map(async (target) => {
            for (let i = 0; i < 525; i++) {
              if ((await call(target.baseUrl, 'GET', '/api/v1/me', { key: tight.key })).status === 200) allowed++;
            }
          }),
        );
        assert.ok(allowed <= 2_000, `${allowed} allowed`);
        assert.ok(allowed >= 1_995, `${allowed} allowed: blocks held unspent cost at most a few requests`);
      } finally {
        await second.close();
      }
    });

    it("applies an enterprise tenant's own limits", async () => {
      const enterprise = await createTestTenant(stack.db, { plan: 'enterprise', perMinute: 3, perDay: 5 });
      for (let i = 0; i < 3; i++) {
        assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: enterprise.key })).status, 200);
      }
      const refused = await call(stack.baseUrl, 'GET', '/api/v1/api-keys', { key: enterprise.key });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('ratelimit-policy'), '"per-minute";q=3;w=60, "per-day";q=5;w=86400');
    });
  });

  describe('idempotency', () => {
    it('replays the stored response for the same key and body without doing the work again', async () => {
      const own = await createTestTenant(stack.db);
      const headers = { 'idempotency-key': 'create-report-key-1' };
      const body = { name: 'idempotent', scopes: ['kpis:read'] };
      const first = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: own.key, body, headers });
      const second = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: own.key, body, headers });
      assert.equal(first.status, 201);
      assert.equal(second.status, 201);
      // The replay is the stored response, except that the secret, shown once, was never stored.
      assert.deepEqual(second.body, { ...first.body, key: '[shown once; not stored]' });
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      const stored = await stack.db('idempotency_keys').where({ tenant_id: own.id }).first();
      assert.equal(JSON.stringify(stored.response_body).includes(first.body.key), false, 'no secret at rest');
      assert.equal(second.headers.get('location'), first.headers.get('location'));
      const rows = await stack.db('api_keys').where({ tenant_id: own.id, name: 'idempotent' });
      assert.equal(rows.length, 1);

      const reused = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body: { ...body, name: 'different' },
        headers,
      });
      assertProblem(reused, 422, 'idempotency_key_reused');

      // Keys are per tenant: another tenant may use the same key string for its own request.
      const other = await createTestTenant(stack.db);
      const elsewhere = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: other.key, body, headers });
      assert.equal(elsewhere.status, 201);
      assert.notEqual(elsewhere.body.id, first.body.id);

      const tooLong = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body,
        headers: { 'idempotency-key': 'k'.repeat(256) },
      });
      assertProblem(tooLong, 400, 'invalid_idempotency_key');
    });

    it('authorizes before replaying, and replays only to the credential that made the request', async () => {
      const own = await createTestTenant(stack.db);
      const narrow = await createTestTenant(stack.db, { scopes: ['kpis:read', 'decisions:write'] });
      const narrowKey = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body: { name: 'narrow', scopes: ['kpis:read', 'decisions:write'] },
      });
      assert.equal(narrowKey.status, 201);
      const secondAdmin = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body: { name: 'admin 2', scopes: ['admin', 'webhooks:*'] },
      });
      assert.equal(secondAdmin.status, 201);

      const requests: Array<[string, unknown]> = [
        ['/api/v1/api-keys', { name: 'made by admin', scopes: ['kpis:read'] }],
        ['/api/v1/webhooks', { url: 'https://hooks.example.com/dms', event_types: ['scenario.*'] }],
        [
          '/api/v1/oauth-clients',
          { name: 'made by admin', grant_types: ['client_credentials'], scopes: ['kpis:read'] },
        ],
      ];
      for (const [path, body] of requests) {
        const headers = { 'idempotency-key': `replay-probe${path}` };
        const made = await call(stack.baseUrl, 'POST', path, { key: own.key, body, headers });
        assert.equal(made.status, 201, JSON.stringify(made.body));

        // A key without the scope gets the same 403 whether the Idempotency-Key was used or not, and whatever it sends.
        for (const probe of [body, { different: true }]) {
          for (const probeHeaders of [headers, { 'idempotency-key': `never-used${path}` }]) {
            const refused = await call(stack.baseUrl, 'POST', path, {
              key: narrowKey.body.key,
              body: probe,
              headers: probeHeaders,
            });
            assertProblem(refused, 403, 'insufficient_scope');
          }
        }
        // Another credential of the same tenant, allowed to make the request, does its own work rather than
        // receiving the first credential's stored response.
        const other = await call(stack.baseUrl, 'POST', path, { key: secondAdmin.body.key, body, headers });
        assert.equal(other.status, 201, JSON.stringify(other.body));
        assert.equal(other.headers.get('idempotent-replayed'), null);
        assert.notEqual(other.body.id, made.body.id);
        // The first credential still gets its own replay.
        const replay = await call(stack.baseUrl, 'POST', path, { key: own.key, body, headers });
        assert.equal(replay.headers.get('idempotent-replayed'), 'true');
        assert.equal(replay.body.id, made.body.id);
      }
      // A key of another tenant without the scope is refused too (and never learns about the first tenant's keys).
      const foreign = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: narrow.key,
        body: requests[0]?.[1],
        headers: { 'idempotency-key': 'replay-probe/api/v1/api-keys' },
      });
      assertProblem(foreign, 403, 'insufficient_scope');
    });

    it('does not store failures, so the same key can be retried after a 4xx', async () => {
      const own = await createTestTenant(stack.db);
      const headers = { 'idempotency-key': 'retry-after-fix' };
      const bad = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body: { name: 'x', scopes: [] },
        headers,
      });
      assert.equal(bad.status, 422);
      const fixedSameBody = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: own.key,
        body: { name: 'x', scopes: ['admin'] },
        headers,
      });
      assert.equal(fixedSameBody.status, 201);
    });

    it('never does the work twice for concurrent requests with one key', async () => {
      const own = await createTestTenant(stack.db);
      const headers = { 'idempotency-key': 'concurrent-1' };
      const body = { name: 'concurrent', scopes: ['kpis:read'] };
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(stack.baseUrl, 'POST', '/api/v1/api-keys', { key: own.key, body, headers }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      assert.ok(
        statuses.every((s) => s === 201 || s === 409),
        statuses.join(','),
      );
      const created = responses.filter((r) => r.status === 201);
      assert.ok(created.length >= 1);
      assert.equal(new Set(created.map((r) => r.body.id)).size, 1, 'every 201 carries the same key');
      for (const conflict of responses.filter((r) => r.status === 409)) {
        assert.equal(conflict.body.code, 'idempotency_request_in_progress');
      }
      const rows = await stack.db('api_keys').where({ tenant_id: own.id, name: 'concurrent' });
      assert.equal(rows.length, 1);
    });
  });

  describe('system endpoints', () => {
    it('reports liveness and readiness of Postgres and Temporal, and that with run lanes (the default) no scenario runner polls', async () => {
      const health = await call(stack.baseUrl, 'GET', '/health');
      assert.deepEqual(health.body, { status: 'ok' });
      // The worker executes lanes: the API process starts no runner (with SCENARIO_RUN_MODE=workflow it does, and
      // /ready shows it starting, then ok: scenarios.test.ts).
      const ready = await call(stack.baseUrl, 'GET', '/ready');
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, {
        status: 'ready',
        checks: { postgres: 'ok', temporal: 'ok', scenario_runner: 'disabled' },
      });
    });

    it('serves the reference page and Prometheus metrics', async () => {
      const docs = await call(stack.baseUrl, 'GET', '/docs');
      assert.equal(docs.status, 200);
      assert.match(docs.body, /swagger-ui-bundle\.js/);
      const bundle = await fetch(`${stack.baseUrl}/docs/assets/swagger-ui-bundle.js`);
      assert.equal(bundle.status, 200);
      assert.ok((await bundle.arrayBuffer()).byteLength > 100_000);
      const metrics = await call(stack.baseUrl, 'GET', '/metrics');
      assert.match(metrics.body, /http_request_duration_seconds_bucket\{.*route="\/health"/);
    });
  });
});
