import type { BuiltinModel, DecisionStructure, ModelInputs, ModelResult, Note } from '../types';
import { enforcingInputBounds } from './input-bounds';
import { numberInput } from './input-readers';
import { inputsSchema, metricsSchema } from './json-schema';
import { MONEY_ROUNDING_NOTE, roundMoney } from './rounding';
import { outOfRangeNotes, type ValidatedRanges } from './range-notes';

const VALIDATED_RANGES: ValidatedRanges = {
  baseline_annual_attrition_rate: { min: 0.02, max: 0.5 },
  attrition_reduction: { min: 0, max: 0.5 },
  replacement_cost_fraction: { min: 0.1, max: 2 },
  discount_rate: { min: 0, max: 0.2 },
};

/** Reported when the programme never recovers its costs. */
const NEVER = 'never';
/** Reported as ROI when the programme costs nothing, so a return on cost is undefined. */
const NOT_APPLICABLE = 'n/a';

interface YearRow {
  year: number;
  savings: number;
  cost: number;
  net_cash_flow: number;
  discount_factor: number;
  present_value: number;
  cumulative_net_cash_flow: number;
}

function assumptionNotes(inputs: ModelInputs): Note[] {
  return [
    {
      kind: 'assumption',
      message:
        'Cash flows fall at the end of each year (t = 1 … horizon); the programme fixed cost is a one-off paid at t = 0, before the first year begins.',
    },
    {
      kind: 'assumption',
      message:
        'Covered headcount, salary and attrition stay constant over the horizon; each leaver avoided saves replacement_cost_fraction × average_salary (recruiting, onboarding and lost productivity).',
    },
    {
      kind: 'assumption',
      message:
        'ROI = NPV / present value of programme costs. Payback is undiscounted: the fixed cost divided by the yearly net saving, interpolated within a year; "never" when the yearly net saving does not recover it.',
    },
    MONEY_ROUNDING_NOTE,
    ...outOfRangeNotes(inputs, VALIDATED_RANGES),
  ];
}

interface YearlyCashFlows {
  annualSavings: number;
  annualCost: number;
  annualNet: number;
  fixedCost: number;
  horizonYears: number;
  discountRate: number;
}

/** Years 1 … horizon, each discounted at year end, and the annuity factor (the sum of their discount factors). */
function projectYears({
  annualSavings,
  annualCost,
  annualNet,
  fixedCost,
  horizonYears,
  discountRate,
}: YearlyCashFlows) {
  const rows: YearRow[] = [];
  let cumulative = -fixedCost;
  let annuityFactor = 0;
  for (let year = 1; year <= horizonYears; year++) {
    const discountFactor = 1 / Math.pow(1 + discountRate, year);
    annuityFactor += discountFactor;
    cumulative += annualNet;
    rows.push({
      year,
      savings: annualSavings,
      cost: annualCost,
      net_cash_flow: annualNet,
      discount_factor: discountFactor,
      present_value: annualNet * discountFactor,
      cumulative_net_cash_flow: cumulative,
    });
  }
  return { rows, annuityFactor };
}

/** Undiscounted years until the yearly net saving recovers the fixed cost, or "never". */
function paybackYears(fixedCost: number, annualNet: number): number | string {
  // Nothing to recover when there is no fixed cost and the programme pays its way every year.
  if (fixedCost === 0 && annualNet >= 0) return 0;
  if (annualNet > 0) return fixedCost / annualNet;
  return NEVER;
}

/** Year 0 (the fixed cost) and every projected year, currency rounded as reported. */
function reportedYears(rows: YearRow[], fixedCost: number) {
  return [
    {
      year: 0,
      savings: 0,
      cost: roundMoney(fixedCost),
      net_cash_flow: roundMoney(-fixedCost),
      discount_factor: 1,
      present_value: roundMoney(-fixedCost),
      cumulative_net_cash_flow: roundMoney(-fixedCost),
    },
    ...rows.map((row) => ({
      ...row,
      savings: roundMoney(row.savings),
      cost: roundMoney(row.cost),
      net_cash_flow: roundMoney(row.net_cash_flow),
      present_value: roundMoney(row.present_value),
      cumulative_net_cash_flow: roundMoney(row.cumulative_net_cash_flow),
    })),
  ];
}

type RoiMetrics = {
  leavers_avoided_per_year: number;
  annual_savings: number;
  annual_cost: number;
  pv_savings: number;
  pv_costs: number;
  npv: number;
  roi: number | string;
  payback_years: number | string;
};

function derivationSteps(metrics: RoiMetrics, annuityFactor: number): DecisionStructure['derivation'] {
  return [
    {
      step: 'Leavers avoided per year',
      formula: 'leavers_avoided = headcount_covered × baseline_annual_attrition_rate × attrition_reduction',
      value: metrics.leavers_avoided_per_year,
    },
    {
      step: 'Annual savings',
      formula: 'annual_savings = leavers_avoided × replacement_cost_fraction × average_salary',
      value: metrics.annual_savings,
    },
    {
      step: 'Annual programme cost',
      formula: 'annual_cost = headcount_covered × programme_cost_per_employee',
      value: metrics.annual_cost,
    },
    {
      step: 'Annuity factor',
      formula: 'annuity = Σ_{t=1..horizon_years} 1 / (1 + discount_rate)^t',
      value: annuityFactor,
    },
    { step: 'Present value of savings', formula: 'pv_savings = annual_savings × annuity', value: metrics.pv_savings },
    {
      step: 'Present value of costs',
      formula: 'pv_costs = programme_fixed_cost + annual_cost × annuity',
      value: metrics.pv_costs,
    },
    { step: 'Net present value', formula: 'npv = pv_savings − pv_costs', value: metrics.npv },
    { step: 'Return on investment', formula: 'roi = npv / pv_costs', value: metrics.roi },
    {
      step: 'Payback',
      formula:
        'payback_years = programme_fixed_cost / (annual_savings − annual_cost), "never" if that net saving ≤ 0 and a cost remains',
      value: metrics.payback_years,
    },
  ];
}

function evaluate(inputs: ModelInputs): ModelResult {
  const headcount = numberInput(inputs, 'headcount_covered');
  const baselineAttrition = numberInput(inputs, 'baseline_annual_attrition_rate');
  const attritionReduction = numberInput(inputs, 'attrition_reduction');
  const averageSalary = numberInput(inputs, 'average_salary');
  const replacementCostFraction = numberInput(inputs, 'replacement_cost_fraction');
  const fixedCost = numberInput(inputs, 'programme_fixed_cost');
  const costPerEmployee = numberInput(inputs, 'programme_cost_per_employee');
  const horizonYears = numberInput(inputs, 'horizon_years');
  const discountRate = numberInput(inputs, 'discount_rate');

  const notes = assumptionNotes(inputs);

  const leaversAvoided = headcount * baselineAttrition * attritionReduction;
  const annualSavings = leaversAvoided * replacementCostFraction * averageSalary;
  const annualCost = headcount * costPerEmployee;
  const annualNet = annualSavings - annualCost;

  const { rows, annuityFactor } = projectYears({
    annualSavings,
    annualCost,
    annualNet,
    fixedCost,
    horizonYears,
    discountRate,
  });
  const pvSavings = annualSavings * annuityFactor;
  const pvCosts = fixedCost + annualCost * annuityFactor;
  const npv = pvSavings - pvCosts;

  if (pvCosts === 0) {
    notes.push({
      kind: 'warning',
      message: 'The programme costs nothing, so ROI (a return on cost) is undefined and reported as "n/a".',
      input: 'programme_cost_per_employee',
    });
  }
  const roi: number | string = pvCosts === 0 ? NOT_APPLICABLE : npv / pvCosts;

  const payback = paybackYears(fixedCost, annualNet);
  if (typeof payback === 'number' && payback > horizonYears) {
    notes.push({
      kind: 'info',
      message: `Payback (${payback.toFixed(2)} years) falls after the ${horizonYears}-year horizon.`,
      input: 'horizon_years',
    });
  }

  const runProgramme = npv > 0;
  if (npv === 0) {
    notes.push({
      kind: 'warning',
      message: 'NPV is exactly zero: the programme neither creates nor destroys value; the status quo is recommended.',
    });
  }

  const metrics: RoiMetrics = {
    leavers_avoided_per_year: leaversAvoided,
    annual_savings: roundMoney(annualSavings),
    annual_cost: roundMoney(annualCost),
    pv_savings: roundMoney(pvSavings),
    pv_costs: roundMoney(pvCosts),
    npv: roundMoney(npv),
    roi,
    payback_years: payback,
  };

  return {
    metrics,
    notes,
    decision_structure: {
      alternatives: [
        {
          id: 'run_programme',
          label: 'Run the retention programme',
          values: {
            npv: metrics.npv,
            pv_savings: metrics.pv_savings,
            pv_costs: metrics.pv_costs,
            roi,
            payback_years: payback,
          },
          chosen: runProgramme,
        },
        {
          id: 'status_quo',
          label: 'Do nothing',
          values: { npv: 0, pv_savings: 0, pv_costs: 0 },
          chosen: !runProgramme,
        },
      ],
      criteria: [{ id: 'npv', label: 'Net present value', direction: 'higher_is_better', unit: 'currency' }],
      derivation: derivationSteps(metrics, annuityFactor),
      recommendation: {
        alternative: runProgramme ? 'run_programme' : 'status_quo',
        rationale: runProgramme
          ? `The programme's NPV over ${horizonYears} years at ${discountRate} discount is positive (${metrics.npv}).`
          : `The programme's NPV over ${horizonYears} years at ${discountRate} discount is not positive (${metrics.npv}).`,
      },
      details: { years: reportedYears(rows, fixedCost) },
    },
  };
}

export const retentionProgramRoi: BuiltinModel = enforcingInputBounds({
  key: 'retention_program_roi',
  name: 'Retention programme ROI',
  category: 'workforce',
  version: '1.0.0',
  description: `Estimates whether a retention programme pays for itself through the replacement costs of the leavers it avoids.

- \`leavers_avoided = headcount_covered × baseline_annual_attrition_rate × attrition_reduction\` (per year)
- \`annual_savings = leavers_avoided × replacement_cost_fraction × average_salary\`
- \`annual_cost = headcount_covered × programme_cost_per_employee\`
- \`annuity = Σ_{t=1..T} (1 + discount_rate)^−t\` — yearly flows fall at the end of each year
- \`pv_savings = annual_savings × annuity\`, \`pv_costs = programme_fixed_cost + annual_cost × annuity\` — the fixed cost is a one-off paid at t = 0
- \`npv = pv_savings − pv_costs\`, \`roi = npv / pv_costs\` (\`"n/a"\` when the programme costs nothing)
- \`payback_years = programme_fixed_cost / (annual_savings − annual_cost)\`, undiscounted and interpolated within a year; \`0\` when there is no fixed cost and the yearly net saving is not negative; \`"never"\` when the yearly net saving does not recover the costs.

Replacement cost is a fraction of salary, so the model is currency-neutral. Recommends running the programme when NPV > 0. Currency metrics are rounded to 2 decimals only when reported; the yearly cash-flow table is in \`decision_structure.details.years\`.`,
  inputSchema: inputsSchema({
    required: [
      'headcount_covered',
      'baseline_annual_attrition_rate',
      'attrition_reduction',
      'average_salary',
      'programme_cost_per_employee',
    ],
    properties: {
      headcount_covered: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000,
        description: 'Employees covered by the programme, in people (full-time equivalents).',
      },
      baseline_annual_attrition_rate: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Fraction of covered employees who leave in a year without the programme (0.15 = 15% a year).',
      },
      attrition_reduction: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description:
          'Relative reduction of attrition the programme achieves (0.2 = attrition falls by a fifth, e.g. from 15% to 12%).',
      },
      average_salary: {
        type: 'number',
        minimum: 0,
        maximum: 10_000_000,
        description: 'Average annual salary of covered employees, in currency units per year.',
      },
      replacement_cost_fraction: {
        type: 'number',
        minimum: 0,
        maximum: 5,
        default: 0.5,
        description:
          'Cost of replacing one leaver (recruiting, onboarding, lost productivity) as a fraction of annual salary (0.5 = half a year of salary).',
      },
      programme_fixed_cost: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000_000,
        default: 0,
        description: 'One-off cost of setting up the programme, paid at the start (t = 0), in currency units.',
      },
      programme_cost_per_employee: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000,
        description: 'Running cost of the programme per covered employee, in currency units per employee per year.',
      },
      horizon_years: {
        type: 'integer',
        minimum: 1,
        maximum: 10,
        default: 3,
        description: 'Evaluation horizon, in years (1–10).',
      },
      discount_rate: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        default: 0.08,
        description: 'Annual discount rate for the NPV, as a fraction per year (0.08 = 8%).',
      },
    },
    examples: [
      {
        headcount_covered: 400,
        baseline_annual_attrition_rate: 0.18,
        attrition_reduction: 0.25,
        average_salary: 70_000,
        replacement_cost_fraction: 0.5,
        programme_fixed_cost: 120_000,
        programme_cost_per_employee: 600,
        horizon_years: 3,
        discount_rate: 0.08,
      },
    ],
  }),
  outputSchema: metricsSchema({
    required: [
      'leavers_avoided_per_year',
      'annual_savings',
      'annual_cost',
      'pv_savings',
      'pv_costs',
      'npv',
      'roi',
      'payback_years',
    ],
    properties: {
      leavers_avoided_per_year: {
        type: 'number',
        description: 'Leavers the programme avoids each year, in people per year.',
      },
      annual_savings: {
        type: 'number',
        description: 'Replacement costs avoided each year, in currency units per year.',
      },
      annual_cost: {
        type: 'number',
        description: 'Running cost of the programme each year, in currency units per year.',
      },
      pv_savings: { type: 'number', description: 'Present value of the savings over the horizon, in currency units.' },
      pv_costs: {
        type: 'number',
        description: 'Present value of the programme costs (fixed cost plus running costs), in currency units.',
      },
      npv: { type: 'number', description: 'Net present value of running the programme, in currency units.' },
      roi: {
        anyOf: [{ type: 'number' }, { type: 'string', enum: [NOT_APPLICABLE] }],
        description:
          'NPV divided by the present value of costs, a dimensionless ratio (0.5 = 50%); "n/a" when the programme costs nothing.',
      },
      payback_years: {
        anyOf: [
          { type: 'number', minimum: 0 },
          { type: 'string', enum: [NEVER] },
        ],
        description:
          'Undiscounted years until the net savings recover the fixed cost, in years; "never" when they do not.',
      },
    },
  }),
  metricDirections: {
    leavers_avoided_per_year: 'higher_is_better',
    annual_savings: 'higher_is_better',
    annual_cost: 'lower_is_better',
    pv_savings: 'higher_is_better',
    pv_costs: 'lower_is_better',
    npv: 'higher_is_better',
    roi: 'higher_is_better',
    payback_years: 'lower_is_better',
  },
  validatedRanges: VALIDATED_RANGES,
  evaluate,
});
