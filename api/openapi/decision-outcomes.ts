import { EXPECTED_SOURCES } from '../../db/records/decision-outcome';
import { createdHeaders, jsonResponse, listOf, parameterRef, pathParameter, ref, standardErrors, timestamp, type DocumentPart } from './common';

const tag = 'Decisions';
const idParameter = pathParameter('Decision id (`dec_…`).');

const metric = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^\\S(.*\\S)?$',
  description: 'The metric observed, 1–100 characters, on one line, without leading or trailing spaces: e.g. a metric of the chosen option\'s scenario run.',
  example: 'scheduled_agents',
};

/** Bounded so that a variance (a difference of two of them) is always a finite number. */
const boundedNumber = (description: string) => ({ type: 'number', minimum: -1e15, maximum: 1e15, description });

const expectedSource = {
  type: 'string',
  enum: [...EXPECTED_SOURCES],
  description: '`given` in the request, or `scenario_snapshot`: taken from the chosen option\'s frozen scenario run.',
};

const variance = { type: ['number', 'null'], description: 'actual − expected (unrounded). Positive when the actual value is above the expected one.' };
const relativeVariance = {
  type: ['number', 'null'],
  description: '(actual − expected) / |expected| × 100, unrounded; null when the expected value is 0.',
};

const observation = {
  type: 'object',
  required: ['outcome_id', 'observed_at', 'expected_value', 'expected_source', 'actual_value', 'variance', 'relative_variance_percent'],
  properties: {
    outcome_id: { type: 'string', example: 'out_01jd2x0m3f8q4w7e5r6t9y2v1k' },
    observed_at: timestamp('When it was observed.'),
    expected_value: { type: 'number' },
    expected_source: expectedSource,
    actual_value: { type: 'number' },
    variance,
    relative_variance_percent: relativeVariance,
  },
};

const RECORDING_RULES =
  'Only while the decision is `approved` or `implemented` (409 `decision_not_approved` otherwise, e.g. a draft or a decision pending approval). ' +
  '`expected_value` defaults to the metric of that name in the chosen option\'s frozen scenario run (`options[].scenario_snapshot.metrics`); without one, ' +
  'and without an `expected_value`, 422 names `/expected_value`. `observed_at` may not be more than 5 minutes ahead of the server\'s clock (nor before 1900). ' +
  'Outcomes are append-only: never edited or deleted. To correct one, record a new outcome with `supersedes` naming it (an outcome of the same ' +
  'decision, not already superseded: correct the latest correction); the list keeps both and marks the old one `superseded_by`, the summary ' +
  'counts only the correction. Appends `decision.outcome_recorded` to the audit log and emits `decision.outcome.recorded`, in the same transaction.';

/** Outcomes recorded against approved decisions: expected against actual per metric, over time. */
export const decisionOutcomesPart: DocumentPart = {
  tags: [],
  schemas: {
    RecordDecisionOutcomeRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['metric', 'actual_value', 'observed_at'],
      properties: {
        metric,
        expected_value: boundedNumber('What was expected of the metric. Default: the metric in the chosen option\'s frozen scenario run.'),
        actual_value: boundedNumber('What was observed.'),
        observed_at: { type: 'string', format: 'date-time', description: 'When it was observed (RFC 3339); not in the future. Stored to the millisecond.' },
        note: { type: 'string', minLength: 1, maxLength: 2000 },
        supersedes: { type: 'string', minLength: 1, maxLength: 40, description: 'The outcome (`out_…`) this one corrects.' },
      },
    },
    DecisionOutcome: {
      type: 'object',
      required: [
        'id', 'object', 'decision_id', 'metric', 'expected_value', 'expected_source', 'actual_value', 'variance', 'relative_variance_percent',
        'observed_at', 'note', 'supersedes', 'superseded_by', 'recorded_by', 'recorded_at',
      ],
      properties: {
        id: { type: 'string', example: 'out_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'decision_outcome' },
        decision_id: { type: 'string' },
        metric: { type: 'string' },
        expected_value: { type: 'number' },
        expected_source: expectedSource,
        actual_value: { type: 'number' },
        variance,
        relative_variance_percent: relativeVariance,
        observed_at: timestamp('When it was observed.'),
        note: { type: ['string', 'null'] },
        supersedes: { type: ['string', 'null'], description: 'The earlier outcome this one corrects.' },
        superseded_by: { type: ['string', 'null'], description: 'The later outcome that corrects this one, if any.' },
        recorded_by: ref('Actor'),
        recorded_at: timestamp('When it was recorded.'),
      },
    },
    DecisionOutcomeList: listOf('DecisionOutcome'),
    DecisionOutcomeSummary: {
      type: 'object',
      required: ['object', 'decision_id', 'decision_status', 'chosen_option', 'metrics'],
      properties: {
        object: { type: 'string', const: 'decision_outcome_summary' },
        decision_id: { type: 'string' },
        decision_status: ref('DecisionStatus'),
        chosen_option: { type: ['string', 'null'] },
        metrics: {
          type: 'array',
          description: 'One entry per metric with outcomes, by name.',
          items: {
            type: 'object',
            required: ['metric', 'expected_value', 'expected_source', 'observation_count', 'observations', 'latest'],
            properties: {
              metric: { type: 'string' },
              expected_value: { type: 'number', description: 'The expected value of the latest observation (each observation keeps its own).' },
              expected_source: expectedSource,
              observation_count: { type: 'integer', description: 'How many outcomes of this metric stand (superseded ones excluded).' },
              observations: {
                type: 'array',
                items: observation,
                description: 'Expected against actual over time: the latest 100 standing observations, oldest first.',
              },
              latest: observation,
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/decisions/{id}/outcomes': {
      post: {
        operationId: 'recordDecisionOutcome',
        summary: 'Record an outcome of an approved decision',
        description: `Records what was observed of a metric after the decision, against what was expected of it. ${RECORDING_RULES}`,
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('RecordDecisionOutcomeRequest'),
              examples: {
                from_scenario: {
                  summary: 'Expected value from the chosen option\'s scenario run',
                  value: { metric: 'scheduled_agents', actual_value: 19, observed_at: '2026-10-31T17:00:00.000Z', note: 'October average of the rota.' },
                },
                given: {
                  summary: 'A metric the scenario does not have, with its expected value',
                  value: { metric: 'cost_per_call_eur', expected_value: 4.2, actual_value: 4.65, observed_at: '2026-10-31T17:00:00.000Z' },
                },
              },
            },
          },
        },
        responses: { '201': jsonResponse('The outcome.', ref('DecisionOutcome'), createdHeaders), ...standardErrors({ body: true, notFound: true, conflict: true }) },
      },
      get: {
        operationId: 'listDecisionOutcomes',
        summary: 'List a decision\'s outcomes',
        description:
          'Every outcome recorded against the decision, superseded ones included, **oldest observation first** (`observed_at`, then id). An outcome ' +
          'recorded later with an `observed_at` before a cursor already handed out does not appear on the following pages: list again from the start.',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          idParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          { name: 'metric', in: 'query', description: 'Only outcomes of this metric.', schema: { type: 'string', minLength: 1, maxLength: 100 } },
        ],
        responses: { '200': jsonResponse('A page of outcomes, oldest observation first.', ref('DecisionOutcomeList')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/decisions/{id}/outcomes/summary': {
      get: {
        operationId: 'getDecisionOutcomeSummary',
        summary: 'Expected against actual, per metric, over time',
        description:
          'Per metric: each standing observation (superseded outcomes are left out; their corrections count) with its expected and actual value, ' +
          'the variance and the relative variance, oldest first, and the latest one.',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The summary.', ref('DecisionOutcomeSummary')), ...standardErrors({ notFound: true }) },
      },
    },
  },
};
