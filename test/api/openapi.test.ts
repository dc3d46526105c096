import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestStack, type TestStack } from '../helpers/stack';

describe('OpenAPI document', () => {
  let stack: TestStack;
  let document: any;

  before(async () => {
    stack = await startTestStack();
    const response = await call(stack.baseUrl, 'GET', '/api/v1/openapi.json');
    assert.equal(response.status, 200);
    document = response.body;
  });
  after(async () => stack.close());

  it('passes the Redocly recommended lint rules with no errors or warnings', async () => {
    // Liveness, readiness and the document itself have no client errors to document; every authenticated
    // operation's 4xx responses are asserted by the test below instead. `/scenarios/batches/{id}` and
    // `/scenarios/{id}/runs` only look ambiguous: scenario ids always start with `scn_`, so "batches" is never one.
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const config = await createConfig({
      extends: ['recommended-strict'],
      rules: { 'operation-4xx-response': 'off', 'no-ambiguous-paths': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    assert.deepEqual(described, []);
  });

  it('is OpenAPI 3.1 with the deprecation policy, security schemes and problem schema', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.match(document.info.description, /Deprecation/);
    assert.match(document.info.description, /Sunset/);
    assert.ok(document.components.securitySchemes.apiKey);
    assert.ok(document.components.schemas.Problem);
    assert.ok(document.components.headers.RateLimit);
  });

  it('declares the scope every authenticated operation needs', () => {
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        if (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.json') continue;
        assert.ok(operation['x-required-scope'], `${method.toUpperCase()} ${path} names its scope`);
        assert.ok(
          operation.responses['401'] && operation.responses['429'],
          `${method.toUpperCase()} ${path} documents 401 and 429`,
        );
      }
    }
  });
});
