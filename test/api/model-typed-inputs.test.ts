import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { typedOrderInputs, typedOrderModelBody } from '../fixtures/model-bodies';
import { publishForTest } from '../helpers/model-release';
import { call, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/** A small graph whose inputs a scenario can give (an enum, a date, an integer), with nested, boolean and list outputs. */
const scalarTypedModelBody = (name: string) => ({
  name,
  category: 'orders',
  input_schema: {
    type: 'object',
    required: ['tier', 'ordered_on', 'quantity'],
    properties: {
      tier: { type: 'string', enum: ['gold', 'silver'] },
      ordered_on: { type: 'string', format: 'date' },
      quantity: { type: 'integer', minimum: 1 },
    },
  },
  output_schema: {
    type: 'object',
    properties: {
      gold: { type: 'boolean' },
      count: { type: 'integer' },
      detail: { type: 'object', properties: { tier: { type: 'string' }, on: { type: 'string', format: 'date' } } },
      codes: { type: 'array', items: { type: 'string' } },
    },
  },
  graph: {
    nodes: [
      { id: 'request', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
      {
        id: 'order',
        type: 'expressionNode',
        name: 'Order',
        position: { x: 300, y: 0 },
        content: {
          expressions: [
            { id: 'x1', key: 'gold', value: 'tier == "gold"' },
            { id: 'x2', key: 'count', value: 'quantity * 2' },
            { id: 'x3', key: 'detail.tier', value: 'tier' },
            { id: 'x4', key: 'detail.on', value: 'ordered_on' },
            { id: 'x5', key: 'codes', value: '[tier, ordered_on]' },
          ],
        },
      },
      { id: 'response', type: 'outputNode', name: 'Response', position: { x: 600, y: 0 } },
    ],
    edges: [
      { id: 'e1', type: 'edge', sourceId: 'request', targetId: 'order' },
      { id: 'e2', type: 'edge', sourceId: 'order', targetId: 'response' },
    ],
  },
  sample_inputs: { tier: 'silver', ordered_on: '2026-11-28', quantity: 1 },
});

/**
 * Typed model inputs and outputs through HTTP: booleans, dates, enums, lists and nested objects in evaluate, validate
 * and test suites; scenarios keep scalar inputs; the schema subset refused keyword by keyword; nothing stored on refusal.
 */
describe('typed model inputs and outputs', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({ worker: true }, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
  const upload = async (body: unknown) => {
    const created = await api('POST', '/models', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const count = async (path: string) => (await api('GET', `${path}?limit=100`)).body.data.length as number;

  it('uploads a model with boolean, date, enum, list and nested inputs, and closes its nested objects', async () => {
    const id = await upload(typedOrderModelBody('Typed order (upload)'));
    const model = await api('GET', `/models/${id}`);
    assert.equal(model.body.input_schema.additionalProperties, false);
    assert.equal(model.body.input_schema.properties.lines.items.additionalProperties, false);
    assert.equal(model.body.input_schema.properties.address.additionalProperties, false);
  });

  it('evaluates typed inputs, one or a batch, answering typed outputs, and names the path of each bad value', async () => {
    const id = await upload(typedOrderModelBody('Typed order (evaluate)'));
    const answer = await api('POST', `/models/${id}/evaluate`, { version: '1', inputs: typedOrderInputs, trace: true });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.outputs, {
      approved: true,
      discount: { rate: 0.2 },
      total: 1100,
      skus: ['A', 'B'],
      shipping: { country: 'FR', ordered_on: '2026-11-28' },
    });
    assert.deepEqual(answer.body.trace.find((step: any) => step.kind === 'decisionTableNode').matched_rules, [
      { index: 0, id: 'gold-member' },
    ]);

    const bad = {
      ...typedOrderInputs,
      member: 'yes',
      ordered_on: '28/11/2026',
      tier: 'platinum',
      lines: [{ sku: 'A', quantity: 0, unit_price: 1, colour: 'red' }],
      address: {},
    };
    const refused = await api('POST', `/models/${id}/evaluate`, { version: '1', inputs: bad });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.errors.map((e: any) => e.path).sort(), [
      '/inputs/address/country',
      '/inputs/lines/0/colour',
      '/inputs/lines/0/quantity',
      '/inputs/member',
      '/inputs/ordered_on',
      '/inputs/tier',
    ]);

    const batch = await api('POST', `/models/${id}/evaluate`, {
      version: '1',
      items: [{ inputs: { ...typedOrderInputs, member: false } }, { inputs: { ...typedOrderInputs, lines: [] } }],
    });
    assert.equal(batch.status, 200, JSON.stringify(batch.body));
    assert.equal(batch.body.results[0].outputs.approved, false);
    assert.deepEqual(batch.body.results[1].error.errors, [
      { path: '/items/1/inputs/lines', message: 'must NOT have fewer than 1 items' },
    ]);
  });

  it('validates typed inputs as evaluate does, defaults applied', async () => {
    const id = await upload(typedOrderModelBody('Typed order (validate)'));
    const valid = await api('POST', `/models/${id}/validate`, { model_version: '1', inputs: typedOrderInputs });
    assert.equal(valid.status, 200, JSON.stringify(valid.body));
    assert.equal(valid.body.valid, true);
    assert.deepEqual(valid.body.inputs, typedOrderInputs);
    const invalid = await api('POST', `/models/${id}/validate`, {
      model_version: '1',
      inputs: { ...typedOrderInputs, lines: 'A' },
    });
    assert.deepEqual(invalid.body.errors, [{ path: '/inputs/lines', message: 'must be array' }]);
  });

  it('runs test cases on typed inputs, judging booleans and dates exactly and lists and objects element by element', async () => {
    const id = await upload(typedOrderModelBody('Typed order (suite)'));
    const passing = await api('POST', `/models/${id}/test-cases`, {
      name: 'gold member',
      inputs: typedOrderInputs,
      expected: {
        approved: true,
        discount: { rate: 0.2 },
        total: 1100.004,
        skus: ['A', 'B'],
        'shipping.ordered_on': '2026-11-28',
      },
      tolerances: { total: { absolute: 0.01 }, discount: { absolute: 0.001 } },
      expected_rules: ['gold-member'],
    });
    assert.equal(passing.status, 201, JSON.stringify(passing.body));
    // One CSV row: a boolean cell, a list and an object as JSON text, the date as text.
    const csv =
      'name,member,tier,ordered_on,lines,address,expected.approved,expected.skus,expected.shipping.country\n' +
      `silver order,false,silver,2026-11-28,"${JSON.stringify([{ sku: 'C', quantity: 1, unit_price: 2000 }]).replace(/"/g, '""')}","{""country"":""DE""}",false,"[""C"",""D""]",DE\n`;
    const imported = await api('POST', `/models/${id}/test-cases/import`, { csv });
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    assert.deepEqual(imported.body.data[0].inputs, {
      member: false,
      tier: 'silver',
      ordered_on: '2026-11-28',
      lines: [{ sku: 'C', quantity: 1, unit_price: 2000 }],
      address: { country: 'DE' },
    });
    assert.deepEqual(imported.body.data[0].expected, { approved: false, skus: ['C', 'D'], 'shipping.country': 'DE' });

    const run = await api('POST', `/models/${id}/test-runs`, {});
    assert.equal(run.status, 201, JSON.stringify(run.body));
    const [first, second] = run.body.cases;
    assert.equal(first.status, 'passed', JSON.stringify(first));
    assert.equal(second.status, 'failed');
    assert.deepEqual(
      second.differences.map((d: any) => [d.output, d.message]),
      [['skus', 'expected 2 item(s), got 1']],
    );
  });

  it("keeps a scenario's inputs scalar: a date as its string runs, a boolean, list or object is a 422 naming the input, and nothing is stored", async () => {
    const typed = await upload(typedOrderModelBody('Typed order (scenario)'));
    await publishForTest({ stack, tenant }, typed, 1, typedOrderInputs);
    const before = await count('/scenarios');
    const refused = await api('POST', '/scenarios', { model_id: typed, inputs: typedOrderInputs });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.errors.map((e: any) => e.path).sort(), [
      '/inputs/address',
      '/inputs/lines',
      '/inputs/member',
    ]);
    const batch = await api('POST', '/scenarios/batch', { items: [{ model_id: typed, inputs: typedOrderInputs }] });
    assert.equal(batch.status, 422);
    assert.ok(
      batch.body.errors.some((e: any) => e.path === '/items/0/inputs/member'),
      JSON.stringify(batch.body),
    );
    assert.equal(await count('/scenarios'), before);

    const scalar = await upload(scalarTypedModelBody('Typed scalars (scenario)'));
    await publishForTest({ stack, tenant }, scalar, 1, { tier: 'gold', ordered_on: '2026-11-28', quantity: 3 });
    const badDate = await api('POST', '/scenarios', {
      model_id: scalar,
      inputs: { tier: 'gold', ordered_on: '28/11/2026', quantity: 3 },
    });
    assert.equal(badDate.status, 422);
    assert.deepEqual(badDate.body.errors, [{ path: '/inputs/ordered_on', message: 'must match format "date"' }]);
    const created = await api('POST', '/scenarios', {
      model_id: scalar,
      inputs: { tier: 'gold', ordered_on: '2026-11-28', quantity: 3 },
    });
    assert.ok([201, 202].includes(created.status), JSON.stringify(created.body));
    let scenario = created.body;
    for (let attempt = 0; scenario.status !== 'completed' && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      scenario = (await api('GET', `/scenarios/${scenario.id}`)).body;
    }
    assert.equal(scenario.status, 'completed', JSON.stringify(scenario));
    // Nested outputs flatten to dotted metrics, booleans read "true"/"false"; lists stay in the full output only.
    assert.deepEqual(scenario.metrics, { gold: 'true', count: 6, 'detail.tier': 'gold', 'detail.on': '2026-11-28' });
    assert.deepEqual(scenario.decision_structure.details.output.codes, ['gold', '2026-11-28']);
  });

  it('refuses a schema outside the subset naming the pointer, and stores nothing', async () => {
    const before = await count('/models');
    const body = typedOrderModelBody('Typed order (refused)');
    const lines = body.input_schema.properties.lines as any;
    const refused = await api('POST', '/models', {
      ...body,
      input_schema: {
        ...body.input_schema,
        properties: {
          ...body.input_schema.properties,
          lines: {
            ...lines,
            items: {
              ...lines.items,
              properties: { ...lines.items.properties, sku: { type: 'string', oneOf: [{ const: 'A' }] } },
            },
          },
          when: { type: 'string', format: 'time' },
        },
      },
      output_schema: {
        ...body.output_schema,
        properties: { ...body.output_schema.properties, skus: { type: 'array', items: { type: 'tuple' } } },
      },
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      [
        '/input_schema/properties/lines/items/properties/sku/oneOf',
        '/input_schema/properties/when/format',
        '/output_schema/properties/skus/items/type',
      ],
    );
    assert.equal(await count('/models'), before);
  });

  it('classifies typed schema changes in the version diff', async () => {
    const id = await upload(typedOrderModelBody('Typed order (diff)'));
    const body = typedOrderModelBody('unused');
    const lines = body.input_schema.properties.lines as any;
    const next = await api('POST', `/models/${id}/versions`, {
      input_schema: {
        ...body.input_schema,
        properties: {
          ...body.input_schema.properties,
          member: { type: ['boolean', 'string'] },
          tier: { type: 'string', enum: ['gold', 'silver', 'bronze', 'platinum'] },
          lines: {
            ...lines,
            maxItems: 10,
            items: {
              ...lines.items,
              properties: { ...lines.items.properties, sku: { type: 'string', maxLength: 20 } },
            },
          },
          address: {
            ...body.input_schema.properties.address,
            properties: { country: { type: 'string', minLength: 2, maxLength: 2 }, region: { type: 'string' } },
          },
        },
      },
      output_schema: body.output_schema,
      graph: body.graph,
      sample_inputs: body.sample_inputs,
    });
    assert.equal(next.status, 201, JSON.stringify(next.body));
    const diff = await api('GET', `/models/${id}/versions/2/diff?against=1`);
    assert.equal(diff.status, 200, JSON.stringify(diff.body));
    // Stored schemas keep no key order (jsonb): compare the changes by name.
    assert.deepEqual(diff.body.input_changes.map((c: any) => [c.name, c.change, c.breaking]).sort(), [
      ['address.region', 'added', false],
      ['lines', 'narrowed', true],
      ['lines[].sku', 'widened', false],
      ['member', 'type_changed', true],
      ['tier', 'widened', false],
    ]);
    assert.equal(diff.body.breaking, true);
  });
});
