import { EXPECTED_SOURCES } from '../../db/records/decision-outcome';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

/** Where the id in the outcome-link examples comes from (it names a KPI of the caller's own). */
const KPI_ID_SOURCE =
  'Replace `kpi_id` with a KPI of your tenant: `POST /api/v1/kpis` answers one, `GET /api/v1/kpis` lists them.';

const tag = 'Decisions';
const idParameter = pathParameter('Decision id (`dec_…`).');
const linkIdParameter = pathParameter('Outcome KPI link id (`okl_…`).', 'link_id');

const metric = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^\\S(.*\\S)?$',
  description:
    "The metric observed, 1–100 characters, on one line, without leading or trailing spaces: e.g. a metric of the chosen option's scenario run.",
  example: 'scheduled_agents',
};

/** Bounded so that a variance (a difference of two of them) is always a finite number. */
const boundedNumber = (description: string) => ({ type: 'number', minimum: -1e15, maximum: 1e15, description });

const expectedSource = {
  type: 'string',
  enum: [...EXPECTED_SOURCES],
  description: "`given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.",
};

const variance = {
  type: ['number', 'null'],
  description: 'actual − expected (unrounded). Positive when the actual value is above the expected one.',
};
const relativeVariance = {
  type: ['number', 'null'],
  description: '(actual − expected) / |expected| × 100, unrounded; null when the expected value is 0.',
};

const observation = {
  type: 'object',
  description: 'An outcome recorded by hand (`source: outcome`).',
  required: [
    'source',
    'outcome_id',
    'observed_at',
    'expected_value',
    'expected_source',
    'actual_value',
    'variance',
    'relative_variance_percent',
  ],
  properties: {
    source: { type: 'string', const: 'outcome' },
    outcome_id: { type: 'string', example: 'out_01jd2x0m3f8q4w7e5r6t9y2v1k' },
    observed_at: timestamp('When it was observed.'),
    expected_value: { type: 'number' },
    expected_source: expectedSource,
    actual_value: { type: 'number' },
    variance,
    relative_variance_percent: relativeVariance,
  },
};

const kpiObservation = {
  type: 'object',
  description:
    "One aggregation period of the linked KPI (`source: kpi`): its actual value is the average of the KPI's points in the period counted from " +
    "the decision's approval on — the KPI's own per-period value (`avg` of `GET /kpis/{id}/values?bucket=<period>&from=<approval>`), " +
    'computed when read.',
  required: [
    'source',
    'kpi_id',
    'period',
    'observed_at',
    'point_count',
    'expected_value',
    'expected_source',
    'actual_value',
    'variance',
    'relative_variance_percent',
  ],
  properties: {
    source: { type: 'string', const: 'kpi' },
    kpi_id: { type: 'string', example: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' },
    period: {
      type: 'object',
      required: ['start', 'end'],
      description:
        'The KPI period (UTC; weeks from Monday). The first one counts only the points from the approval on.',
      properties: {
        start: timestamp('Start of the period (inclusive).'),
        end: timestamp('End of the period (exclusive).'),
      },
    },
    observed_at: timestamp('The latest point counted in the period.'),
    point_count: { type: 'integer', minimum: 1, description: "How many KPI points the period's value averages." },
    expected_value: { type: 'number', description: "The link's expected value." },
    expected_source: expectedSource,
    actual_value: { type: 'number', description: "The average of the period's points." },
    variance,
    relative_variance_percent: relativeVariance,
  },
};

const anyObservation = { oneOf: [observation, kpiObservation] };

const RECORDING_RULES =
  'Only while the decision is `approved` or `implemented` (409 `decision_not_approved` otherwise, e.g. a draft or a decision pending approval). ' +
  "`expected_value` defaults to the metric of that name in the chosen option's frozen scenario run (`options[].scenario_snapshot.metrics`); without one, " +
  "and without an `expected_value`, 422 names `/expected_value`. `observed_at` may not be more than 5 minutes ahead of the server's clock (nor before 1900). " +
  'Outcomes are append-only: never edited or deleted. To correct one, record a new outcome with `supersedes` naming it (an outcome of the same ' +
  'decision, not already superseded: correct the latest correction); the list keeps both and marks the old one `superseded_by`, the summary ' +
  'counts only the correction. Appends `decision.outcome_recorded` to the audit log and emits `decision.outcome.recorded`, in the same transaction. ' +
  'A metric linked to a KPI (`POST …/outcome-kpis`) takes no outcomes by hand: 409 `outcome_metric_fed_by_kpi` names the KPI and the link.';

const LINKING_RULES =
  "Only while the decision is `approved` or `implemented` (409 `decision_not_approved` otherwise). The KPI must be one of the tenant's " +
  "(another tenant's KPI, a deleted one or a missing one: 422 at `/kpi_id`). `expected_value` defaults to the metric of that name in the chosen " +
  "option's frozen scenario run; without one, and without an `expected_value`, 422 names `/expected_value`. One KPI per metric: a second link of " +
  'the metric answers 409 `outcome_metric_fed_by_kpi` naming the link. Appends `decision.outcome_kpi_linked` to the audit log and emits ' +
  '`decision.outcome_kpi.linked`, in the same transaction.';

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
        expected_value: boundedNumber(
          "What was expected of the metric. Default: the metric in the chosen option's frozen scenario run.",
        ),
        actual_value: boundedNumber('What was observed.'),
        observed_at: {
          type: 'string',
          format: 'date-time',
          description: 'When it was observed (RFC 3339); not in the future. Stored to the millisecond.',
        },
        note: { type: 'string', minLength: 1, maxLength: 2000 },
        supersedes: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description: 'The outcome (`out_…`) this one corrects.',
        },
      },
    },
    DecisionOutcome: {
      type: 'object',
      required: [
        'id',
        'object',
        'decision_id',
        'metric',
        'expected_value',
        'expected_source',
        'actual_value',
        'variance',
        'relative_variance_percent',
        'observed_at',
        'note',
        'supersedes',
        'superseded_by',
        'recorded_by',
        'recorded_at',
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
      required: ['object', 'decision_id', 'decision_status', 'chosen_option', 'approved_at', 'metrics'],
      properties: {
        object: { type: 'string', const: 'decision_outcome_summary' },
        decision_id: { type: 'string' },
        decision_status: ref('DecisionStatus'),
        chosen_option: { type: ['string', 'null'] },
        approved_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'When the decision was approved (its last step completed); null before.',
        },
        metrics: {
          type: 'array',
          description: 'One entry per metric with outcomes, and one per metric linked to a KPI, by name.',
          items: {
            type: 'object',
            required: [
              'metric',
              'source',
              'expected_value',
              'expected_source',
              'observation_count',
              'observations',
              'latest',
            ],
            properties: {
              metric: { type: 'string' },
              source: {
                type: 'string',
                enum: ['outcomes', 'kpi'],
                description:
                  "`outcomes` recorded by hand, or `kpi`: the metric is linked to a KPI (`POST …/outcome-kpis`) and its observations are the KPI's periods.",
              },
              link_id: { type: 'string', description: 'source `kpi`: the link (`okl_…`).' },
              kpi_id: { type: 'string', description: 'source `kpi`: the KPI that feeds the metric.' },
              kpi: {
                type: ['object', 'null'],
                description:
                  "source `kpi`: the KPI's name, unit and period; null if the KPI has been deleted since (then there are no observations).",
                properties: {
                  name: { type: 'string' },
                  unit: { type: ['string', 'null'] },
                  aggregation_period: { type: 'string', enum: ['day', 'week', 'month', 'quarter'] },
                },
              },
              from: timestamp("source `kpi`: points count from this time on (the decision's approval)."),
              expected_value: {
                type: 'number',
                description:
                  "source `outcomes`: the expected value of the latest observation (each observation keeps its own); source `kpi`: the link's.",
              },
              expected_source: expectedSource,
              observation_count: {
                type: 'integer',
                description:
                  'How many outcomes of this metric stand (superseded ones excluded), or how many KPI periods have points since the approval.',
              },
              observations: {
                type: 'array',
                items: anyObservation,
                description:
                  'Expected against actual over time: the latest 100 observations (standing outcomes, or KPI periods), oldest first.',
              },
              latest: {
                oneOf: [observation, kpiObservation, { type: 'null' }],
                description:
                  'The latest observation; null only for a KPI-fed metric whose KPI has no points since the approval.',
              },
            },
          },
        },
      },
    },
    LinkDecisionOutcomeKpiRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['metric', 'kpi_id'],
      properties: {
        metric,
        kpi_id: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description: "The KPI (`kpi_…`) whose points are the metric's actual values.",
        },
        expected_value: boundedNumber(
          "What was expected of the metric. Default: the metric in the chosen option's frozen scenario run.",
        ),
      },
    },
    DecisionOutcomeKpi: {
      type: 'object',
      required: [
        'id',
        'object',
        'decision_id',
        'metric',
        'kpi_id',
        'expected_value',
        'expected_source',
        'from',
        'linked_by',
        'linked_at',
      ],
      properties: {
        id: { type: 'string', example: 'okl_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'decision_outcome_kpi' },
        decision_id: { type: 'string' },
        metric: { type: 'string' },
        kpi_id: { type: 'string' },
        expected_value: { type: 'number' },
        expected_source: expectedSource,
        from: timestamp("The KPI's points count from this time on: the decision's approval."),
        linked_by: ref('Actor'),
        linked_at: timestamp('When the link was made.'),
      },
    },
    DecisionOutcomeKpiList: listOf('DecisionOutcomeKpi'),
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
                  summary: "Expected value from the chosen option's scenario run",
                  description: KPI_ID_SOURCE,
                  value: {
                    metric: 'scheduled_agents',
                    actual_value: 19,
                    observed_at: '2026-10-31T17:00:00.000Z',
                    note: 'October average of the rota.',
                  },
                },
                given: {
                  summary: 'A metric the scenario does not have, with its expected value',
                  description: KPI_ID_SOURCE,
                  value: {
                    metric: 'cost_per_call_eur',
                    expected_value: 4.2,
                    actual_value: 4.65,
                    observed_at: '2026-10-31T17:00:00.000Z',
                  },
                },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The outcome.', ref('DecisionOutcome'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listDecisionOutcomes',
        summary: "List a decision's outcomes",
        description:
          'Every outcome recorded against the decision, superseded ones included, **oldest observation first** (`observed_at`, then id). An outcome ' +
          'recorded later with an `observed_at` before a cursor already handed out does not appear on the following pages: list again from the start.',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [
          idParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'metric',
            in: 'query',
            description: 'Only outcomes of this metric.',
            schema: { type: 'string', minLength: 1, maxLength: 100 },
          },
        ],
        responses: {
          '200': jsonResponse('A page of outcomes, oldest observation first.', ref('DecisionOutcomeList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/outcome-kpis': {
      post: {
        operationId: 'linkDecisionOutcomeKpi',
        summary: 'Feed an outcome metric from a KPI',
        description: `The metric's actual values come from then on from the KPI's points: the summary shows one observation per KPI aggregation period from the decision's approval on, against the link's expected value. ${LINKING_RULES}`,
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('LinkDecisionOutcomeKpiRequest'),
              examples: {
                from_scenario: {
                  summary: "Expected value from the chosen option's scenario run",
                  description: KPI_ID_SOURCE,
                  value: { metric: 'service_level', kpi_id: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' },
                },
                given: {
                  summary: 'A metric the scenario does not have, with its expected value',
                  description: KPI_ID_SOURCE,
                  value: { metric: 'cost_per_call_eur', kpi_id: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k', expected_value: 4.2 },
                },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The link.', ref('DecisionOutcomeKpi'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listDecisionOutcomeKpis',
        summary: "List a decision's KPI-fed outcome metrics",
        description: "The decision's links between outcome metrics and KPIs, newest first.",
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of links, newest first.', ref('DecisionOutcomeKpiList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/decisions/{id}/outcome-kpis/{link_id}': {
      get: {
        operationId: 'getDecisionOutcomeKpi',
        summary: "Read a KPI-fed outcome metric's link",
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter, linkIdParameter],
        responses: {
          '200': jsonResponse('The link.', ref('DecisionOutcomeKpi')),
          ...standardErrors({ notFound: true }),
        },
      },
      delete: {
        operationId: 'unlinkDecisionOutcomeKpi',
        summary: 'Stop feeding an outcome metric from its KPI',
        description:
          'The metric takes outcomes recorded by hand again (and those recorded before the link show in the summary again). Only while the decision ' +
          'is `approved` or `implemented` (409 `decision_not_approved`). Appends `decision.outcome_kpi_unlinked` to the audit log and emits ' +
          '`decision.outcome_kpi.unlinked`, in the same transaction.',
        tags: [tag],
        'x-required-scope': 'decisions:write',
        parameters: [idParameter, linkIdParameter],
        responses: { '204': { description: 'Unlinked.' }, ...standardErrors({ notFound: true, conflict: true }) },
      },
    },
    '/api/v1/decisions/{id}/outcomes/summary': {
      get: {
        operationId: 'getDecisionOutcomeSummary',
        summary: 'Expected against actual, per metric, over time',
        description:
          'Per metric: each standing observation (superseded outcomes are left out; their corrections count) with its expected and actual value, ' +
          'the variance and the relative variance, oldest first, and the latest one. A metric linked to a KPI shows instead one observation per ' +
          "KPI aggregation period with points from the decision's approval on (`source: kpi`), computed from the KPI's points when read: late and " +
          'replaced points count at once. Outcomes recorded by hand for it before it was linked stay in the list, not here.',
        tags: [tag],
        'x-required-scope': 'decisions:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The summary.', ref('DecisionOutcomeSummary')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
