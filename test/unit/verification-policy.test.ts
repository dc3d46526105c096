import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  blockedErrors,
  DEFAULT_VERIFICATION_POLICY,
  effectivePolicy,
  judgeAnalysis,
  mergePolicy,
  unanalysedVerdict,
  verdictLine,
} from '../../api/models/verification-policy';
import type { ColumnRegion, TableAnalysis, VersionAnalysis } from '../../decision/verification';

/**
 * The release gate's verification policy on a hand-written analysis (the engine's own findings are tested in
 * test/unit/ beside decision/verification, and through HTTP in test/api/model-analysis.test.ts): which findings block,
 * which warn, the precedence of model over tenant over default, merge-patch semantics, and a budget breach.
 */
const table = (overrides: Partial<TableAnalysis>): TableAnalysis => ({
  node: 'bands',
  name: 'Age bands',
  path: '/graph/nodes/1',
  hit_policy: 'first',
  rules: 4,
  rule_ids: ['a', 'b', 'c', 'd'],
  inputs: [{ label: 'age', domain: { kind: 'any' } }],
  gaps: [],
  overlaps: [],
  subsumed: [],
  masked: [],
  contractions: [],
  domain_violations: [],
  advice: [],
  not_analysed: [],
  complete: true,
  ...overrides,
});

const analysisOf = (tables: TableAnalysis[]): VersionAnalysis => ({
  tables,
  complete: tables.every((t) => t.complete),
  summary: {
    tables: tables.length,
    errors: 0,
    warnings: 0,
    infos: 0,
    gaps: tables.reduce((n, t) => n + t.gaps.length, 0),
    overlaps: tables.reduce((n, t) => n + t.overlaps.length, 0),
    masked: tables.reduce((n, t) => n + t.masked.length, 0),
    subsumed: tables.reduce((n, t) => n + t.subsumed.length, 0),
    domain_violations: tables.reduce((n, t) => n + t.domain_violations.length, 0),
    not_analysed: tables.reduce((n, t) => n + t.not_analysed.length, 0),
  },
});

const interval: ColumnRegion = {
  kind: 'intervals',
  type: 'number',
  intervals: [{ from: { value: '65', inclusive: false }, to: { value: '70', inclusive: true } }],
};

describe('verification policy (the release gate)', () => {
  const first = table({
    gaps: [{ region: { age: interval }, text: 'age in (65..70]' }],
    overlaps: [{ rules: [3, 4], region: { age: interval }, severity: 'info', text: 'age > 80' }],
    masked: [{ rule: 4, by: [3], severity: 'warning' }],
  });
  const unique = table({
    node: 'rate_table',
    name: 'Rate',
    hit_policy: 'UNIQUE',
    overlaps: [{ rules: [1, 2], region: { Amount: interval }, severity: 'error', text: 'Amount in [500..1000)' }],
    domain_violations: [
      { rule: 2, column: 'Rate', side: 'output', message: '"x" is not one of 0, 1', severity: 'error' },
    ],
  });

  it('blocks overlaps under Unique and domain violations by default; warns of gaps and masked rules; never gates overlaps First allows', () => {
    const verdict = judgeAnalysis(analysisOf([first, unique]), DEFAULT_VERIFICATION_POLICY);
    assert.deepEqual(
      verdict.blocked.map((note) => [note.finding, note.path]),
      [
        ['overlaps_unique', '/tables/1/overlaps/0'],
        ['domain_violations', '/tables/1/domain_violations/0'],
      ],
    );
    assert.deepEqual(
      verdict.warnings.map((note) => [note.finding, note.path]),
      [
        ['gaps', '/tables/0/gaps/0'],
        ['masked', '/tables/0/masked/0'],
      ],
    );
    assert.match(
      verdict.blocked[0]?.message ?? '',
      /^table "Rate" \(rate_table\): rules 1, 2: Amount in \[500\.\.1000\) \(overlapping under hit policy UNIQUE\)/,
    );
    assert.match(verdict.warnings[1]?.message ?? '', /rule 4 never fires: rule 3 covers all of it first/);
    const errors = blockedErrors(verdict);
    assert.deepEqual(
      errors.map((error) => error.path),
      ['/verification/tables/1/overlaps/0', '/verification/tables/1/domain_violations/0'],
    );
    assert.match(errors[0]?.message ?? '', /overlaps_unique = block/);
    assert.match(
      verdictLine(verdict),
      /^Decision-table verification: 2 table\(s\), 1 gap\(s\), 2 overlap\(s\), 1 masked/,
    );
  });

  it('takes the model over the tenant over the default, and turns findings off', () => {
    const policy = effectivePolicy({ gaps: 'block', masked: 'off' }, { gaps: 'warn', overlaps_unique: 'off' });
    assert.deepEqual(policy, { ...DEFAULT_VERIFICATION_POLICY, gaps: 'warn', masked: 'off', overlaps_unique: 'off' });
    const verdict = judgeAnalysis(analysisOf([first, unique]), policy);
    assert.deepEqual(
      verdict.blocked.map((note) => note.finding),
      ['domain_violations'],
    );
    assert.deepEqual(
      verdict.warnings.map((note) => note.finding),
      ['gaps'],
    );
  });

  it('counts every note but lists at most 50, and names the rest in one more entry', () => {
    const many = table({
      gaps: Array.from({ length: 120 }, (_, i) => ({ region: {}, text: `gap ${i}` })),
    });
    const verdict = judgeAnalysis(analysisOf([many]), { ...DEFAULT_VERIFICATION_POLICY, gaps: 'block' });
    assert.equal(verdict.blocked.length, 50);
    assert.equal(verdict.blocked_total, 120);
    const errors = blockedErrors(verdict);
    assert.equal(errors.length, 51);
    assert.deepEqual(errors[50], { path: '/verification', message: '70 more blocking finding(s): see GET …/analysis' });
  });

  it('treats cells not analysed and an incomplete search as not analysed', () => {
    const partial = table({
      complete: false,
      not_analysed: [{ rule: 2, column: 'age', text: 'f(age)', reason: 'a function call' }],
    });
    const cut = table({ complete: false });
    const verdict = judgeAnalysis(analysisOf([partial, cut]), {
      ...DEFAULT_VERIFICATION_POLICY,
      not_analysed: 'block',
    });
    assert.deepEqual(
      verdict.blocked.map((note) => note.path),
      ['/tables/0/not_analysed/0', '/tables/1/complete'],
    );
    assert.match(verdict.blocked[1]?.message ?? '', /stopped at its region limit/);
  });

  it('turns a budget breach into one not-analysed finding under the policy', () => {
    const warned = unanalysedVerdict(DEFAULT_VERIFICATION_POLICY, 'took longer than the 50 ms budget to analyse');
    assert.deepEqual([warned.blocked.length, warned.warnings.length, warned.complete], [0, 1, false]);
    const blocked = unanalysedVerdict({ ...DEFAULT_VERIFICATION_POLICY, not_analysed: 'block' }, 'too long');
    assert.deepEqual(blockedErrors(blocked), [
      { path: '/verification', message: 'too long (blocked by the verification policy: not_analysed = block)' },
    ]);
    assert.equal(unanalysedVerdict({ ...DEFAULT_VERIFICATION_POLICY, not_analysed: 'off' }, 'x').warnings.length, 0);
  });

  it('merges a patch: a finding named is set, null removes it, null for all clears', () => {
    assert.deepEqual(mergePolicy({ gaps: 'block' }, { masked: 'off' }), { gaps: 'block', masked: 'off' });
    assert.deepEqual(mergePolicy({ gaps: 'block', masked: 'off' }, { gaps: null }), { masked: 'off' });
    assert.deepEqual(mergePolicy({ gaps: 'block' }, null), {});
    assert.deepEqual(mergePolicy(null, {}), {});
  });
});
