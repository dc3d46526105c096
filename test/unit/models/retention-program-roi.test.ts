import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retentionProgramRoi as model } from '../../../decision/builtin/retention-program-roi';
import { assertClose, assertExamplesValid, evaluateChecked, warningInputs } from './model-test-support';

const baseInputs = {
  headcount_covered: 200,
  baseline_annual_attrition_rate: 0.15,
  attrition_reduction: 0.2,
  average_salary: 50_000,
  replacement_cost_fraction: 0.5,
  programme_fixed_cost: 20_000,
  programme_cost_per_employee: 100,
  horizon_years: 2,
  discount_rate: 0.1,
};

describe('retention_program_roi', () => {
  it('computes savings, NPV, ROI and payback over two years (hand-computed)', () => {
    // leavers avoided 200 × 0.15 × 0.2 = 6;  savings 6 × 0.5 × 50 000 = 150 000/yr;  cost 200 × 100 = 20 000/yr
    // annuity 1/1.1 + 1/1.21 = 2.1/1.21 = 1.7355371…
    // pv_savings 150 000 × 2.1/1.21 = 315 000/1.21 = 260 330.578…
    // pv_costs 20 000 (t = 0) + 20 000 × 2.1/1.21 = 20 000 + 34 710.743… = 54 710.743…
    // npv = 260 330.578 − 54 710.743 = 205 619.834…
    // roi = npv / pv_costs = (273 000 − 24 200) / (24 200 + 42 000) = 248 800 / 66 200 = 3.758308…
    // payback 20 000 / (150 000 − 20 000) = 0.153846… years
    const result = evaluateChecked(model, baseInputs);
    const m = result.metrics;
    assertClose(m.leavers_avoided_per_year, 6, 1e-12, 'leavers avoided');
    assert.equal(m.annual_savings, 150_000);
    assert.equal(m.annual_cost, 20_000);
    assert.equal(m.pv_savings, 260_330.58);
    assert.equal(m.pv_costs, 54_710.74);
    assert.equal(m.npv, 205_619.83);
    assertClose(m.roi, 248_800 / 66_200, 1e-12, 'roi');
    assertClose(m.payback_years, 20_000 / 130_000, 1e-12, 'payback');
    assert.equal(result.decision_structure.recommendation?.alternative, 'run_programme');
    assert.deepEqual(warningInputs(result), []);

    const years = result.decision_structure.details?.years as Array<Record<string, number>>;
    assert.deepEqual(
      years.map((year) => [year.year, year.net_cash_flow, year.cumulative_net_cash_flow]),
      [
        [0, -20_000, -20_000],
        [1, 130_000, 110_000],
        [2, 130_000, 240_000],
      ],
    );
    assert.equal(years[2]?.present_value, 107_438.02); // 130 000 / 1.21
  });

  it('reports "never" and recommends the status quo when savings do not cover running costs (hand-computed)', () => {
    // leavers avoided 100 × 0.1 × 0.1 = 1; savings 1 × 0.5 × 10 000 = 5 000; cost 100 × 100 = 10 000; net −5 000/yr
    // no discounting, 1 year: pv_savings 5 000; pv_costs 1 000 + 10 000 = 11 000; npv −6 000; roi −6 000/11 000
    const result = evaluateChecked(model, {
      headcount_covered: 100,
      baseline_annual_attrition_rate: 0.1,
      attrition_reduction: 0.1,
      average_salary: 10_000,
      programme_fixed_cost: 1_000,
      programme_cost_per_employee: 100,
      horizon_years: 1,
      discount_rate: 0,
    });
    assert.equal(result.metrics.npv, -6_000);
    assertClose(result.metrics.roi, -6_000 / 11_000, 1e-12, 'roi');
    assert.equal(result.metrics.payback_years, 'never');
    assert.equal(result.decision_structure.recommendation?.alternative, 'status_quo');
    assert.equal(result.decision_structure.alternatives.find((alternative) => alternative.chosen)?.id, 'status_quo');
  });

  it('reports ROI as "n/a" with a warning when the programme costs nothing, and payback as 0', () => {
    const result = evaluateChecked(model, { ...baseInputs, programme_fixed_cost: 0, programme_cost_per_employee: 0 });
    assert.equal(result.metrics.roi, 'n/a');
    assert.equal(result.metrics.payback_years, 0);
    assert.equal(result.metrics.pv_costs, 0);
    assert.deepEqual(warningInputs(result), ['programme_cost_per_employee']);
  });

  it('notes a payback beyond the horizon and recommends against a programme that does not pay back in time', () => {
    // net 130 000/yr against a 1 000 000 fixed cost: payback 7.69 years, after the 2-year horizon; NPV < 0
    const result = evaluateChecked(model, { ...baseInputs, programme_fixed_cost: 1_000_000 });
    assertClose(result.metrics.payback_years, 1_000_000 / 130_000, 1e-9, 'payback');
    assert.ok(result.notes.some((note) => note.kind === 'info' && note.input === 'horizon_years'));
    assert.equal(result.decision_structure.recommendation?.alternative, 'status_quo');
  });

  it('with no attrition there is nothing to save', () => {
    const result = evaluateChecked(model, { ...baseInputs, baseline_annual_attrition_rate: 0 });
    assert.equal(result.metrics.leavers_avoided_per_year, 0);
    assert.equal(result.metrics.annual_savings, 0);
    assert.equal(result.metrics.payback_years, 'never');
    assert.deepEqual(warningInputs(result), ['baseline_annual_attrition_rate']); // below the validated 2%
  });

  it('discounts to the annuity sum: zero rate means undiscounted totals', () => {
    // 3 years at 0%: pv_savings 3 × 150 000; pv_costs 20 000 + 3 × 20 000
    const result = evaluateChecked(model, { ...baseInputs, horizon_years: 3, discount_rate: 0 });
    assert.equal(result.metrics.pv_savings, 450_000);
    assert.equal(result.metrics.pv_costs, 80_000);
    assert.equal(result.metrics.npv, 370_000);
  });

  it('warns, naming the input, when the discount rate is outside the validated range', () => {
    const result = evaluateChecked(model, { ...baseInputs, discount_rate: 0.35 });
    assert.deepEqual(warningInputs(result), ['discount_rate']);
  });

  it('has example inputs that validate and evaluate to schema-valid metrics', () => {
    assertExamplesValid(model);
  });
});
