import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createModelReviewBoard, publishThroughReview, type ModelReviewBoard } from '../helpers/model-release';
import { describe, it } from 'node:test';
import { BUILTIN_MODELS } from '../../decision/builtin';
import { scenarioRunLaneWorkflowId } from '../../workflows/scenarios/contracts-run-lane';
import { call, createTestTenant, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/jdm', name), 'utf8'));

const discountModel = () => ({
  name: 'Discount policy',
  description: 'Discount by customer tier and order size.',
  category: 'pricing',
  input_schema: {
    type: 'object',
    required: ['tier', 'quantity'],
    properties: {
      tier: { type: 'string', enum: ['gold', 'silver', 'bronze'], description: 'Customer tier.' },
      quantity: { type: 'integer', minimum: 1, maximum: 100000, description: 'Units ordered.' },
    },
  },
  output_schema: {
    type: 'object',
    required: ['discount.rate', 'segment'],
    properties: { 'discount.rate': { type: 'number' }, segment: { type: 'string' } },
  },
  graph: fixture('discount-by-tier.json'),
  metric_directions: { 'discount.rate': 'higher_is_better' },
  sample_inputs: { tier: 'gold', quantity: 150 },
});

describe('models', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({ worker: true }, (started) => ({ stack, tenant } = started));
  let reviewBoard: ModelReviewBoard | undefined;
  const board = async () => (reviewBoard ??= await createModelReviewBoard(stack, tenant));

  it('lists the built-in catalogue with filters, and serves each model with both schemas', async () => {
    const all = await call(stack.baseUrl, 'GET', '/api/v1/models?source=builtin&limit=100', { key: tenant.key });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.data.map((m: any) => m.id).sort(), BUILTIN_MODELS.map((m) => `mdl_${m.key}`).sort());
    assert.ok(all.body.data.length >= 6);
    assert.equal(all.body.data[0].input_schema, undefined, 'lists leave schemas out');
    const workforce = await call(stack.baseUrl, 'GET', '/api/v1/models?category=workforce', { key: tenant.key });
    assert.ok(workforce.body.data.every((m: any) => m.category === 'workforce'));
    const one = await call(stack.baseUrl, 'GET', '/api/v1/models/mdl_service_queue_staffing', { key: tenant.key });
    assert.equal(one.status, 200);
    assert.equal(one.body.source, 'builtin');
    assert.equal(one.body.input_schema.type, 'object');
    assert.ok(one.body.output_schema.properties.required_agents);
    const versions = await call(stack.baseUrl, 'GET', '/api/v1/models/mdl_service_queue_staffing/versions', {
      key: tenant.key,
    });
    assert.deepEqual(
      versions.body.data.map((v: any) => v.version),
      ['1.0.0'],
    );
    const page1 = await call(stack.baseUrl, 'GET', '/api/v1/models?limit=4', { key: tenant.key });
    const page2 = await call(stack.baseUrl, 'GET', `/api/v1/models?limit=4&cursor=${page1.body.next_cursor}`, {
      key: tenant.key,
    });
    assert.equal(page1.body.data.length, 4);
    assert.ok(page2.body.data.length >= 2);
    assert.equal(
      new Set([...page1.body.data, ...page2.body.data].map((m: any) => m.id)).size,
      page1.body.data.length + page2.body.data.length,
    );
    assert.equal((await call(stack.baseUrl, 'GET', '/api/v1/models/mdl_nope', { key: tenant.key })).status, 404);
    const builtinDeprecate = await call(stack.baseUrl, 'POST', '/api/v1/models/mdl_service_queue_staffing/deprecate', {
      key: tenant.key,
    });
    assert.equal(builtinDeprecate.status, 409);
    assert.equal(builtinDeprecate.body.code, 'model_not_editable');
  });

  it('registers a tenant JDM model, runs scenarios on it with the engine trace, versions it and deprecates it', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', { key: tenant.key, body: discountModel() });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const modelId = created.body.id;
    assert.match(modelId, /^mdl_[0-9a-z]{26}$/);
    assert.equal(created.body.version, null, 'nothing is published before a review');
    assert.equal(created.body.latest_version, '1');
    assert.equal(created.body.source, 'tenant');
    assert.equal(created.body.input_schema.additionalProperties, false, 'unknown inputs are refused');
    const unpublished = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, inputs: { tier: 'silver', quantity: 120 } },
    });
    assert.equal(unpublished.status, 422);
    assert.match(unpublished.body.errors[0].message, /no published version/);
    assert.equal(unpublished.body.errors[0].path, '/model_id');
    await publishThroughReview(stack, tenant, await board(), modelId, '1', { tier: 'silver', quantity: 120 });

    const run = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, inputs: { tier: 'silver', quantity: 120 } },
    });
    assert.equal(run.status, 201, JSON.stringify(run.body));
    // Rule order with hit policy "first": silver and >= 100 → silver-bulk, rate 0.1.
    assert.deepEqual(run.body.metrics, { 'discount.rate': 0.1, segment: 'silver bulk' });
    assert.equal(run.body.model_version, '1');
    const chosen = run.body.decision_structure.alternatives.filter((a: any) => a.chosen);
    assert.deepEqual(
      chosen.map((a: any) => a.id),
      ['discount-table/silver-bulk'],
    );
    assert.ok(run.body.decision_structure.details.trace.some((step: any) => step.node_id === 'discount-table'));
    const executed = run.body.audit_trail.find((e: any) => e.event === 'model_executed');
    assert.equal(executed.details.engine, 'jdm');

    const invalid = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, inputs: { tier: 'platinum', quantity: 0 } },
    });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.body.errors.map((e: any) => e.path).sort(), ['/inputs/quantity', '/inputs/tier']);

    // A new upload is a new version; old scenarios keep the version they ran.
    const v2Graph = fixture('discount-by-tier.json');
    v2Graph.nodes[1].content.rules[2].rate = '0.15';
    const v2 = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/versions`, {
      key: tenant.key,
      body: { ...discountModel(), name: undefined, description: undefined, category: undefined, graph: v2Graph },
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.equal(v2.body.version, '2');
    assert.equal(v2.body.status, 'draft');
    const stillV1 = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, inputs: { tier: 'silver', quantity: 120 } },
    });
    assert.equal(stillV1.body.model_version, '1', 'a draft is not what runs');
    await publishThroughReview(stack, tenant, await board(), modelId, '2', { tier: 'silver', quantity: 120 });
    const runV2 = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, inputs: { tier: 'silver', quantity: 120 } },
    });
    assert.equal(runV2.body.model_version, '2');
    assert.equal(runV2.body.metrics['discount.rate'], 0.15);
    const pinned = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, model_version: '1', inputs: { tier: 'silver', quantity: 120 } },
    });
    assert.equal(pinned.body.metrics['discount.rate'], 0.1);
    const versions = await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}/versions`, { key: tenant.key });
    assert.deepEqual(
      versions.body.data.map((v: any) => v.version),
      ['2', '1'],
    );

    const deprecated = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/deprecate`, { key: tenant.key });
    assert.equal(deprecated.status, 200);
    assert.equal(deprecated.body.status, 'deprecated');
    assert.ok(deprecated.body.deprecated_at);
    const refused = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: modelId, inputs: { tier: 'gold', quantity: 1 } },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'model_deprecated');
    assert.equal((await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}`, { key: tenant.key })).status, 200);
    assert.equal(
      (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${run.body.id}`, { key: tenant.key })).body.status,
      'completed',
    );
    const listed = await call(stack.baseUrl, 'GET', '/api/v1/models?status=deprecated', { key: tenant.key });
    assert.deepEqual(
      listed.body.data.map((m: any) => m.id),
      [modelId],
    );
  });

  // An upload's checks (graph, schemas, sample) refused naming the problem: test/use-cases/models.test.ts.
  it('records a model that fails on its inputs as a failed scenario with a problem-shaped error, not a 500', async () => {
    const graph = {
      nodes: [
        { id: 'in', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
        {
          id: 'calc',
          type: 'expressionNode',
          name: 'Parse amount',
          position: { x: 300, y: 0 },
          content: { expressions: [{ id: 'a', key: 'doubled', value: 'number(amount_text) * 2' }] },
        },
        { id: 'out', type: 'outputNode', name: 'Response', position: { x: 600, y: 0 } },
      ],
      edges: [
        { id: 'e1', type: 'edge', sourceId: 'in', targetId: 'calc' },
        { id: 'e2', type: 'edge', sourceId: 'calc', targetId: 'out' },
      ],
    };
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: tenant.key,
      body: {
        name: 'Amount parser',
        category: 'testing',
        input_schema: {
          type: 'object',
          required: ['amount_text'],
          properties: { amount_text: { type: 'string', maxLength: 20, description: 'An amount as text.' } },
        },
        output_schema: { type: 'object', required: ['doubled'], properties: { doubled: { type: 'number' } } },
        graph,
        sample_inputs: { amount_text: '21' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await publishThroughReview(stack, tenant, await board(), created.body.id, '1', { amount_text: '4' });
    const good = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: created.body.id, inputs: { amount_text: '4' } },
    });
    assert.equal(good.body.metrics.doubled, 8);
    const bad = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: created.body.id, inputs: { amount_text: 'lots' } },
    });
    assert.equal(bad.status, 201, JSON.stringify(bad.body));
    assert.equal(bad.body.status, 'failed');
    assert.equal(bad.body.metrics, null);
    assert.equal(bad.body.error.code, 'model_execution_failed');
    assert.equal(bad.body.error.status, 422);
    assert.match(bad.body.error.type, /^https:\/\//);
    assert.equal(typeof bad.body.error.title, 'string');
    assert.match(bad.body.error.detail, /number\(amount_text\)/);
    assert.deepEqual(
      bad.body.audit_trail.map((e: any) => e.event),
      ['received', 'validated', 'workflow_started', 'model_failed', 'result_stored'],
    );
    // A business failure is stored, not retried: the tenant's run lane stored it once, in the pass that ran it.
    assert.equal(bad.body.workflow_id, scenarioRunLaneWorkflowId(tenant.id));
    const executed = bad.body.audit_trail.find((e: any) => e.event === 'workflow_started');
    assert.deepEqual(executed.details, { workflow_id: bad.body.workflow_id, run_id: bad.body.run_id });
    assert.equal(bad.body.audit_trail.filter((e: any) => e.event === 'result_stored').length, 1);
    const failed = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?status=failed', { key: tenant.key });
    assert.deepEqual(
      failed.body.data.map((s: any) => s.id),
      [bad.body.id],
    );

    // In a batch, an item whose run fails does not fail the batch.
    const batch = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: {
        items: [
          { model_id: created.body.id, inputs: { amount_text: '4' } },
          { model_id: created.body.id, inputs: { amount_text: 'lots' } },
        ],
      },
    });
    assert.equal(batch.status, 202);
    let state = batch.body;
    for (let i = 0; i < 200 && state.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${batch.body.id}`, { key: tenant.key }))
        .body;
    }
    assert.equal(state.status, 'completed');
    assert.deepEqual([state.progress.completed, state.progress.failed], [1, 1]);
    const second = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${state.scenario_ids[1]}`, { key: tenant.key });
    assert.equal(second.body.status, 'failed');
    assert.equal(second.body.error.code, 'model_execution_failed');
  });

  it('keeps tenant models private', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', { key: tenant.key, body: discountModel() });
    const other = await createTestTenant(stack.db);
    const id = created.body.id;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['GET', '/versions', undefined],
      [
        'POST',
        '/versions',
        {
          input_schema: discountModel().input_schema,
          output_schema: discountModel().output_schema,
          graph: discountModel().graph,
        },
      ],
      ['POST', '/deprecate', undefined],
      ['POST', '/validate', { inputs: { tier: 'gold', quantity: 3 } }],
    ] as const) {
      const response = await call(stack.baseUrl, method, `/api/v1/models/${id}${suffix}`, { key: other.key, body });
      assert.equal(response.status, 404, `${method} ${suffix}: ${JSON.stringify(response.body)}`);
    }
    const run = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: other.key,
      body: { model_id: id, inputs: { tier: 'gold', quantity: 3 } },
    });
    assert.equal(run.status, 422);
    assert.equal(run.body.errors[0].path, '/model_id');
    const list = await call(stack.baseUrl, 'GET', '/api/v1/models?source=tenant', { key: other.key });
    assert.deepEqual(list.body.data, []);
    assert.equal((await call(stack.baseUrl, 'GET', `/api/v1/models/${id}`, { key: tenant.key })).body.status, 'active');
  });
});
