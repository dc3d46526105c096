import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findBuiltinModelById, createModelCatalogue } from '../../decision/catalogue';
import { discountModelBody, STAFFING_MODEL_ID, staffingInputs } from '../fixtures/model-bodies';
import { call, createTestTenant, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/** `POST /models/{id}/evaluate`: one evaluation or a batch, with a trace, storing nothing. */
const namingDraft = (id: string, body: unknown) =>
  id.startsWith('mdl_') &&
  /^mdl_[0-9a-z]{26}$/.test(id) &&
  body !== null &&
  typeof body === 'object' &&
  !Array.isArray(body) &&
  !('version' in body)
    ? { ...body, version: '1' }
    : body;

describe('model evaluation without storing', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const createDiscountModel = async (who: TestTenant, name: string) => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: who.key,
      body: discountModelBody(name),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string; version: string };
  };
  const evaluateUnnamed = (who: TestTenant, id: string, body: unknown) =>
    call(stack.baseUrl, 'POST', `/api/v1/models/${id}/evaluate`, { key: who.key, body });
  /** The tenant models here are drafts (nothing published): evaluations name version 1 unless the body names one. */
  const evaluate = (who: TestTenant, id: string, body: unknown) => evaluateUnnamed(who, id, namingDraft(id, body));
  const scenarioCount = async (who: TestTenant) =>
    (await call(stack.baseUrl, 'GET', '/api/v1/scenarios?limit=100', { key: who.key })).body.data.length as number;

  it('evaluates a tenant graph with a trace naming each node, the matched rule by index and id, and stores nothing', async () => {
    const model = await createDiscountModel(tenant, 'Discount (evaluate)');
    const before = await scenarioCount(tenant);
    // Nothing is published yet: the draft is evaluated by naming it.
    const unnamed = await evaluateUnnamed(tenant, model.id, { inputs: { tier: 'gold', quantity: 150 } });
    assert.equal(unnamed.status, 422);
    assert.equal(unnamed.body.errors[0].path, '/version');
    const answer = await evaluate(tenant, model.id, {
      inputs: { tier: 'gold', quantity: 150 },
      trace: true,
      version: '1',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.object, 'model_evaluation');
    assert.equal(answer.body.model_id, model.id);
    assert.equal(answer.body.version, '1');
    assert.deepEqual(answer.body.outputs, { discount: { rate: 0.2 }, segment: 'gold bulk' });
    assert.ok(answer.body.duration_ms >= 0);
    const kinds = answer.body.trace.map((step: any) => step.kind);
    assert.deepEqual(kinds, ['inputNode', 'decisionTableNode', 'outputNode']);
    const table = answer.body.trace.find((step: any) => step.kind === 'decisionTableNode');
    assert.equal(table.node_id, 'discount-table');
    assert.deepEqual(table.matched_rules, [{ index: 0, id: 'gold-bulk' }]);
    assert.deepEqual(table.input, { tier: 'gold', quantity: 150 });
    // A smaller gold order matches the second rule.
    const second = await evaluate(tenant, model.id, { inputs: { tier: 'gold', quantity: 3 }, trace: true });
    assert.deepEqual(second.body.trace.find((step: any) => step.kind === 'decisionTableNode').matched_rules, [
      { index: 1, id: 'gold' },
    ]);
    // Without `trace`, none.
    const plain = await evaluate(tenant, model.id, { inputs: { tier: 'silver', quantity: 10 } });
    assert.equal(plain.status, 200);
    assert.equal(plain.body.trace, undefined);
    assert.equal(await scenarioCount(tenant), before);
  });

  it('evaluates a built-in model exactly as its engine does, with the derivation as the trace', async () => {
    const answer = await evaluate(tenant, STAFFING_MODEL_ID, { inputs: staffingInputs, trace: true });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const runnable = createModelCatalogue();
    const builtin = findBuiltinModelById(STAFFING_MODEL_ID);
    assert.ok(builtin);
    const model = await runnable.resolve(STAFFING_MODEL_ID, undefined, {
      findModel: async () => undefined,
      findVersion: async () => undefined,
    });
    assert.ok(model.found);
    const validated = model.model.validateInputs(staffingInputs, 'scalar');
    assert.ok(validated.valid);
    const expected = builtin.evaluate(validated.inputs);
    assert.deepEqual(answer.body.outputs, expected.metrics);
    assert.equal(answer.body.version, builtin.version);
    assert.deepEqual(
      answer.body.trace.map((step: any) => step.name),
      expected.decision_structure.derivation.map((step) => step.step),
    );
    assert.ok(
      answer.body.trace.every((step: any) => step.kind === 'derivation_step' && typeof step.formula === 'string'),
    );
  });

  it('evaluates a batch in order, each item with its own outputs or error', async () => {
    const model = await createDiscountModel(tenant, 'Discount (batch)');
    const answer = await evaluate(tenant, model.id, {
      version: '1',
      items: [
        { inputs: { tier: 'gold', quantity: 150 } },
        { inputs: { tier: 'platinum', quantity: 1 } },
        { inputs: { tier: 'bronze', quantity: 2 } },
      ],
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.object, 'model_evaluation_batch');
    assert.equal(answer.body.results.length, 3);
    assert.deepEqual(
      answer.body.results.map((r: any) => r.index),
      [0, 1, 2],
    );
    assert.deepEqual(answer.body.results[0].outputs, { discount: { rate: 0.2 }, segment: 'gold bulk' });
    assert.equal(answer.body.results[1].error.code, 'validation_failed');
    assert.deepEqual(
      answer.body.results[1].error.errors.map((e: any) => e.path),
      ['/items/1/inputs/tier'],
    );
    assert.equal(answer.body.results[1].outputs, undefined);
    assert.ok(answer.body.results[2].outputs);
    // A thousand items in one request.
    const thousand = await evaluate(tenant, model.id, {
      items: Array.from({ length: 1000 }, (_, i) => ({ inputs: { tier: 'silver', quantity: (i % 200) + 1 } })),
    });
    assert.equal(thousand.status, 200);
    assert.equal(thousand.body.results.length, 1000);
    assert.ok(
      thousand.body.results.every((r: any, i: number) => r.index === i && typeof r.outputs.discount.rate === 'number'),
    );
  });

  it('refuses bad input with a 422 naming the field, and stores nothing', async () => {
    const model = await createDiscountModel(tenant, 'Discount (bad input)');
    const before = await scenarioCount(tenant);
    const cases: Array<[unknown, string]> = [
      [{ inputs: { tier: 'gold' } }, '/inputs/quantity'],
      [{ inputs: { tier: 'gold', quantity: 0 } }, '/inputs/quantity'],
      [{}, ''],
      [{ inputs: { tier: 'gold', quantity: 1 }, items: [{ inputs: { tier: 'gold', quantity: 1 } }] }, ''],
      [{ items: [] }, '/items'],
      [{ items: Array.from({ length: 1001 }, () => ({ inputs: {} })) }, '/items'],
      [{ inputs: { tier: 'gold', quantity: 1 }, version: '9' }, '/version'],
      [{ inputs: { tier: 'gold', quantity: 1 }, trace: 'yes' }, '/trace'],
      [{ inputs: { tier: 'gold', quantity: 1 }, extra: 1 }, '/extra'],
    ];
    for (const [body, path] of cases) {
      const answer = await evaluate(tenant, model.id, body);
      assert.equal(answer.status, 422, `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.headers.get('content-type'), 'application/problem+json');
      assert.ok(
        answer.body.errors.some((e: any) => e.path === path),
        `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(answer.body.errors)}`,
      );
    }
    assert.equal(await scenarioCount(tenant), before);
  });

  it("answers 404 for another tenant's model and for no model, and needs models:read", async () => {
    const model = await createDiscountModel(tenant, 'Discount (tenancy)');
    const other = await createTestTenant(stack.db);
    const crossTenant = await evaluate(other, model.id, { inputs: { tier: 'gold', quantity: 1 } });
    assert.equal(crossTenant.status, 404);
    const unknown = await evaluate(tenant, 'mdl_01jd2x0m3f8q4w7e5r6t9y2v1k', { inputs: { tier: 'gold', quantity: 1 } });
    assert.equal(unknown.status, 404);
    const reader = await createTestTenant(stack.db, { scopes: ['scenarios:read'] });
    const refused = await evaluate(reader, STAFFING_MODEL_ID, { inputs: staffingInputs });
    assert.equal(refused.status, 403);
  });
});
