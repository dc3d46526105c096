/**
 * Decision-table verification, piece by piece: the atom set algebra, columns (open and closed bounds, adjacency,
 * integers, negation, value sets, dates as instants), the two cell readers, and each finding on small hand-made
 * tables in both formats. The engines themselves judge the analysis in table-verification-properties.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseVersion, generateCases, type TableAnalysis } from '../../decision/verification';
import { Column } from '../../decision/verification/column';
import { readFeelCell } from '../../decision/verification/feel-cells';
import { readJdmCell } from '../../decision/verification/jdm-cells';
import { complement, contains, intersect, subtract, union } from '../../decision/verification/range-set';

describe('atom sets', () => {
  it('unite, intersect, complement and compare ranges', () => {
    assert.deepEqual(union([0, 2, 6, 7], [3, 4]), [0, 4, 6, 7]);
    assert.deepEqual(intersect([0, 4, 6, 9], [3, 7]), [3, 4, 6, 7]);
    assert.deepEqual(complement([2, 3, 6, 6], 8), [0, 1, 4, 5, 7, 7]);
    assert.deepEqual(subtract([0, 9], [3, 4], 10), [0, 2, 5, 9]);
    assert.equal(contains([0, 4, 6, 9], [1, 3, 7, 8]), true);
    assert.equal(contains([0, 4, 6, 9], [4, 6]), false);
  });
});

/** The uncovered part of a column's domain after the given cells, as the report writes it. */
function uncovered(type: ConstructorParameters<typeof Column>[1], cells: string[], domain = {}): unknown {
  const tests = cells.map(readJdmCell);
  const column = new Column('x', type, tests, domain);
  let covered: readonly number[] = [];
  for (const test of tests) {
    const set = column.setOf(test);
    assert.ok(set.ok);
    covered = union(covered, set.set);
  }
  const left = subtract(column.domain, covered, column.size);
  return left.length === 0 ? 'nothing' : column.region(left);
}

const interval = (from: string | null, fromInclusive: boolean, to: string | null, toInclusive: boolean) => ({
  from: from === null ? null : { value: from, inclusive: fromInclusive },
  to: to === null ? null : { value: to, inclusive: toInclusive },
});

describe('columns', () => {
  it('< 10 and >= 10 leave no gap; < 10 and > 10 leave the point 10', () => {
    assert.equal(uncovered('number', ['< 10', '>= 10']), 'nothing');
    assert.deepEqual(uncovered('number', ['< 10', '> 10']), {
      kind: 'intervals',
      type: 'number',
      intervals: [interval('10', true, '10', true)],
    });
  });

  it('on integers <= 9 and >= 10 are adjacent; on decimals they leave (9..10)', () => {
    assert.equal(uncovered('integer', ['<= 9', '>= 10']), 'nothing');
    assert.deepEqual(uncovered('number', ['<= 9', '>= 10']), {
      kind: 'intervals',
      type: 'number',
      intervals: [interval('9', false, '10', false)],
    });
    // on integers an open bound reads as the next whole value
    assert.deepEqual(uncovered('integer', ['< 0', '> 5']), {
      kind: 'intervals',
      type: 'number',
      intervals: [interval('0', true, '5', true)],
    });
  });

  it('numbers are exact decimals', () => {
    assert.deepEqual(uncovered('number', ['< 0.1', '> 0.30000000000000004', '[0.1..0.3]']), {
      kind: 'intervals',
      type: 'number',
      intervals: [interval('0.3', false, '0.30000000000000004', true)],
    });
  });

  it('strings: listed values and everything except them; negation; booleans', () => {
    assert.deepEqual(uncovered('string', ['"a", "b"']), { kind: 'values', values: ['a', 'b'], negated: true });
    assert.equal(uncovered('string', ['"a"', '!= "a"']), 'nothing');
    assert.deepEqual(uncovered('boolean', ['true']), { kind: 'values', values: [false], negated: false });
    const feel = new Column('x', 'string', [readFeelCell('not("a", "b")')], {});
    const set = feel.setOf(readFeelCell('not("a", "b")'));
    assert.ok(set.ok);
    assert.deepEqual(feel.region(set.set), { kind: 'values', values: ['a', 'b'], negated: true });
  });

  it('a domain from an enum or bounds limits the gaps', () => {
    const domain = { test: readJdmCell('"a", "b", "c"') };
    assert.deepEqual(uncovered('string', ['"a"'], domain), { kind: 'values', values: ['b', 'c'], negated: false });
    assert.deepEqual(uncovered('integer', ['< 18'], { test: readJdmCell('[0..120]') }), {
      kind: 'intervals',
      type: 'number',
      intervals: [interval('18', true, '120', true)],
    });
  });

  it('dates are days and date-times with offsets are instants', () => {
    assert.deepEqual(uncovered('date', ['< date("2024-03-01")', '> date("2024-03-01")']), {
      kind: 'intervals',
      type: 'date',
      intervals: [interval('2024-03-01', true, '2024-03-01', true)],
    });
    const cells = ['< date and time("2024-01-01T12:00:00+02:00")', '>= date and time("2024-01-01T10:00:00Z")'];
    const tests = cells.map((cell) => readFeelCell(cell));
    const column = new Column('x', 'date-time', tests, {});
    const [left, right] = tests.map((test) => column.setOf(test));
    assert.ok(left?.ok && right?.ok);
    // 12:00+02:00 is 10:00Z: the two cells meet exactly
    assert.deepEqual(subtract(column.domain, union(left.set, right.set), column.size), []);
  });
});

describe('cell readers', () => {
  it('JDM: comparisons, intervals, lists, or, and, $; unknown for what it does not interpret', () => {
    assert.deepEqual(readJdmCell('').kind, 'any');
    assert.deepEqual(readJdmCell('(1..10]'), {
      kind: 'interval',
      from: { type: 'number', value: readNumber('1') },
      fromInclusive: false,
      to: { type: 'number', value: readNumber('10') },
      toInclusive: true,
    });
    assert.equal(readJdmCell('< 5 or > 10').kind, 'or');
    assert.equal(readJdmCell('"a", "b"').kind, 'or');
    assert.equal(readJdmCell('$ >= 1 and $ < 5').kind, 'and');
    for (const text of ['len($) > 3', 'other_field', 'not("a")', ']1..5[', '"open'])
      assert.equal(readJdmCell(text).kind, 'unknown', text);
  });

  it('FEEL: the FEEL parser reads -, not(...), ]a..b[, ? comparisons and temporal literals', () => {
    assert.equal(readFeelCell('-').kind, 'any');
    assert.equal(readFeelCell('not(1, 2)').kind, 'not');
    const open = readFeelCell(']1..5[');
    assert.ok(open.kind === 'interval' && !open.fromInclusive && !open.toInclusive);
    assert.equal(readFeelCell('? > 3').kind, 'compare');
    const at = readFeelCell('@"2024-01-01"');
    assert.ok(at.kind === 'compare' && at.value.type === 'date');
    for (const text of ['x + 1', '> Limit', 'count(?) > 1', '[1..'])
      assert.equal(readFeelCell(text).kind, 'unknown', text);
  });
});

function readNumber(text: string) {
  const test = readJdmCell(text);
  assert.ok(test.kind === 'compare' && test.value.type === 'number');
  return test.value.value;
}

type Rule = Record<string, string>;

function jdm(hitPolicy: 'first' | 'collect', fields: string[], rules: Rule[], outputField = 'out') {
  return {
    nodes: [
      { id: 'in', name: 'Input', type: 'inputNode' },
      {
        id: 't',
        name: 'Table',
        type: 'decisionTableNode',
        content: {
          hitPolicy,
          inputs: fields.map((field) => ({ id: field, name: field, field })),
          outputs: [{ id: 'out', name: outputField, field: outputField }],
          rules: rules.map((rule, index) => ({ _id: `r${index + 1}`, ...rule })),
        },
      },
      { id: 'o', name: 'Output', type: 'outputNode' },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 't' },
      { id: 'e2', sourceId: 't', targetId: 'o' },
    ],
  };
}

function analyseJdm(graph: unknown, inputSchema?: unknown, outputSchema?: unknown): TableAnalysis {
  const result = analyseVersion({
    format: 'jdm',
    content: graph,
    input_schema: inputSchema,
    output_schema: outputSchema,
  });
  assert.equal(result.tables.length, 1);
  return result.tables[0] as TableAnalysis;
}

const schema = {
  type: 'object',
  properties: {
    age: { type: 'integer', minimum: 0, maximum: 120 },
    income: { type: 'number' },
    tier: { type: 'string', enum: ['gold', 'silver', 'bronze'] },
  },
};

describe('findings on JDM tables', () => {
  it('gaps as few readable boxes, with the table path', () => {
    const table = analyseJdm(
      jdm(
        'first',
        ['age', 'income'],
        [
          { age: '< 18', income: '', out: '"minor"' },
          { age: '[21..120]', income: '', out: '"adult"' },
          { age: '[18..21)', income: '>= 0', out: '"young"' },
        ],
      ),
      schema,
    );
    assert.equal(table.path, '/graph/nodes/1');
    assert.deepEqual(
      table.gaps.map((gap) => gap.text),
      ['age in [18..20], income < 0'],
    );
    assert.equal(table.complete, true);
  });

  it('overlaps are info under first, masked rules by a union of earlier rules, first without overlaps advice', () => {
    const table = analyseJdm(
      jdm(
        'first',
        ['income'],
        [
          { income: '< 5', out: '"low"' },
          { income: '>= 5', out: '"high"' },
          { income: '[0..10]', out: '"never"' },
        ],
      ),
      schema,
    );
    assert.deepEqual(table.masked, [{ rule: 3, by: [1, 2], severity: 'warning' }]);
    assert.ok(table.overlaps.length > 0 && table.overlaps.every((o) => o.severity === 'info'));
    const disjoint = analyseJdm(
      jdm(
        'first',
        ['income'],
        [
          { income: '< 5', out: '1' },
          { income: '>= 5', out: '2' },
        ],
      ),
    );
    assert.deepEqual(
      disjoint.advice.map((a) => a.code),
      ['first_without_overlaps'],
    );
  });

  it('subsumed rules, contraction candidates and domain violations of inputs and outputs', () => {
    const table = analyseJdm(
      jdm(
        'collect',
        ['age', 'tier'],
        [
          { age: '[0..50]', tier: '"gold"', out: '1' },
          { age: '[10..20]', tier: '"gold"', out: '1' },
          { age: '(50..120]', tier: '"gold"', out: '1' },
          { age: '', tier: '"platinum"', out: '2' },
          { age: '> 200', tier: '', out: '3' },
        ],
      ),
      schema,
      { type: 'object', properties: { out: { type: 'number', maximum: 2 } } },
    );
    assert.deepEqual(table.subsumed, [{ rule: 2, by: 1, severity: 'warning' }]);
    assert.deepEqual(
      table.contractions.map((c) => c.rules),
      [[1, 3]],
    );
    assert.deepEqual(table.contractions[0]?.region.age, { kind: 'any' });
    const violations = table.domain_violations.map((v) => [v.rule, v.column, v.side, v.severity]);
    assert.deepEqual(violations, [
      [5, 'age', 'input', 'error'],
      [4, 'tier', 'input', 'error'],
      [5, 'out', 'output', 'error'],
    ]);
  });

  it('a cell it cannot read is reported, the table incomplete, and gaps it may cover say so', () => {
    const table = analyseJdm(
      jdm(
        'first',
        ['income'],
        [
          { income: '< 0', out: '1' },
          { income: 'abs($) > 3', out: '2' },
        ],
      ),
    );
    assert.equal(table.complete, false);
    assert.deepEqual(
      table.not_analysed.map((n) => [n.rule, n.column, n.text]),
      [[2, 'income', 'abs($) > 3']],
    );
    assert.deepEqual(table.gaps, [
      {
        region: { income: { kind: 'intervals', type: 'number', intervals: [interval('0', true, null, false)] } },
        text: 'income >= 0',
        depends_on_rules: [2],
      },
    ]);
    assert.ok(table.advice.some((a) => a.code === 'analysis_incomplete'));
  });

  it('stops at maxRegions and says so', () => {
    const rules = Array.from({ length: 40 }, (_, i) => ({
      a: `[${i * 2}..${i * 2 + 1}]`,
      b: `[${i}..${i}]`,
      out: '1',
    }));
    const result = analyseVersion({ format: 'jdm', content: jdm('collect', ['a', 'b'], rules) }, { maxRegions: 2 });
    assert.equal(result.complete, false);
    assert.match(String((result.tables[0] as { truncated?: string }).truncated), /maxRegions 2/);
  });
});

function dmn(hitPolicy: string, rows: string[][], extra = ''): string {
  const rules = rows
    .map(
      (row, r) =>
        `<rule id="rule${r + 1}"><inputEntry id="e${r}a"><text>${row[0]}</text></inputEntry><inputEntry id="e${r}b"><text>${row[1]}</text></inputEntry><outputEntry id="o${r}"><text>${row[2]}</text></outputEntry></rule>`,
    )
    .join('');
  return `<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="urn:d">
  <itemDefinition name="tTier"><typeRef>string</typeRef><allowedValues><text>"gold","silver"</text></allowedValues></itemDefinition>
  <inputData id="age" name="Age"><variable name="Age" typeRef="number"/></inputData>
  <inputData id="tier" name="Tier"><variable name="Tier" typeRef="tTier"/></inputData>
  <decision id="risk" name="Risk"><variable name="Risk" typeRef="string"/>
    <decisionTable id="dt" hitPolicy="${hitPolicy}">
      <input id="i1" label="Age"><inputExpression typeRef="number"><text>Age</text></inputExpression><inputValues><text>[0..120]</text></inputValues></input>
      <input id="i2"><inputExpression><text>Tier</text></inputExpression></input>
      <output id="out" name="Risk"><outputValues><text>"high","medium","low"</text></outputValues></output>
      ${rules}
    </decisionTable></decision>${extra}
</definitions>`;
}

describe('findings on DMN tables', () => {
  it('domains from input values and item definitions; an overlap under Unique is an error', () => {
    const result = analyseVersion({
      format: 'dmn',
      content: dmn('UNIQUE', [
        ['&lt; 18', '-', '"high"'],
        ['[18..65]', '"gold"', '"low"'],
        ['[60..120]', '-', '"medium"'],
      ]),
    });
    const table = result.tables[0] as TableAnalysis;
    assert.equal(table.path, '/dmn');
    assert.deepEqual(
      table.gaps.map((g) => g.text),
      ['Age in [18..60), Tier = "silver"'],
    );
    assert.deepEqual(
      table.overlaps.map((o) => [o.rules, o.severity, o.text]),
      [[[2, 3], 'error', 'rules 2, 3: Age in [60..65], Tier = "gold"']],
    );
    assert.ok(table.advice.some((a) => a.code === 'unique_with_overlaps'));
    assert.equal(result.summary.errors, 1);
  });

  it('Priority masks a rule whose region higher-priority outputs cover; Any with different outputs warns', () => {
    const priority = analyseVersion({
      format: 'dmn',
      content: dmn('PRIORITY', [
        ['[0..50]', '-', '"low"'],
        ['[0..120]', '-', '"high"'],
        ['[40..60]', '"gold"', '"medium"'],
        ['&gt; 50', '-', '"medium"'],
      ]),
    }).tables[0] as TableAnalysis;
    assert.deepEqual(
      priority.masked.map((m) => [m.rule, m.by]),
      [
        [1, [2, 3]],
        [3, [2]],
        [4, [2, 3]],
      ],
    );
    const any = analyseVersion({
      format: 'dmn',
      content: dmn('ANY', [
        ['&lt;= 50', '-', '"low"'],
        ['&gt;= 50', '-', '"high"'],
      ]),
    }).tables[0] as TableAnalysis;
    assert.deepEqual(
      any.overlaps.map((o) => [o.severity, o.text]),
      [['warning', 'rules 1, 2: Age = 50']],
    );
  });

  it('tables in business knowledge models are analysed too', () => {
    const bkm = `<businessKnowledgeModel id="bkm" name="Band"><encapsulatedLogic><formalParameter name="n" typeRef="number"/>
      <decisionTable id="bt" hitPolicy="FIRST"><input id="bi"><inputExpression typeRef="number"><text>n</text></inputExpression></input>
      <output id="bo" name="band"/><rule id="b1"><inputEntry><text>&lt; 0</text></inputEntry><outputEntry><text>"neg"</text></outputEntry></rule></decisionTable>
      </encapsulatedLogic></businessKnowledgeModel>`;
    const result = analyseVersion({ format: 'dmn', content: dmn('FIRST', [['-', '-', '"low"']], bkm) });
    assert.deepEqual(
      result.tables.map((t) => [t.name, t.gaps.map((g) => g.text)]),
      [
        ['Risk', []],
        ['Band', ['n >= 0']],
      ],
    );
  });
});

describe('generated cases', () => {
  it('fire every reachable rule, try both sides of each bound and list masked rules as unreachable', () => {
    const graph = jdm(
      'first',
      ['income'],
      [
        { income: '< 5', out: '1' },
        { income: '[5..10)', out: '2' },
        { income: '[0..1]', out: '3' },
      ],
    );
    const suite = generateCases({ format: 'jdm', content: graph });
    assert.deepEqual(suite.coverage, { rules: 3, covered: 2 });
    assert.deepEqual(
      suite.unreachable.map((u) => u.rule),
      [3],
    );
    const incomes = new Set(suite.cases.map((c) => c.inputs.income));
    for (const value of [-1, 5, 10]) assert.ok(incomes.has(value), `no case at ${value}: ${[...incomes].join(', ')}`);
    assert.ok(suite.cases.some((c) => /matches no rule/.test(c.reason)));
  });
});
