import type { BuiltinModel, DecisionStructure, JsonSchema, ModelInputs, ModelResult, Note } from '../types';
import { enforcingInputBounds } from './input-bounds';
import { numberInput } from './input-readers';
import { inputsSchema, metricsSchema } from './json-schema';
import { MONEY_ROUNDING_NOTE, roundMoney } from './rounding';
import { outOfRangeNotes, type ValidatedRanges } from './range-notes';

const MAX_TEAMS = 4;
const TEAM_NUMBERS = Array.from({ length: MAX_TEAMS }, (_, index) => index + 1);
const TEAM_FIELDS = ['requested', 'minimum', 'roi'] as const;

const VALIDATED_RANGES: ValidatedRanges = Object.fromEntries(
  TEAM_NUMBERS.map((team) => [`team_${team}_roi`, { min: -1, max: 5 }]),
);

/** Which team a `team_<n>_…` input belongs to, or undefined for budget-wide inputs. */
function teamOfInput(input: string): number | undefined {
  const match = /^team_(\d+)_/.exec(input);
  return match ? Number(match[1]) : undefined;
}

interface Team {
  team: number;
  requested: number;
  minimum: number;
  roi: number;
  allocated: number;
}

/** The teams as alternatives, the ROI criterion, and the derivation step by step. */
function budgetDecisionStructure(allocation: {
  teams: Team[];
  byRoi: Team[];
  minimumsFit: boolean;
  totalMinimum: number;
  minimumAllocations: number[];
  budget: number;
  topUps: Record<string, number>;
  expectedReturn: number;
  weightedRoi: number;
}): DecisionStructure {
  const { teams, byRoi, minimumsFit, totalMinimum, minimumAllocations, budget, topUps, expectedReturn, weightedRoi } =
    allocation;
  return {
    alternatives: teams.map((team) => ({
      id: `team_${team.team}`,
      label: `Team ${team.team}`,
      values: {
        requested: roundMoney(team.requested),
        minimum: roundMoney(team.minimum),
        roi: team.roi,
        allocated: roundMoney(team.allocated),
      },
    })),
    criteria: [
      {
        id: 'roi',
        label: 'Expected return per unit allocated',
        direction: 'higher_is_better',
        unit: 'return per currency unit',
      },
    ],
    derivation: [
      { step: 'Sum of minimums', formula: 'Σ minimum_i (each capped at its request)', value: roundMoney(totalMinimum) },
      {
        step: 'Minimum allocations',
        formula: minimumsFit ? 'allocated_i = minimum_i' : 'allocated_i = minimum_i × total_budget / Σ minimum',
        value: Object.fromEntries(
          teams.map((team, index) => [`team_${team.team}`, roundMoney(minimumAllocations[index] as number)]),
        ),
      },
      {
        step: 'Remainder after minimums',
        formula: 'remainder = max(0, total_budget − Σ minimum)',
        value: roundMoney(minimumsFit ? budget - totalMinimum : 0),
      },
      {
        step: 'Top-up order',
        formula: 'teams by ROI, highest first (ties: lower team number first)',
        value: byRoi.map((team) => `team_${team.team}`),
      },
      {
        step: 'Top-ups',
        formula:
          'for each team with ROI > 0 in order: top_up_i = min(requested_i − allocated_i, remainder); remainder −= top_up_i',
        value: topUps,
      },
      {
        step: 'Expected return',
        formula: 'expected_return = Σ allocated_i × roi_i',
        value: roundMoney(expectedReturn),
      },
      { step: 'Weighted ROI', formula: 'weighted_roi = expected_return / total_allocated', value: weightedRoi },
    ],
  };
}

function evaluate(inputs: ModelInputs): ModelResult {
  const teamCount = numberInput(inputs, 'teams_count');
  const budget = numberInput(inputs, 'total_budget');
  const isTeamCounted = (input: string) => (teamOfInput(input) ?? 0) <= teamCount;

  const notes: Note[] = [
    {
      kind: 'assumption',
      message:
        'Returns are linear: every unit given to a team returns its ROI, without diminishing returns. Filling the highest-ROI requests first is then optimal.',
    },
    {
      kind: 'assumption',
      message:
        'Every team first receives its minimum. Above the minimums, money goes only to teams with a positive ROI and never beyond a request; the rest stays unallocated.',
    },
    MONEY_ROUNDING_NOTE,
    ...outOfRangeNotes(inputs, VALIDATED_RANGES, isTeamCounted),
  ];

  // Uncounted teams' inputs default to 0, so a non-zero value shows the user meant that team to count.
  const ignoredWithValues = TEAM_NUMBERS.slice(teamCount).filter((team) =>
    TEAM_FIELDS.some((field) => inputs[`team_${team}_${field}`] !== 0),
  );
  if (ignoredWithValues.length > 0) {
    notes.push({
      kind: 'info',
      input: 'teams_count',
      message: `Inputs for team ${ignoredWithValues.join(', ')} were given but teams_count is ${teamCount}, so they are ignored.`,
    });
  }

  const teams: Team[] = TEAM_NUMBERS.slice(0, teamCount).map((team) => {
    const requested = numberInput(inputs, `team_${team}_requested`);
    let minimum = numberInput(inputs, `team_${team}_minimum`);
    if (minimum > requested) {
      notes.push({
        kind: 'warning',
        input: `team_${team}_minimum`,
        message: `Team ${team}'s minimum (${minimum}) exceeds its request (${requested}); the minimum is capped at the request, since no team receives more than it asked for.`,
      });
      minimum = requested;
    }
    return { team, requested, minimum, roi: numberInput(inputs, `team_${team}_roi`), allocated: 0 };
  });

  const totalMinimum = teams.reduce((total, team) => total + team.minimum, 0);
  const minimumsFit = totalMinimum <= budget;
  if (!minimumsFit) {
    notes.push({
      kind: 'warning',
      input: 'total_budget',
      message: `The minimums (${roundMoney(totalMinimum)}) exceed the budget (${roundMoney(budget)}); each team receives its minimum scaled by ${budget / totalMinimum} and nothing more.`,
    });
  }
  const minimumScale = minimumsFit ? 1 : budget / totalMinimum;
  for (const team of teams) team.allocated = team.minimum * minimumScale;
  const minimumAllocations = teams.map((team) => team.allocated);

  // Stable sort: among equal ROIs the lower-numbered team is topped up first.
  const byRoi = [...teams].sort((x, y) => y.roi - x.roi);
  let remaining = minimumsFit ? budget - totalMinimum : 0;
  const topUps: Record<string, number> = {};
  for (const team of byRoi) {
    if (team.roi <= 0 || remaining <= 0) break;
    const topUp = Math.min(team.requested - team.allocated, remaining);
    team.allocated += topUp;
    remaining -= topUp;
    topUps[`team_${team.team}`] = roundMoney(topUp);
  }

  // Where the money ran out, the tie-break among equal ROIs decides who gets it; say so.
  const marginalTeam = byRoi.find((team) => team.roi > 0 && team.allocated < team.requested);
  const sameRoiAsMarginal = marginalTeam ? teams.filter((team) => team.roi === marginalTeam.roi) : [];
  if (minimumsFit && sameRoiAsMarginal.length > 1) {
    notes.push({
      kind: 'info',
      message: `Teams ${sameRoiAsMarginal.map((team) => team.team).join(', ')} share an ROI of ${sameRoiAsMarginal[0]?.roi} and the budget ran out among them; lower-numbered teams were topped up first (the expected return is the same either way).`,
    });
  }
  if (roundMoney(remaining) > 0 && teams.some((team) => team.roi <= 0 && team.allocated < team.requested)) {
    notes.push({
      kind: 'info',
      message: `${roundMoney(remaining)} is left unallocated because the remaining requests have an ROI of zero or less.`,
    });
  }

  const totalAllocated = teams.reduce((total, team) => total + team.allocated, 0);
  const expectedReturn = teams.reduce((total, team) => total + team.allocated * team.roi, 0);
  const weightedRoi = totalAllocated === 0 ? 0 : expectedReturn / totalAllocated;

  const metrics: Record<string, number> = {};
  for (const team of teams) metrics[`allocated_team_${team.team}`] = roundMoney(team.allocated);
  metrics.total_allocated = roundMoney(totalAllocated);
  metrics.unallocated = roundMoney(budget - totalAllocated);
  metrics.expected_return = roundMoney(expectedReturn);
  metrics.weighted_roi = weightedRoi;

  return {
    metrics,
    notes,
    decision_structure: budgetDecisionStructure({
      teams,
      byRoi,
      minimumsFit,
      totalMinimum,
      minimumAllocations,
      budget,
      topUps,
      expectedReturn,
      weightedRoi,
    }),
  };
}

function teamProperties(team: number): Record<string, JsonSchema> {
  const optional = team === 1 ? {} : { default: 0 };
  const countedOnly = team === 1 ? '' : ` Used only when teams_count ≥ ${team}.`;
  return {
    [`team_${team}_requested`]: {
      type: 'number',
      minimum: 0,
      maximum: 1_000_000_000_000,
      ...optional,
      description: `Amount team ${team} asks for; it never receives more, in currency units.${countedOnly}`,
    },
    [`team_${team}_minimum`]: {
      type: 'number',
      minimum: 0,
      maximum: 1_000_000_000_000,
      default: 0,
      description: `Amount team ${team} must receive before any team is topped up (capped at its request), in currency units.${countedOnly}`,
    },
    [`team_${team}_roi`]: {
      type: 'number',
      minimum: -1,
      maximum: 100,
      ...optional,
      description: `Expected net return per currency unit allocated to team ${team} (0.25 = 25 cents returned per unit), a dimensionless ratio.${countedOnly}`,
    },
  };
}

export const budgetAllocation: BuiltinModel = enforcingInputBounds({
  key: 'budget_allocation',
  name: 'Budget allocation across teams',
  category: 'finance',
  version: '1.0.0',
  description: `Allocates a capped budget across one to four teams, each with a request, a minimum and an expected return per unit (ROI).

1. Every team receives its minimum (capped at its request). If the minimums exceed the budget, each is scaled pro rata: \`allocated_i = minimum_i × total_budget / Σ minimum\`, a warning is noted, and nothing else is allocated.
2. The remainder \`total_budget − Σ minimum\` goes greedily to the teams in descending ROI order (ties: lower team number first), each up to its request: \`top_up_i = min(requested_i − allocated_i, remainder)\`. Teams with ROI ≤ 0 receive nothing beyond their minimum.

Returns are linear (\`return_i = allocated_i × roi_i\`), so filling the highest-ROI requests first maximises the total return — a fractional knapsack. Outputs: \`expected_return = Σ allocated_i × roi_i\`, \`weighted_roi = expected_return / total_allocated\` (0 when nothing is allocated), \`unallocated = total_budget − total_allocated\`. Currency metrics are rounded to 2 decimals only when reported.`,
  inputSchema: inputsSchema({
    required: ['teams_count', 'total_budget', 'team_1_requested', 'team_1_roi'],
    properties: {
      teams_count: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_TEAMS,
        description: 'Number of teams competing for the budget (1–4); inputs of teams beyond this count are ignored.',
      },
      total_budget: {
        type: 'number',
        minimum: 0,
        maximum: 1_000_000_000_000,
        description: 'Budget cap to allocate, in currency units.',
      },
      ...Object.assign({}, ...TEAM_NUMBERS.map(teamProperties)),
    },
    examples: [
      {
        teams_count: 3,
        total_budget: 1_000_000,
        team_1_requested: 500_000,
        team_1_minimum: 200_000,
        team_1_roi: 0.12,
        team_2_requested: 400_000,
        team_2_minimum: 100_000,
        team_2_roi: 0.25,
        team_3_requested: 300_000,
        team_3_minimum: 50_000,
        team_3_roi: 0.08,
      },
    ],
  }),
  outputSchema: metricsSchema({
    required: ['allocated_team_1', 'total_allocated', 'unallocated', 'expected_return', 'weighted_roi'],
    properties: {
      ...Object.fromEntries(
        TEAM_NUMBERS.map((team) => [
          `allocated_team_${team}`,
          {
            type: 'number',
            minimum: 0,
            description: `Amount allocated to team ${team}, in currency units${team === 1 ? '' : `; present only when teams_count ≥ ${team}`}.`,
          },
        ]),
      ),
      total_allocated: { type: 'number', minimum: 0, description: 'Sum of all allocations, in currency units.' },
      unallocated: { type: 'number', minimum: 0, description: 'Budget left unallocated, in currency units.' },
      expected_return: {
        type: 'number',
        description: 'Expected net return of the allocation, Σ allocated × ROI, in currency units.',
      },
      weighted_roi: {
        type: 'number',
        description:
          'Expected return per unit allocated (expected_return / total_allocated), a dimensionless ratio; 0 when nothing is allocated.',
      },
    },
  }),
  metricDirections: {
    unallocated: 'lower_is_better',
    expected_return: 'higher_is_better',
    weighted_roi: 'higher_is_better',
  },
  validatedRanges: VALIDATED_RANGES,
  evaluate,
});
