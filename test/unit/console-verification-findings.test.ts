import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dmnModelSection } from '../../api/console/model-dmn';
import { changesText, findingChanges, findingsOf, flaggedRules } from '../../api/console/model-verification';
import { dmnEntriesForGap, feelUnaryCell, ruleForGap, unaryCell } from '../../console-app/editor/verification/gap-rule';
import { readDmnOutline } from '../../decision/dmn-outline';
import { analyseVersion, type TableAnalysis } from '../../decision/verification';

/**
 * The console's verification words (api/console/model-verification.ts: findings matched between versions) and the
 * editor's "Add a rule for this gap" (console-app/editor/verification/gap-rule.ts): a gap's region as ZEN unary cells,
 * and the rule built from it closes the gap when the engine analyses the table again.
 */

function table(ages: string[], extra: Array<Record<string, string>> = []) {
  return {
    nodes: [
      { id: 'in', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
      {
        id: 'bands',
        type: 'decisionTableNode',
        name: 'Age band',
        position: { x: 200, y: 0 },
        content: {
          hitPolicy: 'first',
          inputs: [
            { id: 'c-age', name: 'Age', field: 'age' },
            { id: 'c-tier', name: 'Tier', field: 'tier' },
          ],
          outputs: [{ id: 'c-band', name: 'Band', field: 'band' }],
          rules: [
            ...ages.map((age, index) => ({
              _id: `r${index + 1}`,
              'c-age': age,
              'c-tier': '',
              'c-band': `"band ${index + 1}"`,
            })),
            ...extra,
          ],
        },
      },
      { id: 'out', type: 'outputNode', name: 'Response', position: { x: 400, y: 0 } },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 'bands' },
      { id: 'e2', sourceId: 'bands', targetId: 'out' },
    ],
  };
}
const schemas = {
  input_schema: {
    type: 'object',
    properties: { age: { type: 'number', minimum: 0, maximum: 130 }, tier: { type: 'string', enum: ['a', 'b', 'c'] } },
  },
  output_schema: { type: 'object', properties: { band: { type: 'string' } } },
};
const analyse = (graph: unknown) =>
  analyseVersion({ format: 'jdm', content: graph, ...schemas }).tables[0] as TableAnalysis;

describe('console verification: findings between versions', () => {
  it('says what a version adds and removes, matching findings by kind, region text and rule ids', () => {
    const published = analyse(table(['< 18', '[18..65]', '>= 60']));
    const draft = analyse(table(['< 18', '[21..65]', '>= 55']));
    const changes = findingChanges(findingsOf(draft), findingsOf(published));
    assert.deepEqual(
      changes.added.map((f) => f.kind),
      ['gap', 'overlap', 'advice'],
    );
    assert.deepEqual(
      changes.removed.map((f) => f.kind),
      ['overlap'],
    );
    assert.equal(changesText(changes), 'adds 1 gap, 1 overlap, 1 advice; removes 1 overlap');
    assert.equal(changesText(findingChanges(findingsOf(draft), findingsOf(draft))), 'adds and removes no findings');
  });
});

describe('editor verification: a rule for a gap', () => {
  it('writes regions as ZEN unary cells', () => {
    const bound = (value: string, inclusive: boolean) => ({ value, inclusive });
    const intervals = (list: Array<{ from: ReturnType<typeof bound> | null; to: ReturnType<typeof bound> | null }>) =>
      ({ kind: 'intervals', type: 'number', intervals: list }) as const;
    assert.equal(unaryCell(intervals([{ from: bound('18', true), to: bound('21', false) }])), '[18..21)');
    assert.equal(unaryCell(intervals([{ from: null, to: bound('0', false) }])), '< 0');
    assert.equal(unaryCell(intervals([{ from: bound('5', true), to: null }])), '>= 5');
    assert.equal(unaryCell(intervals([{ from: bound('7', true), to: bound('7', true) }])), '7');
    assert.equal(
      unaryCell(
        intervals([
          { from: null, to: bound('0', true) },
          { from: bound('9', false), to: null },
        ]),
      ),
      '<= 0, > 9',
    );
    assert.equal(unaryCell({ kind: 'values', values: ['a', 'b'], negated: false }), '"a", "b"');
    const domain = { kind: 'values', values: ['a', 'b', 'c'], negated: false } as const;
    assert.equal(unaryCell({ kind: 'values', values: ['a'], negated: true }, domain), '"b", "c"');
    assert.equal(unaryCell({ kind: 'values', values: ['a'], negated: true }), '!= "a"');
    assert.equal(unaryCell({ kind: 'any' }), '');
    assert.equal(unaryCell({ kind: 'not_analysed', text: 'x', reason: 'y' }), '');
  });

  it('closes each gap the engine finds when the rule is appended', () => {
    const graph = table(
      ['< 18', '[21..65]', '>= 55'],
      [{ _id: 'only-a', 'c-age': '[18..21)', 'c-tier': '"a"', 'c-band': '"x"' }],
    );
    const before = analyse(graph);
    assert.deepEqual(
      before.gaps.map((gap) => gap.text),
      ['age in [18..21), tier in {"b", "c"}'],
    );
    const content = graph.nodes[1]?.content as { inputs: Array<{ id: string; field: string }>; rules: unknown[] };
    const rule = ruleForGap(content, before.gaps[0] as TableAnalysis['gaps'][number], 'new', before.inputs);
    assert.deepEqual(rule, {
      _id: 'new',
      _description: 'Covers the gap: age in [18..21), tier in {"b", "c"}',
      'c-age': '[18..21)',
      'c-tier': '"b", "c"',
      'c-band': '',
    });
    content.rules.push(rule);
    const after = analyse(graph);
    assert.deepEqual(after.gaps, []);
    assert.deepEqual(after.not_analysed, []);
  });
});

describe('editor verification: a DMN rule for a gap', () => {
  const dmn = (rules: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="D" namespace="urn:gap">
  <inputData id="i_age" name="Age"><variable name="Age" typeRef="number"/></inputData>
  <inputData id="i_tier" name="Tier"><variable name="Tier" typeRef="string"/></inputData>
  <decision id="band" name="Band">
    <variable name="Band" typeRef="string"/>
    <informationRequirement id="r1"><requiredInput href="#i_age"/></informationRequirement>
    <informationRequirement id="r2"><requiredInput href="#i_tier"/></informationRequirement>
    <decisionTable id="t" hitPolicy="UNIQUE">
      <input id="c_age" label="Age"><inputExpression id="e_age" typeRef="number"><text>Age</text></inputExpression></input>
      <input id="c_tier" label="Tier"><inputExpression id="e_tier" typeRef="string"><text>Tier</text></inputExpression></input>
      <output id="o" name="Band" typeRef="string"/>
      ${rules}
    </decisionTable>
  </decision>
</definitions>`;
  const rule = (id: string, age: string, tier: string) =>
    `<rule id="${id}"><inputEntry><text>${age}</text></inputEntry><inputEntry><text>${tier}</text></inputEntry><outputEntry><text>"x"</text></outputEntry></rule>`;

  it('writes regions as FEEL unary tests: a negated set as not(…), any value as -', () => {
    assert.equal(feelUnaryCell({ kind: 'values', values: ['a'], negated: true }), 'not("a")');
    assert.equal(feelUnaryCell({ kind: 'values', values: ['a', 'b'], negated: true }), 'not("a", "b")');
    assert.equal(feelUnaryCell({ kind: 'any' }), '-');
    assert.equal(feelUnaryCell(undefined), '-');
    assert.equal(
      feelUnaryCell({
        kind: 'intervals',
        type: 'date-time',
        intervals: [{ from: null, to: { value: '2026-01-01T00:00:00', inclusive: false } }],
      }),
      '< date and time("2026-01-01T00:00:00")',
    );
  });

  it('closes each gap the engine finds in a DMN table when the rule is appended', () => {
    const rules = [rule('r1', '&lt; 18', '"gold"'), rule('r2', '&gt;= 18', '-')];
    const before = analyseVersion({ format: 'dmn', content: dmn(rules.join('')) }).tables[0] as TableAnalysis;
    assert.ok(before.gaps.length > 0, JSON.stringify(before));
    const added = before.gaps.map((gap, g) => {
      const [age, tier] = dmnEntriesForGap(before.inputs, gap);
      return rule(`gap${g}`, (age ?? '').replace(/</g, '&lt;').replace(/>/g, '&gt;'), tier ?? '');
    });
    const after = analyseVersion({ format: 'dmn', content: dmn([...rules, ...added].join('')) })
      .tables[0] as TableAnalysis;
    assert.deepEqual(after.gaps, []);
    assert.deepEqual(after.not_analysed, []);
  });
});

describe('console version page: a business knowledge model’s table', () => {
  it('is shown with the rules a finding involves flagged, as a decision’s table is', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="D" namespace="urn:bkm">
  <businessKnowledgeModel id="bkm_band" name="Band">
    <variable name="Band"/>
    <encapsulatedLogic><formalParameter name="n" typeRef="number"/>
      <decisionTable id="bt" hitPolicy="UNIQUE">
        <input id="bi" label="n"><inputExpression typeRef="number"><text>n</text></inputExpression></input>
        <output id="bo" name="band" typeRef="string"/>
        <rule id="b_low"><inputEntry><text>&lt; 10</text></inputEntry><outputEntry><text>"low"</text></outputEntry></rule>
        <rule id="b_mid"><inputEntry><text>[5..20]</text></inputEntry><outputEntry><text>"mid"</text></outputEntry></rule>
        <rule id="b_high"><inputEntry><text>&gt; 20</text></inputEntry><outputEntry><text>"high"</text></outputEntry></rule>
      </decisionTable>
    </encapsulatedLogic>
  </businessKnowledgeModel>
</definitions>`;
    const outline = readDmnOutline(xml);
    assert.deepEqual(
      outline.businessKnowledgeModels.map((bkm) => [bkm.id, bkm.name, bkm.kind, bkm.table?.rules.length]),
      [['bkm_band', 'Band', 'decisionTable', 3]],
    );
    const analysis = analyseVersion({ format: 'dmn', content: xml });
    const page = dmnModelSection(outline, flaggedRules({ ok: true, analysis })).toString();
    const flagged = [
      ...page.matchAll(/<tr data-rule-id="(\w+)" class="rule-flagged">\s*<td>\d+ <span class="rule-flag">⚑ ([^<]+)</g),
    ];
    assert.deepEqual(
      flagged.map((match) => [match[1], match[2]]),
      [
        ['b_low', 'overlap'],
        ['b_mid', 'overlap'],
      ],
    );
    assert.match(page, /<section class="graph-node dmn-bkm"[^>]*data-decision-id="bkm_band"/);
    assert.match(page, /Band <span class="badge">Business knowledge model<\/span>/);
  });
});
