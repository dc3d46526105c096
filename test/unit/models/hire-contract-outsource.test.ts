import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hireContractOutsource as model, productiveMonths } from '../../../decision/builtin/hire-contract-outsource';
import { assertClose, assertExamplesValid, evaluateChecked, isValidInput, warningInputs } from './model-test-support';

const baseInputs = {
  annual_salary: 60_000,
  benefits_load: 0.2,
  recruiting_cost: 6_000,
  employee_ramp_up_months: 4,
  employee_productivity: 1,
  contractor_hourly_rate: 50,
  hours_per_month: 160,
  contractor_ramp_up_months: 0,
  contractor_productivity: 0.8,
  vendor_monthly_fee: 7_000,
  vendor_management_overhead: 0.1,
  vendor_ramp_up_months: 2,
  vendor_productivity: 1,
  horizon_months: 12,
};

describe('hire_contract_outsource', () => {
  it('compares the three options over a year (hand-computed)', () => {
    // Hire:      6 000 + 60 000 × 1.2 × 12/12 = 78 000;  productive 1 × (12 − 4/2) = 10;   per month 7 800
    // Contract:  50 × 160 × 12 = 96 000;                  productive 0.8 × 12 = 9.6;       per month 10 000
    // Outsource: 7 000 × 1.1 × 12 = 92 400;               productive 1 × (12 − 2/2) = 11;  per month 8 400
    // Best: hire; runner-up outsource; savings (8 400 − 7 800) × 10 = 6 000
    const result = evaluateChecked(model, baseInputs);
    const m = result.metrics;
    assert.equal(m.hire_total_cost, 78_000);
    assert.equal(m.contract_total_cost, 96_000);
    assert.equal(m.outsource_total_cost, 92_400);
    assertClose(m.hire_productive_months, 10, 1e-12, 'hire months');
    assertClose(m.contract_productive_months, 9.6, 1e-12, 'contract months');
    assertClose(m.outsource_productive_months, 11, 1e-12, 'outsource months');
    assert.equal(m.hire_cost_per_productive_month, 7_800);
    assert.equal(m.contract_cost_per_productive_month, 10_000);
    assert.equal(m.outsource_cost_per_productive_month, 8_400);
    assert.equal(m.recommended_option, 'hire');
    assert.equal(m.savings_vs_next_best, 6_000);

    const ds = result.decision_structure;
    assert.deepEqual(
      ds.alternatives.map((alternative) => [alternative.id, alternative.chosen]),
      [
        ['hire', true],
        ['contract', false],
        ['outsource', false],
      ],
    );
    assert.deepEqual(ds.alternatives[2]?.values, {
      total_cost: 92_400,
      productive_months: 11,
      cost_per_productive_month: 8_400,
    });
    assert.deepEqual(
      ds.criteria.map((criterion) => criterion.id),
      ['cost_per_productive_month', 'total_cost'],
    );
    assert.equal(ds.recommendation?.alternative, 'hire');
    assert.ok(ds.derivation.every((step) => step.formula.length > 0));
    assert.deepEqual(warningInputs(result), []);
  });

  it('recommends outsourcing when a short horizon makes ramp-up and recruiting dominate (hand-computed)', () => {
    // Horizon 3 months, employee ramp 4 > 3: productive = 1 × 3² / (2 × 4) = 1.125
    // Hire:      6 000 + 60 000 × 1.2 × 3/12 = 24 000; per month 24 000 / 1.125 = 21 333.33…
    // Contract:  50 × 160 × 3 = 24 000;  productive 0.8 × 3 = 2.4; per month 10 000
    // Outsource: 7 000 × 1.1 × 3 = 23 100; productive 3 − 1 = 2;  per month 11 550
    // Best contract; runner-up outsource; savings (11 550 − 10 000) × 2.4 = 3 720
    const result = evaluateChecked(model, { ...baseInputs, horizon_months: 3 });
    assert.equal(result.metrics.hire_cost_per_productive_month, 21_333.33);
    assert.equal(result.metrics.recommended_option, 'contract');
    assert.equal(result.metrics.savings_vs_next_best, 3_720);
    assert.deepEqual(warningInputs(result), ['employee_ramp_up_months']);
  });

  it('integrates a linear ramp-up', () => {
    assert.equal(productiveMonths(1, 0, 12), 12);
    assert.equal(productiveMonths(1.5, 6, 12), 1.5 * 9); // 12 − 6/2
    assert.equal(productiveMonths(1, 6, 3), 0.75); // 3² / 12: a quarter of the way up a ramp that ends at 6
    assert.equal(productiveMonths(1, 6, 6), 3); // both branches agree at the boundary
  });

  it('breaks an exact tie in the order hire, contract, outsource, with a warning and zero savings', () => {
    // All three cost 1 000 per productive month: 12 000/yr salary; 10/h × 100 h; 1 000 fee; no ramp, no overheads.
    const result = evaluateChecked(model, {
      annual_salary: 12_000,
      benefits_load: 0,
      recruiting_cost: 0,
      employee_ramp_up_months: 0,
      contractor_hourly_rate: 10,
      hours_per_month: 100,
      contractor_ramp_up_months: 0,
      vendor_monthly_fee: 1_000,
      vendor_management_overhead: 0,
      vendor_ramp_up_months: 0,
      horizon_months: 6,
    });
    assert.equal(result.metrics.recommended_option, 'hire');
    assert.equal(result.metrics.savings_vs_next_best, 0);
    assert.equal(result.metrics.hire_cost_per_productive_month, 1_000);
    assert.equal(result.notes.filter((note) => note.kind === 'warning').length, 1);
  });

  it('handles zero-cost options', () => {
    const result = evaluateChecked(model, { annual_salary: 0, contractor_hourly_rate: 0, vendor_monthly_fee: 0 });
    assert.equal(result.metrics.hire_total_cost, 0);
    assert.equal(result.metrics.contract_cost_per_productive_month, 0);
    assert.equal(result.metrics.savings_vs_next_best, 0);
  });

  it('rejects a productivity of zero, for which cost per productive month is undefined', () => {
    assert.equal(isValidInput(model, { ...baseInputs, vendor_productivity: 0 }), false);
    assert.equal(isValidInput(model, { ...baseInputs, vendor_productivity: 1.5 }), true);
  });

  it('warns, naming the input, when vendor overhead is outside the validated range', () => {
    const result = evaluateChecked(model, { ...baseInputs, vendor_management_overhead: 0.5 });
    assert.deepEqual(warningInputs(result), ['vendor_management_overhead']);
  });

  it('has example inputs that validate and evaluate to schema-valid metrics', () => {
    assertExamplesValid(model);
  });
});
