import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discountModelBody, STAFFING_MODEL_ID } from '../fixtures/model-bodies';
import { call, createTestTenant, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/** `GET /models/{id}/versions/{version}/diff`: rule by rule, cell by cell, with schema changes classified. */
describe('model version diff', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: who.key, ...(body !== undefined ? { body } : {}) });

  /** Version 2 of the discount model: one rule's rate changed, one rule removed, one added, a bound narrowed, an input added. */
  const secondVersion = () => {
    const body = discountModelBody('Diff');
    const graph = structuredClone(body.graph) as {
      nodes: Array<{ type: string; content?: { rules: Array<Record<string, string>> } }>;
    };
    const table = graph.nodes.find((node) => node.type === 'decisionTableNode') as {
      content: { rules: Array<Record<string, string>> };
    };
    const rules = table.content.rules.filter((rule) => rule._id !== 'silver-bulk');
    (rules.find((rule) => rule._id === 'gold') as Record<string, string>).rate = '0.12';
    rules.splice(rules.length - 1, 0, {
      _id: 'bronze-bulk',
      _description: 'Bronze, bulk order',
      tier: '"bronze"',
      qty: '>= 100',
      rate: '0.03',
      segment: '"bronze bulk"',
    });
    table.content.rules = rules;
    const inputSchema = structuredClone(body.input_schema) as { properties: Record<string, Record<string, unknown>> };
    (inputSchema.properties.quantity as Record<string, unknown>).maximum = 1000;
    inputSchema.properties.channel = { type: 'string', default: 'web' };
    return { input_schema: inputSchema, output_schema: body.output_schema, graph, sample_inputs: body.sample_inputs };
  };

  it('shows the rules added, removed and changed cell by cell, and classifies the schema changes', async () => {
    const model = (await api('POST', '/models', discountModelBody('Diff'))).body;
    const uploaded = await api('POST', `/models/${model.id}/versions`, secondVersion());
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    const diff = await api('GET', `/models/${model.id}/versions/2/diff`);
    assert.equal(diff.status, 200, JSON.stringify(diff.body));
    assert.equal(diff.body.object, 'model_version_diff');
    assert.equal(diff.body.against, '1');
    const [table] = diff.body.graph.decision_tables;
    assert.equal(table.node_id, 'discount-table');
    assert.deepEqual(
      table.rules_removed.map((r: any) => r.id),
      ['silver-bulk'],
    );
    assert.deepEqual(
      table.rules_added.map((r: any) => [r.id, r.cells.rate]),
      [['bronze-bulk', '0.03']],
    );
    const gold = table.rules_changed.find((r: any) => r.id === 'gold');
    assert.deepEqual(gold.cells, [{ column: 'Discount rate', from: '0.1', to: '0.12' }]);
    assert.deepEqual(diff.body.graph.nodes_added, []);
    assert.deepEqual(diff.body.graph.nodes_removed, []);
    const byName = Object.fromEntries(diff.body.input_changes.map((c: any) => [c.name, c]));
    assert.equal(byName.quantity.change, 'narrowed');
    assert.equal(byName.quantity.breaking, true);
    assert.match(byName.quantity.detail, /maximum 100000 → 1000/);
    assert.equal(byName.channel.change, 'added');
    assert.equal(byName.channel.breaking, false);
    assert.deepEqual(diff.body.output_changes, []);
    assert.equal(diff.body.breaking, true);
    // The other way round: the bound widens, the input goes, the rules swap sides.
    const back = await api('GET', `/models/${model.id}/versions/1/diff?against=2`);
    assert.equal(back.status, 200);
    assert.deepEqual(
      back.body.graph.decision_tables[0].rules_added.map((r: any) => r.id),
      ['silver-bulk'],
    );
    assert.deepEqual(back.body.input_changes.map((c: any) => [c.name, c.change, c.breaking]).sort(), [
      ['channel', 'removed', true],
      ['quantity', 'widened', false],
    ]);
  });

  it("answers 404 for an unknown version or another tenant's model, 422 for a bad baseline, 409 for a built-in", async () => {
    const model = (await api('POST', '/models', discountModelBody('Diff errors'))).body;
    assert.equal((await api('GET', `/models/${model.id}/versions/9/diff?against=1`)).status, 404);
    assert.equal((await api('GET', `/models/${model.id}/versions/x/diff?against=1`)).status, 404);
    const first = await api('GET', `/models/${model.id}/versions/1/diff`);
    assert.equal(first.status, 422);
    assert.equal(first.body.errors[0].path, '/query/against');
    const unknown = await api('GET', `/models/${model.id}/versions/1/diff?against=5`);
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.errors[0].path, '/query/against');
    const other = await createTestTenant(stack.db);
    assert.equal((await api('GET', `/models/${model.id}/versions/1/diff?against=1`, undefined, other)).status, 404);
    assert.equal((await api('GET', `/models/${STAFFING_MODEL_ID}/versions/1.0.0/diff`)).status, 409);
  });
});
