import { LARGEST_CHANGES, LISTED_FAILURES } from '../../decision/model-replay';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  nullableTimestamp,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
  longPoll,
} from '../openapi/common';

const tag = 'Models';
const idParameter = pathParameter('Tenant model id (`mdl_<ulid>`).');
const replayIdParameter = pathParameter('Replay id (`rpl_…`).', 'replay_id');

/** The id in the examples is one of the caller's own (a tenant model with a published version). */
const MODEL_ID_SOURCE =
  'Use a tenant model of your own with a published version: `GET /api/v1/models?source=tenant` lists them.';

const metricValue = {
  type: ['number', 'string', 'null'],
  description: "The metric's value; null when the run has no such metric.",
};

const change = {
  type: 'object',
  required: ['scenario_id', 'before', 'after', 'abs_change', 'rel_change'],
  properties: {
    scenario_id: { type: 'string' },
    before: { ...metricValue, description: 'The value the live run stored.' },
    after: { ...metricValue, description: 'The value the replayed version gives on the same inputs.' },
    abs_change: { type: 'number', description: '|after − before|.' },
    rel_change: { type: ['number', 'null'], description: '|after − before| / |before|; null when before is 0.' },
  },
};

const metricReport = {
  type: 'object',
  required: [
    'metric',
    'runs_compared',
    'changed',
    'mean_abs_change',
    'max_abs_change',
    'mean_rel_change',
    'max_rel_change',
    'largest_changes',
  ],
  properties: {
    metric: { type: 'string', description: 'An output metric (a flattened output name, as scenarios store it).' },
    runs_compared: {
      type: 'integer',
      minimum: 0,
      description: 'Runs evaluated without error where either side has this metric.',
    },
    changed: {
      type: 'integer',
      minimum: 0,
      description:
        'Runs whose value changed beyond the tolerance: |after − before| > absolute + relative × |before| for numbers; any difference otherwise.',
    },
    mean_abs_change: {
      type: ['number', 'null'],
      description: 'Mean |after − before| over the runs where both values are numbers (null if none).',
    },
    max_abs_change: { type: ['number', 'null'] },
    mean_rel_change: {
      type: ['number', 'null'],
      description: 'Mean relative change over the runs where both are numbers and before is not 0.',
    },
    max_rel_change: { type: ['number', 'null'] },
    largest_changes: {
      type: 'array',
      maxItems: LARGEST_CHANGES,
      items: change,
      description: `The ${LARGEST_CHANGES} largest numeric changes (ties: the newer run first).`,
    },
  },
};

const failure = {
  type: 'object',
  required: ['scenario_id', 'code', 'message'],
  properties: {
    scenario_id: { type: 'string' },
    code: {
      type: 'string',
      enum: ['inputs_invalid', 'evaluation_failed', 'output_invalid', 'evaluation_budget_exceeded'],
      description:
        "`inputs_invalid`: the stored inputs no longer satisfy the version's input schema; `evaluation_failed`: the engine failed; `output_invalid`: the output " +
        'does not match the output schema; `evaluation_budget_exceeded`: past EXPRESSION_BUDGET_MS.',
    },
    message: { type: 'string' },
  },
};

const report = {
  type: 'object',
  required: ['runs', 'runs_compared', 'runs_skipped', 'runs_failing', 'metrics', 'failing'],
  properties: {
    runs: { type: 'integer', minimum: 0, description: 'Runs in the snapshot.' },
    runs_compared: { type: 'integer', minimum: 0, description: 'Runs the version evaluated without error.' },
    runs_skipped: { type: 'integer', minimum: 0, description: 'Runs deleted since the replay started.' },
    runs_failing: {
      type: 'integer',
      minimum: 0,
      description: 'Runs that now fail (every one, even past the listed ones).',
    },
    metrics: { type: 'array', items: metricReport, description: 'Per output metric, by name.' },
    failing: {
      type: 'array',
      maxItems: LISTED_FAILURES,
      items: failure,
      description: `The first ${LISTED_FAILURES} runs that now fail, newest first, with why.`,
    },
  },
};

const tolerance = {
  type: 'object',
  additionalProperties: false,
  description:
    'A numeric change counts when |after − before| > absolute + relative × |before|. Default `{"absolute": 1e-9, "relative": 0}`.',
  properties: {
    absolute: { type: 'number', minimum: 0, maximum: 1e15 },
    relative: { type: 'number', minimum: 0, maximum: 1e6 },
  },
};

const EXAMPLE_REPLAY = {
  id: 'rpl_01jd3m2n4p5q6r7s8t9v0w1x2y',
  object: 'model_replay',
  model_id: 'mdl_01jd3m2n4p5q6r7s8t9v0w1x2z',
  version: '2',
  baseline_version: '1',
  status: 'completed',
  limit: 1000,
  source: 'scenarios',
  tolerance: { absolute: 1e-9, relative: 0 },
  progress: { total: 2, processed: 2 },
  report: {
    runs: 2,
    runs_compared: 2,
    runs_skipped: 0,
    runs_failing: 0,
    metrics: [
      {
        metric: 'discount_rate',
        runs_compared: 2,
        changed: 1,
        mean_abs_change: 0.025,
        max_abs_change: 0.05,
        mean_rel_change: 0.5,
        max_rel_change: 0.5,
        largest_changes: [
          {
            scenario_id: 'scn_01jd3m2n4p5q6r7s8t9v0w1x30',
            before: 0.1,
            after: 0.15,
            abs_change: 0.05,
            rel_change: 0.5,
          },
        ],
      },
    ],
    failing: [],
  },
  error: null,
  workflow_id: 'model_replay/rpl_01jd3m2n4p5q6r7s8t9v0w1x2y',
  created_by: { type: 'api_key', id: 'key_01jd3k9x7y8z0a1b2c3d4e5f6g' },
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:02.000Z',
  completed_at: '2026-11-28T10:00:02.000Z',
};

export const modelReplaysPart: DocumentPart = {
  tags: [],
  schemas: {
    CreateModelReplayRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['version'],
      properties: {
        version: {
          type: 'string',
          minLength: 1,
          maxLength: 20,
          description: 'The version to replay the live runs against, normally a draft.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 10000,
          default: 1000,
          description: 'How many of the latest completed live runs (or recorded instances) to replay.',
        },
        source: {
          type: 'string',
          enum: ['scenarios', 'instances'],
          default: 'scenarios',
          description:
            "Where the inputs come from: the published version's completed live runs (`scenarios`), or its last recorded decision instances that kept their inputs (`instances`: evaluate, scenario and batch traffic, test runs left out). With `instances`, a report's `scenario_id` fields hold instance ids.",
        },
        tolerance,
      },
    },
    ModelReplay: {
      type: 'object',
      required: [
        'id',
        'object',
        'model_id',
        'version',
        'baseline_version',
        'status',
        'limit',
        'source',
        'tolerance',
        'progress',
        'report',
        'error',
        'workflow_id',
        'created_by',
        'created_at',
        'updated_at',
        'completed_at',
      ],
      properties: {
        id: { type: 'string', description: '`rpl_…`' },
        object: { type: 'string', const: 'model_replay' },
        model_id: { type: 'string' },
        version: { type: 'string', description: 'The version replayed.' },
        baseline_version: {
          type: 'string',
          description: 'The published version the live runs ran, when the replay started.',
        },
        status: {
          type: 'string',
          enum: ['queued', 'running', 'completed', 'failed', 'cancelled'],
          description:
            '`queued` → `running` → `completed` (report available), `failed` (a batch failed on every attempt; start a new replay) or `cancelled` (the report covers the batches done).',
        },
        limit: { type: 'integer' },
        source: { type: 'string', enum: ['scenarios', 'instances'] },
        tolerance: { ...tolerance, description: 'The tolerance as applied.' },
        progress: {
          type: 'object',
          required: ['total', 'processed'],
          properties: {
            total: { type: 'integer', minimum: 0, description: 'Runs in the snapshot taken when the replay started.' },
            processed: {
              type: 'integer',
              minimum: 0,
              description: 'Runs replayed so far (each counted once, whatever worker retried what).',
            },
          },
        },
        report: { oneOf: [report, { type: 'null' }], description: 'Once completed (or cancelled): the comparison.' },
        error: {
          type: ['object', 'null'],
          required: ['code', 'detail'],
          properties: { code: { type: 'string' }, detail: { type: 'string' } },
        },
        workflow_id: {
          type: 'string',
          description: 'The Temporal workflow running the replay (`model_replay/rpl_…`).',
        },
        created_by: ref('Actor'),
        created_at: timestamp('When the replay was started.'),
        updated_at: timestamp('Last status or progress change.'),
        completed_at: nullableTimestamp('When it completed, failed or was cancelled.'),
      },
      example: EXAMPLE_REPLAY,
    },
    ModelReplayList: listOf('ModelReplay'),
  },
  paths: {
    '/api/v1/models/{id}/replays': {
      get: {
        operationId: 'listModelReplays',
        summary: "List a tenant model's replays",
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of replays, newest first.', ref('ModelReplayList')),
          ...standardErrors({ notFound: true }),
        },
      },
      post: {
        operationId: 'createModelReplay',
        summary: 'Replay the live runs against a version (impact)',
        description:
          "Takes the last `limit` completed scenarios that ran the model's published version (draft runs left out), fixed when the replay starts, and " +
          "evaluates each one's stored inputs against `version` in a Temporal workflow, batch by batch in the expression sandbox, comparing the outputs " +
          'with the stored ones. Nothing is written to the scenarios. Answers 202 with the replay to poll (`Location`). A model without a published ' +
          'version answers 409 `no_published_version`; built-in models have one version (409). ' +
          MODEL_ID_SOURCE,
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, parameterRef('IdempotencyKey'), parameterRef('Environment')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateModelReplayRequest'),
              example: { version: '2', limit: 1000, tolerance: { absolute: 0.0001 } },
            },
          },
        },
        responses: {
          '202': jsonResponse(
            'The replay has been accepted; poll `Location` (it takes `Prefer: wait=N`: a long-poll).',
            ref('ModelReplay'),
            createdHeaders,
          ),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/models/{id}/replays/{replay_id}': {
      get: {
        operationId: 'getModelReplay',
        summary: 'Get a replay: progress while it runs, the report once done',
        tags: [tag],
        'x-required-scope': 'models:read',
        description:
          'With `Prefer: wait=N` (up to 60 s) the answer waits until the work has finished or its `status` changed.',
        parameters: [idParameter, replayIdParameter, longPoll.parameter],
        responses: {
          '200': jsonResponse('The replay.', ref('ModelReplay'), longPoll.headers),
          ...standardErrors({ notFound: true }),
          ...longPoll.errors,
        },
      },
    },
    '/api/v1/models/{id}/replays/{replay_id}/cancel': {
      post: {
        operationId: 'cancelModelReplay',
        summary: 'Cancel a replay',
        description:
          'Stops handing out batches; those in flight finish and the report covers the batches done. A finished replay answers 409 `replay_finished`.',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, replayIdParameter, parameterRef('IdempotencyKey')],
        responses: {
          '202': jsonResponse('The replay, as it was when asked to stop.', ref('ModelReplay'), postSuccessHeaders),
          ...standardErrors({ notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
  },
};
