import {
  jsonResponse,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  standardErrors,
  type DocumentPart,
} from '../openapi/common';
import { jsonInputs, upload, VOLUME_DISCOUNT_DMN, VOLUME_DISCOUNT_UPLOAD } from './openapi';

const tag = 'Models';
const idParameter = pathParameter('Tenant model id (`mdl_<ulid>`).');

/** The working copy both operations take: the content exactly as an upload takes it, with its schemas. */
const workingCopy = {
  content: {
    description:
      "The unsaved content: a JDM decision graph (an object, as an upload's `graph`) or a DMN model's XML (a string, as an upload's `dmn`). " +
      'Checked with the same compile and schema checks as an upload; every problem is a 422 entry whose `path` points into it ' +
      '(`/content/nodes/3/content/rules/7/<column id>` names a cell of a decision table; a DMN problem is at `/content`, naming the element).',
    oneOf: [
      { type: 'object', title: 'JDM decision graph' },
      { type: 'string', title: 'DMN model', minLength: 1, maxLength: 4194304 },
    ],
  },
  input_schema: {
    ...upload.input_schema,
    description:
      "As an upload's `input_schema`. A JDM graph without it takes the model's newest version's input schema; a DMN model's is derived when not given.",
  },
  output_schema: {
    ...upload.output_schema,
    description:
      "As an upload's `output_schema`. A JDM graph without it takes the model's newest version's output schema; a DMN model's is derived when not given.",
  },
  sample_inputs: upload.sample_inputs,
};

const SIMULATION_NOTE =
  "Nothing is stored (no version, no test run). The working copy runs in the expression sandbox, never on the API's event loop, " +
  'within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression. It needs `models:write`: it runs content ' +
  'nobody has saved, which only people who may write the model should be able to make the service run. Built-in models refuse it (409 ' +
  "`model_not_editable`); another tenant's model is a 404.";

const matchedRules = {
  type: 'array',
  description:
    "Per decision table evaluated (JDM: a `decisionTableNode`; DMN: a decision whose expression is a table), the rules that matched: their ids (`_id`, DMN: the rule's `id`) and positions (0-based), in table order.",
  items: {
    type: 'object',
    required: ['node_id', 'name', 'rule_ids', 'rule_indexes'],
    properties: {
      node_id: { type: 'string' },
      name: { type: 'string' },
      rule_ids: { type: 'array', items: { type: ['string', 'null'] } },
      rule_indexes: { type: 'array', items: { type: 'integer' } },
    },
  },
};

const evaluationError = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          enum: ['model_evaluation_failed', 'validation_failed', 'no_published_version'],
          description:
            "`model_evaluation_failed`: the engine failed on the inputs (`node_id` names where); `validation_failed` (the compared version only): the inputs do not match that version's input schema (`errors`); `no_published_version`: `compare_with` is `published` and nothing is.",
        },
        message: { type: 'string' },
        node_id: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

const evaluated = (what: string, extra: Record<string, unknown> = {}, required: string[] = []) => ({
  description: what,
  oneOf: [
    {
      type: 'object',
      required: ['outputs', 'matched_rules', 'duration_ms', ...required],
      properties: {
        ...extra,
        outputs: {
          type: 'object',
          description: 'The outputs as the content produced them (as evaluate answers them).',
        },
        trace: {
          type: 'array',
          items: ref('ModelEvaluationTraceStep'),
          description: 'Per node evaluated (DMN: per decision), as evaluate answers it; left out with `trace: false`.',
        },
        matched_rules: matchedRules,
        duration_ms: { type: 'number', description: "The engine's time for this evaluation, in milliseconds." },
      },
    },
    evaluationError,
  ],
});

export const modelSimulationPart: DocumentPart = {
  tags: [],
  schemas: {
    SimulateModelRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['content', 'inputs'],
      properties: {
        ...workingCopy,
        inputs: { ...jsonInputs, description: "Input name → value, checked against the working copy's input schema." },
        trace: {
          type: 'boolean',
          default: true,
          description: 'Include the per-node trace (matched rules are answered either way).',
        },
        compare_with: {
          type: ['string', 'null'],
          pattern: '^(published|[1-9][0-9]{0,8})$',
          default: null,
          description:
            'Also run a stored version on the same inputs and answer the differences: `published`, a version number (`"3"`), or null (no comparison). ' +
            'A version the model does not have is a 422 at `/compare_with`.',
        },
      },
    },
    ModelSimulation: {
      type: 'object',
      required: ['object', 'model_id', 'working', 'differences', 'duration_ms'],
      properties: {
        object: { type: 'string', const: 'model_simulation' },
        model_id: { type: 'string' },
        working: evaluated('The working copy on the inputs.'),
        compared: evaluated(
          'With `compare_with`: the stored version on the same inputs.',
          { version: { type: 'string', description: 'The version compared with.' } },
          ['version'],
        ),
        differences: {
          type: 'array',
          description:
            'Where the two outputs differ, one entry per differing value: `path` a JSON Pointer into the outputs (`/discount/rate`), `working` and `compared` the two values (null where one has none). Empty without a comparison, or when either failed.',
          items: {
            type: 'object',
            required: ['path', 'working', 'compared'],
            properties: { path: { type: 'string' }, working: {}, compared: {} },
          },
        },
        duration_ms: { type: 'number', description: 'Time taken to answer, in milliseconds.' },
      },
    },
    SimulateModelTestsRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['content'],
      properties: workingCopy,
    },
    ModelSuiteSimulation: {
      type: 'object',
      required: ['object', 'model_id', 'status', 'passed', 'failed', 'coverage', 'cases', 'duration_ms'],
      description: "A test run's report (see `ModelTestRun`) for the working copy, not stored: no id, no `created_at`.",
      properties: {
        object: { type: 'string', const: 'model_suite_simulation' },
        model_id: { type: 'string' },
        status: { type: 'string', enum: ['passed', 'failed'], description: '`passed` when every case passed.' },
        passed: { type: 'integer' },
        failed: { type: 'integer' },
        coverage: {
          type: 'object',
          description:
            "As a test run's: per decision table the rules hit and `never_hit` (index, id, description), per switch the branches taken and never taken, `rule_coverage_percent`.",
        },
        cases: {
          type: 'array',
          items: { type: 'object' },
          description: "As a test run's cases, in the order the cases were added.",
        },
        duration_ms: { type: 'number' },
      },
    },
  },
  paths: {
    '/api/v1/models/{id}/simulate': {
      post: {
        operationId: 'simulateModel',
        summary: 'Run an unsaved working copy of a model, side by side with a stored version',
        description:
          'For an editor: the working copy (`content` with its schemas) is checked exactly as an upload is, the inputs against its input ' +
          'schema, then evaluated with matched rules per decision table (and the trace); with `compare_with`, a stored version runs on the same ' +
          'inputs and the differences of the outputs are answered. An engine failure on the inputs is answered in `working.error` (or ' +
          '`compared.error`), not as an error status. Each evaluation (the working copy, and the compared version) counts against the ' +
          `tenant's evaluations quota as one evaluation of \`POST /models/{id}/evaluate\` does. ${SIMULATION_NOTE}`,
        tags: [tag],
        'x-required-scope': 'models:write',
        'x-body-limit': 'batch',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('SimulateModelRequest'),
              examples: {
                jdm: {
                  summary: 'A JDM working copy against the published version',
                  value: {
                    content: VOLUME_DISCOUNT_UPLOAD.graph,
                    input_schema: VOLUME_DISCOUNT_UPLOAD.input_schema,
                    output_schema: VOLUME_DISCOUNT_UPLOAD.output_schema,
                    inputs: { order_total: 60000 },
                    compare_with: 'published',
                  },
                },
                dmn: {
                  summary: 'A DMN working copy (schemas derived)',
                  value: { content: VOLUME_DISCOUNT_DMN, inputs: { order_total: 60000 }, trace: false },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The simulation.', ref('ModelSimulation'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/simulate/tests': {
      post: {
        operationId: 'simulateModelTests',
        summary: "Run the model's suite on an unsaved working copy",
        description:
          "The model's stored test cases run against the working copy (checked exactly as an upload is) and are judged as a test run judges them " +
          '(verdicts, differences, matched and missing rules, rule and branch coverage with the rules never hit); the report is answered, not stored, ' +
          `and counts against no quota, as a stored test run does not. An empty suite is a 422. ${SIMULATION_NOTE}`,
        tags: [tag],
        'x-required-scope': 'models:write',
        'x-body-limit': 'batch',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('SimulateModelTestsRequest'),
              example: {
                content: VOLUME_DISCOUNT_UPLOAD.graph,
                input_schema: VOLUME_DISCOUNT_UPLOAD.input_schema,
                output_schema: VOLUME_DISCOUNT_UPLOAD.output_schema,
              },
            },
          },
        },
        responses: {
          '200': jsonResponse(
            "The suite's report on the working copy.",
            ref('ModelSuiteSimulation'),
            postSuccessHeaders,
          ),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
  },
};
