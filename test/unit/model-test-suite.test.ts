import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { holdsNumber, judgeCase, outputAt, suiteCoverage } from '../../decision/model-test-suite';
import type { JdmGraph } from '../../decision/jdm';

describe('model test suites: judging a case and coverage (pure)', () => {
  it('reads an output by key or by dotted path', () => {
    assert.equal(outputAt({ 'a.b': 1, a: { b: 2 } }, 'a.b'), 1);
    assert.equal(outputAt({ a: { b: 2 } }, 'a.b'), 2);
    assert.equal(outputAt({ a: { b: 2 } }, 'a.c'), undefined);
  });

  it('matches numbers within an absolute or relative tolerance, exactly without one, and everything else exactly', () => {
    const judge = (
      expected: Record<string, unknown>,
      tolerances: Record<string, any>,
      outputs: Record<string, unknown>,
    ) => judgeCase({ expected, tolerances, expectedRules: null }, outputs, new Set());
    assert.equal(judge({ x: 1 }, { x: { absolute: 0.1 } }, { x: 1.1 }).passed, true);
    assert.equal(judge({ x: 1 }, { x: { absolute: 0.1 } }, { x: 1.2 }).passed, false);
    assert.equal(judge({ x: 100 }, { x: { relative: 0.05 } }, { x: 95 }).passed, true);
    assert.equal(judge({ x: 100 }, { x: { relative: 0.05 } }, { x: 94.9 }).passed, false);
    assert.equal(judge({ x: 0.3 }, {}, { x: 0.1 + 0.2 }).passed, false);
    assert.equal(judge({ flag: true, tier: 'gold' }, {}, { flag: true, tier: 'gold' }).passed, true);
    assert.deepEqual(
      judge({ flag: true }, {}, { flag: 'true' }).differences.map((d) => d.message),
      ['expected boolean, got string'],
    );
    assert.deepEqual(
      judge({ x: 1 }, {}, {}).differences.map((d) => d.message),
      ['the model did not output it'],
    );
    const wrong = judge({ x: 2 }, { x: { absolute: 0.5 } }, { x: 3 });
    assert.deepEqual(wrong.differences[0], {
      output: 'x',
      expected: 2,
      actual: 3,
      difference: 1,
      tolerance: { absolute: 0.5 },
      message: 'outside the tolerance',
    });
  });

  it('compares booleans, enum values and dates exactly, and lists and objects element by element with the tolerance on numbers', () => {
    const judge = (
      expected: Record<string, unknown>,
      tolerances: Record<string, any>,
      outputs: Record<string, unknown>,
    ) => judgeCase({ expected, tolerances, expectedRules: null }, outputs, new Set());
    const outputs = {
      approved: false,
      tier: 'gold',
      due: '2026-12-01',
      at: '2026-12-01T10:00:00Z',
      prices: [9.99, 20],
      quote: { total: 100.004, lines: [{ sku: 'a', qty: 2 }] },
    };
    assert.equal(
      judge({ approved: false, tier: 'gold', due: '2026-12-01', at: '2026-12-01T10:00:00Z' }, {}, outputs).passed,
      true,
    );
    assert.deepEqual(
      judge({ due: '2026-12-02', approved: true }, {}, outputs).differences.map((d) => [d.output, d.message]),
      [
        ['due', 'not equal'],
        ['approved', 'not equal'],
      ],
    );
    assert.equal(judge({ prices: [10, 20] }, { prices: { absolute: 0.01 } }, outputs).passed, true);
    assert.deepEqual(
      judge({ prices: [10, 20] }, {}, outputs).differences.map((d) => [d.output, d.message, d.difference]),
      [['prices.0', 'not equal', 9.99 - 10]],
    );
    assert.deepEqual(
      judge({ prices: [9.99] }, {}, outputs).differences.map((d) => d.message),
      ['expected 1 item(s), got 2'],
    );
    assert.equal(
      judge({ quote: { total: 100, lines: [{ sku: 'a', qty: 2 }] } }, { quote: { absolute: 0.01 } }, outputs).passed,
      true,
    );
    assert.deepEqual(
      judge(
        { quote: { total: 100, lines: [{ sku: 'b', qty: 2, note: 'x' }], extra: 1 } },
        { quote: { absolute: 0.01 } },
        outputs,
      ).differences.map((d) => [d.output, d.message]),
      [
        ['quote.lines.0.sku', 'not equal'],
        ['quote.lines.0.note', 'the model did not output it'],
        ['quote.extra', 'the model did not output it'],
      ],
    );
    assert.deepEqual(
      judge({ quote: { total: 100.004 } }, {}, outputs).differences.map((d) => [d.output, d.message]),
      [['quote.lines', 'not expected']],
    );
    assert.deepEqual(
      judge({ 'quote.lines': { sku: 'a' } }, {}, outputs).differences.map((d) => d.message),
      ['expected an object, got list'],
    );
    assert.equal(holdsNumber({ a: ['x', { b: 1 }] }), true);
    assert.equal(holdsNumber({ a: ['x', true] }), false);
  });

  it('needs every expected rule among the matched ones', () => {
    const verdict = judgeCase(
      { expected: { x: 1 }, tolerances: {}, expectedRules: ['a', 'b'] },
      { x: 1 },
      new Set(['a']),
    );
    assert.equal(verdict.passed, false);
    assert.deepEqual(verdict.missingRules, ['b']);
  });

  it('counts the rules and branches a suite hit and names those it never did', () => {
    const graph: JdmGraph = {
      nodes: [
        {
          id: 't',
          name: 'Table',
          type: 'decisionTableNode',
          content: {
            hitPolicy: 'first',
            inputs: [],
            outputs: [],
            rules: [{ _id: 'r0' }, { _id: 'r1' }, { _id: 'r2' }],
          },
        },
        {
          id: 's',
          name: 'Switch',
          type: 'switchNode',
          content: {
            statements: [
              { id: 'a', condition: 'x > 1' },
              { id: 'b', condition: '' },
            ],
          },
        },
      ],
      edges: [],
    };
    const coverage = suiteCoverage(graph, [
      [
        { node_id: 't', name: 'Table', kind: 'decisionTableNode', output: {}, matched_rules: [{ index: 0, id: 'r0' }] },
        {
          node_id: 's',
          name: 'Switch',
          kind: 'switchNode',
          output: {},
          taken_branches: [{ id: 'a', condition: 'x > 1' }],
        },
      ],
      [
        {
          node_id: 't',
          name: 'Table',
          kind: 'decisionTableNode',
          output: {},
          matched_rules: [
            { index: 0, id: 'r0' },
            { index: 2, id: 'r2' },
          ],
        },
      ],
      undefined,
    ]);
    assert.equal(coverage.rules_total, 3);
    assert.equal(coverage.rules_hit, 2);
    assert.equal(coverage.rule_coverage_percent, 66.67);
    assert.deepEqual(coverage.decision_tables[0]?.hit, [
      { index: 0, id: 'r0', cases: 2 },
      { index: 2, id: 'r2', cases: 1 },
    ]);
    assert.deepEqual(coverage.decision_tables[0]?.never_hit, [{ index: 1, id: 'r1', description: null }]);
    assert.deepEqual(coverage.switches[0]?.never_taken, [{ id: 'b', condition: '' }]);
  });
});
