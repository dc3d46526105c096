import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readTckCases, tckEquals, TCK_ROOT } from '../helpers/dmn-tck';
import { createModelReviewBoard, publishThroughReview, type ModelReviewBoard } from '../helpers/model-release';
import { waitFor } from '../helpers/wait';
import { call, createTestTenant, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/** DMN models through HTTP: upload, derived schemas, evaluate, scenarios, suites, diffs, imports, failures, the TCK. */
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/dmn', name), 'utf8');

const DMN13 = 'https://www.omg.org/spec/DMN/20191111/MODEL/';
/** A one-decision model around `body` (inputData and decisions), in the DMN 1.3 namespace. */
const dmnModel = (namespace: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<definitions xmlns="${DMN13}" id="m" name="Test model" namespace="${namespace}">\n${body}\n</definitions>`;
const amountInput = '<inputData id="amount" name="Amount"><variable name="Amount" typeRef="number"/></inputData>';
const literalDecision = (
  id: string,
  name: string,
  text: string,
  requires = '<informationRequirement><requiredInput href="#amount"/></informationRequirement>',
) =>
  `<decision id="${id}" name="${name}"><variable name="${name}" typeRef="number"/>${requires}<literalExpression><text>${text}</text></literalExpression></decision>`;

const LOAN_INPUTS = { 'Applicant Age': 30, 'Monthly Income': 5000, 'Application Date': '2026-01-15' };
const LOAN_OUTPUTS = {
  'Risk Category': 'Medium',
  'Max Loan': 24000,
  Offer: { amount: 24000, currency: 'EUR' },
  Eligible: true,
  Checks: ['identity', 'none'],
  'Review By': '2026-02-14',
};

describe('DMN models', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let reviewBoard: ModelReviewBoard | undefined;
  useTestStackWithTenant({ worker: true }, (started) => ({ stack, tenant } = started));
  const board = async () => (reviewBoard ??= await createModelReviewBoard(stack, tenant));

  const upload = (who: TestTenant, body: Record<string, unknown>) =>
    call(stack.baseUrl, 'POST', '/api/v1/models', {
      key: who.key,
      body: { name: 'DMN model', category: 'dmn', ...body },
    });
  const createDmn = async (who: TestTenant, dmn: string, extra: Record<string, unknown> = {}) => {
    const created = await upload(who, { dmn, ...extra });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string; input_schema: any; output_schema: any };
  };
  const evaluate = (who: TestTenant, id: string, body: Record<string, unknown>) =>
    call(stack.baseUrl, 'POST', `/api/v1/models/${id}/evaluate`, { key: who.key, body: { version: '1', ...body } });
  /** A refused upload: 422 with every error at /dmn; answers the messages. */
  const refused = async (dmn: string, who = tenant) => {
    const response = await upload(who, { dmn });
    assert.equal(response.status, 422, JSON.stringify(response.body));
    assert.equal(response.body.code, 'validation_failed');
    assert.ok(response.body.errors.length > 0);
    for (const error of response.body.errors) assert.equal(error.path, '/dmn', JSON.stringify(error));
    return response.body.errors.map((error: { message: string }) => error.message) as string[];
  };

  it('uploads a DMN model with derived schemas, evaluates every decision or those named, with the DMN trace', async () => {
    const model = await createDmn(tenant, fixture('loan-offer.dmn'));
    assert.deepEqual(Object.keys(model.input_schema.properties).sort(), [
      'Applicant Age',
      'Application Date',
      'Monthly Income',
    ]);
    assert.equal(model.input_schema.additionalProperties, false, 'unknown inputs are refused');
    assert.deepEqual(Object.keys(model.output_schema.properties).sort(), Object.keys(LOAN_OUTPUTS).sort());
    const version = await call(stack.baseUrl, 'GET', `/api/v1/models/${model.id}/versions/1`, { key: tenant.key });
    assert.equal(version.body.format, 'dmn');
    assert.equal(version.body.dmn_namespace, 'https://example.com/dmn/loan-offer');
    assert.deepEqual(version.body.dmn_imports, []);
    assert.equal(version.body.dmn, fixture('loan-offer.dmn'));
    assert.equal(version.body.graph, null);

    const all = await evaluate(tenant, model.id, { inputs: LOAN_INPUTS, trace: true });
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.deepEqual(all.body.outputs, LOAN_OUTPUTS);
    const table = all.body.trace.find((step: any) => step.node_id === 'risk');
    assert.equal(table.kind, 'decisionTable');
    assert.equal(table.name, 'Risk Category');
    assert.equal(table.hit_policy, 'UNIQUE');
    assert.deepEqual(table.matched_rules, [{ index: 1, id: 'middle' }]);
    assert.equal(all.body.trace.find((step: any) => step.node_id === 'max_loan').kind, 'literalExpression');
    // Each step's output is JSON, as the outputs are.
    assert.equal(table.output, 'Medium');
    assert.equal(all.body.trace.find((step: any) => step.node_id === 'max_loan').output, 24000);
    assert.deepEqual(all.body.trace.find((step: any) => step.node_id === 'offer').output, {
      amount: 24000,
      currency: 'EUR',
    });
    assert.equal(all.body.trace.find((step: any) => step.node_id === 'review_by').output, '2026-02-14');

    const some = await evaluate(tenant, model.id, { inputs: LOAN_INPUTS, decisions: ['Eligible', 'Review By'] });
    assert.equal(some.status, 200, JSON.stringify(some.body));
    assert.deepEqual(some.body.outputs, { Eligible: true, 'Review By': '2026-02-14' });
    const unknown = await evaluate(tenant, model.id, { inputs: LOAN_INPUTS, decisions: ['Eligible', 'Nope'] });
    assert.equal(unknown.status, 422);
    assert.deepEqual(
      unknown.body.errors.map((e: any) => e.path),
      ['/decisions/1'],
    );

    // A batch: each item its own outputs or error, in order.
    const batch = await evaluate(tenant, model.id, {
      items: [
        { inputs: { ...LOAN_INPUTS, 'Applicant Age': 70 } },
        { inputs: { ...LOAN_INPUTS, 'Applicant Age': 'old' } },
      ],
      decisions: ['Risk Category'],
    });
    assert.equal(batch.status, 200, JSON.stringify(batch.body));
    assert.deepEqual(batch.body.results[0].outputs, { 'Risk Category': 'Low' });
    assert.equal(batch.body.results[1].error.code, 'validation_failed');
    assert.equal(batch.body.results[1].error.errors[0].path, '/items/1/inputs/Applicant Age');

    // A number beyond double precision is sent as a string and answered as a decimal string.
    const big = await evaluate(tenant, model.id, {
      inputs: { ...LOAN_INPUTS, 'Monthly Income': '12345678901234567890.12' },
      decisions: ['Max Loan'],
    });
    assert.equal(big.status, 200, JSON.stringify(big.body));
    assert.deepEqual(big.body.outputs, { 'Max Loan': '59259258725925925872.576' });

    // Validation runs on the derived schema: a misspelt input and a wrong type are named.
    const invalid = await evaluate(tenant, model.id, { inputs: { ...LOAN_INPUTS, 'Applicant Age': true, Agee: 3 } });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.body.errors.map((e: any) => e.path).sort(), ['/inputs/Agee', '/inputs/Applicant Age']);
    const validate = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/validate`, {
      key: tenant.key,
      body: { inputs: LOAN_INPUTS, model_version: '1' },
    });
    assert.equal(validate.status, 200, JSON.stringify(validate.body));
    assert.equal(validate.body.valid, true);

    // A JDM model has no decisions to name.
    const builtin = await call(stack.baseUrl, 'POST', '/api/v1/models/mdl_service_queue_staffing/evaluate', {
      key: tenant.key,
      body: {
        inputs: {
          arrival_rate_per_hour: 100,
          average_handle_time_seconds: 180,
          target_service_level: 0.8,
          target_answer_time_seconds: 20,
        },
        decisions: ['x'],
      },
    });
    assert.equal(builtin.status, 422);
    assert.equal(builtin.body.errors[0].path, '/decisions');
  });

  it('runs scenarios on a published DMN model through the workflow: metrics by decision name, lists and the trace in the decision structure', async () => {
    const model = await createDmn(tenant, fixture('loan-offer.dmn'), {
      metric_directions: { 'Max Loan': 'higher_is_better' },
    });
    await publishThroughReview(stack, tenant, await board(), model.id, '1', LOAN_INPUTS);
    const run = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: model.id, inputs: LOAN_INPUTS },
    });
    assert.equal(run.status, 201, JSON.stringify(run.body));
    assert.equal(run.body.status, 'completed');
    assert.deepEqual(run.body.metrics, {
      'Risk Category': 'Medium',
      'Max Loan': 24000,
      'Offer.amount': 24000,
      'Offer.currency': 'EUR',
      Eligible: 'true',
      'Review By': '2026-02-14',
    });
    const structure = run.body.decision_structure;
    assert.deepEqual(structure.details.output.Checks, ['identity', 'none']);
    assert.deepEqual(
      structure.alternatives.filter((a: any) => a.chosen).map((a: any) => a.id),
      ['risk/middle'],
    );
    assert.ok(
      structure.details.trace.some((step: any) => step.decision_id === 'risk' && step.matched_rules[0].id === 'middle'),
    );
    assert.ok(
      structure.derivation.some((step: any) => step.step === 'Max Loan (literalExpression)' && step.value === 24000),
    );
    const executed = run.body.audit_trail.find((e: any) => e.event === 'model_executed');
    assert.equal(executed.details.engine, 'dmn');
    // The published version's live run replayed against a draft that lends less: the change per metric.
    const v2 = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/versions`, {
      key: tenant.key,
      body: { dmn: fixture('loan-offer.dmn').replace('Monthly Income * 12 * 0.4', 'Monthly Income * 12 * 0.35') },
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    const replay = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/replays`, {
      key: tenant.key,
      body: { version: '2' },
    });
    assert.equal(replay.status, 202, JSON.stringify(replay.body));
    const replayed = await waitFor('the replay to finish', async () => {
      const polled = await call(stack.baseUrl, 'GET', `/api/v1/models/${model.id}/replays/${replay.body.id}`, {
        key: tenant.key,
      });
      return ['queued', 'running'].includes(polled.body.status) ? undefined : polled.body;
    });
    assert.equal(replayed.status, 'completed', JSON.stringify(replayed));
    assert.equal(replayed.report.runs_failing, 0, JSON.stringify(replayed.report.failing));
    const maxLoan = replayed.report.metrics.find((m: any) => m.metric === 'Max Loan');
    assert.deepEqual(
      maxLoan.largest_changes.map((c: any) => [c.scenario_id, c.before, c.after]),
      [[run.body.id, 24000, 21000]],
    );
    assert.equal(replayed.report.metrics.find((m: any) => m.metric === 'Risk Category').changed, 0);

    // Scenario inputs are checked against the derived schema too.
    const invalid = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: model.id, inputs: { ...LOAN_INPUTS, Agee: 1 } },
    });
    assert.equal(invalid.status, 422);
    assert.equal(invalid.body.errors[0].path, '/inputs/Agee');
  });

  it('runs a test suite on a DMN version by decision name with rule coverage, and diffs versions rule by rule', async () => {
    const model = await createDmn(tenant, fixture('loan-offer.dmn'));
    const addCase = (name: string, inputs: Record<string, unknown>, expected: Record<string, unknown>) =>
      call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/test-cases`, {
        key: tenant.key,
        body: { name, inputs, expected },
      });
    const middle = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/test-cases`, {
      key: tenant.key,
      body: {
        name: 'middle',
        inputs: LOAN_INPUTS,
        expected: { 'Risk Category': 'Medium', 'Offer.amount': 24000 },
        expected_rules: ['middle'],
      },
    });
    assert.equal(middle.status, 201, JSON.stringify(middle.body));
    assert.equal(
      (
        await addCase(
          'young',
          { ...LOAN_INPUTS, 'Applicant Age': 20 },
          { 'Risk Category': 'High', Checks: ['identity', 'guarantor'] },
        )
      ).status,
      201,
    );
    assert.equal(
      (await addCase('wrong', { ...LOAN_INPUTS, 'Applicant Age': 70 }, { 'Risk Category': 'Medium' })).status,
      201,
    );
    const run = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/test-runs`, {
      key: tenant.key,
      body: { version: '1' },
    });
    assert.equal(run.status, 201, JSON.stringify(run.body));
    assert.deepEqual(
      run.body.cases.map((c: any) => c.status),
      ['passed', 'passed', 'failed'],
    );
    assert.deepEqual(
      run.body.cases[2].differences.map((d: any) => [d.output, d.expected, d.actual]),
      [['Risk Category', 'Medium', 'Low']],
    );
    assert.equal(run.body.coverage.rules_total, 3);
    assert.equal(run.body.coverage.rules_hit, 3);
    assert.equal(run.body.coverage.decision_tables[0].node_id, 'risk');
    assert.deepEqual(run.body.cases[0].matched_rules, ['middle']);

    // Version 2: a rule changed, one added, the hit policy changed, a literal expression changed, a decision removed.
    const v2Xml = fixture('loan-offer.dmn')
      .replace('hitPolicy="UNIQUE"', 'hitPolicy="FIRST"')
      .replace('<text>[25..60)</text>', '<text>[25..65)</text>')
      .replace('<text>&gt;= 60</text>', '<text>&gt;= 65</text>')
      .replace(
        '</decisionTable>',
        '<rule id="fallback"><inputEntry><text>-</text></inputEntry><outputEntry><text>"Unknown"</text></outputEntry><annotationEntry><text>catch-all</text></annotationEntry></rule></decisionTable>',
      )
      .replace('Monthly Income * 12 * 0.4', 'Monthly Income * 12 * 0.35')
      .replace(/<decision id="checks"[\s\S]*?<\/decision>/, '');
    const v2 = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/versions`, {
      key: tenant.key,
      body: { dmn: v2Xml },
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    const diff = await call(stack.baseUrl, 'GET', `/api/v1/models/${model.id}/versions/2/diff?against=1`, {
      key: tenant.key,
    });
    assert.equal(diff.status, 200, JSON.stringify(diff.body));
    assert.deepEqual(diff.body.graph.nodes_removed, [{ id: 'checks', name: 'Checks', type: 'literalExpression' }]);
    const [table] = diff.body.graph.decision_tables;
    assert.equal(table.node_id, 'risk');
    assert.deepEqual(table.hit_policy, { from: 'UNIQUE', to: 'FIRST' });
    assert.deepEqual(
      table.rules_added.map((r: any) => r.id),
      ['fallback'],
    );
    assert.deepEqual(
      table.rules_changed.map((r: any) => [r.id, r.cells]),
      [
        ['middle', [{ column: 'Applicant Age', from: '[25..60)', to: '[25..65)' }]],
        ['senior', [{ column: 'Applicant Age', from: '>= 60', to: '>= 65' }]],
      ],
    );
    assert.deepEqual(diff.body.graph.expressions, [
      { node_id: 'max_loan', key: 'Max Loan', from: 'Monthly Income * 12 * 0.4', to: 'Monthly Income * 12 * 0.35' },
    ]);
    assert.deepEqual(
      diff.body.output_changes.map((c: any) => [c.name, c.change]),
      [['Checks', 'removed']],
    );

    // A draft's content is replaced by another DMN model like any upload.
    const replaced = await call(stack.baseUrl, 'PUT', `/api/v1/models/${model.id}/versions/2`, {
      key: tenant.key,
      body: { dmn: fixture('loan-offer.dmn') },
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal(replaced.body.content_revision, 2);
    assert.equal(
      replaced.body.graph_sha256,
      (await call(stack.baseUrl, 'GET', `/api/v1/models/${model.id}/versions/1`, { key: tenant.key })).body
        .graph_sha256,
    );
  });

  it('imports a DMN suite as CSV, cells read by the derived schemas (numbers, dates, booleans, dotted context entries)', async () => {
    const model = await createDmn(tenant, fixture('loan-offer.dmn'));
    const csv = [
      'name,Applicant Age,Monthly Income,Application Date,expected.Risk Category,expected.Max Loan,expected.Eligible,expected.Offer.amount,expected.Review By',
      'senior,70,5000,2026-01-15,Low,24000,true,24000,2026-02-14',
      'young,20,1000.5,2026-03-01,High,4802.4,true,2401.2,2026-03-31',
      'wrong,45,5000,2026-01-15,High,24000,true,24000,2026-02-14',
    ].join('\n');
    const imported = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/test-cases/import`, {
      key: tenant.key,
      body: { csv },
    });
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    const run = await call(stack.baseUrl, 'POST', `/api/v1/models/${model.id}/test-runs`, {
      key: tenant.key,
      body: { version: '1' },
    });
    assert.equal(run.status, 201, JSON.stringify(run.body));
    assert.deepEqual(
      run.body.cases.map((c: any) => [c.name, c.status]),
      [
        ['senior', 'passed'],
        ['young', 'passed'],
        ['wrong', 'failed'],
      ],
      JSON.stringify(run.body.cases),
    );
    assert.deepEqual(
      run.body.cases[2].differences.map((d: any) => [d.output, d.expected, d.actual]),
      [['Risk Category', 'High', 'Medium']],
    );
  });

  it('refuses malformed XML, a DOCTYPE (XXE) without reading the file, a missing input, a FEEL syntax error and a requirement cycle, naming the element', async () => {
    assert.ok(
      (await refused('<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" namespace="x"><decision'))
        .length > 0,
    );
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE definitions [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n${dmnModel('https://example.com/xxe', `${amountInput}${literalDecision('leak', 'Leak', '"&secret;"')}`)}`;
    const xxeResponse = await upload(tenant, { dmn: xxe });
    assert.equal(xxeResponse.status, 422, JSON.stringify(xxeResponse.body));
    assert.ok(!JSON.stringify(xxeResponse.body).includes('root:'), 'nothing of /etc/passwd leaks');
    assert.ok(xxeResponse.body.errors.every((e: any) => e.path === '/dmn'));

    const missing = await refused(
      dmnModel(
        'https://example.com/missing-input',
        `${amountInput}${literalDecision('total', 'Total', 'Amount * 2', '<informationRequirement><requiredInput href="#nowhere"/></informationRequirement>')}`,
      ),
    );
    assert.ok(
      missing.some((m) => m.includes('"Total"') && m.includes('"total"')),
      missing.join(' | '),
    );

    const syntax = await refused(
      dmnModel(
        'https://example.com/feel-syntax',
        `${amountInput}${literalDecision('broken', 'Broken', 'Amount +* 2')}`,
      ),
    );
    assert.ok(
      syntax.some((m) => m.includes('"Broken"') && m.includes('"broken"')),
      syntax.join(' | '),
    );

    const cycle = await refused(
      dmnModel(
        'https://example.com/cycle',
        `${literalDecision('a', 'A', 'B + 1', '<informationRequirement><requiredDecision href="#b"/></informationRequirement>')}${literalDecision('b', 'B', 'A + 1', '<informationRequirement><requiredDecision href="#a"/></informationRequirement>')}`,
      ),
    );
    assert.ok(
      cycle.some((m) => /cycl/i.test(m)),
      cycle.join(' | '),
    );

    const oversized = await upload(tenant, {
      dmn: `${dmnModel('https://example.com/big', amountInput)}<!--${'x'.repeat(4 * 1024 * 1024)}-->`,
    });
    assert.equal(oversized.status, 422);
    assert.ok(
      oversized.body.errors.some((e: any) => e.path === '/dmn'),
      JSON.stringify(oversized.body.errors),
    );
    // Exactly one of graph and dmn.
    const both = await upload(tenant, {
      dmn: fixture('loan-offer.dmn'),
      graph: { nodes: [], edges: [] },
      input_schema: { type: 'object' },
      output_schema: { type: 'object' },
    });
    assert.equal(both.status, 422);
  });

  it("resolves imports among the tenant's own DMN models, records them, and refuses another tenant's namespace exactly as an unknown one", async () => {
    // Before the imported model exists, the import is refused.
    const before = await refused(fixture('priced.dmn'));
    assert.ok(
      before.some((m) => m.includes('imported model not found') && m.includes('https://example.com/dmn/base-rate')),
      before.join(' | '),
    );

    const other = await createTestTenant(stack.db);
    await createDmn(other, fixture('base-rate.dmn'));
    // Another tenant's model with that namespace changes nothing: the same answer as before.
    assert.deepEqual(await refused(fixture('priced.dmn')), before);

    const base = await createDmn(tenant, fixture('base-rate.dmn'));
    const priced = await createDmn(tenant, fixture('priced.dmn'));
    const version = await call(stack.baseUrl, 'GET', `/api/v1/models/${priced.id}/versions/1`, { key: tenant.key });
    assert.deepEqual(
      version.body.dmn_imports.map((i: any) => [i.namespace, i.name, i.model_id, i.version]),
      [['https://example.com/dmn/base-rate', 'base', base.id, '1']],
    );
    // The imported model's input data are inputs too, named `import.input`, in the derived schema.
    assert.deepEqual(Object.keys(priced.input_schema.properties).sort(), ['Price', 'base.Rate']);
    const answer = await evaluate(tenant, priced.id, { inputs: { Price: 100, 'base.Rate': 0.5 } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.outputs, { 'Final Price': 90, 'Rated Price': 50 });
  });

  it('keeps DMN models to their tenant', async () => {
    const model = await createDmn(tenant, fixture('loan-offer.dmn'));
    const other = await createTestTenant(stack.db);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['GET', '/versions/1', undefined],
      ['POST', '/versions', { dmn: fixture('loan-offer.dmn') }],
      ['POST', '/evaluate', { inputs: LOAN_INPUTS, version: '1' }],
    ] as const) {
      const response = await call(stack.baseUrl, method, `/api/v1/models/${model.id}${suffix}`, {
        key: other.key,
        body,
      });
      assert.equal(response.status, 404, `${method} ${suffix}: ${JSON.stringify(response.body)}`);
    }
  });

  describe('DMN TCK compliance level 2, through HTTP', () => {
    const MODELS = [
      '0001-input-data-string',
      '0002-input-data-number',
      '0004-simpletable-U',
      '0005-simpletable-A',
      '0008-LX-arithmetic',
      '0010-multi-output-U',
      '0108-first-hitpolicy',
      '0115-sum-collect-hitpolicy',
    ];
    for (const name of MODELS) {
      it(`${name}: every test case's expected results`, async () => {
        const directory = path.join(TCK_ROOT, 'compliance-level-2', name);
        const dmnFile = fs.readdirSync(directory).find((file) => file.endsWith('.dmn'));
        const testFiles = fs.readdirSync(directory).filter((file) => file.endsWith('.xml'));
        assert.ok(
          dmnFile && testFiles.length > 0,
          `${directory}: the TCK is checked out beside the repository (../shared/dmn-tck)`,
        );
        const model = await createDmn(tenant, fs.readFileSync(path.join(directory, dmnFile), 'utf8'), {
          name: `TCK ${name}`,
        });
        const cases = testFiles.flatMap((file) => readTckCases(path.join(directory, file)));
        assert.ok(cases.length > 0);
        const failures: string[] = [];
        for (const testCase of cases) {
          const answer = await evaluate(tenant, model.id, {
            inputs: testCase.inputs,
            decisions: Object.keys(testCase.expected),
          });
          if (answer.status !== 200) {
            failures.push(`${testCase.id}: ${answer.status} ${JSON.stringify(answer.body)}`);
            continue;
          }
          for (const [decision, expected] of Object.entries(testCase.expected)) {
            if (!tckEquals(expected, answer.body.outputs[decision]))
              failures.push(
                `${testCase.id} ${decision}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(answer.body.outputs[decision])}`,
              );
          }
        }
        assert.deepEqual(failures, []);
      });
    }
  });
});
