import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertProblem } from '../helpers/problem';
import { call, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/** Asserts a problem whose `errors` name exactly these paths (in any order). */
function assertFieldProblem(
  response: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
  paths: string[],
) {
  assertProblem(response, status, code);
  assert.ok(Array.isArray(response.body.errors), JSON.stringify(response.body));
  assert.deepEqual(
    response.body.errors.map((e: { path: string }) => e.path).sort(),
    [...paths].sort(),
    JSON.stringify(response.body.errors),
  );
}

const STAFFING = 'mdl_service_queue_staffing';
const DUMMY_PATH_ID = 'xyz_01jd2x0m3f8q4w7e5r6t9y2v1a';

interface ListOperation {
  path: string;
  queryParameters: Array<{
    name: string;
    required?: boolean;
    example?: string;
    schema: { type?: string; enum?: string[]; maximum?: number };
  }>;
  /** `name=value&` for each required query parameter, with a valid value, so a probe of one parameter is the only fault. */
  requiredQuery: string;
}

/** Every GET operation in the published document with its query parameters (path parameters filled with a dummy id). */
async function getOperations(stack: TestStack): Promise<ListOperation[]> {
  const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
  const resolve = (p: any) => (p.$ref ? document.components.parameters[p.$ref.split('/').pop()] : p);
  const operations: ListOperation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    if (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.json' || !item.get) continue;
    const queryParameters = (item.get.parameters ?? []).map(resolve).filter((p: any) => p.in === 'query');
    const requiredQuery = queryParameters
      .filter((p: any) => p.required)
      .map((p: any) => `${p.name}=${encodeURIComponent(p.example ?? p.schema.enum?.[0])}&`)
      .join('');
    operations.push({ path: path.replace(/\{[^}]+\}/g, DUMMY_PATH_ID), queryParameters, requiredQuery });
  }
  return operations;
}

/** A value nested `levels` arrays deep around `inner`. */
function nestedArrays(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('request parsing rules every operation follows', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  describe('query integers', () => {
    it('accepts only plain decimal digits within bounds for limit, on every list', async () => {
      const lists = (await getOperations(stack)).filter((o) => o.queryParameters.some((p) => p.name === 'limit'));
      assert.ok(lists.length >= 8, `found ${lists.length} lists`);
      const refused = [
        'Infinity',
        '-Infinity',
        '0x10',
        '%2B50',
        '%2010',
        '10%20',
        '1e1',
        '10.0',
        '',
        '050',
        '-1',
        '0',
        '9007199254740993',
        'NaN',
        'ten',
      ];
      for (const list of lists) {
        // One past the documented maximum (100 for lists of resources; KPI values allow 10,000 buckets or points).
        const maximum = list.queryParameters.find((p) => p.name === 'limit')?.schema.maximum;
        assert.ok(Number.isSafeInteger(maximum), `${list.path} documents a maximum limit`);
        for (const value of [...refused, String((maximum as number) + 1)]) {
          const response = await call(stack.baseUrl, 'GET', `${list.path}?${list.requiredQuery}limit=${value}`, {
            key: tenant.key,
          });
          assertFieldProblem(response, 400, 'invalid_parameters', ['/query/limit']);
        }
      }
      // The same values through the bulk paths: the cap cannot be bypassed in any spelling.
      const accepted = await call(stack.baseUrl, 'GET', '/api/v1/api-keys?limit=1', { key: tenant.key });
      assert.equal(accepted.status, 200);
      assert.equal(accepted.body.data.length, 1);
      assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/models?limit=100', { key: tenant.key })).status, 200);
    });

    it('names the parameter in a readable message that states the bounds', async () => {
      const response = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?limit=Infinity', { key: tenant.key });
      assertFieldProblem(response, 400, 'invalid_parameters', ['/query/limit']);
      assert.match(response.body.errors[0].message, /decimal integer from 1 to 100/);
    });
  });

  describe('date-times', () => {
    it('refuses date-times a Date or Postgres cannot hold (leap second, year 0000) with 4xx naming the field, everywhere', async () => {
      const leap = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?created_after=2026-06-30T23:59:60Z', {
        key: tenant.key,
      });
      assertFieldProblem(leap, 400, 'invalid_parameters', ['/query/created_after']);
      const yearZero = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 'year zero', scopes: ['kpis:read'], expires_at: '0000-01-01T00:00:00Z' },
      });
      assertFieldProblem(yearZero, 422, 'validation_failed', ['/expires_at']);
      assert.equal((await stack.db('api_keys').where({ tenant_id: tenant.id, name: 'year zero' })).length, 0);
    });
  });

  describe('NUL characters', () => {
    it('refuses U+0000 in any query value or name with 400 naming /query/<name>, on every GET', async () => {
      for (const operation of await getOperations(stack)) {
        for (const parameter of operation.queryParameters) {
          const response = await call(stack.baseUrl, 'GET', `${operation.path}?${parameter.name}=a%00b`, {
            key: tenant.key,
          });
          assertProblem(response, 400, 'invalid_parameters');
          assert.ok(
            response.body.errors.some(
              (e: { path: string; message: string }) =>
                e.path === `/query/${parameter.name}` && /U\+0000/.test(e.message),
            ),
            `${operation.path} ${parameter.name}: ${JSON.stringify(response.body.errors)}`,
          );
        }
      }
      assertFieldProblem(
        await call(stack.baseUrl, 'GET', '/api/v1/scenarios?tag=%00', { key: tenant.key }),
        400,
        'invalid_parameters',
        ['/query/tag'],
      );
      // An undeclared name with a NUL is reported once, for the NUL.
      const unknownName = await call(stack.baseUrl, 'GET', '/api/v1/api-keys?x%00=1', { key: tenant.key });
      assertFieldProblem(unknownName, 400, 'invalid_parameters', ['/query/x\u0000']);
      assert.match(unknownName.body.errors[0].message, /U\+0000/);
    });

    it('refuses malformed and NUL-bearing cursors with 400 naming /query/cursor', async () => {
      const cursors = [
        '%00',
        'not-a-cursor',
        Buffer.from(JSON.stringify({ after: 'scn_\u0000' })).toString('base64url'),
        Buffer.from(JSON.stringify({ after: 'key_01jd2x0m3f8q4w7e5r6t9y2v1a\u0000' })).toString('base64url'),
        Buffer.from(JSON.stringify({ after: "x' OR 1=1" })).toString('base64url'),
        Buffer.from('null').toString('base64url'),
        Buffer.from(JSON.stringify({ after: 42 })).toString('base64url'),
      ];
      for (const path of [
        '/api/v1/scenarios',
        '/api/v1/api-keys',
        '/api/v1/models',
        '/api/v1/users',
        '/api/v1/events',
      ]) {
        for (const cursor of cursors) {
          const response = await call(stack.baseUrl, 'GET', `${path}?cursor=${cursor}`, { key: tenant.key });
          assert.equal(response.status, 400, `${path} ${cursor}: ${JSON.stringify(response.body)}`);
          assertProblem(response, 400, response.body.code);
          assert.ok(['invalid_cursor', 'invalid_parameters'].includes(response.body.code));
          assert.deepEqual(
            response.body.errors.map((e: { path: string }) => e.path),
            ['/query/cursor'],
          );
        }
      }
      // A cursor the API issued still works.
      const first = await call(stack.baseUrl, 'GET', '/api/v1/models?limit=1', { key: tenant.key });
      assert.equal(typeof first.body.next_cursor, 'string');
      const second = await call(stack.baseUrl, 'GET', `/api/v1/models?limit=1&cursor=${first.body.next_cursor}`, {
        key: tenant.key,
      });
      assert.equal(second.status, 200);
      assert.notEqual(second.body.data[0].id, first.body.data[0].id);
    });

    it('refuses U+0000 in any body string with 422 naming the field, and stores nothing', async () => {
      const before = await stack.db('api_keys').where({ tenant_id: tenant.id }).count('* as n').first();
      assertFieldProblem(
        await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: tenant.key,
          body: { name: 'a\u0000b', scopes: ['admin'] },
        }),
        422,
        'validation_failed',
        ['/name'],
      );
      assertFieldProblem(
        await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
          key: tenant.key,
          body: { model_id: STAFFING, inputs: { region: '\u0000' } },
        }),
        422,
        'validation_failed',
        ['/inputs/region'],
      );
      const items = Array.from({ length: 5 }, (_, i) => ({
        model_id: STAFFING,
        inputs: {},
        name: i === 3 ? 'bad\u0000name' : `item ${i}`,
      }));
      assertFieldProblem(
        await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', { key: tenant.key, body: { items } }),
        422,
        'validation_failed',
        ['/items/3/name'],
      );
      // Every method with a body, with or without an Idempotency-Key, whatever the operation's schema.
      assertFieldProblem(
        await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/scn_01jd2x0m3f8q4w7e5r6t9y2v1a`, {
          key: tenant.key,
          body: { description: 'x\u0000' },
        }),
        422,
        'validation_failed',
        ['/description'],
      );
      assertFieldProblem(
        await call(stack.baseUrl, 'POST', '/api/v1/models', {
          key: tenant.key,
          body: { name: 'm', graph: { nodes: [{ id: 'a', name: '\u0000' }] } },
          headers: { 'idempotency-key': 'nul-in-a-model' },
        }),
        422,
        'validation_failed',
        ['/graph/nodes/0/name'],
      );
      // In field names too; the pointer escapes "/" and "~" as RFC 6901 says.
      assertFieldProblem(
        await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: tenant.key,
          rawBody: '{"name":"k","scopes":["admin"],"a/b~\\u0000":1}',
          headers: { 'content-type': 'application/json' },
        }),
        422,
        'validation_failed',
        ['/a~1b~0\u0000'],
      );
      // A lone surrogate cannot be stored either (UTF-8 has no encoding for it); a proper pair is an ordinary character.
      const lone = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: '{"name":"key \\ud800","scopes":["admin"]}',
        headers: { 'content-type': 'application/json' },
      });
      assertFieldProblem(lone, 422, 'validation_failed', ['/name']);
      assert.match(lone.body.errors[0].message, /surrogate/);
      const afterCount = await stack.db('api_keys').where({ tenant_id: tenant.id }).count('* as n').first();
      assert.equal(afterCount?.n, before?.n, 'no key was stored');
      // The same body without the NUL is stored: the rule refuses the character, not the request.
      const stored = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 'ab \ud83d\ude00', scopes: ['admin'] },
      });
      assert.equal(stored.status, 201, JSON.stringify(stored.body));
      assert.equal(stored.body.name, 'ab \u{1F600}');
    });
  });

  describe('nesting depth', () => {
    it('accepts 64 levels of arrays and objects and refuses the 65th, naming where it starts', async () => {
      // Level 1 is the body object; `extra` holds the rest. At 64 levels only the unknown field is reported.
      const atLimit = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 'k', scopes: ['admin'], extra: nestedArrays(63) },
      });
      assertFieldProblem(atLimit, 422, 'validation_failed', ['/extra']);
      assert.equal(atLimit.body.errors[0].message, 'is not a known field');
      const overLimit = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        body: { name: 'k', scopes: ['admin'], extra: nestedArrays(64) },
      });
      assertFieldProblem(overLimit, 422, 'validation_failed', [`/extra${'/0'.repeat(63)}`]);
      assert.match(overLimit.body.errors[0].message, /64 levels/);
    });

    it('answers a 10,000-level body with an Idempotency-Key with 422, and a huge one too, then keeps serving', async () => {
      // Written as text: the client's own JSON.stringify would overflow on a value this deep.
      const deep = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        rawBody: `{"model_id":"${STAFFING}","inputs":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body-1' },
      });
      assertFieldProblem(deep, 422, 'validation_failed', [`/inputs${'/0'.repeat(63)}`]);
      // 400,000 levels (800 KB, under the 1 MiB limit), raw, at the top level.
      const levels = 400_000;
      const huge = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: `${'['.repeat(levels)}${']'.repeat(levels)}`,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body-2' },
      });
      assertFieldProblem(huge, 422, 'validation_failed', ['/0'.repeat(64)]);
      assert.equal((await call(stack.baseUrl, 'GET', '/health')).status, 200);
    });

    it('refuses a JDM graph node nested thousands of levels deep with 422 naming the path', async () => {
      let content: unknown = { expressions: [] };
      for (let i = 0; i < 4_000; i++) content = { inner: content };
      const response = await call(stack.baseUrl, 'POST', '/api/v1/models', {
        key: tenant.key,
        body: { name: 'deep', graph: { nodes: [{ id: 'n', type: 'expressionNode', content }], edges: [] } },
      });
      // body(1) graph(2) nodes(3) node(4) content(5) and inner… up to level 65.
      assertFieldProblem(response, 422, 'validation_failed', [`/graph/nodes/0/content${'/inner'.repeat(60)}`]);
    });
  });

  describe('content types and encodings', () => {
    const body = JSON.stringify({ name: 'encoded', scopes: ['admin'] });

    it('refuses every media type but application/json, including *+json and malformed headers', async () => {
      for (const contentType of [
        'application/merge-patch+json',
        'application/json-patch+json',
        'application/vnd.api+json',
        'text/json',
        'text/plain',
        'application/json, text/plain',
        'application/json; charset',
        'application/json; charset="utf-8',
        'json',
      ]) {
        const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: tenant.key,
          rawBody: body,
          headers: { 'content-type': contentType },
        });
        assertProblem(response, 415, 'unsupported_media_type');
      }
      const patch = await call(stack.baseUrl, 'PATCH', '/api/v1/scenarios/scn_01jd2x0m3f8q4w7e5r6t9y2v1a', {
        key: tenant.key,
        rawBody: '{"name":"x"}',
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      assertProblem(patch, 415, 'unsupported_media_type');
    });

    it('refuses charsets other than UTF-8 and accepts UTF-8 spelled any way, or no charset', async () => {
      for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1', 'utf8', 'us-ascii']) {
        const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: tenant.key,
          rawBody: body,
          headers: { 'content-type': `application/json; charset=${charset}` },
        });
        assertProblem(response, 415, 'unsupported_media_type');
        assert.match(response.body.detail, /UTF-8/);
      }
      for (const contentType of [
        'application/json',
        'application/json; charset=utf-8',
        'Application/JSON;charset=UTF-8',
        'application/json; charset="utf-8"',
        'application/json;',
      ]) {
        const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: tenant.key,
          rawBody: body,
          headers: { 'content-type': contentType },
        });
        assert.equal(response.status, 201, `${contentType}: ${JSON.stringify(response.body)}`);
        assert.equal(response.body.name, 'encoded');
      }
    });

    it('refuses any Content-Encoding but identity with 415 saying what is accepted', async () => {
      for (const encoding of ['gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown']) {
        const response = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
          key: tenant.key,
          rawBody: body,
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        });
        assertProblem(response, 415, 'unsupported_media_type');
        assert.match(response.body.detail, /identity/);
        assert.equal(response.headers.get('accept-encoding'), 'identity');
      }
      const identity = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
        key: tenant.key,
        rawBody: body,
        headers: { 'content-type': 'application/json', 'content-encoding': 'Identity' },
      });
      assert.equal(identity.status, 201, JSON.stringify(identity.body));
    });

    it('refuses bytes that are not UTF-8 instead of replacing them', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('","scopes":["admin"]}'),
      ]);
      const response = await fetch(`${stack.baseUrl}/api/v1/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
        body: bytes,
      });
      assertProblem(
        { status: response.status, headers: response.headers, body: await response.json() },
        400,
        'malformed_json',
      );
    });

    it('publishes these rules in the OpenAPI document', async () => {
      const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
      const unsupported = document.components.responses.UnsupportedMediaType;
      assert.match(unsupported.description, /charset/);
      assert.match(unsupported.description, /Content-Encoding/);
      assert.ok(unsupported.headers['Accept-Encoding']);
      assert.match(document.components.responses.UnprocessableContent.description, /U\+0000/);
      assert.match(document.components.responses.UnprocessableContent.description, /64 levels/);
      assert.match(document.info.description, /plain decimal digits/);
      assert.match(document.info.description, /U\+0000/);
      // Every operation with a body declares 415 and application/json alone (uploads, which stream their body, text/csv alone).
      for (const item of Object.values<any>(document.paths)) {
        for (const operation of Object.values<any>(item)) {
          if (!operation?.requestBody) continue;
          assert.deepEqual(
            Object.keys(operation.requestBody.content),
            [operation['x-streamed-body'] ? 'text/csv' : 'application/json'],
            operation.operationId,
          );
          assert.ok(operation.responses['415'], `${operation.operationId} declares 415`);
        }
      }
    });
  });
});
