import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VOLUME_DISCOUNT_DMN } from '../../api/models/openapi';
import { DISCOUNT_CASES, discountModelBody, STAFFING_MODEL_ID } from '../fixtures/model-bodies';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * An editor's working copy through HTTP: simulated against a stored version (outputs, matched rules per table, the
 * differences), its suite run on it as a test run judges it, neither storing anything; problems pinned into the
 * content; tenancy, built-ins and scopes; and a draft's save guarded by `content_revision` against a concurrent save.
 */
describe('model working copies: simulate, the suite on a working copy, the save precondition', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let jdmModel: string;
  let dmnModel: string;

  const api = (method: string, path: string, body?: unknown, who: TestTenant | string = tenant) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: typeof who === 'string' ? who : who.key, body });
  const { name: _name, category: _category, ...upload } = discountModelBody('x');
  /** The discount graph with the gold bulk rule's rate changed (what an analyst typed into a cell). */
  const editedGraph = (rate = '0.25') => {
    const graph = structuredClone(upload.graph);
    const table = graph.nodes.find((node: any) => node.type === 'decisionTableNode');
    table.content.rules[0].rate = rate;
    return graph;
  };
  const workingCopy = (graph: unknown) => ({
    content: graph,
    input_schema: upload.input_schema,
    output_schema: upload.output_schema,
  });
  /** What a working copy must never change: the model's versions and test runs, and its draft as stored. */
  const stored = async (model: string) => ({
    versions: Number((await stack.db('model_versions').where({ model_id: model }).count('* as n').first())!.n),
    runs: Number((await stack.db('model_test_runs').where({ model_id: model }).count('* as n').first())!.n),
    draft: await stack
      .db('model_versions')
      .where({ model_id: model, version: 1 })
      .first('content_revision', 'graph_sha256', 'updated_at'),
  });
  const evaluationsCounted = async () =>
    Number(
      (
        await stack
          .db('usage_counters')
          .where({ tenant_id: tenant.id, kind: 'evaluations', period: 'month' })
          .first('used')
      )?.used ?? 0,
    );

  before(async () => {
    stack = await startTestStack();
    // Enterprise: evaluations are counted without a quota, so the count can be read.
    tenant = await createTestTenant(stack.db, { name: 'Editors', plan: 'enterprise' });
    other = await createTestTenant(stack.db, { name: 'Elsewhere' });
    const jdm = await api('POST', '/models', discountModelBody('Discount'));
    assert.equal(jdm.status, 201, JSON.stringify(jdm.body));
    jdmModel = jdm.body.id;
    const dmn = await api('POST', '/models', {
      name: 'Volume discount',
      category: 'pricing',
      dmn: VOLUME_DISCOUNT_DMN,
    });
    assert.equal(dmn.status, 201, JSON.stringify(dmn.body));
    dmnModel = dmn.body.id;
  });
  after(async () => stack?.close());

  it('simulates a JDM working copy beside the stored version: outputs, matched rule ids, trace, differences; stores nothing', async () => {
    const before = await stored(jdmModel);
    const counted = await evaluationsCounted();
    const simulated = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      inputs: { tier: 'gold', quantity: 150 },
      compare_with: '1',
    });
    assert.equal(simulated.status, 200, JSON.stringify(simulated.body));
    assert.equal(simulated.body.object, 'model_simulation');
    assert.deepEqual(simulated.body.working.outputs, { discount: { rate: 0.25 }, segment: 'gold bulk' });
    assert.deepEqual(simulated.body.working.matched_rules, [
      {
        node_id: 'discount-table',
        name: 'Discount by tier and order size',
        rule_ids: ['gold-bulk'],
        rule_indexes: [0],
      },
    ]);
    assert.deepEqual(
      simulated.body.working.trace.map((step: any) => step.node_id),
      ['request', 'discount-table', 'response'],
      'the trace is on by default',
    );
    assert.equal(simulated.body.compared.version, '1');
    assert.deepEqual(simulated.body.compared.outputs, { discount: { rate: 0.2 }, segment: 'gold bulk' });
    assert.deepEqual(simulated.body.compared.matched_rules[0].rule_ids, ['gold-bulk']);
    assert.deepEqual(simulated.body.differences, [{ path: '/discount/rate', working: 0.25, compared: 0.2 }]);
    assert.equal(await evaluationsCounted(), counted + 2, 'each evaluation counts, as evaluate counts');

    // Another input lights another rule; without a trace the matched rules are still answered; no comparison asked.
    const silver = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      inputs: { tier: 'silver', quantity: 5 },
      trace: false,
    });
    assert.equal(silver.status, 200, JSON.stringify(silver.body));
    assert.equal(silver.body.working.trace, undefined);
    assert.deepEqual(silver.body.working.matched_rules[0].rule_ids, ['silver']);
    assert.deepEqual(silver.body.working.matched_rules[0].rule_indexes, [3]);
    assert.equal(silver.body.compared, undefined);
    assert.deepEqual(silver.body.differences, []);

    // Nothing published yet: the comparison says so, the working copy still runs.
    const published = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      inputs: { tier: 'gold', quantity: 150 },
      compare_with: 'published',
    });
    assert.equal(published.status, 200, JSON.stringify(published.body));
    assert.equal(published.body.compared.error.code, 'no_published_version');
    assert.equal(published.body.working.outputs.discount.rate, 0.25);

    // Schemas left out: the newest version's are used.
    const schemaless = await api('POST', `/models/${jdmModel}/simulate`, {
      content: editedGraph('0.3'),
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(schemaless.status, 200, JSON.stringify(schemaless.body));
    assert.equal(schemaless.body.working.outputs.discount.rate, 0.3);

    const after = await stored(jdmModel);
    assert.deepEqual(after, before, 'no version, no test run, the draft untouched');
  });

  it('pins a working copy’s problems on the cell, the node or the input they name (422), and stores nothing', async () => {
    const before = await stored(jdmModel);
    const graph = editedGraph();
    graph.nodes[1].content.rules[3].qty = '>= (';
    const badCell = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(graph),
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(badCell.status, 422, JSON.stringify(badCell.body));
    assert.equal(badCell.body.code, 'validation_failed');
    assert.deepEqual(
      badCell.body.errors.map((e: any) => e.path),
      ['/content/nodes/1/content/rules/3/qty'],
    );
    // The suite on the same copy is refused the same way.
    const badSuite = await api('POST', `/models/${jdmModel}/simulate/tests`, workingCopy(graph));
    assert.equal(badSuite.status, 422);
    assert.deepEqual(
      badSuite.body.errors.map((e: any) => e.path),
      ['/content/nodes/1/content/rules/3/qty'],
    );

    const noInput = structuredClone(upload.graph);
    noInput.nodes = noInput.nodes.filter((node: any) => node.type !== 'inputNode');
    noInput.edges = noInput.edges.filter((edge: any) => edge.sourceId !== 'request');
    const structural = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(noInput),
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(structural.status, 422);
    assert.ok(
      structural.body.errors.every((e: any) => e.path.startsWith('/content')),
      JSON.stringify(structural.body.errors),
    );

    const badInputs = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      inputs: { tier: 'platinum', quantity: 5 },
    });
    assert.equal(badInputs.status, 422, JSON.stringify(badInputs.body));
    assert.deepEqual(
      badInputs.body.errors.map((e: any) => e.path),
      ['/inputs/tier'],
    );

    const badSchema = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      input_schema: { type: 'object', properties: { tier: { type: 'strnig' } } },
      inputs: { tier: 'gold' },
    });
    assert.equal(badSchema.status, 422);
    assert.ok(badSchema.body.errors.some((e: any) => e.path.startsWith('/input_schema')));

    const unknownVersion = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      inputs: { tier: 'gold', quantity: 150 },
      compare_with: '9',
    });
    assert.equal(unknownVersion.status, 422);
    assert.deepEqual(
      unknownVersion.body.errors.map((e: any) => e.path),
      ['/compare_with'],
    );
    const notAVersion = await api('POST', `/models/${jdmModel}/simulate`, {
      ...workingCopy(editedGraph()),
      inputs: { tier: 'gold', quantity: 150 },
      compare_with: 'latest',
    });
    assert.equal(notAVersion.status, 422);
    assert.deepEqual(
      notAVersion.body.errors.map((e: any) => e.path),
      ['/compare_with'],
    );
    assert.deepEqual(await stored(jdmModel), before);
  });

  it('simulates a DMN working copy: its decision table’s matched rule, the differences with the stored version', async () => {
    const before = await stored(dmnModel);
    const edited = VOLUME_DISCOUNT_DMN.replace('<text>0.1</text>', '<text>0.15</text>');
    assert.notEqual(edited, VOLUME_DISCOUNT_DMN);
    const simulated = await api('POST', `/models/${dmnModel}/simulate`, {
      content: edited,
      inputs: { order_total: 60000 },
      compare_with: '1',
    });
    assert.equal(simulated.status, 200, JSON.stringify(simulated.body));
    assert.deepEqual(simulated.body.working.outputs, { discount_rate: 0.15 });
    assert.deepEqual(simulated.body.working.matched_rules, [
      { node_id: 'discount_rate', name: 'discount_rate', rule_ids: ['large'], rule_indexes: [0] },
    ]);
    assert.deepEqual(simulated.body.compared.outputs, { discount_rate: 0.1 });
    assert.deepEqual(simulated.body.differences, [{ path: '/discount_rate', working: 0.15, compared: 0.1 }]);
    const medium = await api('POST', `/models/${dmnModel}/simulate`, {
      content: edited,
      inputs: { order_total: 20000 },
    });
    assert.equal(medium.status, 200, JSON.stringify(medium.body));
    assert.deepEqual(medium.body.working.matched_rules[0].rule_ids, ['medium']);

    const broken = await api('POST', `/models/${dmnModel}/simulate`, {
      content: VOLUME_DISCOUNT_DMN.replace('<text>0.05</text>', '<text>0.05 +</text>'),
      inputs: { order_total: 60000 },
    });
    assert.equal(broken.status, 422, JSON.stringify(broken.body));
    assert.ok(broken.body.errors.length > 0);
    for (const error of broken.body.errors) assert.equal(error.path, '/content', JSON.stringify(error));
    assert.deepEqual(await stored(dmnModel), before);
  });

  it('runs the suite on a working copy exactly as a test run judges it (verdicts, differences, never-hit rules), storing nothing', async () => {
    const imported = await api('POST', `/models/${jdmModel}/test-cases/import`, { cases: DISCOUNT_CASES });
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    const run = await api('POST', `/models/${jdmModel}/test-runs`, { version: '1' });
    assert.equal(run.status, 201, JSON.stringify(run.body));
    const before = await stored(jdmModel);

    // The stored content as a working copy: the same report a stored run gives.
    const unchanged = await api('POST', `/models/${jdmModel}/simulate/tests`, workingCopy(upload.graph));
    assert.equal(unchanged.status, 200, JSON.stringify(unchanged.body));
    assert.equal(unchanged.body.object, 'model_suite_simulation');
    const outcome = ({ status, passed, failed, coverage, cases }: any) => ({
      status,
      passed,
      failed,
      coverage,
      cases: cases.map(({ outputs, ...verdict }: any) => ({ ...verdict, outputs })),
    });
    assert.deepEqual(outcome(unchanged.body), outcome(run.body));
    assert.equal(unchanged.body.status, 'passed');

    // An edited copy: the gold bulk rate changed, and a rule no case reaches.
    const graph = editedGraph();
    graph.nodes[1].content.rules.splice(5, 0, {
      _id: 'unreachable',
      _description: 'Negative quantities',
      tier: '',
      qty: '< 0',
      rate: '0.5',
      segment: '"negative"',
    });
    const edited = await api('POST', `/models/${jdmModel}/simulate/tests`, workingCopy(graph));
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.status, 'failed');
    assert.deepEqual([edited.body.passed, edited.body.failed], [5, 1]);
    const failedCase = edited.body.cases.find((c: any) => c.status === 'failed');
    assert.equal(failedCase.name, 'gold bulk');
    assert.deepEqual(failedCase.matched_rules, ['gold-bulk']);
    assert.deepEqual(
      failedCase.differences.map((d: any) => [d.output, d.expected, d.actual]),
      [['discount.rate', 0.2, 0.25]],
    );
    const table = edited.body.coverage.decision_tables[0];
    assert.deepEqual(
      table.never_hit.map((rule: any) => rule.id),
      ['unreachable'],
    );
    assert.deepEqual([edited.body.coverage.rules_total, edited.body.coverage.rules_hit], [7, 6]);
    assert.deepEqual(await stored(jdmModel), before, 'no test run stored');

    // A model without a suite: 422, as a test run.
    const empty = await api('POST', `/models/${dmnModel}/simulate/tests`, { content: VOLUME_DISCOUNT_DMN });
    assert.equal(empty.status, 422);
  });

  it("answers another tenant's model as missing, refuses built-in models, and needs models:write", async () => {
    const body = { ...workingCopy(editedGraph()), inputs: { tier: 'gold', quantity: 150 } };
    const elsewhere = await api('POST', `/models/${jdmModel}/simulate`, body, other);
    assert.equal(elsewhere.status, 404);
    assert.equal(elsewhere.body.code, 'resource_not_found');
    const elsewhereSuite = await api('POST', `/models/${jdmModel}/simulate/tests`, workingCopy(editedGraph()), other);
    assert.equal(elsewhereSuite.status, 404);
    const missing = await api('POST', '/models/mdl_01jd2x0m3f8q4w7e5r6t9y2v1k/simulate', body);
    assert.equal(missing.status, 404);
    const builtin = await api('POST', `/models/${STAFFING_MODEL_ID}/simulate`, body);
    assert.equal(builtin.status, 409);
    assert.equal(builtin.body.code, 'model_not_editable');

    const reader = await api('POST', '/api-keys', { name: 'reader', scopes: ['models:read'] });
    assert.equal(reader.status, 201, JSON.stringify(reader.body));
    const readOnly = await api('POST', `/models/${jdmModel}/simulate`, body, reader.body.key);
    assert.equal(readOnly.status, 403);
    assert.equal(readOnly.body.required_scope, 'models:write');
  });

  it('refuses a save over a newer save (409 content_revision_conflict, nothing changed): of two concurrent saves, exactly one wins', async () => {
    const created = await api('POST', '/models', discountModelBody('Concurrent edits'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const model = created.body.id as string;
    const start = (await api('GET', `/models/${model}/versions/1`)).body;
    assert.equal(start.content_revision, 1);

    const saves = await Promise.all(
      ['0.3', '0.4'].map((rate) =>
        api('PUT', `/models/${model}/versions/1`, { ...upload, graph: editedGraph(rate), content_revision: 1 }),
      ),
    );
    assert.deepEqual(saves.map((save) => save.status).sort(), [200, 409], JSON.stringify(saves.map((s) => s.body)));
    const won = saves.find((save) => save.status === 200)!;
    const lost = saves.find((save) => save.status === 409)!;
    assert.equal(lost.body.code, 'content_revision_conflict');
    assert.match(lost.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.equal(lost.body.current_content_revision, 2);
    assert.deepEqual(lost.body.last_saved_by, { type: 'api_key', id: tenant.keyId });
    assert.ok(!Number.isNaN(Date.parse(lost.body.last_saved_at)), lost.body.last_saved_at);
    const afterRace = (await api('GET', `/models/${model}/versions/1`)).body;
    assert.equal(afterRace.content_revision, 2);
    assert.equal(afterRace.graph_sha256, won.body.graph_sha256, "the winner's content, not the loser's");
    assert.equal(afterRace.content_writers.length, 2);

    // From the current revision the save goes through; from an old one it changes nothing.
    const next = await api('PUT', `/models/${model}/versions/1`, {
      ...upload,
      graph: editedGraph('0.5'),
      content_revision: 2,
    });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.equal(next.body.content_revision, 3);
    const rowBefore = await stack.db('model_versions').where({ model_id: model, version: 1 }).first();
    const stale = await api('PUT', `/models/${model}/versions/1`, {
      ...upload,
      graph: editedGraph('0.6'),
      content_revision: 2,
    });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.current_content_revision, 3);
    const rowAfter = await stack.db('model_versions').where({ model_id: model, version: 1 }).first();
    assert.deepEqual(rowAfter, rowBefore, 'nothing changed');
    const audited = await stack
      .db('audit_log')
      .where({ tenant_id: tenant.id, action: 'model.version.replaced', resource_id: model })
      .count('* as n')
      .first();
    assert.equal(Number(audited!.n), 2, 'the refused saves were not audited');

    // Without the field the save is unconditional, as before; a revision below 1 is a 422 naming it.
    const unconditional = await api('PUT', `/models/${model}/versions/1`, { ...upload, graph: editedGraph('0.7') });
    assert.equal(unconditional.status, 200);
    assert.equal(unconditional.body.content_revision, 4);
    const zero = await api('PUT', `/models/${model}/versions/1`, { ...upload, content_revision: 0 });
    assert.equal(zero.status, 422);
    assert.deepEqual(
      zero.body.errors.map((e: any) => e.path),
      ['/content_revision'],
    );
  });
});
