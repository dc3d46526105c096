import type { BuiltinModel, DecisionStructure, ModelInputs, ModelResult, Note } from '../types';
import { enforcingInputBounds } from './input-bounds';
import { numberInput } from './input-readers';
import { inputsSchema, metricsSchema } from './json-schema';
import { MONEY_ROUNDING_NOTE, roundMoney } from './rounding';
import { outOfRangeNotes, type ValidatedRanges } from './range-notes';

const VALIDATED_RANGES: ValidatedRanges = {
  starting_headcount: { min: 0, max: 100_000 },
  annual_raise_rate: { min: 0, max: 0.15 },
  benefits_load: { min: 0, max: 0.6 },
  quarterly_attrition_rate: { min: 0, max: 0.5 },
};

const QUARTERS_PER_YEAR = 4;

interface QuarterRow {
  quarter: number;
  headcount_start: number;
  leavers: number;
  hires: number;
  headcount_end: number;
  /** Mid-quarter headcount the quarter's pay is charged on. */
  average_headcount: number;
  /** Annual salary rate in force during the quarter. */
  annual_salary: number;
  salary_cost: number;
  benefits_cost: number;
  hiring_cost: number;
  total_cost: number;
}

/**
 * Whether salaries rise at the start of `quarter` (1-based). Quarter 1 of the projection is quarter 1 of year 1
 * and is paid at the starting salary, so the first annual raise in quarter k lands in quarter k of year 1 when
 * k > 1, otherwise in quarter 5.
 */
function raiseAppliesAt(quarter: number, raiseQuarter: number): boolean {
  return quarter > 1 && ((quarter - 1) % QUARTERS_PER_YEAR) + 1 === raiseQuarter;
}

interface ProjectionInputs {
  startingHeadcount: number;
  startingSalary: number;
  raiseRate: number;
  raiseQuarter: number;
  benefitsLoad: number;
  attritionRate: number;
  plannedHires: number;
  costPerHire: number;
  backfillLeavers: boolean;
  quarterCount: number;
}

function readProjectionInputs(inputs: ModelInputs): ProjectionInputs {
  return {
    startingHeadcount: numberInput(inputs, 'starting_headcount'),
    startingSalary: numberInput(inputs, 'average_annual_salary'),
    raiseRate: numberInput(inputs, 'annual_raise_rate'),
    raiseQuarter: numberInput(inputs, 'raise_quarter'),
    benefitsLoad: numberInput(inputs, 'benefits_load'),
    attritionRate: numberInput(inputs, 'quarterly_attrition_rate'),
    plannedHires: numberInput(inputs, 'planned_hires_per_quarter'),
    costPerHire: numberInput(inputs, 'cost_per_hire'),
    backfillLeavers: numberInput(inputs, 'backfill_leavers') === 1,
    quarterCount: numberInput(inputs, 'quarters'),
  };
}

function assumptionNotes(inputs: ModelInputs, raiseQuarter: number): Note[] {
  return [
    {
      kind: 'assumption',
      message:
        'Headcount is fractional (full-time equivalents): leavers = start-of-quarter headcount × quarterly attrition rate, not rounded to whole people.',
    },
    {
      kind: 'assumption',
      message:
        "Leavers and hires are spread evenly through each quarter, so a quarter's pay is charged on its mid-quarter headcount (start + end) / 2.",
    },
    {
      kind: 'assumption',
      message:
        raiseQuarter === 0
          ? 'The annual raise is spread evenly: the salary grows by (1 + annual_raise_rate)^(1/4) − 1 at the start of every quarter from quarter 2.'
          : `The annual raise takes effect at the start of quarter ${raiseQuarter} of every projection year (never in quarter 1 of the projection, which is paid at the starting salary).`,
      input: 'raise_quarter',
    },
    {
      kind: 'assumption',
      message:
        'Everyone, new hires included, is paid the current average salary; benefits are a fixed fraction of salary; hiring cost is booked in the quarter of the hire. Costs are nominal (not discounted).',
    },
    MONEY_ROUNDING_NOTE,
    ...outOfRangeNotes(inputs, VALIDATED_RANGES),
  ];
}

/** The quarter-by-quarter table: each quarter starts from the previous one's ending headcount and salary rate. */
function projectQuarters(projection: ProjectionInputs): QuarterRow[] {
  const {
    raiseRate,
    raiseQuarter,
    benefitsLoad,
    attritionRate,
    plannedHires,
    costPerHire,
    backfillLeavers,
    quarterCount,
  } = projection;
  const quarterlyRaiseFactor = Math.pow(1 + raiseRate, 1 / QUARTERS_PER_YEAR);
  const rows: QuarterRow[] = [];
  let headcount = projection.startingHeadcount;
  let annualSalary = projection.startingSalary;
  for (let quarter = 1; quarter <= quarterCount; quarter++) {
    if (raiseQuarter === 0 && quarter > 1) annualSalary *= quarterlyRaiseFactor;
    if (raiseQuarter !== 0 && raiseAppliesAt(quarter, raiseQuarter)) annualSalary *= 1 + raiseRate;

    const leavers = headcount * attritionRate;
    const hires = plannedHires + (backfillLeavers ? leavers : 0);
    const headcountEnd = headcount - leavers + hires;
    const averageHeadcount = (headcount + headcountEnd) / 2;
    const salaryCost = (averageHeadcount * annualSalary) / QUARTERS_PER_YEAR;
    const benefitsCost = salaryCost * benefitsLoad;
    const hiringCost = hires * costPerHire;
    rows.push({
      quarter,
      headcount_start: headcount,
      leavers,
      hires,
      headcount_end: headcountEnd,
      average_headcount: averageHeadcount,
      annual_salary: annualSalary,
      salary_cost: salaryCost,
      benefits_cost: benefitsCost,
      hiring_cost: hiringCost,
      total_cost: salaryCost + benefitsCost + hiringCost,
    });
    headcount = headcountEnd;
  }
  return rows;
}

type ProjectionMetrics = { total_cost: number; average_headcount: number; cost_per_head: number };

function derivationSteps(
  rows: QuarterRow[],
  metrics: ProjectionMetrics,
  projection: ProjectionInputs,
): DecisionStructure['derivation'] {
  const { raiseQuarter, backfillLeavers } = projection;
  return [
    {
      step: 'Annual salary rate per quarter',
      formula:
        raiseQuarter === 0
          ? 'salary_q = average_annual_salary × (1 + annual_raise_rate)^((q − 1) / 4)'
          : `salary_q = salary_(q−1) × (1 + annual_raise_rate) when q > 1 is quarter ${raiseQuarter} of a projection year, else salary_(q−1); salary_1 = average_annual_salary`,
      value: rows.map((row) => roundMoney(row.annual_salary)),
    },
    {
      step: 'Leavers per quarter',
      formula: 'leavers_q = headcount_start_q × quarterly_attrition_rate',
      value: rows.map((row) => row.leavers),
    },
    {
      step: 'Hires per quarter',
      formula: backfillLeavers
        ? 'hires_q = planned_hires_per_quarter + leavers_q'
        : 'hires_q = planned_hires_per_quarter',
      value: rows.map((row) => row.hires),
    },
    {
      step: 'Headcount at quarter end',
      formula: 'headcount_end_q = headcount_start_q − leavers_q + hires_q; headcount_start_(q+1) = headcount_end_q',
      value: rows.map((row) => row.headcount_end),
    },
    {
      step: 'Salary cost per quarter',
      formula: 'salary_cost_q = (headcount_start_q + headcount_end_q) / 2 × salary_q / 4',
      value: rows.map((row) => roundMoney(row.salary_cost)),
    },
    {
      step: 'Benefits cost per quarter',
      formula: 'benefits_cost_q = salary_cost_q × benefits_load',
      value: rows.map((row) => roundMoney(row.benefits_cost)),
    },
    {
      step: 'Hiring cost per quarter',
      formula: 'hiring_cost_q = hires_q × cost_per_hire',
      value: rows.map((row) => roundMoney(row.hiring_cost)),
    },
    {
      step: 'Total cost',
      formula: 'total_cost = Σ_q (salary_cost_q + benefits_cost_q + hiring_cost_q)',
      value: metrics.total_cost,
    },
    {
      step: 'Average headcount',
      formula: 'average_headcount = Σ_q ((headcount_start_q + headcount_end_q) / 2) / quarters',
      value: metrics.average_headcount,
    },
    { step: 'Cost per head', formula: 'cost_per_head = total_cost / average_headcount', value: metrics.cost_per_head },
  ];
}

/** A quarter as reported: currency rounded, headcounts as they are. */
function reportedQuarter(row: QuarterRow) {
  return {
    ...row,
    annual_salary: roundMoney(row.annual_salary),
    salary_cost: roundMoney(row.salary_cost),
    benefits_cost: roundMoney(row.benefits_cost),
    hiring_cost: roundMoney(row.hiring_cost),
    total_cost: roundMoney(row.total_cost),
  };
}

function evaluate(inputs: ModelInputs): ModelResult {
  const projection = readProjectionInputs(inputs);
  const notes = assumptionNotes(inputs, projection.raiseQuarter);
  const rows = projectQuarters(projection);

  const sum = (pick: (row: QuarterRow) => number): number => rows.reduce((total, row) => total + pick(row), 0);
  const totalCost = sum((row) => row.total_cost);
  const averageHeadcount = sum((row) => row.average_headcount) / rows.length;
  const lastRow = rows[rows.length - 1] as QuarterRow; // quarters ≥ 1 by schema
  if (averageHeadcount === 0) {
    notes.push({
      kind: 'warning',
      message: 'The workforce is empty throughout the projection, so cost per head is reported as 0.',
      input: 'starting_headcount',
    });
  }
  const costPerHead = averageHeadcount === 0 ? 0 : totalCost / averageHeadcount;

  const metrics = {
    total_cost: roundMoney(totalCost),
    total_salary_cost: roundMoney(sum((row) => row.salary_cost)),
    total_benefits_cost: roundMoney(sum((row) => row.benefits_cost)),
    total_hiring_cost: roundMoney(sum((row) => row.hiring_cost)),
    final_quarter_cost: roundMoney(lastRow.total_cost),
    average_headcount: averageHeadcount,
    ending_headcount: lastRow.headcount_end,
    total_hires: sum((row) => row.hires),
    total_leavers: sum((row) => row.leavers),
    cost_per_head: roundMoney(costPerHead),
  };

  return {
    metrics,
    notes,
    decision_structure: {
      alternatives: [],
      criteria: [],
      derivation: derivationSteps(rows, metrics, projection),
      details: { quarters: rows.map(reportedQuarter) },
    },
  };
}

export const workforceCostProjection: BuiltinModel = enforcingInputBounds({
  key: 'workforce_cost_projection',
  name: 'Workforce cost projection',
  category: 'workforce',
  version: '1.0.0',
  description: `Projects the total cost of a workforce quarter by quarter, from a starting headcount, attrition, planned hiring and salary growth.

For each quarter *q* = 1 … *N*:

- Salary rate: \`salary_q\` starts at \`average_annual_salary\`. With \`raise_quarter\` = *k* ∈ {1…4} it is multiplied by (1 + \`annual_raise_rate\`) at the start of quarter *k* of every projection year, never in quarter 1 (so *k* = 1 first applies in quarter 5). With \`raise_quarter\` = 0 the raise is spread: \`salary_q = average_annual_salary × (1 + annual_raise_rate)^((q − 1)/4)\`.
- \`leavers_q = headcount_start_q × quarterly_attrition_rate\` (attrition on start-of-quarter headcount)
- \`hires_q = planned_hires_per_quarter (+ leavers_q if backfill_leavers = 1)\`
- \`headcount_end_q = headcount_start_q − leavers_q + hires_q\`
- \`salary_cost_q = (headcount_start_q + headcount_end_q)/2 × salary_q / 4\` (leavers and hires spread evenly through the quarter)
- \`benefits_cost_q = salary_cost_q × benefits_load\`
- \`hiring_cost_q = hires_q × cost_per_hire\`

Totals: \`total_cost = Σ (salary + benefits + hiring)\`, \`average_headcount = mean of the mid-quarter headcounts\`, \`cost_per_head = total_cost / average_headcount\` (per average head over the whole projection).

Headcount is fractional (FTE), never rounded. Currency metrics are rounded to 2 decimals only when reported. The per-quarter table is in \`decision_structure.details.quarters\`.`,
  inputSchema: inputsSchema({
    required: ['starting_headcount', 'average_annual_salary'],
    properties: {
      starting_headcount: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000,
        description: 'Headcount at the start of quarter 1, in full-time equivalents (fractions allowed).',
      },
      average_annual_salary: {
        type: 'number',
        minimum: 0,
        maximum: 10_000_000,
        description:
          'Average annual base salary at the start of the projection, in currency units per person per year.',
      },
      annual_raise_rate: {
        type: 'number',
        minimum: -0.5,
        maximum: 1,
        default: 0.03,
        description: 'Annual salary increase as a fraction (0.03 = 3% a year); negative for pay cuts.',
      },
      raise_quarter: {
        type: 'integer',
        minimum: 0,
        maximum: 4,
        default: 1,
        description:
          'Quarter of each projection year (1–4) in which the annual raise takes effect; never in quarter 1 of the projection, so 1 means the first raise lands in quarter 5. 0 spreads the raise evenly, compounding every quarter from quarter 2.',
      },
      benefits_load: {
        type: 'number',
        minimum: 0,
        maximum: 3,
        default: 0.25,
        description: 'Benefits and employer on-costs as a fraction of salary (0.25 = 25% on top of salary).',
      },
      quarterly_attrition_rate: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        default: 0.03,
        description: 'Fraction of start-of-quarter headcount that leaves during the quarter (0.03 = 3% per quarter).',
      },
      planned_hires_per_quarter: {
        type: 'number',
        minimum: 0,
        maximum: 100_000,
        default: 0,
        description:
          'Planned new hires in every quarter, in full-time equivalents per quarter (not counting backfills).',
      },
      cost_per_hire: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000,
        default: 0,
        description:
          'One-off recruiting cost of each hire (agency fees, advertising, interviewing), in currency units per hire.',
      },
      backfill_leavers: {
        type: 'integer',
        minimum: 0,
        maximum: 1,
        default: 0,
        description:
          '1 to replace every leaver with a hire in the same quarter (in addition to planned hires); 0 not to.',
      },
      quarters: {
        type: 'integer',
        minimum: 1,
        maximum: 20,
        default: 8,
        description: 'Number of quarters to project, in quarters (1–20).',
      },
    },
    examples: [
      {
        starting_headcount: 120,
        average_annual_salary: 85_000,
        annual_raise_rate: 0.04,
        raise_quarter: 1,
        benefits_load: 0.28,
        quarterly_attrition_rate: 0.04,
        planned_hires_per_quarter: 5,
        cost_per_hire: 6_000,
        backfill_leavers: 1,
        quarters: 8,
      },
    ],
  }),
  outputSchema: metricsSchema({
    required: [
      'total_cost',
      'total_salary_cost',
      'total_benefits_cost',
      'total_hiring_cost',
      'final_quarter_cost',
      'average_headcount',
      'ending_headcount',
      'total_hires',
      'total_leavers',
      'cost_per_head',
    ],
    properties: {
      total_cost: {
        type: 'number',
        description: 'Total workforce cost over the projection (salary + benefits + hiring), in currency units.',
      },
      total_salary_cost: { type: 'number', description: 'Total salary cost over the projection, in currency units.' },
      total_benefits_cost: {
        type: 'number',
        description: 'Total benefits cost over the projection, in currency units.',
      },
      total_hiring_cost: {
        type: 'number',
        description: 'Total recruiting cost of all hires over the projection, in currency units.',
      },
      final_quarter_cost: {
        type: 'number',
        description: 'Total cost of the last projected quarter, in currency units per quarter.',
      },
      average_headcount: {
        type: 'number',
        description: 'Mean of the mid-quarter headcounts, in full-time equivalents.',
      },
      ending_headcount: {
        type: 'number',
        description: 'Headcount at the end of the last quarter, in full-time equivalents.',
      },
      total_hires: {
        type: 'number',
        description: 'Hires over the projection (planned plus backfills), in full-time equivalents.',
      },
      total_leavers: { type: 'number', description: 'Leavers over the projection, in full-time equivalents.' },
      cost_per_head: {
        type: 'number',
        description:
          'Total cost divided by average headcount: cost per average head over the whole projection, in currency units per person.',
      },
    },
  }),
  metricDirections: {
    total_cost: 'lower_is_better',
    total_salary_cost: 'lower_is_better',
    total_benefits_cost: 'lower_is_better',
    total_hiring_cost: 'lower_is_better',
    final_quarter_cost: 'lower_is_better',
    total_leavers: 'lower_is_better',
    cost_per_head: 'lower_is_better',
  },
  validatedRanges: VALIDATED_RANGES,
  evaluate,
});
