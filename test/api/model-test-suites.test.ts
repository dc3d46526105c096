import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discountModelBody, STAFFING_MODEL_ID } from '../fixtures/model-bodies';
import { call, createTestTenant, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/**
 * A tenant model's test suite: cases with expected outputs (tolerances, expected rules), bulk import as JSON or CSV,
 * and runs against a version with per-case verdicts, differences and rule coverage, stored per version.
 * The discount model's table: gold-bulk (gold, ≥ 100), gold, silver-bulk, silver, … (test/fixtures/jdm/discount-by-tier.json).
 */
describe('model test suites', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown, who: TestTenant = tenant) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: who.key, ...(body !== undefined ? { body } : {}) });
  const newModel = async (name: string) => {
    const created = await api('POST', '/models', discountModelBody(name));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  it('adds, reads, changes and removes test cases', async () => {
    const model = await newModel('Suite CRUD');
    const created = await api('POST', `/models/${model}/test-cases`, {
      name: 'gold bulk',
      inputs: { tier: 'gold', quantity: 150 },
      expected: { 'discount.rate': 0.2, segment: 'gold bulk' },
      tolerances: { 'discount.rate': { absolute: 0.001 } },
      expected_rules: ['gold-bulk'],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.id, /^mtc_/);
    assert.equal(created.headers.get('location'), `/api/v1/models/${model}/test-cases/${created.body.id}`);
    assert.deepEqual(created.body.expected_rules, ['gold-bulk']);
    const read = await api('GET', `/models/${model}/test-cases/${created.body.id}`);
    assert.deepEqual(read.body, created.body);
    const changed = await api('PATCH', `/models/${model}/test-cases/${created.body.id}`, { name: 'gold, bulk order' });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.name, 'gold, bulk order');
    assert.deepEqual(changed.body.expected, created.body.expected);
    const listed = await api('GET', `/models/${model}/test-cases`);
    assert.deepEqual(
      listed.body.data.map((c: any) => c.id),
      [created.body.id],
    );
    assert.equal((await api('DELETE', `/models/${model}/test-cases/${created.body.id}`)).status, 204);
    assert.equal((await api('GET', `/models/${model}/test-cases/${created.body.id}`)).status, 404);
  });

  it('imports cases from JSON and from CSV, all or none', async () => {
    const model = await newModel('Suite import');
    const json = await api('POST', `/models/${model}/test-cases/import`, {
      cases: [
        { name: 'silver small', inputs: { tier: 'silver', quantity: 5 }, expected: { segment: 'silver' } },
        { name: 'gold small', inputs: { tier: 'gold', quantity: 5 }, expected: { 'discount.rate': 0.1 } },
      ],
    });
    assert.equal(json.status, 201, JSON.stringify(json.body));
    assert.deepEqual(
      json.body.data.map((c: any) => c.name),
      ['silver small', 'gold small'],
    );
    const csv = await api('POST', `/models/${model}/test-cases/import`, {
      csv: 'name,tier,quantity,expected.discount.rate,expected.segment\ngold bulk,gold,150,0.2,gold bulk\nbronze,bronze,3,0,bronze\n',
    });
    assert.equal(csv.status, 201, JSON.stringify(csv.body));
    assert.deepEqual(csv.body.data[0].inputs, { tier: 'gold', quantity: 150 });
    assert.deepEqual(csv.body.data[0].expected, { 'discount.rate': 0.2, segment: 'gold bulk' });
    // Cells are read as their column's schema type: `segment` is a string even where it reads as a number.
    const typed = await api('POST', `/models/${model}/test-cases/import`, {
      csv: 'name,tier,quantity,expected.segment\nnumeric text,silver,2,100\n',
    });
    assert.equal(typed.status, 201, JSON.stringify(typed.body));
    assert.deepEqual(typed.body.data[0].expected, { segment: '100' });
    assert.deepEqual(typed.body.data[0].inputs, { tier: 'silver', quantity: 2 });
    // A tolerance on a string output refuses the whole import; nothing of it is stored.
    const refused = await api('POST', `/models/${model}/test-cases/import`, {
      cases: [
        { name: 'fine', inputs: { tier: 'gold', quantity: 1 }, expected: { segment: 'gold' } },
        {
          name: 'bad',
          inputs: { tier: 'gold', quantity: 1 },
          expected: { segment: 'gold' },
          tolerances: { segment: { absolute: 1 } },
        },
      ],
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      ['/cases/1/tolerances/segment'],
    );
    assert.equal((await api('GET', `/models/${model}/test-cases?limit=100`)).body.data.length, 5);
    const badCsv = await api('POST', `/models/${model}/test-cases/import`, { csv: 'tier,quantity\ngold,1\n' });
    assert.equal(badCsv.status, 422);
    assert.equal(badCsv.body.errors[0].path, '/csv');
  });

  it('runs the suite: verdicts, differences within tolerances, expected rules, and rule coverage', async () => {
    const model = await newModel('Suite run');
    const cases = [
      {
        name: 'gold bulk',
        inputs: { tier: 'gold', quantity: 150 },
        expected: { 'discount.rate': 0.2, segment: 'gold bulk' },
        expected_rules: ['gold-bulk'],
      },
      // Within its relative tolerance of 10 %: 0.19 against 0.2.
      {
        name: 'gold bulk, close',
        inputs: { tier: 'gold', quantity: 120 },
        expected: { 'discount.rate': 0.19 },
        tolerances: { 'discount.rate': { relative: 0.1 } },
      },
      // Wrong: expects 0.15, the table gives 0.1, outside an absolute tolerance of 0.01; and names a rule that does not match.
      {
        name: 'gold small, wrong',
        inputs: { tier: 'gold', quantity: 5 },
        expected: { 'discount.rate': 0.15, segment: 'gold' },
        tolerances: { 'discount.rate': { absolute: 0.01 } },
        expected_rules: ['gold-bulk'],
      },
      // Inputs the model refuses.
      { name: 'unknown tier', inputs: { tier: 'platinum', quantity: 5 }, expected: { segment: 'platinum' } },
    ];
    assert.equal((await api('POST', `/models/${model}/test-cases/import`, { cases })).status, 201);
    const run = await api('POST', `/models/${model}/test-runs`, {});
    assert.equal(run.status, 201, JSON.stringify(run.body));
    assert.match(run.body.id, /^mtr_/);
    assert.equal(run.body.version, '1');
    assert.equal(run.body.status, 'failed');
    assert.equal(run.body.passed, 2);
    assert.equal(run.body.failed, 2);
    const [first, close, wrong, refused] = run.body.cases;
    assert.equal(first.status, 'passed');
    assert.deepEqual(first.matched_rules, ['gold-bulk']);
    assert.equal(close.status, 'passed');
    assert.equal(wrong.status, 'failed');
    assert.equal(wrong.differences.length, 1);
    assert.equal(wrong.differences[0].output, 'discount.rate');
    assert.equal(wrong.differences[0].expected, 0.15);
    assert.equal(wrong.differences[0].actual, 0.1);
    assert.ok(Math.abs(wrong.differences[0].difference - -0.05) < 1e-12);
    assert.deepEqual(wrong.differences[0].tolerance, { absolute: 0.01 });
    assert.deepEqual(wrong.missing_rules, ['gold-bulk']);
    assert.equal(refused.status, 'failed');
    assert.deepEqual(
      refused.errors.map((e: any) => e.path),
      ['/inputs/tier'],
    );
    // Coverage: of the table's rules, the cases hit gold-bulk (twice) and gold; the rest are named as never hit.
    const table = run.body.coverage.decision_tables[0];
    assert.equal(table.node_id, 'discount-table');
    assert.deepEqual(
      table.hit.map((r: any) => [r.id, r.cases]),
      [
        ['gold-bulk', 2],
        ['gold', 1],
      ],
    );
    assert.equal(table.never_hit.length, table.rules - 2);
    assert.ok(table.never_hit.some((r: any) => r.id === 'silver-bulk'));
    assert.equal(run.body.coverage.rules_hit, 2);
    assert.equal(run.body.coverage.rules_total, table.rules);
    // Stored: the latest report per version comes first.
    const again = await api('POST', `/models/${model}/test-runs`, { version: '1' });
    const runs = await api('GET', `/models/${model}/test-runs?version=1`);
    assert.deepEqual(
      runs.body.data.map((r: any) => r.id),
      [again.body.id, run.body.id],
    );
    const stored = await api('GET', `/models/${model}/test-runs/${run.body.id}`);
    assert.deepEqual(stored.body, run.body);
  });

  it('refuses bad input with a 422 naming the field, a run without cases, and built-in models', async () => {
    const model = await newModel('Suite refusals');
    const cases: Array<[unknown, string]> = [
      [{ inputs: { tier: 'gold' }, expected: { segment: 'gold' } }, '/name'],
      [{ name: 'x', inputs: { tier: 'gold' }, expected: {} }, '/expected'],
      [
        { name: 'x', inputs: { tier: 'gold' }, expected: { a: 1 }, tolerances: { a: { absolute: -1 } } },
        '/tolerances/a',
      ],
      [{ name: 'x', inputs: { tier: 'gold' }, expected: { a: 1 }, extra: true }, '/extra'],
    ];
    for (const [body, path] of cases) {
      const answer = await api('POST', `/models/${model}/test-cases`, body);
      assert.equal(answer.status, 422, JSON.stringify(answer.body));
      assert.ok(
        answer.body.errors.some((e: any) => e.path.startsWith(path)),
        `${path}: ${JSON.stringify(answer.body.errors)}`,
      );
    }
    const noCases = await api('POST', `/models/${model}/test-runs`, {});
    assert.equal(noCases.status, 422);
    const noVersion = await api('POST', `/models/${model}/test-runs`, { version: '7' });
    assert.equal(noVersion.status, 422);
    assert.equal(noVersion.body.errors[0].path, '/version');
    assert.equal((await api('GET', `/models/${model}/test-runs`)).body.data.length, 0);
    assert.equal(
      (await api('POST', `/models/${STAFFING_MODEL_ID}/test-cases`, { name: 'x', inputs: {}, expected: { a: 1 } }))
        .status,
      409,
    );
  });

  it("keeps a tenant's suite and runs invisible to other tenants (404)", async () => {
    const model = await newModel('Suite tenancy');
    const testCase = (
      await api('POST', `/models/${model}/test-cases`, {
        name: 'g',
        inputs: { tier: 'gold', quantity: 1 },
        expected: { segment: 'gold' },
      })
    ).body;
    const run = (await api('POST', `/models/${model}/test-runs`, {})).body;
    const other = await createTestTenant(stack.db);
    for (const [method, path, body] of [
      ['GET', `/models/${model}/test-cases`],
      ['POST', `/models/${model}/test-cases`, { name: 'x', inputs: {}, expected: { a: 1 } }],
      ['POST', `/models/${model}/test-cases/import`, { cases: [{ name: 'x', inputs: {}, expected: { a: 1 } }] }],
      ['GET', `/models/${model}/test-cases/${testCase.id}`],
      ['PATCH', `/models/${model}/test-cases/${testCase.id}`, { name: 'y' }],
      ['DELETE', `/models/${model}/test-cases/${testCase.id}`],
      ['POST', `/models/${model}/test-runs`, {}],
      ['GET', `/models/${model}/test-runs`],
      ['GET', `/models/${model}/test-runs/${run.id}`],
    ] as Array<[string, string, unknown?]>) {
      const answer = await api(method, path, body, other);
      assert.equal(answer.status, 404, `${method} ${path}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await api('GET', `/models/${model}/test-cases/${testCase.id}`)).body.name, 'g');
  });
});
