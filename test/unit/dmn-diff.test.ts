import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { diffDmnOutlines, diffModelContents } from '../../decision/dmn-diff';
import { readDmnOutline } from '../../decision/dmn-outline';
import { dmnCoverageGraph } from '../../decision/dmn-run';
import { suiteCoverage } from '../../decision/model-test-suite';

const LOAN = fs.readFileSync(path.join(__dirname, '../fixtures/dmn/loan-offer.dmn'), 'utf8');

describe('DMN outline, diff and coverage (decision/dmn-outline.ts, dmn-diff.ts)', () => {
  it('reads decisions with their kinds, a decision table with its columns, rules and annotations, and literal expressions', () => {
    const outline = readDmnOutline(LOAN);
    assert.equal(outline.namespace, 'https://example.com/dmn/loan-offer');
    assert.deepEqual(
      outline.decisions.map((d) => [d.id, d.kind]),
      [
        ['risk', 'decisionTable'],
        ['max_loan', 'literalExpression'],
        ['offer', 'literalExpression'],
        ['eligible', 'literalExpression'],
        ['checks', 'literalExpression'],
        ['review_by', 'literalExpression'],
      ],
    );
    const table = outline.decisions[0]?.table;
    assert.equal(table?.hitPolicy, 'UNIQUE');
    assert.deepEqual(table?.annotations, ['Why']);
    assert.deepEqual(table?.rules[0], {
      id: 'young',
      inputEntries: ['< 25'],
      outputEntries: ['"High"'],
      annotationEntries: ['little credit history'],
      description: null,
    });
    assert.equal(outline.decisions[3]?.text, 'Applicant Age >= 18');
  });

  it('diffs rules by id (else position) cell by cell, hit policies with their aggregation, literal expressions, decisions added and removed', () => {
    const after = LOAN.replace('hitPolicy="UNIQUE"', 'hitPolicy="COLLECT" aggregation="COUNT"')
      .replace('<text>little credit history</text>', '<text>thin file</text>')
      .replace('<rule id="senior">', '<rule>')
      .replace('Applicant Age &gt;= 18', 'Applicant Age &gt;= 21')
      .replace('<decision id="checks" name="Checks">', '<decision id="checks2" name="Checks">');
    const diff = diffDmnOutlines(readDmnOutline(LOAN), readDmnOutline(after));
    assert.deepEqual(diff.nodes_added, [{ id: 'checks2', name: 'Checks', type: 'literalExpression' }]);
    assert.deepEqual(diff.nodes_removed, [{ id: 'checks', name: 'Checks', type: 'literalExpression' }]);
    const [table] = diff.decision_tables;
    assert.deepEqual(table?.hit_policy, { from: 'UNIQUE', to: 'COLLECT COUNT' });
    assert.deepEqual(
      table?.rules_changed.map((r) => [r.id, r.cells]),
      [['young', [{ column: 'Why', from: 'little credit history', to: 'thin file' }]]],
    );
    // The senior rule lost its id: removed by id, added by position.
    assert.deepEqual(
      table?.rules_removed.map((r) => r.id),
      ['senior'],
    );
    assert.deepEqual(
      table?.rules_added.map((r) => r.id),
      ['#2'],
    );
    assert.deepEqual(diff.expressions, [
      { node_id: 'eligible', key: 'Eligible', from: 'Applicant Age >= 18', to: 'Applicant Age >= 21' },
    ]);
    assert.deepEqual(diffModelContents({ graph: null, dmn: LOAN }, { graph: null, dmn: LOAN }).decision_tables, []);
  });

  it("counts a suite's coverage over the decision tables' rules", () => {
    const coverage = suiteCoverage(dmnCoverageGraph(readDmnOutline(LOAN)), [
      [
        {
          node_id: 'risk',
          name: 'Risk Category',
          kind: 'decisionTable',
          output: 'Medium',
          matched_rules: [{ index: 1, id: 'middle' }],
        },
      ],
    ]);
    assert.equal(coverage.rules_total, 3);
    assert.equal(coverage.rules_hit, 1);
    assert.deepEqual(
      coverage.decision_tables[0]?.never_hit.map((r) => r.id),
      ['young', 'senior'],
    );
  });
});
