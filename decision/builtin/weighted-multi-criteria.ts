import type { BuiltinModel, JsonSchema, MetricDirection, ModelInputs, ModelResult, Note } from '../types';
import { enforcingInputBounds } from './input-bounds';
import { numberInput, stringInput } from './input-readers';
import { inputsSchema, metricsSchema } from './json-schema';
import { outOfRangeNotes, type ValidatedRanges } from './range-notes';
import { roundToDecimals } from './rounding';

const CRITERIA = [
  { id: 'cost', label: 'Cost', direction: 'lower_is_better' },
  { id: 'quality', label: 'Quality', direction: 'higher_is_better' },
  { id: 'speed', label: 'Speed', direction: 'higher_is_better' },
  { id: 'risk', label: 'Risk', direction: 'lower_is_better' },
] as const satisfies ReadonlyArray<{ id: string; label: string; direction: MetricDirection }>;
type CriterionId = (typeof CRITERIA)[number]['id'];

/** Alternatives in input order, which is also the tie-break order. */
const ALTERNATIVE_IDS = ['a', 'b', 'c'] as const;
type AlternativeId = (typeof ALTERNATIVE_IDS)[number];

const MAX_SCORE = 10;
/** Default score of the optional alternative C: the midpoint, neutral on every criterion whatever its direction. */
const NEUTRAL_SCORE = 5;
/**
 * Weighted scores are reported to 6 decimals, which hides floating-point noise such as 6.6000000000000005; two
 * alternatives tie when their reported scores are equal, so a reported margin of 0 always means a tie.
 */
const SCORE_DECIMALS = 6;

const VALIDATED_RANGES: ValidatedRanges = Object.fromEntries(
  CRITERIA.map((criterion) => [`weight_${criterion.id}`, { min: 0, max: 100 }]),
);

interface ScoredAlternative {
  id: AlternativeId;
  name: string;
  rawScores: Record<CriterionId, number>;
  /** Scores with lower-is-better criteria flipped to 10 − score, so that higher is better everywhere. */
  orientedScores: Record<CriterionId, number>;
  /** Weighted score as reported, to SCORE_DECIMALS places. */
  weightedScore: number;
}

function evaluate(inputs: ModelInputs): ModelResult {
  const alternativeCount = numberInput(inputs, 'alternatives_count');
  const alternativeIds = ALTERNATIVE_IDS.slice(0, alternativeCount);
  const notes: Note[] = [
    {
      kind: 'assumption',
      message:
        'Cost and risk are lower-is-better: a score s on them counts as 10 − s, so every criterion contributes "higher is better" to the weighted sum.',
    },
    {
      kind: 'assumption',
      message: `Weights are normalised to sum to 1, so weighted scores are on the same 0–10 scale as the inputs; they are reported to ${SCORE_DECIMALS} decimals. Scores are compensatory: a weak criterion can be offset by a strong one.`,
    },
    ...outOfRangeNotes(inputs, VALIDATED_RANGES),
  ];

  // C's inputs carry defaults, so only values that differ from them show the user meant C to count.
  const ignoredIds = ALTERNATIVE_IDS.slice(alternativeCount);
  const ignoredWithValues = ignoredIds.filter(
    (id) => inputs[`${id}_name`] !== defaultName(id) || CRITERIA.some((c) => inputs[`${id}_${c.id}`] !== NEUTRAL_SCORE),
  );
  if (ignoredWithValues.length > 0) {
    notes.push({
      kind: 'info',
      input: 'alternatives_count',
      message: `Inputs for alternative ${ignoredWithValues.map((id) => id.toUpperCase()).join(', ')} were given but alternatives_count is ${alternativeCount}, so they are ignored.`,
    });
  }

  const rawWeights = Object.fromEntries(CRITERIA.map((c) => [c.id, numberInput(inputs, `weight_${c.id}`)])) as Record<
    CriterionId,
    number
  >;
  const weightTotal = CRITERIA.reduce((total, c) => total + rawWeights[c.id], 0);
  if (weightTotal === 0) {
    notes.push({
      kind: 'warning',
      message: 'All criterion weights are zero; equal weights (0.25 each) are used instead.',
    });
  }
  // Zero weights everywhere fall back to equal weights; dividing once at the end keeps integer inputs exact.
  const effectiveWeights =
    weightTotal === 0
      ? (Object.fromEntries(CRITERIA.map((c) => [c.id, 1])) as Record<CriterionId, number>)
      : rawWeights;
  const effectiveTotal = weightTotal === 0 ? CRITERIA.length : weightTotal;
  const weights = Object.fromEntries(CRITERIA.map((c) => [c.id, effectiveWeights[c.id] / effectiveTotal])) as Record<
    CriterionId,
    number
  >;

  const alternatives: ScoredAlternative[] = alternativeIds.map((id) => {
    const rawScores = Object.fromEntries(CRITERIA.map((c) => [c.id, numberInput(inputs, `${id}_${c.id}`)])) as Record<
      CriterionId,
      number
    >;
    const orientedScores = Object.fromEntries(
      CRITERIA.map((c) => [c.id, c.direction === 'lower_is_better' ? MAX_SCORE - rawScores[c.id] : rawScores[c.id]]),
    ) as Record<CriterionId, number>;
    const weightedSum = CRITERIA.reduce((total, c) => total + effectiveWeights[c.id] * orientedScores[c.id], 0);
    const weightedScore = roundToDecimals(weightedSum / effectiveTotal, SCORE_DECIMALS);
    return { id, name: stringInput(inputs, `${id}_name`), rawScores, orientedScores, weightedScore };
  });

  // Stable sort: among equal scores the earlier alternative stays first, which is the documented tie-break.
  const ranked = [...alternatives].sort((x, y) => y.weightedScore - x.weightedScore);
  const best = ranked[0] as ScoredAlternative;
  const runnerUp = ranked[1] as ScoredAlternative;
  const margin = roundToDecimals(best.weightedScore - runnerUp.weightedScore, SCORE_DECIMALS);
  const tied = ranked.filter((alternative) => alternative.weightedScore === best.weightedScore);
  const isTie = tied.length > 1;
  if (isTie) {
    notes.push({
      kind: 'warning',
      message: `${tied.map((alternative) => alternative.name).join(', ')} tie on weighted score (${best.weightedScore}); ${best.name} is reported as best only because it comes first in input order.`,
    });
  }

  const metrics: Record<string, number | string> = {};
  for (const alternative of alternatives) metrics[`score_${alternative.id}`] = alternative.weightedScore;
  metrics.best_alternative = best.name;
  metrics.best_alternative_id = best.id.toUpperCase();
  metrics.margin = margin;

  return {
    metrics,
    notes,
    decision_structure: {
      alternatives: alternatives.map((alternative) => ({
        id: alternative.id.toUpperCase(),
        label: alternative.name,
        values: { ...alternative.rawScores, weighted_score: alternative.weightedScore },
        chosen: alternative.id === best.id,
      })),
      criteria: CRITERIA.map((c) => ({
        id: c.id,
        label: c.label,
        weight: weights[c.id],
        direction: c.direction,
        unit: 'score 0–10',
      })),
      derivation: [
        {
          step: 'Normalised weights',
          formula: weightTotal === 0 ? 'w_k = 1 / 4 (all weights were zero)' : 'w_k = weight_k / Σ weight',
          value: weights,
        },
        {
          step: 'Oriented scores',
          formula: 'oriented = 10 − score for cost and risk; score for quality and speed',
          value: Object.fromEntries(
            alternatives.map((alternative) => [
              alternative.id.toUpperCase(),
              CRITERIA.map((c) => `${c.id}=${alternative.orientedScores[c.id]}`).join(', '),
            ]),
          ),
        },
        {
          step: 'Weighted scores',
          formula: 'score_x = Σ_k w_k × oriented_xk, reported to 6 decimals',
          value: Object.fromEntries(
            alternatives.map((alternative) => [alternative.id.toUpperCase(), alternative.weightedScore]),
          ),
        },
        { step: 'Margin', formula: 'margin = best score − runner-up score', value: metrics.margin as number },
      ],
      recommendation: {
        alternative: best.id.toUpperCase(),
        rationale: isTie
          ? `${tied.map((alternative) => alternative.name).join(' and ')} tie at ${best.weightedScore}; ${best.name} is listed first. The weights do not separate them.`
          : `${best.name} has the highest weighted score (${best.weightedScore} of 10), ${margin} ahead of ${runnerUp.name}.`,
      },
    },
  };
}

function defaultName(id: AlternativeId): string {
  return id.toUpperCase();
}

function scoreProperty(
  alternative: AlternativeId,
  criterion: (typeof CRITERIA)[number],
  required: boolean,
): JsonSchema {
  const meaning =
    criterion.direction === 'lower_is_better'
      ? `10 = highest ${criterion.id}, which is worst; it counts as 10 − score`
      : `10 = best ${criterion.id}`;
  const optional = required ? {} : { default: NEUTRAL_SCORE };
  return {
    type: 'number',
    minimum: 0,
    maximum: MAX_SCORE,
    ...optional,
    description: `Score of alternative ${alternative.toUpperCase()} on ${criterion.label.toLowerCase()}, on a 0–10 scale (${meaning}).${
      required ? '' : ` Used only when alternatives_count is 3; the default ${NEUTRAL_SCORE} is neutral.`
    }`,
  };
}

const inputProperties: Record<string, JsonSchema> = {
  alternatives_count: {
    type: 'integer',
    minimum: 2,
    maximum: 3,
    default: 2,
    description: 'Number of alternatives compared: 2 (A and B) or 3 (A, B and C), a count.',
  },
};
for (const id of ALTERNATIVE_IDS) {
  inputProperties[`${id}_name`] = {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    default: defaultName(id),
    description: `Display name of alternative ${id.toUpperCase()}, free text.`,
  };
}
for (const criterion of CRITERIA) {
  inputProperties[`weight_${criterion.id}`] = {
    type: 'number',
    minimum: 0,
    maximum: 1_000_000,
    description: `Relative importance of ${criterion.label.toLowerCase()}, on any non-negative scale (weights are normalised to sum to 1; e.g. 40 or 0.4).`,
  };
}
for (const id of ALTERNATIVE_IDS) {
  for (const criterion of CRITERIA) inputProperties[`${id}_${criterion.id}`] = scoreProperty(id, criterion, id !== 'c');
}
const requiredInputs = [
  ...CRITERIA.map((c) => `weight_${c.id}`),
  ...(['a', 'b'] as const).flatMap((id) => CRITERIA.map((c) => `${id}_${c.id}`)),
];

export const weightedMultiCriteria: BuiltinModel = enforcingInputBounds({
  key: 'weighted_multi_criteria',
  name: 'Weighted multi-criteria choice',
  category: 'strategy',
  version: '1.0.0',
  description: `Chooses among two or three alternatives (A, B and optionally C) by a weighted sum of 0–10 scores on four criteria: cost, quality, speed and risk.

- Weights are normalised: \`w_k = weight_k / Σ weight\`. If every weight is 0, equal weights (0.25) are used and a warning is noted.
- Cost and risk are lower-is-better, so their scores are oriented: \`oriented = 10 − score\`; quality and speed are used as given.
- \`score_x = Σ_k w_k × oriented_xk\`, on the same 0–10 scale.
- Scores and margin are reported to 6 decimals. The best alternative has the highest score; \`margin = best − runner-up\`. A tie (equal reported scores) is noted, and the earlier alternative in input order is reported as best with margin 0.

\`best_alternative\` is the alternative's name (\`a_name\` …, default "A", "B", "C"); \`best_alternative_id\` is its letter.`,
  inputSchema: inputsSchema({
    required: requiredInputs,
    properties: inputProperties,
    examples: [
      {
        alternatives_count: 3,
        a_name: 'Build in-house',
        b_name: 'Buy a platform',
        c_name: 'Partner',
        weight_cost: 30,
        weight_quality: 30,
        weight_speed: 20,
        weight_risk: 20,
        a_cost: 7,
        a_quality: 9,
        a_speed: 3,
        a_risk: 6,
        b_cost: 5,
        b_quality: 7,
        b_speed: 8,
        b_risk: 3,
        c_cost: 4,
        c_quality: 6,
        c_speed: 6,
        c_risk: 5,
      },
    ],
  }),
  outputSchema: metricsSchema({
    required: ['score_a', 'score_b', 'best_alternative', 'best_alternative_id', 'margin'],
    properties: {
      score_a: { type: 'number', description: 'Weighted score of alternative A, on a 0–10 scale.' },
      score_b: { type: 'number', description: 'Weighted score of alternative B, on a 0–10 scale.' },
      score_c: {
        type: 'number',
        description: 'Weighted score of alternative C, on a 0–10 scale; present only when alternatives_count is 3.',
      },
      best_alternative: { type: 'string', description: 'Name of the alternative with the highest weighted score.' },
      best_alternative_id: {
        type: 'string',
        enum: ['A', 'B', 'C'],
        description: 'Letter of the alternative with the highest weighted score.',
      },
      margin: {
        type: 'number',
        minimum: 0,
        description: 'Best weighted score minus the runner-up, in score points (0–10 scale); 0 on a tie.',
      },
    },
  }),
  metricDirections: {
    score_a: 'higher_is_better',
    score_b: 'higher_is_better',
    score_c: 'higher_is_better',
    margin: 'higher_is_better',
  },
  validatedRanges: VALIDATED_RANGES,
  evaluate,
});
