import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Router from '@koa/router';
import { Client } from '@temporalio/client';
import { createApp } from '../../api/app';
import type { AppState } from '../../api/context';
import { bodyLimitFor, createOperationBinding, type OperationId } from '../../api/operations';
import { buildOpenApiDocument } from '../../api/openapi/document';
import { documentedOperations, koaPathFor } from '../../api/openapi/operations';
import { createRequestValidators } from '../../api/openapi/validators';
import { loadConfig } from '../../core/config';
import { createLogger } from '../../core/logger';
import { createKnex } from '../../db/connection';

const document = buildOpenApiDocument();
const validators = createRequestValidators(document);

describe('operations bound from the OpenAPI document', () => {
  it('compiles every operation’s body and query validators (the app compiles each on its first request)', () => {
    const operations = documentedOperations(document);
    assert.ok(operations.length > 100, String(operations.length));
    for (const { operationId } of operations) {
      assert.ok(validators.hasOperation(operationId), operationId);
      const compiled = validators.forOperation(operationId);
      assert.equal(typeof compiled.bodyRequired, 'boolean', operationId);
    }
    assert.equal(validators.hasOperation('noSuchOperation'), false);
    assert.throws(() => validators.forOperation('noSuchOperation'), /No operation "noSuchOperation"/);
  });

  it('binds every operation of the document to exactly one handler in the app', async () => {
    // Building the app binds its routes; neither Postgres nor Temporal is reached (no request is made, no key cache).
    const db = createKnex('postgres://nobody@127.0.0.1:9/none');
    const app = createApp({
      config: loadConfig({ API_KEY_CACHE_TTL_MS: '0' }),
      db,
      temporal: new Client(),
      logger: createLogger('silent', 'operations-test'),
    });
    try {
      const expected = new Map(
        documentedOperations(document).map((operation) => [
          operation.operationId,
          `${operation.method} ${operation.path}`,
        ]),
      );
      assert.deepEqual(new Map([...app.operations].sort()), new Map([...expected].sort()));
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('refuses to complete while an operation of the document has no handler', () => {
    const binding = createOperationBinding(document, validators);
    const api = new Router<AppState>({ prefix: '/api/v1' });
    binding.operation(api, 'getScenario', () => undefined);
    assert.throws(
      () => binding.assertComplete([api]),
      /Operations in the OpenAPI document without a handler: .*createScenario/,
    );
  });

  it('refuses a route that is not an operation of the document', () => {
    const binding = createOperationBinding(document, validators);
    const api = new Router<AppState>({ prefix: '/api/v1' });
    const system = new Router<AppState>();
    for (const operation of documentedOperations(document)) {
      binding.operation(
        operation.path.startsWith('/api/v1/') ? api : system,
        operation.operationId as OperationId,
        () => undefined,
      );
    }
    assert.doesNotThrow(() => binding.assertComplete([api]));
    api.get('/scenarios/:id/secret', () => undefined);
    assert.throws(
      () => binding.assertComplete([api]),
      /Routes that are not operations of the OpenAPI document: GET \/api\/v1\/scenarios\/:id\/secret/,
    );
  });

  it('refuses an operation id the document does not have, and binding one twice', () => {
    const binding = createOperationBinding(document, validators);
    const api = new Router<AppState>({ prefix: '/api/v1' });
    // The types refuse it at compile time; the binding still refuses it from a caller without them.
    assert.throws(
      () => binding.operation(api, 'createScenarioz' as OperationId, () => undefined),
      /No operation "createScenarioz"/,
    );
    binding.operation(api, 'createScenario', () => undefined);
    assert.throws(() => binding.operation(api, 'createScenario', () => undefined), /bound twice/);
  });

  it('turns OpenAPI path templates into Koa route paths under the router prefix', () => {
    assert.equal(
      koaPathFor('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', '/api/v1'),
      '/webhooks/:id/deliveries/:delivery_id/redeliver',
    );
    assert.equal(koaPathFor('/health'), '/health');
    assert.throws(() => koaPathFor('/health', '/api/v1'), /not under the router prefix/);
  });

  it('takes each operation body limit from x-body-limit, resolved from configuration', () => {
    const limitFor = bodyLimitFor(document, { bodyLimitBytes: 1000, batchBodyLimitBytes: 5000 });
    assert.equal(limitFor('POST', '/api/v1/scenarios/batch'), 5000);
    assert.equal(limitFor('POST', '/api/v1/models/mdl_service_queue_staffing/evaluate'), 5000);
    assert.equal(limitFor('POST', '/api/v1/scenarios'), 1000);
    assert.equal(limitFor('POST', '/api/v1/scenarios/batches/sbt_x/cancel'), 1000);
    assert.equal(limitFor('PATCH', '/api/v1/webhooks/whk_x'), 1000);
    const limited = documentedOperations(document).filter((operation) => operation.bodyLimit !== undefined);
    assert.equal(limitFor('POST', '/api/v1/kpis/kpi_x/points'), 5000);
    // Model uploads too: a DMN model's XML may be up to 4 MiB, past the default limit.
    assert.equal(limitFor('POST', '/api/v1/models'), 5000);
    // A test-case import: what its largest CSV can need as JSON, within the batch limit.
    const defaults = bodyLimitFor(document, { bodyLimitBytes: 1024 * 1024, batchBodyLimitBytes: 16 * 1024 * 1024 });
    assert.equal(defaults('POST', '/api/v1/models/mdl_x/test-cases/import'), 15_001_024);
    assert.equal(defaults('POST', '/api/v1/scenarios/batch'), 16 * 1024 * 1024);
    assert.equal(limitFor('POST', '/api/v1/models/mdl_x/test-cases/import'), 5000);
    assert.deepEqual(limited.map((operation) => operation.operationId).sort(), [
      'createModel',
      'createModelVersion',
      'createScenarioBatch',
      'evaluateModel',
      'importModelTestCases',
      'recordKpiPoints',
      'replaceModelVersion',
      // A working copy simulated (and its suite run) is a whole model, as an upload is.
      'simulateModel',
      'simulateModelTests',
    ]);
  });
});
