import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { budgetAllocation as model } from '../../../decision/builtin/budget-allocation';
import { assertClose, assertExamplesValid, evaluateChecked, warningInputs } from './model-test-support';

describe('budget_allocation', () => {
  it('gives minimums, then fills requests by descending ROI (hand-computed)', () => {
    // Budget 1 000. Minimums 100 + 50 + 0 = 150 → remainder 850.
    // Order by ROI: team 2 (0.3), team 3 (0.2), team 1 (0.1).
    // Team 2: 400 − 50 = 350 → remainder 500; team 3: 300 → remainder 200; team 1: min(500 − 100, 200) = 200 → 0.
    // Allocations 300 / 400 / 300; return 300 × 0.1 + 400 × 0.3 + 300 × 0.2 = 30 + 120 + 60 = 210; weighted 0.21
    const result = evaluateChecked(model, {
      teams_count: 3,
      total_budget: 1_000,
      team_1_requested: 500,
      team_1_minimum: 100,
      team_1_roi: 0.1,
      team_2_requested: 400,
      team_2_minimum: 50,
      team_2_roi: 0.3,
      team_3_requested: 300,
      team_3_roi: 0.2,
    });
    const m = result.metrics;
    assert.equal(m.allocated_team_1, 300);
    assert.equal(m.allocated_team_2, 400);
    assert.equal(m.allocated_team_3, 300);
    assert.equal('allocated_team_4' in m, false);
    assert.equal(m.total_allocated, 1_000);
    assert.equal(m.unallocated, 0);
    assert.equal(m.expected_return, 210);
    assertClose(m.weighted_roi, 0.21, 1e-12, 'weighted_roi');

    const ds = result.decision_structure;
    assert.deepEqual(ds.alternatives[1], {
      id: 'team_2',
      label: 'Team 2',
      values: { requested: 400, minimum: 50, roi: 0.3, allocated: 400 },
    });
    assert.deepEqual(
      ds.criteria.map((criterion) => criterion.id),
      ['roi'],
    );
    assert.deepEqual(ds.derivation.find((step) => step.step === 'Top-up order')?.value, ['team_2', 'team_3', 'team_1']);
    assert.deepEqual(ds.derivation.find((step) => step.step === 'Top-ups')?.value, {
      team_2: 350,
      team_3: 300,
      team_1: 200,
    });
    assert.deepEqual(warningInputs(result), []);
  });

  it('scales minimums pro rata with a warning when they exceed the budget (hand-computed)', () => {
    // Minimums 300 + 200 = 500 > 300 → scale 0.6: 180 and 120, nothing else.
    // Return 180 × 0.1 + 120 × 0.5 = 18 + 60 = 78; weighted 78 / 300 = 0.26
    const result = evaluateChecked(model, {
      teams_count: 2,
      total_budget: 300,
      team_1_requested: 400,
      team_1_minimum: 300,
      team_1_roi: 0.1,
      team_2_requested: 200,
      team_2_minimum: 200,
      team_2_roi: 0.5,
    });
    assert.equal(result.metrics.allocated_team_1, 180);
    assert.equal(result.metrics.allocated_team_2, 120);
    assert.equal(result.metrics.unallocated, 0);
    assert.equal(result.metrics.expected_return, 78);
    assertClose(result.metrics.weighted_roi, 0.26, 1e-12, 'weighted_roi');
    assert.deepEqual(warningInputs(result), ['total_budget']);
  });

  it('leaves money unallocated rather than funding a negative ROI beyond its minimum (hand-computed)', () => {
    // Team 2 (ROI −0.1) gets only its minimum 100; team 1 gets its full 300; 600 of 1 000 is left.
    // Return 300 × 0.2 − 100 × 0.1 = 50; weighted 50 / 400 = 0.125
    const result = evaluateChecked(model, {
      teams_count: 2,
      total_budget: 1_000,
      team_1_requested: 300,
      team_1_roi: 0.2,
      team_2_requested: 500,
      team_2_minimum: 100,
      team_2_roi: -0.1,
    });
    assert.equal(result.metrics.allocated_team_1, 300);
    assert.equal(result.metrics.allocated_team_2, 100);
    assert.equal(result.metrics.unallocated, 600);
    assert.equal(result.metrics.expected_return, 50);
    assertClose(result.metrics.weighted_roi, 0.125, 1e-12, 'weighted_roi');
    assert.ok(result.notes.some((note) => note.kind === 'info' && /unallocated/.test(note.message)));
  });

  it('caps a minimum above its request at the request, with a warning', () => {
    const result = evaluateChecked(model, {
      teams_count: 1,
      total_budget: 1_000,
      team_1_requested: 100,
      team_1_minimum: 150,
      team_1_roi: 0.1,
    });
    assert.equal(result.metrics.allocated_team_1, 100);
    assert.equal(result.metrics.unallocated, 900);
    assert.deepEqual(warningInputs(result), ['team_1_minimum']);
  });

  it('tops up equal-ROI teams in team order and says so', () => {
    const result = evaluateChecked(model, {
      teams_count: 2,
      total_budget: 100,
      team_1_requested: 100,
      team_1_roi: 0.2,
      team_2_requested: 100,
      team_2_roi: 0.2,
    });
    assert.equal(result.metrics.allocated_team_1, 100);
    assert.equal(result.metrics.allocated_team_2, 0);
    assert.ok(result.notes.some((note) => note.kind === 'info' && /share an ROI/.test(note.message)));
  });

  it('allocates nothing from a zero budget', () => {
    const { metrics } = evaluateChecked(model, {
      teams_count: 2,
      total_budget: 0,
      team_1_requested: 100,
      team_1_roi: 0.3,
    });
    assert.deepEqual(metrics, {
      allocated_team_1: 0,
      allocated_team_2: 0,
      total_allocated: 0,
      unallocated: 0,
      expected_return: 0,
      weighted_roi: 0,
    });
  });

  it('warns about an out-of-range ROI of a counted team, and ignores teams beyond the count', () => {
    const counted = evaluateChecked(model, {
      teams_count: 2,
      total_budget: 100,
      team_1_requested: 50,
      team_1_roi: 0.1,
      team_2_roi: 8,
    });
    assert.deepEqual(warningInputs(counted), ['team_2_roi']);
    const ignored = evaluateChecked(model, {
      teams_count: 1,
      total_budget: 100,
      team_1_requested: 50,
      team_1_roi: 0.1,
      team_2_roi: 8,
    });
    assert.deepEqual(warningInputs(ignored), []);
    assert.equal('allocated_team_2' in ignored.metrics, false);
    assert.deepEqual(
      ignored.notes.filter((note) => note.kind === 'info').map((note) => note.input),
      ['teams_count'],
    );
  });

  it('has example inputs that validate and evaluate to schema-valid metrics', () => {
    assertExamplesValid(model);
  });
});
