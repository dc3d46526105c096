/**
 * Regression tests for the black-box probe of issue #9: one tenant must not be able to stall the service for
 * everyone, learn about another tenant's people, or aim webhooks at this machine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword, passwordMatches } from '../../core/passwords';
import { setUserPassword } from '../../db/repositories/users';
import { call, createTestTenant, startTestStack, type TestStack } from '../helpers/stack';

/** A tenant model whose input has a catastrophic-backtracking pattern (exponential on a backtracking engine). */
function modelWithPattern(pattern: string) {
  return {
    name: 'Code length',
    category: 'testing',
    input_schema: {
      type: 'object',
      required: ['code'],
      properties: { code: { type: 'string', pattern, examples: ['aaa'] } },
    },
    output_schema: { type: 'object', properties: { length: { type: 'number' } } },
    graph: {
      nodes: [
        { id: 'in', type: 'inputNode', name: 'Request' },
        {
          id: 'calc',
          type: 'expressionNode',
          name: 'Length',
          content: { expressions: [{ id: 'x1', key: 'length', value: 'len(code)' }] },
        },
        { id: 'out', type: 'outputNode', name: 'Response' },
      ],
      edges: [
        { id: 'e1', sourceId: 'in', targetId: 'calc' },
        { id: 'e2', sourceId: 'calc', targetId: 'out' },
      ],
    },
  };
}

describe('hardening (issue #9)', () => {
  let stack: TestStack;

  before(async () => {
    stack = await startTestStack();
  });
  after(async () => stack.close());

  it("runs tenant schema patterns in linear time, so neither the request nor anyone's /health waits", async () => {
    const tenant = await createTestTenant(stack.db);
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: tenant.key,
      body: modelWithPattern('^(a+)+$'),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    const started = performance.now();
    const validating = call(stack.baseUrl, 'POST', `/api/v1/models/${created.body.id}/validate`, {
      key: tenant.key,
      body: { model_version: '1', inputs: { code: `${'a'.repeat(40)}!` } },
    });
    const health = await call(stack.baseUrl, 'GET', '/health');
    const healthMs = performance.now() - started;
    const validated = await validating;
    const validateMs = performance.now() - started;

    assert.equal(validated.status, 200);
    assert.equal(validated.body.valid, false);
    assert.deepEqual(validated.body.errors, [{ path: '/inputs/code', message: 'must match pattern "^(a+)+$"' }]);
    // Bounds no loaded machine misses: on a backtracking engine this input takes hours, not seconds.
    assert.ok(validateMs < 30_000, `validate took ${Math.round(validateMs)} ms`);
    assert.equal(health.status, 200);
    assert.ok(healthMs < 30_000, `/health took ${Math.round(healthMs)} ms`);

    const scenario = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: created.body.id, model_version: '1', inputs: { code: `${'a'.repeat(40)}!` } },
    });
    assert.equal(scenario.status, 422);
    assert.deepEqual(
      scenario.body.errors.map((e: any) => e.path),
      ['/inputs/code'],
    );
    assert.ok(performance.now() - started < 2_000);
  });

  it('refuses, at upload, patterns the linear-time engine cannot run, naming each one', async () => {
    const tenant = await createTestTenant(stack.db);
    const upload = modelWithPattern('^(a)\\1$');
    const refused = await call(stack.baseUrl, 'POST', '/api/v1/models', { key: tenant.key, body: upload });
    assert.equal(refused.status, 422);
    assert.equal(refused.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      ['/input_schema/properties/code/pattern'],
    );
    assert.match(refused.body.errors[0].message, /not a supported regular expression/);

    const accepted = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: tenant.key,
      body: modelWithPattern('^a+$'),
    });
    assert.equal(accepted.status, 201);
    const { name: _name, category: _category, ...version } = modelWithPattern('^(?=a)a+$');
    const newVersion = await call(stack.baseUrl, 'POST', `/api/v1/models/${accepted.body.id}/versions`, {
      key: tenant.key,
      body: version,
    });
    assert.equal(newVersion.status, 422);
    assert.deepEqual(
      newVersion.body.errors.map((e: any) => e.path),
      ['/input_schema/properties/code/pattern'],
    );
  });

  it('answers a tenant adding a person the same whether or not they exist in another tenant', async () => {
    const a = await createTestTenant(stack.db);
    const b = await createTestTenant(stack.db);
    const inA = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: a.key,
      body: { email: 'known@example.com', display_name: 'Known in A', role: 'admin' },
    });
    assert.equal(inA.status, 201);
    const person = await stack.db('users').where({ email: 'known@example.com' }).first();
    await setUserPassword(stack.db, person.id, await hashPassword("the person's own password"));

    const existing = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: b.key,
      body: { email: 'known@example.com', display_name: 'Named by B', role: 'viewer' },
    });
    const fresh = await call(stack.baseUrl, 'POST', '/api/v1/users', {
      key: b.key,
      body: { email: 'fresh@example.com', display_name: 'Named by B', role: 'viewer' },
    });
    assert.equal(existing.status, 201);
    assert.equal(fresh.status, 201);
    // The same fields with the same values, except the ones B chose or that are B's own (id, email, timestamps).
    const shape = (body: any) => ({
      ...body,
      id: undefined,
      email: undefined,
      created_at: undefined,
      updated_at: undefined,
      // Each membership's invitation is its own (id, times); its shape and status are the same for both.
      invitation: { ...body.invitation, id: undefined, created_at: undefined, expires_at: undefined },
    });
    assert.deepEqual(shape(existing.body), shape(fresh.body));
    assert.equal(existing.body.display_name, 'Named by B');
    assert.equal('has_password' in existing.body, false);
    const listed = await call(stack.baseUrl, 'GET', `/api/v1/users/${existing.body.id}`, { key: b.key });
    assert.equal(listed.body.display_name, 'Named by B');

    // A password from a tenant is refused for a known and an unknown email alike, and never replaces the person's.
    for (const email of ['known@example.com', 'unknown@example.com']) {
      const withPassword = await call(stack.baseUrl, 'POST', '/api/v1/users', {
        key: b.key,
        body: { email, display_name: 'X', role: 'admin', password: 'a password chosen by b' },
      });
      assert.equal(withPassword.status, 422, email);
      assert.deepEqual(withPassword.body.errors, [{ path: '/password', message: 'is not a known field' }], email);
    }
    const row = await stack.db('users').where({ id: person.id }).first();
    assert.ok(await passwordMatches("the person's own password", row.password_hash));
    assert.equal(row.display_name, 'Known in A');
  });

  it('normalises webhook host names before checking them and refuses URLs without a host', async () => {
    const tenant = await createTestTenant(stack.db);
    for (const url of [
      'http://localhost.:8080/hook',
      'http://LOCALHOST./hook',
      'http:///h',
      'https:///example.com/hook',
    ]) {
      const response = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
        key: tenant.key,
        body: { url, event_types: ['*'] },
      });
      assert.equal(response.status, 422, url);
      assert.deepEqual(
        response.body.errors.map((e: any) => e.path),
        ['/url'],
        url,
      );
    }
    const created = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: tenant.key,
      body: { url: 'https://example.com./hook', event_types: ['*'] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const moved = await call(stack.baseUrl, 'PATCH', `/api/v1/webhooks/${created.body.id}`, {
      key: tenant.key,
      body: { url: 'http://localhost./hook' },
    });
    assert.equal(moved.status, 422);
    assert.deepEqual(
      moved.body.errors.map((e: any) => e.path),
      ['/url'],
    );
  });
});
