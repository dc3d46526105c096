import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { weightedMultiCriteria as model } from '../../../decision/builtin/weighted-multi-criteria';
import { assertExamplesValid, evaluateChecked, isValidInput, warningInputs } from './model-test-support';

const twoAlternatives = {
  weight_cost: 40,
  weight_quality: 30,
  weight_speed: 20,
  weight_risk: 10,
  a_cost: 2,
  a_quality: 8,
  a_speed: 5,
  a_risk: 4,
  b_cost: 6,
  b_quality: 9,
  b_speed: 9,
  b_risk: 2,
};

describe('weighted_multi_criteria', () => {
  it('scores two alternatives, flipping cost and risk (hand-computed)', () => {
    // weights 40/30/20/10 → 0.4, 0.3, 0.2, 0.1
    // A oriented: cost 10−2 = 8, quality 8, speed 5, risk 10−4 = 6 → 3.2 + 2.4 + 1.0 + 0.6 = 7.2
    // B oriented: cost 10−6 = 4, quality 9, speed 9, risk 10−2 = 8 → 1.6 + 2.7 + 1.8 + 0.8 = 6.9
    const result = evaluateChecked(model, twoAlternatives);
    assert.deepEqual(result.metrics, {
      score_a: 7.2,
      score_b: 6.9,
      best_alternative: 'A',
      best_alternative_id: 'A',
      margin: 0.3,
    });
    const ds = result.decision_structure;
    assert.deepEqual(
      ds.criteria.map((criterion) => [criterion.id, criterion.weight, criterion.direction]),
      [
        ['cost', 0.4, 'lower_is_better'],
        ['quality', 0.3, 'higher_is_better'],
        ['speed', 0.2, 'higher_is_better'],
        ['risk', 0.1, 'lower_is_better'],
      ],
    );
    assert.deepEqual(ds.alternatives[0], {
      id: 'A',
      label: 'A',
      values: { cost: 2, quality: 8, speed: 5, risk: 4, weighted_score: 7.2 },
      chosen: true,
    });
    assert.equal(ds.recommendation?.alternative, 'A');
    assert.deepEqual(warningInputs(result), []);
  });

  it('adds a named third alternative (hand-computed)', () => {
    // C oriented: cost 10−1 = 9, quality 9, speed 6, risk 10−3 = 7 → 3.6 + 2.7 + 1.2 + 0.7 = 8.2; beats A (7.2) by 1
    const { metrics } = evaluateChecked(model, {
      ...twoAlternatives,
      alternatives_count: 3,
      a_name: 'Alpha',
      b_name: 'Beta',
      c_name: 'Gamma',
      c_cost: 1,
      c_quality: 9,
      c_speed: 6,
      c_risk: 3,
    });
    assert.equal(metrics.score_c, 8.2);
    assert.equal(metrics.best_alternative, 'Gamma');
    assert.equal(metrics.best_alternative_id, 'C');
    assert.equal(metrics.margin, 1);
  });

  it('leaves C out when only two alternatives are counted, and says so if C was filled in', () => {
    const { metrics, decision_structure, notes } = evaluateChecked(model, {
      ...twoAlternatives,
      c_cost: 0,
      c_quality: 10,
      c_speed: 10,
      c_risk: 0,
    });
    assert.equal('score_c' in metrics, false);
    assert.equal(decision_structure.alternatives.length, 2);
    assert.deepEqual(
      notes.filter((note) => note.kind === 'info').map((note) => note.input),
      ['alternatives_count'],
    );
    const untouched = evaluateChecked(model, twoAlternatives);
    assert.equal(untouched.notes.filter((note) => note.kind === 'info').length, 0);
  });

  it('falls back to equal weights with a warning when every weight is zero (hand-computed)', () => {
    // equal weights 0.25: A (8 + 8 + 5 + 6)/4 = 6.75; B (4 + 9 + 9 + 8)/4 = 7.5; B wins by 0.75
    const result = evaluateChecked(model, {
      ...twoAlternatives,
      weight_cost: 0,
      weight_quality: 0,
      weight_speed: 0,
      weight_risk: 0,
    });
    assert.equal(result.metrics.score_a, 6.75);
    assert.equal(result.metrics.score_b, 7.5);
    assert.equal(result.metrics.best_alternative, 'B');
    assert.equal(result.metrics.margin, 0.75);
    assert.equal(result.notes.filter((note) => note.kind === 'warning').length, 1);
    assert.ok(result.decision_structure.criteria.every((criterion) => criterion.weight === 0.25));
  });

  it('notes a tie and reports the first alternative with margin 0 (hand-computed)', () => {
    // equal weights: A oriented 8, 6, 4, 4 → 22/4 = 5.5; B oriented 6, 8, 6, 2 → 22/4 = 5.5
    const result = evaluateChecked(model, {
      weight_cost: 1,
      weight_quality: 1,
      weight_speed: 1,
      weight_risk: 1,
      a_cost: 2,
      a_quality: 6,
      a_speed: 4,
      a_risk: 6,
      b_cost: 4,
      b_quality: 8,
      b_speed: 6,
      b_risk: 8,
    });
    assert.equal(result.metrics.score_a, 5.5);
    assert.equal(result.metrics.score_b, 5.5);
    assert.equal(result.metrics.best_alternative, 'A');
    assert.equal(result.metrics.margin, 0);
    const tieNotes = result.notes.filter((note) => note.kind === 'warning');
    assert.equal(tieNotes.length, 1);
    assert.match(tieNotes[0]?.message ?? '', /tie/);
  });

  it('reports scores without floating-point noise', () => {
    // 0.1/0.2/0.3/0.4 weights on oriented 7, 3, 9, 1: 0.7 + 0.6 + 2.7 + 0.4 = 4.4 exactly as reported
    const { metrics } = evaluateChecked(model, {
      ...twoAlternatives,
      weight_cost: 0.1,
      weight_quality: 0.2,
      weight_speed: 0.3,
      weight_risk: 0.4,
      a_cost: 3,
      a_quality: 3,
      a_speed: 9,
      a_risk: 9,
    });
    assert.equal(metrics.score_a, 4.4);
  });

  it('rejects scores outside 0–10 and more than three alternatives', () => {
    assert.equal(isValidInput(model, { ...twoAlternatives, a_cost: 11 }), false);
    assert.equal(isValidInput(model, { ...twoAlternatives, alternatives_count: 4 }), false);
  });

  it('warns, naming the input, when a weight is outside the validated range', () => {
    const result = evaluateChecked(model, { ...twoAlternatives, weight_cost: 500 });
    assert.deepEqual(warningInputs(result), ['weight_cost']);
  });

  it('has example inputs that validate and evaluate to schema-valid metrics', () => {
    assertExamplesValid(model);
  });
});
