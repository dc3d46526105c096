import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workforceCostProjection as model } from '../../../decision/builtin/workforce-cost-projection';
import { assertClose, assertExamplesValid, evaluateChecked, warningInputs } from './model-test-support';

describe('workforce_cost_projection', () => {
  it('projects a year with a raise in quarter 3 (hand-computed)', () => {
    // 10 people, 100 000/yr, raise 4% from quarter 3, benefits 20%, attrition 10%/quarter, 2 hires/quarter at 1 000.
    // Q1: salary 100 000; 10 − 1 + 2 = 11; mid 10.5;   pay 10.5 × 25 000 = 262 500; benefits 52 500; hiring 2 000 → 317 000
    // Q2: salary 100 000; 11 − 1.1 + 2 = 11.9; mid 11.45; pay 11.45 × 25 000 = 286 250; benefits 57 250; hiring 2 000 → 345 500
    // Q3: salary 104 000; 11.9 − 1.19 + 2 = 12.71; mid 12.305; pay 12.305 × 26 000 = 319 930; benefits 63 986; → 385 916
    // Q4: salary 104 000; 12.71 − 1.271 + 2 = 13.439; mid 13.0745; pay 13.0745 × 26 000 = 339 937; benefits 67 987.4; → 409 924.4
    // total 1 458 340.4; salary 1 208 617; benefits 241 723.4; hiring 8 000
    // average headcount (10.5 + 11.45 + 12.305 + 13.0745) / 4 = 11.832375; cost per head 1 458 340.4 / 11.832375 = 123 250.0153…
    const result = evaluateChecked(model, {
      starting_headcount: 10,
      average_annual_salary: 100_000,
      annual_raise_rate: 0.04,
      raise_quarter: 3,
      benefits_load: 0.2,
      quarterly_attrition_rate: 0.1,
      planned_hires_per_quarter: 2,
      cost_per_hire: 1_000,
      backfill_leavers: 0,
      quarters: 4,
    });
    const m = result.metrics;
    assert.equal(m.total_cost, 1_458_340.4);
    assert.equal(m.total_salary_cost, 1_208_617);
    assert.equal(m.total_benefits_cost, 241_723.4);
    assert.equal(m.total_hiring_cost, 8_000);
    assert.equal(m.final_quarter_cost, 409_924.4);
    assertClose(m.average_headcount, 11.832375, 1e-9, 'average_headcount');
    assertClose(m.ending_headcount, 13.439, 1e-9, 'ending_headcount');
    assertClose(m.total_leavers, 4.561, 1e-9, 'total_leavers');
    assertClose(m.total_hires, 8, 1e-9, 'total_hires');
    assert.equal(m.cost_per_head, 123_250.02);

    const quarters = result.decision_structure.details?.quarters as Array<Record<string, number>>;
    assert.equal(quarters.length, 4);
    const third = quarters[2] as Record<string, number>;
    assertClose(third.headcount_start, 11.9, 1e-9, 'Q3 start');
    assertClose(third.leavers, 1.19, 1e-9, 'Q3 leavers');
    assert.equal(third.hires, 2);
    assert.equal(third.annual_salary, 104_000);
    assert.equal(third.salary_cost, 319_930);
    assert.equal(third.benefits_cost, 63_986);
    assert.equal(third.hiring_cost, 2_000);
    assert.equal(third.total_cost, 385_916);
    assert.deepEqual(warningInputs(result), []);
    assert.ok(result.notes.some((note) => note.kind === 'assumption' && note.input === 'raise_quarter'));
  });

  it('backfills leavers and spreads the raise quarterly (hand-computed)', () => {
    // Raise 4.060401% a year = 1% a quarter (1.01^4 = 1.04060401). 8 people, 25% attrition, every leaver backfilled,
    // no planned hires, 500 per hire, no benefits. Headcount stays 8 (2 leave, 2 join each quarter).
    // Q1: salary 40 000 → 8 × 10 000 = 80 000 + 2 × 500 = 81 000
    // Q2: salary 40 400 → 8 × 10 100 = 80 800 + 1 000 = 81 800
    // Q3: salary 40 804 → 8 × 10 201 = 81 608 + 1 000 = 82 608;   total 245 408; per head 245 408 / 8 = 30 676
    const { metrics } = evaluateChecked(model, {
      starting_headcount: 8,
      average_annual_salary: 40_000,
      annual_raise_rate: 0.04060401,
      raise_quarter: 0,
      benefits_load: 0,
      quarterly_attrition_rate: 0.25,
      planned_hires_per_quarter: 0,
      cost_per_hire: 500,
      backfill_leavers: 1,
      quarters: 3,
    });
    assert.equal(metrics.total_cost, 245_408);
    assert.equal(metrics.total_hiring_cost, 3_000);
    assert.equal(metrics.final_quarter_cost, 82_608);
    assertClose(metrics.ending_headcount, 8, 1e-12, 'ending_headcount');
    assertClose(metrics.average_headcount, 8, 1e-12, 'average_headcount');
    assert.equal(metrics.cost_per_head, 30_676);
  });

  it('applies an annual raise in quarter 1 first in quarter 5, never in quarter 1 (hand-computed)', () => {
    // 4 people, 80 000/yr, +10% in quarter 1 of each year, benefits 50%, no attrition or hires, 5 quarters.
    // Q1–Q4: 4 × 20 000 × 1.5 = 120 000 each;  Q5: 4 × 22 000 × 1.5 = 132 000;  total 612 000
    const result = evaluateChecked(model, {
      starting_headcount: 4,
      average_annual_salary: 80_000,
      annual_raise_rate: 0.1,
      raise_quarter: 1,
      benefits_load: 0.5,
      quarterly_attrition_rate: 0,
      quarters: 5,
    });
    assert.equal(result.metrics.total_cost, 612_000);
    assert.equal(result.metrics.final_quarter_cost, 132_000);
    assert.equal(result.metrics.total_hiring_cost, 0);
    const salarySteps = result.decision_structure.derivation.find(
      (step) => step.step === 'Annual salary rate per quarter',
    );
    assert.deepEqual(salarySteps?.value, [80_000, 80_000, 80_000, 80_000, 88_000]);
  });

  it('uses the documented defaults: 8 quarters, 3% raise in quarter 1, 25% benefits, 3% attrition', () => {
    const { metrics, decision_structure } = evaluateChecked(model, { starting_headcount: 1, average_annual_salary: 4 });
    assert.equal((decision_structure.details?.quarters as unknown[]).length, 8);
    // Quarter 1: 1 − 0.03 = 0.97 at quarter end, mid 0.985; pay 0.985 × 4 / 4 = 0.985; ×1.25 = 1.23125
    const first = (decision_structure.details?.quarters as Array<Record<string, number>>)[0] as Record<string, number>;
    assert.equal(first.total_cost, 1.23);
    assertClose(metrics.ending_headcount, Math.pow(0.97, 8), 1e-12, 'ending_headcount');
  });

  it('reports an empty workforce as zero cost with a warning instead of dividing by zero', () => {
    const result = evaluateChecked(model, { starting_headcount: 0, average_annual_salary: 50_000, quarters: 2 });
    assert.equal(result.metrics.total_cost, 0);
    assert.equal(result.metrics.average_headcount, 0);
    assert.equal(result.metrics.cost_per_head, 0);
    assert.deepEqual(warningInputs(result), ['starting_headcount']);
  });

  it('warns, naming the input, when attrition is outside the validated range', () => {
    const result = evaluateChecked(model, {
      starting_headcount: 10,
      average_annual_salary: 50_000,
      quarterly_attrition_rate: 0.6,
    });
    assert.deepEqual(warningInputs(result), ['quarterly_attrition_rate']);
  });

  it('has example inputs that validate and evaluate to schema-valid metrics', () => {
    assertExamplesValid(model);
  });
});
