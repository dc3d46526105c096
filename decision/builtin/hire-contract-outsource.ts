import type { BuiltinModel, DecisionStructure, JsonSchema, ModelInputs, ModelResult, Note } from '../types';
import { enforcingInputBounds } from './input-bounds';
import { numberInput } from './input-readers';
import { inputsSchema, metricsSchema } from './json-schema';
import { MONEY_ROUNDING_NOTE, roundMoney } from './rounding';
import { outOfRangeNotes, type ValidatedRanges } from './range-notes';

const VALIDATED_RANGES: ValidatedRanges = {
  benefits_load: { min: 0, max: 0.6 },
  employee_ramp_up_months: { min: 0, max: 12 },
  contractor_ramp_up_months: { min: 0, max: 12 },
  vendor_ramp_up_months: { min: 0, max: 12 },
  hours_per_month: { min: 80, max: 200 },
  vendor_management_overhead: { min: 0, max: 0.3 },
  employee_productivity: { min: 0.5, max: 1.2 },
  contractor_productivity: { min: 0.5, max: 1.2 },
  vendor_productivity: { min: 0.5, max: 1.2 },
  horizon_months: { min: 3, max: 60 },
};

/** Options in the order ties are broken: the first listed wins an exact tie. */
const OPTION_IDS = ['hire', 'contract', 'outsource'] as const;
type OptionId = (typeof OPTION_IDS)[number];

const OPTION_LABELS: Record<OptionId, string> = {
  hire: 'Hire an employee',
  contract: 'Engage a contractor',
  outsource: 'Outsource to a vendor',
};

/** Relative tolerance under which two costs per productive month count as equal. */
const TIE_TOLERANCE = 1e-9;

interface OptionFigures {
  id: OptionId;
  totalCost: number;
  productiveMonths: number;
  costPerProductiveMonth: number;
}

/**
 * Productive full-time-equivalent months over the horizon: output ramps linearly from 0 to `productivity` over
 * `rampMonths`, then stays there, i.e. productivity × ∫₀^horizon min(1, t / ramp) dt.
 */
export function productiveMonths(productivity: number, rampMonths: number, horizonMonths: number): number {
  if (rampMonths === 0) return productivity * horizonMonths;
  if (horizonMonths <= rampMonths) return (productivity * horizonMonths * horizonMonths) / (2 * rampMonths);
  return productivity * (horizonMonths - rampMonths / 2);
}

const RAMP_INPUT: Record<OptionId, string> = {
  hire: 'employee_ramp_up_months',
  contract: 'contractor_ramp_up_months',
  outsource: 'vendor_ramp_up_months',
};

const PRODUCTIVITY_INPUT: Record<OptionId, string> = {
  hire: 'employee_productivity',
  contract: 'contractor_productivity',
  outsource: 'vendor_productivity',
};

interface CostInputs {
  annualSalary: number;
  benefitsLoad: number;
  recruitingCost: number;
  contractorHourlyRate: number;
  hoursPerMonth: number;
  vendorMonthlyFee: number;
  vendorOverhead: number;
  horizon: number;
}

function readCostInputs(inputs: ModelInputs): CostInputs {
  return {
    annualSalary: numberInput(inputs, 'annual_salary'),
    benefitsLoad: numberInput(inputs, 'benefits_load'),
    recruitingCost: numberInput(inputs, 'recruiting_cost'),
    contractorHourlyRate: numberInput(inputs, 'contractor_hourly_rate'),
    hoursPerMonth: numberInput(inputs, 'hours_per_month'),
    vendorMonthlyFee: numberInput(inputs, 'vendor_monthly_fee'),
    vendorOverhead: numberInput(inputs, 'vendor_management_overhead'),
    horizon: numberInput(inputs, 'horizon_months'),
  };
}

/** Each option's nominal cost over the whole horizon. */
function totalCostsOf(costs: CostInputs): Record<OptionId, number> {
  const {
    annualSalary,
    benefitsLoad,
    recruitingCost,
    contractorHourlyRate,
    hoursPerMonth,
    vendorMonthlyFee,
    vendorOverhead,
    horizon,
  } = costs;
  return {
    hire: recruitingCost + (annualSalary * (1 + benefitsLoad) * horizon) / 12,
    contract: contractorHourlyRate * hoursPerMonth * horizon,
    outsource: vendorMonthlyFee * (1 + vendorOverhead) * horizon,
  };
}

function assumptionNotes(inputs: ModelInputs): Note[] {
  return [
    {
      kind: 'assumption',
      message:
        'A productive month is one month of a fully ramped employee at productivity 1.0. Each option ramps up linearly from zero output to its productivity factor over its ramp-up months, so a completed ramp-up costs half its length in output.',
    },
    {
      kind: 'assumption',
      message:
        'Costs are nominal and undiscounted over the horizon: the salary does not rise, the contractor is paid for every hour including ramp-up, the vendor fee is flat, and no exit costs (severance, notice, transition) are included.',
    },
    {
      kind: 'assumption',
      message:
        "The recommendation is the lowest cost per productive month; savings_vs_next_best is what the runner-up would cost to deliver the recommended option's productive months, minus the recommended option's cost.",
    },
    MONEY_ROUNDING_NOTE,
    ...outOfRangeNotes(inputs, VALIDATED_RANGES),
  ];
}

/** Each option's cost, output and cost per productive month, with a warning for each that never ramps up fully. */
function figureOptions(inputs: ModelInputs, totalCosts: Record<OptionId, number>, horizon: number) {
  const warnings: Note[] = [];
  const options: OptionFigures[] = OPTION_IDS.map((id) => {
    const ramp = numberInput(inputs, RAMP_INPUT[id]);
    if (ramp > horizon) {
      warnings.push({
        kind: 'warning',
        input: RAMP_INPUT[id],
        message: `${RAMP_INPUT[id]} (${ramp}) exceeds the horizon (${horizon} months): the ${id} option never reaches full productivity.`,
      });
    }
    // Productivity has an exclusive minimum of 0 and the horizon is at least one month, so this is positive.
    const productive = productiveMonths(numberInput(inputs, PRODUCTIVITY_INPUT[id]), ramp, horizon);
    return {
      id,
      totalCost: totalCosts[id],
      productiveMonths: productive,
      costPerProductiveMonth: totalCosts[id] / productive,
    };
  });
  return { options, warnings };
}

/** The best option and the runner-up on cost per productive month, whether they tie, and what the best saves. */
function rankOptions(options: OptionFigures[]) {
  // Stable sort keeps OPTION_IDS order among equals, which is the documented tie-break.
  const ranked = [...options].sort((a, b) => a.costPerProductiveMonth - b.costPerProductiveMonth);
  const best = ranked[0] as OptionFigures;
  const runnerUp = ranked[1] as OptionFigures;
  const isTie =
    runnerUp.costPerProductiveMonth - best.costPerProductiveMonth <=
    TIE_TOLERANCE * Math.max(1, Math.abs(best.costPerProductiveMonth));
  const savings = isTie ? 0 : (runnerUp.costPerProductiveMonth - best.costPerProductiveMonth) * best.productiveMonths;
  return { best, runnerUp, isTie, savings };
}

function optionMetrics(options: OptionFigures[], best: OptionFigures, savings: number) {
  const figure = (id: OptionId): OptionFigures => options.find((option) => option.id === id) as OptionFigures;
  return {
    hire_total_cost: roundMoney(figure('hire').totalCost),
    contract_total_cost: roundMoney(figure('contract').totalCost),
    outsource_total_cost: roundMoney(figure('outsource').totalCost),
    hire_productive_months: figure('hire').productiveMonths,
    contract_productive_months: figure('contract').productiveMonths,
    outsource_productive_months: figure('outsource').productiveMonths,
    hire_cost_per_productive_month: roundMoney(figure('hire').costPerProductiveMonth),
    contract_cost_per_productive_month: roundMoney(figure('contract').costPerProductiveMonth),
    outsource_cost_per_productive_month: roundMoney(figure('outsource').costPerProductiveMonth),
    recommended_option: best.id,
    savings_vs_next_best: roundMoney(savings),
  };
}

type OptionMetrics = ReturnType<typeof optionMetrics>;

function derivationSteps(metrics: OptionMetrics): DecisionStructure['derivation'] {
  return [
    {
      step: 'Employee total cost',
      formula: 'hire_total_cost = recruiting_cost + annual_salary × (1 + benefits_load) × horizon_months / 12',
      value: metrics.hire_total_cost,
    },
    {
      step: 'Contractor total cost',
      formula: 'contract_total_cost = contractor_hourly_rate × hours_per_month × horizon_months',
      value: metrics.contract_total_cost,
    },
    {
      step: 'Outsourcing total cost',
      formula: 'outsource_total_cost = vendor_monthly_fee × (1 + vendor_management_overhead) × horizon_months',
      value: metrics.outsource_total_cost,
    },
    {
      step: 'Productive months',
      formula:
        'productive_months = productivity × (horizon − ramp / 2) if horizon > ramp, else productivity × horizon² / (2 × ramp); productivity × horizon when ramp = 0',
      value: {
        hire: metrics.hire_productive_months,
        contract: metrics.contract_productive_months,
        outsource: metrics.outsource_productive_months,
      },
    },
    {
      step: 'Cost per productive month',
      formula: 'cost_per_productive_month = total_cost / productive_months',
      value: {
        hire: metrics.hire_cost_per_productive_month,
        contract: metrics.contract_cost_per_productive_month,
        outsource: metrics.outsource_cost_per_productive_month,
      },
    },
    {
      step: 'Savings versus the next best option',
      formula:
        'savings = (runner_up.cost_per_productive_month − best.cost_per_productive_month) × best.productive_months',
      value: metrics.savings_vs_next_best,
    },
  ];
}

function evaluate(inputs: ModelInputs): ModelResult {
  const costs = readCostInputs(inputs);
  const horizon = costs.horizon;
  const totalCosts = totalCostsOf(costs);
  const notes = assumptionNotes(inputs);
  const { options, warnings } = figureOptions(inputs, totalCosts, horizon);
  notes.push(...warnings);

  const { best, runnerUp, isTie, savings } = rankOptions(options);
  if (isTie) {
    notes.push({
      kind: 'warning',
      message: `${OPTION_LABELS[best.id]} and ${OPTION_LABELS[runnerUp.id]} tie on cost per productive month; the tie is broken in the order hire, contract, outsource.`,
    });
  }

  const metrics = optionMetrics(options, best, savings);
  const decisionStructure: DecisionStructure = {
    alternatives: options.map((option) => ({
      id: option.id,
      label: OPTION_LABELS[option.id],
      values: {
        total_cost: roundMoney(option.totalCost),
        productive_months: option.productiveMonths,
        cost_per_productive_month: roundMoney(option.costPerProductiveMonth),
      },
      chosen: option.id === best.id,
    })),
    criteria: [
      {
        id: 'cost_per_productive_month',
        label: 'Cost per productive month (decides)',
        direction: 'lower_is_better',
        unit: 'currency per productive month',
      },
      { id: 'total_cost', label: 'Total cost over the horizon', direction: 'lower_is_better', unit: 'currency' },
    ],
    derivation: derivationSteps(metrics),
    recommendation: {
      alternative: best.id,
      rationale: isTie
        ? `${OPTION_LABELS[best.id]} ties with ${OPTION_LABELS[runnerUp.id]} at ${metrics[`${best.id}_cost_per_productive_month`]} per productive month; taken first by the tie-break order.`
        : `${OPTION_LABELS[best.id]} has the lowest cost per productive month (${metrics[`${best.id}_cost_per_productive_month`]} versus ${metrics[`${runnerUp.id}_cost_per_productive_month`]} for ${OPTION_LABELS[runnerUp.id].toLowerCase()}), saving ${metrics.savings_vs_next_best} over ${horizon} months for the same output.`,
    },
  };

  return { metrics, notes, decision_structure: decisionStructure };
}

function rampUpProperty(who: string, fallback: number): JsonSchema {
  return {
    type: 'number',
    minimum: 0,
    maximum: 24,
    default: fallback,
    description: `Months for ${who} to reach full productivity; output rises linearly from zero over this period, in months.`,
  };
}

function productivityProperty(who: string): JsonSchema {
  return {
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 1.5,
    default: 1,
    description: `Output of ${who} once ramped up, relative to a fully productive employee (1.0 = same output per month; dimensionless, above 0 and at most 1.5).`,
  };
}

export const hireContractOutsource: BuiltinModel = enforcingInputBounds({
  key: 'hire_contract_outsource',
  name: 'Hire, contract or outsource',
  category: 'workforce',
  version: '1.0.0',
  description: `Compares filling a role by hiring an employee, engaging a contractor or outsourcing to a vendor over a horizon of *H* months, on cost per productive month.

Total cost of each option over the horizon:

- Hire: \`recruiting_cost + annual_salary × (1 + benefits_load) × H / 12\`
- Contract: \`contractor_hourly_rate × hours_per_month × H\`
- Outsource: \`vendor_monthly_fee × (1 + vendor_management_overhead) × H\`

Productive months (one month of a fully ramped employee = 1), with output ramping linearly from 0 to the option's productivity factor *p* over its ramp-up *r* months:

- \`p × (H − r/2)\` when *H* > *r*; \`p × H² / (2r)\` when *H* ≤ *r*; \`p × H\` when *r* = 0.

\`cost_per_productive_month = total_cost / productive_months\`. The recommended option has the lowest cost per productive month (exact ties go to hire, then contract, then outsource). \`savings_vs_next_best = (runner-up's − recommended's cost per productive month) × recommended's productive months\`: what the runner-up would cost to deliver the same output, minus what the recommended option costs.

Costs are nominal and undiscounted; currency metrics are rounded to 2 decimals only when reported.`,
  inputSchema: inputsSchema({
    required: ['annual_salary', 'contractor_hourly_rate', 'vendor_monthly_fee'],
    properties: {
      annual_salary: {
        type: 'number',
        minimum: 0,
        maximum: 10_000_000,
        description: "The employee's annual base salary, in currency units per year.",
      },
      benefits_load: {
        type: 'number',
        minimum: 0,
        maximum: 3,
        default: 0.25,
        description: 'Employee benefits and employer on-costs as a fraction of salary (0.25 = 25% on top of salary).',
      },
      recruiting_cost: {
        type: 'number',
        minimum: 0,
        maximum: 10_000_000,
        default: 0,
        description:
          'One-off cost of recruiting the employee (agency fee, advertising, interviewing), in currency units.',
      },
      employee_ramp_up_months: rampUpProperty('a new employee', 3),
      employee_productivity: productivityProperty('the employee'),
      contractor_hourly_rate: {
        type: 'number',
        minimum: 0,
        maximum: 100_000,
        description: "The contractor's rate, in currency units per hour.",
      },
      hours_per_month: {
        type: 'number',
        minimum: 0,
        maximum: 744,
        default: 160,
        description: 'Hours the contractor bills per month, in hours per month.',
      },
      contractor_ramp_up_months: rampUpProperty('the contractor', 1),
      contractor_productivity: productivityProperty('the contractor'),
      vendor_monthly_fee: {
        type: 'number',
        minimum: 0,
        maximum: 100_000_000,
        description: "The outsourcing vendor's fee for the role, in currency units per month.",
      },
      vendor_management_overhead: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        default: 0.1,
        description:
          'Internal cost of managing the vendor as a fraction of the vendor fee (0.1 = 10% on top of the fee).',
      },
      vendor_ramp_up_months: rampUpProperty('the vendor', 1),
      vendor_productivity: productivityProperty('the vendor'),
      horizon_months: {
        type: 'integer',
        minimum: 1,
        maximum: 120,
        default: 24,
        description: 'Length of the comparison, in months.',
      },
    },
    examples: [
      {
        annual_salary: 90_000,
        benefits_load: 0.3,
        recruiting_cost: 15_000,
        employee_ramp_up_months: 3,
        employee_productivity: 1,
        contractor_hourly_rate: 85,
        hours_per_month: 160,
        contractor_ramp_up_months: 1,
        contractor_productivity: 0.95,
        vendor_monthly_fee: 9_500,
        vendor_management_overhead: 0.15,
        vendor_ramp_up_months: 2,
        vendor_productivity: 0.85,
        horizon_months: 24,
      },
    ],
  }),
  outputSchema: metricsSchema({
    required: [
      'hire_total_cost',
      'contract_total_cost',
      'outsource_total_cost',
      'hire_productive_months',
      'contract_productive_months',
      'outsource_productive_months',
      'hire_cost_per_productive_month',
      'contract_cost_per_productive_month',
      'outsource_cost_per_productive_month',
      'recommended_option',
      'savings_vs_next_best',
    ],
    properties: {
      hire_total_cost: {
        type: 'number',
        description: 'Total cost of hiring an employee over the horizon, in currency units.',
      },
      contract_total_cost: {
        type: 'number',
        description: 'Total cost of the contractor over the horizon, in currency units.',
      },
      outsource_total_cost: {
        type: 'number',
        description: 'Total cost of outsourcing (fee plus management overhead) over the horizon, in currency units.',
      },
      hire_productive_months: {
        type: 'number',
        description: "The employee's output over the horizon, in productive months.",
      },
      contract_productive_months: {
        type: 'number',
        description: "The contractor's output over the horizon, in productive months.",
      },
      outsource_productive_months: {
        type: 'number',
        description: "The vendor's output over the horizon, in productive months.",
      },
      hire_cost_per_productive_month: {
        type: 'number',
        description: 'Employee total cost per productive month, in currency units per productive month.',
      },
      contract_cost_per_productive_month: {
        type: 'number',
        description: 'Contractor total cost per productive month, in currency units per productive month.',
      },
      outsource_cost_per_productive_month: {
        type: 'number',
        description: 'Outsourcing total cost per productive month, in currency units per productive month.',
      },
      recommended_option: {
        type: 'string',
        enum: [...OPTION_IDS],
        description: 'The option with the lowest cost per productive month: hire, contract or outsource.',
      },
      savings_vs_next_best: {
        type: 'number',
        minimum: 0,
        description:
          "What the runner-up would cost to deliver the recommended option's output, minus the recommended option's cost, in currency units.",
      },
    },
  }),
  metricDirections: {
    hire_total_cost: 'lower_is_better',
    contract_total_cost: 'lower_is_better',
    outsource_total_cost: 'lower_is_better',
    hire_productive_months: 'higher_is_better',
    contract_productive_months: 'higher_is_better',
    outsource_productive_months: 'higher_is_better',
    hire_cost_per_productive_month: 'lower_is_better',
    contract_cost_per_productive_month: 'lower_is_better',
    outsource_cost_per_productive_month: 'lower_is_better',
    savings_vs_next_best: 'higher_is_better',
  },
  validatedRanges: VALIDATED_RANGES,
  evaluate,
});
