import { DISTRIBUTION_SCHEMA } from '../../decision/simulation';
import {
  pathParameter,
  createdHeaders,
  jsonResponse,
  listOf,
  nullableTimestamp,
  parameterRef,
  postSuccessHeaders,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
  longPoll,
} from '../openapi/common';

const { $schema: _dialect, ...distribution } = DISTRIBUTION_SCHEMA;

const idParameter = pathParameter('Scenario id (`scn_…`).');
const batchIdParameter = pathParameter('Batch id (`bat_…`).');

const scalarInputs = {
  type: 'object',
  description:
    'Input name → value (string or number; a date as its RFC 3339 string, an enum as its value). Names, types, bounds and defaults ' +
    "come from the model's input schema. Inputs that are booleans, lists or objects cannot be given to a scenario: such models are " +
    'evaluated (`POST /models/{id}/evaluate`) and tested with any JSON their schema allows.',
  additionalProperties: { type: ['string', 'number'] },
  example: {
    arrival_rate_per_hour: 100,
    average_handle_time_seconds: 180,
    target_service_level: 0.8,
    target_answer_time_seconds: 20,
  },
};
const tags = {
  type: 'array',
  maxItems: 20,
  uniqueItems: true,
  items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9 _.:/-]{0,49}$' },
  description: 'Free labels to filter by.',
};
const uncertainty = {
  type: 'object',
  description:
    'Optional: numeric inputs given as probability distributions instead of (or besides) a number. The run then also performs a ' +
    "seeded Monte Carlo simulation and returns each metric's mean, sd and p5/p50/p95 and a sensitivity ranking of the inputs. An " +
    "input given only here takes its distribution's central value (mode, midpoint, mean) in the base run.",
  additionalProperties: ref('Distribution'),
  example: { arrival_rate_per_hour: { dist: 'triangular', min: 80, mode: 100, max: 140 } },
};
const simulation = {
  type: 'object',
  additionalProperties: false,
  description:
    'Simulation settings (with `uncertainty`). The seed is recorded; the same seed reproduces the same results.',
  properties: {
    runs: { type: 'integer', minimum: 1, maximum: 100000, description: 'Number of Monte Carlo runs (default 1000).' },
    seed: {
      type: 'integer',
      minimum: 0,
      maximum: 2147483647,
      description: 'Default: a random seed, recorded in the scenario.',
    },
  },
};

const MERGE_SEMANTICS =
  '`inputs` is a JSON Merge Patch (RFC 7396) onto the current run\'s inputs: `{"inputs": {"arrival_rate_per_hour": 120}}` re-runs with ' +
  'that one input changed and every other input kept; `null` removes an input, so its model default applies again (inputs the ' +
  'service filled in — defaults, central values of distributions — are filled in again for the new run, not frozen). ' +
  "`uncertainty` merges by input name: a distribution replaces that input's distribution whole, `null` for a name removes it, and " +
  '`"uncertainty": null` removes them all; removing the last one also ends the simulation. `simulation` replaces the settings whole.';

/**
 * Request examples are real requests: Swagger UI's "Try it out" sends them as they are, and
 * test/api/openapi-examples.test.ts sends each to a live stack. They use a built-in model and its real input names.
 */
const STAFFING_INPUTS = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};
const EXAMPLE_SCENARIO_IDS = ['scn_01jd2x0m3f8q4w7e5r6t9y2v1k', 'scn_01jd2x0m3f8q4w7e5r6t9y2v1m'];

const createScenarioExamples = {
  quick_run: {
    summary: 'A quick run: support desk staffing (Erlang C)',
    value: {
      model_id: 'mdl_service_queue_staffing',
      name: 'Support desk, Q3',
      tags: ['q3', 'support'],
      inputs: STAFFING_INPUTS,
    },
  },
  bound_to_a_dataset: {
    summary: 'Inputs bound to synced HR data: the headcount is the count of active Engineering employees',
    value: {
      model_id: 'mdl_workforce_cost_projection',
      name: 'Engineering cost, from the HRIS',
      inputs: { average_annual_salary: 128000 },
      input_bindings: {
        starting_headcount: {
          dataset: 'employees',
          metric: { function: 'count' },
          filter: { status: 'active', department: 'Engineering' },
        },
      },
    },
  },
  with_uncertainty: {
    summary: 'With uncertainty: arrivals as a distribution, seeded Monte Carlo simulation',
    value: {
      model_id: 'mdl_service_queue_staffing',
      name: 'Support desk, Q3 (uncertain demand)',
      inputs: STAFFING_INPUTS,
      uncertainty: { arrival_rate_per_hour: { dist: 'triangular', min: 80, mode: 100, max: 140 } },
      simulation: { runs: 1000, seed: 42 },
    },
  },
};

const STATES =
  'Lifecycle: `running` (accepted and started; the model is executing) → `completed` (results stored) | `failed` (the model could ' +
  "not run on these inputs, or the run could not be executed after retries; see `error`). Changing a scenario's inputs starts a new " +
  'run (`run_number` + 1) from `running` again, keeping the previous run in its history. `pending` and `cancelled` occur for batch items.';

export const scenariosPart: DocumentPart = {
  tags: [
    {
      name: 'Scenarios',
      description:
        "A scenario is one run of a model against inputs. `POST /api/v1/scenarios` validates the inputs against the model's schema " +
        '(422 naming each bad field; nothing stored, nothing started), runs the model in a Temporal workflow and answers 201 with the ' +
        'results as soon as they are stored (the workflow closes a moment later), or 202 with a `Location` to poll when the run ' +
        'outlasts the synchronous wait (10 s by default). ' +
        STATES,
    },
  ],
  schemas: {
    Distribution: distribution,
    AuditEvent: {
      type: 'object',
      required: ['sequence', 'event', 'at', 'actor', 'recorded_by', 'details'],
      properties: {
        sequence: { type: 'integer', minimum: 1 },
        event: {
          type: 'string',
          description:
            'received, validated, workflow_started, model_executed (model version, SHA-256 of the canonical inputs), model_failed, run_failed, result_stored, updated, deleted.',
        },
        at: timestamp('When it happened.'),
        actor: ref('Actor'),
        recorded_by: {
          type: 'string',
          enum: ['api', 'worker'],
          description:
            "`api`: the request handler. `worker`: the run's Temporal activity (for a quick run it may execute in the runner of the API process that took the request, started eagerly).",
        },
        details: { type: 'object' },
      },
    },
    Note: {
      type: 'object',
      required: ['kind', 'message'],
      properties: {
        kind: { type: 'string', enum: ['assumption', 'default_applied', 'warning', 'info'] },
        message: { type: 'string' },
        input: { type: 'string' },
      },
    },
    DecisionStructure: {
      type: 'object',
      description:
        'How the result was reached: the alternatives considered, the criteria, the derivation steps and the recommendation.',
      required: ['alternatives', 'criteria', 'derivation'],
      properties: {
        alternatives: { type: 'array', items: { type: 'object' } },
        criteria: { type: 'array', items: { type: 'object' } },
        derivation: { type: 'array', items: { type: 'object' } },
        recommendation: { type: 'object' },
        details: {
          type: 'object',
          description: 'Model-specific detail: per-period tables, or the JDM engine trace per node.',
        },
      },
    },
    Scenario: {
      type: 'object',
      required: [
        'id',
        'object',
        'status',
        'model_id',
        'model_version',
        'inputs',
        'metrics',
        'decision_structure',
        'notes',
        'audit_trail',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'scn_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'scenario' },
        name: { type: ['string', 'null'] },
        description: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        model_id: { type: 'string' },
        model_version: { type: 'string', description: 'The exact model version this run used.' },
        environment_id: {
          type: ['string', 'null'],
          description:
            'The environment whose version in effect the scenario resolved at its creation (null when it named a version).',
        },
        status: {
          type: 'string',
          enum: ['pending', 'running', 'completed', 'failed', 'cancelled'],
          description: STATES,
        },
        run_number: { type: 'integer', minimum: 1 },
        inputs: { ...scalarInputs, description: "The inputs as run, with the model's defaults applied." },
        uncertainty: { type: ['object', 'null'], additionalProperties: ref('Distribution') },
        simulation: {
          type: ['object', 'null'],
          description:
            '`runs`, `seed` and, once run, `results`: per metric `mean`, `sd`, `p5`, `p50`, `p95`, `min`, `max`, and `sensitivity` (inputs ranked by |Spearman correlation|).',
        },
        metrics: {
          type: ['object', 'null'],
          additionalProperties: { type: ['number', 'string'] },
          description: 'Output metrics (null until completed).',
        },
        decision_structure: { oneOf: [ref('DecisionStructure'), { type: 'null' }] },
        notes: {
          type: 'array',
          items: ref('Note'),
          description: 'Assumptions, defaults applied, warnings (inputs outside the validated range, extrapolation).',
        },
        input_bindings: {
          type: ['object', 'null'],
          additionalProperties: ref('ResolvedInputBinding'),
          description: "The current run's inputs bound to dataset aggregates, as resolved (null: none).",
        },
        audit_trail: {
          type: 'array',
          items: ref('AuditEvent'),
          description: 'Ordered events of the current run, fit to feed downstream systems unchanged.',
        },
        error: {
          type: ['object', 'null'],
          description:
            'On `failed`: a problem object (`type`, `title`, `status`, `code`, `detail`); `code` is one of `model_execution_failed`, `model_not_found`, `version_not_found` (422) or `run_not_executed` (503), listed in ProblemCode.',
        },
        inputs_sha256: { type: 'string', description: 'SHA-256 of the canonical JSON of `inputs`.' },
        workflow_id: {
          type: ['string', 'null'],
          description:
            "The Temporal workflow of the current run. A quick run, once stored, names the tenant's run lane that executed it (`scenario_run_lane/{tenant_id}`; until then, and for a run that run recovery gave a workflow of its own, `scenario/{id}/run-{n}`); a simulation, and every run with SCENARIO_RUN_MODE=workflow, has its own (`scenario/{id}/run-{n}`). `run_id` names that workflow's run.",
        },
        run_id: { type: ['string', 'null'], description: 'The Temporal run id of the current run.' },
        batch_id: { type: ['string', 'null'] },
        created_by: ref('Actor'),
        run_by: {
          allOf: [ref('Actor')],
          description:
            'Who asked for the current run: the creator for run 1, whoever re-ran it (`PATCH` of inputs, uncertainty, simulation or model version) since. Each past run in `/runs` keeps its own.',
        },
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
        completed_at: nullableTimestamp('When the current run finished.'),
      },
    },
    ScenarioList: listOf('Scenario'),
    ScenarioRunList: {
      type: 'object',
      required: ['data', 'next_cursor'],
      properties: { data: { type: 'array', items: { type: 'object' } }, next_cursor: { type: ['string', 'null'] } },
    },
    CreateScenarioRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['model_id', 'inputs'],
      properties: {
        model_id: { type: 'string', minLength: 1, maxLength: 100, example: 'mdl_workforce_cost_projection' },
        model_version: {
          type: 'string',
          maxLength: 40,
          description:
            "Run this exact version (default: the one in effect in the request's environment: the `DMS-Environment` header, else the credentials' pinned environment, else production).",
        },
        as_of: {
          type: 'string',
          format: 'date-time',
          description:
            'Run the version that was (or will be) in effect in the environment at this instant (RFC 3339 with an offset), not the one in effect now. Not with a named version. No version in effect then: 422 `no_version_in_effect` at `/as_of`.',
        },

        inputs: scalarInputs,
        name: { type: 'string', maxLength: 200 },
        description: { type: 'string', maxLength: 5000 },
        tags,
        uncertainty,
        simulation,
        input_bindings: {
          type: 'object',
          maxProperties: 50,
          description:
            "Our addition to the spec's body: inputs whose values come from a synced dataset instead of `inputs` (an input given both " +
            'ways is a 422 at `/input_bindings/<input>`). Each is resolved when the run starts, before the inputs are checked against ' +
            "the model; the value is frozen into the scenario's `inputs`, and the dataset, filter, metric, and the sync and time the " +
            'data came from are recorded in its audit trail (`inputs_bound`) and shown in `input_bindings`, so the run can be ' +
            'reproduced after the data changes. A binding that does not resolve (unknown dataset or field, the average of no records) is ' +
            'a 422 naming `/input_bindings/<input>`. A rerun (PATCH) keeps the frozen values of the inputs it does not change. Batches ' +
            'take literal inputs only.',
          additionalProperties: ref('ScenarioInputBinding'),
        },
      },
    },
    ScenarioInputBinding: {
      type: 'object',
      additionalProperties: false,
      required: ['dataset', 'metric'],
      properties: {
        dataset: { type: 'string', minLength: 1, maxLength: 100, description: 'The dataset (`employees`).' },
        metric: {
          type: 'object',
          additionalProperties: false,
          required: ['function'],
          properties: {
            function: { type: 'string', enum: ['count', 'sum', 'avg', 'min', 'max', 'percentile'] },
            field: { type: 'string', minLength: 1, maxLength: 100 },
            percentile: { type: 'number', minimum: 0, maximum: 100 },
          },
          description: 'One aggregate, as in `POST /datasets/{name}/aggregate`.',
        },
        filter: ref('DatasetFilter'),
        as_of: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'A sync id (`syn_…`) or an RFC 3339 time; default: the data when the run starts.',
        },
      },
      example: {
        dataset: 'employees',
        metric: { function: 'avg', field: 'salary' },
        filter: { status: 'active', department: 'Engineering' },
      },
    },
    ResolvedInputBinding: {
      type: 'object',
      required: ['dataset', 'metric', 'filter', 'as_of_requested', 'value', 'sync_id', 'at'],
      properties: {
        dataset: { type: 'string' },
        metric: { type: 'object' },
        filter: { type: ['object', 'null'] },
        as_of_requested: {
          type: ['string', 'null'],
          description: 'The `as_of` the binding gave (null: the data when the run started).',
        },
        value: { type: ['number', 'string'], description: 'The value frozen into `inputs`.' },
        sync_id: {
          type: ['string', 'null'],
          description: 'The sync the data came from (null: no sync had finished by then).',
        },
        at: {
          type: 'string',
          format: 'date-time',
          description: "The point in the dataset's history the value was read at.",
        },
      },
    },
    UpdateScenarioRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      description:
        'Name, description and tags change in place. `inputs`, `uncertainty`, `simulation` or `model_version` start a new run. ' +
        MERGE_SEMANTICS,
      properties: {
        name: { type: ['string', 'null'], maxLength: 200 },
        description: { type: ['string', 'null'], maxLength: 5000 },
        tags,
        inputs: {
          type: 'object',
          description:
            "JSON Merge Patch (RFC 7396) onto the current run's inputs: each value given replaces that input, `null` removes it (its default, if any, applies again); inputs not named are kept.",
          additionalProperties: { type: ['string', 'number', 'null'] },
          example: { arrival_rate_per_hour: 120 },
        },
        model_version: {
          type: 'string',
          maxLength: 40,
          description:
            'Re-run on this exact version. Default: the published version when `inputs` change, else the current one; a draft run ' +
            '(`draft_run: true`) keeps its draft version, which only its author may run (anyone else gets 422 naming `/model_version` and may name a released version).',
        },
        uncertainty: {
          oneOf: [
            {
              type: 'object',
              description:
                "Merged by input name onto the current uncertainty: a distribution replaces that input's distribution whole, `null` removes it.",
              additionalProperties: { oneOf: [ref('Distribution'), { type: 'null' }] },
            },
            { type: 'null', description: 'Removes every distribution (and the simulation).' },
          ],
        },
        simulation: { oneOf: [simulation, { type: 'null' }] },
      },
    },
    CompareScenariosRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['scenario_ids'],
      properties: {
        scenario_ids: { type: 'array', minItems: 2, maxItems: 20, uniqueItems: true, items: { type: 'string' } },
        baseline_id: { type: 'string', description: 'Deltas are against this scenario (default: the first).' },
      },
    },
    ScenarioComparison: {
      type: 'object',
      required: ['object', 'baseline_id', 'scenario_ids', 'metrics', 'not_comparable'],
      properties: {
        object: { type: 'string', const: 'scenario_comparison' },
        baseline_id: { type: 'string' },
        scenario_ids: { type: 'array', items: { type: 'string' } },
        metrics: {
          type: 'array',
          description:
            'Per shared metric: values side by side, absolute and relative deltas against the baseline, and the best scenario(s) where the model declares a direction.',
          items: {
            type: 'object',
            required: ['metric', 'direction', 'values', 'absolute_delta', 'relative_delta', 'best'],
            properties: {
              metric: { type: 'string' },
              direction: { type: ['string', 'null'], enum: ['higher_is_better', 'lower_is_better', null] },
              values: { type: 'object' },
              absolute_delta: { type: 'object' },
              relative_delta: { type: 'object' },
              best: { type: ['array', 'null'], items: { type: 'string' } },
            },
          },
        },
        not_comparable: {
          type: 'array',
          description: 'Metrics only some scenarios have (different models), with the scenarios that have them.',
          items: {
            type: 'object',
            properties: { metric: { type: 'string' }, present_in: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
    CreateBatchRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 10000,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['model_id', 'inputs'],
            properties: {
              model_id: { type: 'string', minLength: 1, maxLength: 100 },
              model_version: { type: 'string', maxLength: 40 },
              inputs: scalarInputs,
              name: { type: 'string', maxLength: 200 },
              tags,
            },
          },
        },
        compare: {
          type: 'boolean',
          default: false,
          description: "Compare the batch's completed scenarios when it finishes.",
        },
      },
    },
    ScenarioBatch: {
      type: 'object',
      required: ['id', 'object', 'status', 'progress', 'created_at'],
      properties: {
        id: { type: 'string', example: 'bat_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'scenario_batch' },
        environment_id: {
          type: ['string', 'null'],
          description:
            "The environment whose versions in effect its items run when they name none (the request's `DMS-Environment`, else the credentials' pin, else production).",
        },
        status: {
          type: 'string',
          enum: ['running', 'completed', 'cancelled'],
          description:
            '`running` → `completed` when every valid item ran (items that fail do not fail the batch), or `cancelled` after a cancel (items already run keep their scenarios).',
        },
        progress: {
          type: 'object',
          required: ['total', 'done', 'completed', 'failed', 'invalid', 'cancelled', 'pending'],
          properties: {
            total: { type: 'integer' },
            done: { type: 'integer', description: 'completed + failed' },
            completed: { type: 'integer' },
            failed: { type: 'integer' },
            invalid: { type: 'integer', description: 'Refused up front; never run.' },
            cancelled: { type: 'integer' },
            pending: { type: 'integer' },
          },
        },
        scenario_ids: {
          type: 'array',
          items: { type: 'string' },
          description: 'The scenarios created so far, in item order.',
        },
        invalid_items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { index: { type: 'integer' }, errors: { type: 'array', items: { type: 'object' } } },
          },
        },
        comparison: {
          type: ['object', 'null'],
          description:
            'With `compare: true`, once finished: a full comparison for up to 20 scenarios, else a per-metric summary (range, mean, best).',
        },
        workflow_id: { type: 'string' },
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
        completed_at: nullableTimestamp('When the batch finished.'),
      },
    },
  },
  paths: {
    '/api/v1/scenarios': {
      post: {
        operationId: 'createScenario',
        summary: 'Create and run a scenario',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:write',
        parameters: [parameterRef('IdempotencyKey'), parameterRef('Environment')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('CreateScenarioRequest'), examples: createScenarioExamples } },
        },
        responses: {
          '201': jsonResponse(
            'The run completed (or failed) within the synchronous wait: the stored scenario with its results.',
            ref('Scenario'),
            createdHeaders,
          ),
          '202': jsonResponse(
            'The run is still going: poll `Location` until `status` is `completed` or `failed` (it takes `Prefer: wait=N`: a long-poll).',
            ref('Scenario'),
            createdHeaders,
          ),
          ...standardErrors({ body: true, workflowEngine: true }),
        },
      },
      get: {
        operationId: 'listScenarios',
        summary: 'List scenarios',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'model_id',
            in: 'query',
            description: 'Only scenarios of this model.',
            schema: { type: 'string', maxLength: 100 },
          },
          {
            name: 'status',
            in: 'query',
            description: 'Only this status.',
            schema: { type: 'string', enum: ['pending', 'running', 'completed', 'failed', 'cancelled'] },
          },
          {
            name: 'tag',
            in: 'query',
            description: 'Only scenarios with this tag.',
            schema: { type: 'string', maxLength: 50 },
          },
          {
            name: 'batch_id',
            in: 'query',
            description: 'Only scenarios of this batch.',
            schema: { type: 'string', maxLength: 40 },
          },
          {
            name: 'created_after',
            in: 'query',
            description: 'Created at or after (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
          {
            name: 'created_before',
            in: 'query',
            description: 'Created before (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
        ],
        responses: {
          '200': jsonResponse('A page of scenarios, newest first.', ref('ScenarioList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/scenarios/compare': {
      post: {
        operationId: 'compareScenarios',
        summary: 'Compare 2–20 completed scenarios',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:read',
        parameters: [parameterRef('IdempotencyKey')],
        description:
          'Replace the example ids with ids of your own completed scenarios (`GET /api/v1/scenarios?status=completed`).',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CompareScenariosRequest'),
              examples: {
                two_runs: {
                  summary: 'Two scenarios (replace the ids)',
                  description:
                    'Replace the ids with completed scenarios of your tenant: `POST /api/v1/scenarios` answers one, `GET /api/v1/scenarios?status=completed` lists them.',
                  value: { scenario_ids: EXAMPLE_SCENARIO_IDS, baseline_id: EXAMPLE_SCENARIO_IDS[0] },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The comparison.', ref('ScenarioComparison'), postSuccessHeaders),
          ...standardErrors({ body: true }),
        },
      },
    },
    '/api/v1/scenarios/batch': {
      post: {
        operationId: 'createScenarioBatch',
        summary: 'Run up to 10,000 scenarios in one request',
        description:
          'Validates every item up front: invalid items are reported per item (`invalid_items`) and never run; the rest run in a ' +
          'Temporal workflow with bounded concurrency. Answers 202 with the batch to poll. Item failures do not fail the batch. ' +
          'The body limit of this operation is 16 MiB (BATCH_BODY_LIMIT_BYTES). If every item is invalid: 422.',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:write',
        // Up to 10,000 items: a larger body limit than every other operation's, resolved from configuration.
        'x-body-limit': 'batch',
        parameters: [parameterRef('IdempotencyKey'), parameterRef('Environment')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateBatchRequest'),
              example: {
                compare: true,
                items: [
                  { model_id: 'mdl_service_queue_staffing', name: '100 calls/h', inputs: STAFFING_INPUTS },
                  {
                    model_id: 'mdl_service_queue_staffing',
                    name: '300 calls/h',
                    inputs: { ...STAFFING_INPUTS, arrival_rate_per_hour: 300 },
                  },
                ],
              },
            },
          },
        },
        responses: {
          '202': jsonResponse(
            'The batch is running; poll `Location` (it takes `Prefer: wait=N`: a long-poll).',
            ref('ScenarioBatch'),
            createdHeaders,
          ),
          ...standardErrors({ body: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/scenarios/batches/{id}': {
      get: {
        operationId: 'getScenarioBatch',
        summary: 'Get a batch: status, progress and scenario ids',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:read',
        description:
          'With `Prefer: wait=N` (up to 60 s) the answer waits until the work has finished or its `status` changed.',
        parameters: [batchIdParameter, longPoll.parameter],
        responses: {
          '200': jsonResponse('The batch.', ref('ScenarioBatch'), longPoll.headers),
          ...standardErrors({ notFound: true }),
          ...longPoll.errors,
        },
      },
    },
    '/api/v1/scenarios/batches/{id}/cancel': {
      post: {
        operationId: 'cancelScenarioBatch',
        summary: 'Cancel a running batch',
        description:
          'Items not yet started are not run (`cancelled`); items already run keep their scenarios. 409 when the batch has finished.',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:write',
        parameters: [batchIdParameter, parameterRef('IdempotencyKey')],
        responses: {
          '202': jsonResponse('Cancellation requested; poll the batch.', ref('ScenarioBatch'), postSuccessHeaders),
          ...standardErrors({ notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/scenarios/{id}': {
      get: {
        operationId: 'getScenario',
        summary: 'Get a scenario (poll this for long runs)',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:read',
        description:
          'With `Prefer: wait=N` (up to 60 s) the answer waits until the work has finished or its `status` changed.',
        parameters: [idParameter, longPoll.parameter],
        responses: {
          '200': jsonResponse('The scenario.', ref('Scenario'), longPoll.headers),
          ...standardErrors({ notFound: true }),
          ...longPoll.errors,
        },
      },
      patch: {
        operationId: 'updateScenario',
        summary: 'Update a scenario (a change of inputs re-runs it)',
        description:
          'Name, description and tags change in place. A change of `inputs`, `uncertainty`, `simulation` or `model_version` is a new run ' +
          '(`run_number` + 1; the previous run stays in `/runs`), credited to the caller (`run_by`); 409 while the current run is still going. ' +
          'A draft run is never moved to the published version silently: without `model_version` it runs its draft version again, for the ' +
          "draft's author only (anyone else: 422 naming `/model_version`). " +
          MERGE_SEMANTICS,
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateScenarioRequest'),
              example: { name: 'Support desk, Q3 (busier)', inputs: { arrival_rate_per_hour: 120 } },
            },
          },
        },
        responses: {
          '200': jsonResponse('Updated (and, for a re-run, finished within the synchronous wait).', ref('Scenario')),
          '202': jsonResponse(
            'The re-run is still going: poll the scenario at `Location` (it takes `Prefer: wait=N`: a long-poll).',
            ref('Scenario'),
            { Location: { $ref: '#/components/headers/Location' } },
          ),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
      delete: {
        operationId: 'deleteScenario',
        summary: 'Delete a scenario',
        description: 'A soft delete with an audit event: the scenario is gone from every read and list.',
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:write',
        parameters: [idParameter],
        responses: {
          '204': {
            description: 'Deleted.',
            headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
          },
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/scenarios/{id}/runs': {
      get: {
        operationId: 'listScenarioRuns',
        summary: "A scenario's runs: the current one first, then its history",
        tags: ['Scenarios'],
        'x-required-scope': 'scenarios:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('Every run, newest first.', ref('ScenarioRunList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
