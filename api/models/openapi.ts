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
} from '../openapi/common';

const idParameter = pathParameter('Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models.');

const caseIdParameter = pathParameter('Test case id (`mtc_…`).', 'case_id');
const runIdParameter = pathParameter('Test run id (`mtr_…`).', 'run_id');

const metricDirections = {
  type: 'object',
  description: 'Per metric, which way is better; used by comparisons to name the best scenario.',
  additionalProperties: { type: 'string', enum: ['higher_is_better', 'lower_is_better'] },
};

/** Any JSON value per input, as the model's input schema allows (evaluate, validate, test cases, upload samples). */
export const jsonInputs = {
  type: 'object',
  description:
    "Input name → value: any JSON the model's input schema allows (booleans, RFC 3339 dates as strings, lists, objects).",
};

const SCHEMA_SUBSET =
  'A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). ' +
  'Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), ' +
  '`string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, ' +
  'RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, ' +
  '`additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, ' +
  '`examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep.';

export const upload = {
  input_schema: {
    type: 'object',
    description:
      `JSON Schema of the inputs (required with \`graph\`; derived from a DMN model when not given): \`type: object\` with at least one property. ${SCHEMA_SUBSET} \`additionalProperties: false\` is enforced ` +
      'at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 ' +
      'string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default.',
  },
  output_schema: {
    type: 'object',
    description:
      `JSON Schema of what the graph outputs (required with \`graph\`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; \`null\` is allowed as a type). ${SCHEMA_SUBSET} ` +
      'A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too.',
  },
  dmn: {
    type: 'string',
    minLength: 1,
    maxLength: 4194304,
    description:
      "A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop " +
      'within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown ' +
      "input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the " +
      "element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, " +
      'else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: ' +
      'one input per input data, one output per decision, by name. See docs/dmn.md.',
  },
  graph: {
    type: 'object',
    description:
      'A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with ' +
      'zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the ' +
      "API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run).",
  },
  metric_directions: metricDirections,
  sample_inputs: {
    ...jsonInputs,
    description:
      "Inputs to test the graph with at upload (any JSON the input schema allows). Omitted: built from each input's default, example, enum or bounds.",
  },
};

/**
 * An upload is a JDM graph with its schemas, or a DMN model (whose schemas may be derived); both at once match both
 * branches, which oneOf refuses. Each branch names the properties it requires (ajv's strict mode asks it to).
 */
export const uploadFormats = [
  {
    title: 'JDM decision graph',
    required: ['graph', 'input_schema', 'output_schema'],
    properties: { graph: upload.graph, input_schema: upload.input_schema, output_schema: upload.output_schema },
  },
  { title: 'DMN model', required: ['dmn'], properties: { dmn: upload.dmn } },
];

const tolerance = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['absolute'],
      properties: { absolute: { type: 'number', minimum: 0 } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['relative'],
      properties: { relative: { type: 'number', minimum: 0, maximum: 1 } },
    },
  ],
};

const testCaseFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  inputs: { type: 'object', description: "Input name → value, as the model's input schema allows." },
  expected: {
    type: 'object',
    minProperties: 1,
    maxProperties: 200,
    description:
      'Output name → expected value. A name is an output key or a dotted path into nested outputs (`discount.rate`). Numbers match within ' +
      "their tolerance (exactly without one); lists and objects element by element (same length, same keys; the output's tolerance " +
      'applies to every number inside); strings (dates, enum values), booleans and null exactly.',
  },
  tolerances: {
    type: 'object',
    maxProperties: 200,
    additionalProperties: tolerance,
    description:
      'Per expected number (or list or object holding numbers): `{"absolute": 0.01}` or `{"relative": 0.05}` (5 %).',
  },
  expected_rules: {
    type: ['array', 'null'],
    maxItems: 100,
    items: { type: 'string', minLength: 1, maxLength: 200 },
    description: 'Decision-table rule ids (`_id`) the evaluation must match, besides the outputs.',
  },
};

/** A real upload (see test/api/openapi-examples.test.ts): one expression node, evaluated by zen-engine at upload. */
export const VOLUME_DISCOUNT_UPLOAD = {
  input_schema: {
    type: 'object',
    required: ['order_total'],
    properties: { order_total: { type: 'number', minimum: 0, maximum: 10000000, description: 'Order value, in EUR.' } },
  },
  output_schema: { type: 'object', required: ['discount_rate'], properties: { discount_rate: { type: 'number' } } },
  graph: {
    nodes: [
      { id: 'request', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
      {
        id: 'discount',
        type: 'expressionNode',
        name: 'Discount',
        position: { x: 300, y: 0 },
        content: {
          expressions: [
            {
              id: 'rate',
              key: 'discount_rate',
              value: 'order_total >= 50000 ? 0.1 : (order_total >= 10000 ? 0.05 : 0)',
            },
          ],
        },
      },
      { id: 'response', type: 'outputNode', name: 'Response', position: { x: 600, y: 0 } },
    ],
    edges: [
      { id: 'request-discount', type: 'edge', sourceId: 'request', targetId: 'discount' },
      { id: 'discount-response', type: 'edge', sourceId: 'discount', targetId: 'response' },
    ],
  },
  metric_directions: { discount_rate: 'higher_is_better' },
  sample_inputs: { order_total: 25000 },
};

/** The same volume discount as a DMN 1.5 decision table (see test/api/openapi-examples.test.ts): schemas derived. */
export const VOLUME_DISCOUNT_DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20230324/MODEL/" id="volume_discount" name="Volume discount" namespace="https://example.com/dmn/volume-discount">
  <inputData id="order_total" name="order_total">
    <variable id="order_total_variable" name="order_total" typeRef="number"/>
  </inputData>
  <decision id="discount_rate" name="discount_rate">
    <variable id="discount_rate_variable" name="discount_rate" typeRef="number"/>
    <informationRequirement id="discount_rate_requires_order_total">
      <requiredInput href="#order_total"/>
    </informationRequirement>
    <decisionTable id="discount_rate_table" hitPolicy="FIRST">
      <input id="order_total_column" label="Order total">
        <inputExpression id="order_total_expression" typeRef="number"><text>order_total</text></inputExpression>
      </input>
      <output id="rate_column" name="discount_rate" typeRef="number"/>
      <rule id="large"><inputEntry id="large_total"><text>&gt;= 50000</text></inputEntry><outputEntry id="large_rate"><text>0.1</text></outputEntry></rule>
      <rule id="medium"><inputEntry id="medium_total"><text>&gt;= 10000</text></inputEntry><outputEntry id="medium_rate"><text>0.05</text></outputEntry></rule>
      <rule id="small"><inputEntry id="small_total"><text>-</text></inputEntry><outputEntry id="small_rate"><text>0</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>
`;

export const VOLUME_DISCOUNT_DMN_UPLOAD = {
  dmn: VOLUME_DISCOUNT_DMN,
  metric_directions: { discount_rate: 'higher_is_better' },
  sample_inputs: { order_total: 25000 },
};

/** Both kinds of upload, the JDM graph first (fixtures of the examples test take the first). */
export const UPLOAD_EXAMPLES = {
  jdm: { summary: 'A JDM decision graph', value: VOLUME_DISCOUNT_UPLOAD },
  dmn: { summary: 'A DMN model (schemas derived)', value: VOLUME_DISCOUNT_DMN_UPLOAD },
};

export const modelsPart: DocumentPart = {
  tags: [
    {
      name: 'Models',
      description:
        'The catalogue of decision models: built-in models (`source: builtin`) shipped with the service, and tenant-authored ' +
        "JDM decision graphs or DMN 1.1–1.5 models (`source: tenant`; a version's `format` says which). Every upload of a tenant model creates a draft version; a draft goes live only through a " +
        'review (`POST /models/{id}/versions/{version}/submit`: its test suite must pass and cover the rules, then a second person approves), ' +
        'and exactly one version is published at a time (immutable from then on). Scenarios record ' +
        'the exact version they ran. A deprecated model still serves reads and old scenarios but refuses new runs (422 `model_deprecated`).',
    },
  ],
  schemas: {
    Model: {
      type: 'object',
      required: [
        'id',
        'object',
        'source',
        'name',
        'description',
        'category',
        'version',
        'latest_version',
        'status',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'mdl_workforce_cost_projection' },
        object: { type: 'string', const: 'model' },
        source: { type: 'string', enum: ['builtin', 'tenant'] },
        name: { type: 'string' },
        description: { type: 'string', description: 'Markdown: what the model answers and its formulas.' },
        category: { type: 'string' },
        version: {
          type: ['string', 'null'],
          description:
            'The published version, the one runs use (built-ins: semantic version; tenant models: 1, 2, …); null until a first version is published.',
        },
        latest_version: { type: 'string', description: 'The newest version, whatever its status.' },
        published_version: { type: ['string', 'null'], description: 'Same as `version`: the one published version.' },
        coverage_threshold: {
          type: 'number',
          description:
            'Tenant models: share of decision-table rules a suite must hit before a draft is submitted (default 1).',
        },
        recording: {
          type: 'object',
          description:
            "Tenant models: the recording policy of decision instances this model sets (only the fields it sets; the tenant's `GET /model-settings` applies to the rest).",
        },
        legal_hold: {
          type: ['object', 'null'],
          description:
            'Tenant models: a legal hold on its decision instances (`PUT /models/{id}/legal-hold`), or null.',
          properties: {
            reason: { type: 'string' },
            placed_by: ref('Actor'),
            placed_at: { type: 'string', format: 'date-time' },
          },
        },
        verification: {
          ...ref('VerificationPolicyOverrides'),
          description:
            "Tenant models: the release gate's verification policy this model sets (only the findings it overrides; `{}`: the tenant's default applies, `GET /model-settings`).",
        },
        status: { type: 'string', enum: ['active', 'deprecated'] },
        input_schema: { type: 'object', description: 'JSON Schema of the inputs (on single-model reads).' },
        output_schema: { type: 'object', description: 'JSON Schema of the metrics (on single-model reads).' },
        metric_directions: metricDirections,
        created_by: ref('Actor'),
        created_at: timestamp('Creation (built-ins: release) time.'),
        updated_at: timestamp('Last change.'),
        deprecated_at: nullableTimestamp('When the model was deprecated.'),
      },
    },
    ModelList: listOf('Model'),
    ModelVersion: {
      type: 'object',
      required: ['object', 'model_id', 'version', 'input_schema', 'output_schema', 'created_at'],
      properties: {
        object: { type: 'string', const: 'model_version' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        status: ref('ModelVersionStatus'),
        content_revision: { type: 'integer', description: "Bumped each time a draft's content is replaced." },
        review_decision_id: {
          type: ['string', 'null'],
          description: 'The release decision reviewing it, once submitted.',
        },
        format: {
          type: 'string',
          enum: ['jdm', 'dmn', 'builtin'],
          description: 'What the version is: a JDM decision graph, a DMN model, or a built-in model.',
        },
        graph_sha256: {
          type: ['string', 'null'],
          description:
            "SHA-256 of the content (tenant models): the canonical JSON of the graph; for DMN, of the XML's hash with its imports' hashes.",
        },
        dmn_namespace: {
          type: 'string',
          description: "DMN versions: the model's namespace, by which other DMN models of the tenant import it.",
        },
        dmn_imports: {
          type: 'array',
          description:
            'DMN versions: each imported model as resolved at upload (transitive imports included); evaluations use exactly these.',
          items: {
            type: 'object',
            required: ['namespace', 'name', 'model_id', 'version', 'dmn_sha256'],
            properties: {
              namespace: { type: 'string' },
              name: { type: 'string' },
              model_id: { type: 'string' },
              version: { type: 'string' },
              dmn_sha256: { type: 'string' },
            },
          },
        },
        input_schema: { type: 'object' },
        output_schema: { type: 'object' },
        metric_directions: metricDirections,
        created_by: ref('Actor'),
        created_at: timestamp('When this version was uploaded.'),
        updated_by: { oneOf: [ref('Actor'), { type: 'null' }] },
        content_writers: {
          type: 'array',
          description:
            'Tenant models: who wrote each content revision, oldest first (the upload is revision 1; each `PUT` of the draft adds one). ' +
            "None of them may approve the version's release.",
          items: {
            type: 'object',
            required: ['content_revision', 'actor', 'at'],
            properties: {
              content_revision: { type: 'integer', minimum: 1 },
              actor: ref('Actor'),
              at: timestamp('When the revision was written.'),
            },
          },
        },
        updated_at: timestamp('Last change of content or status.'),
        submitted_at: nullableTimestamp('Last submitted for review.'),
        published_at: nullableTimestamp('Last published.'),
        retired_at: nullableTimestamp('Retired by the publication of another version.'),
      },
    },
    ModelVersionList: listOf('ModelVersion'),
    CreateModelRequest: {
      type: 'object',
      additionalProperties: false,
      description:
        "Exactly one of `graph` (a JDM decision graph, with `input_schema` and `output_schema`) and `dmn` (a DMN model's XML).",
      required: ['name', 'category'],
      oneOf: uploadFormats,
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        description: { type: 'string', maxLength: 20000 },
        category: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,49}$', example: 'pricing' },
        ...upload,
      },
    },
    CreateModelVersionRequest: {
      type: 'object',
      additionalProperties: false,
      description:
        "Exactly one of `graph` (a JDM decision graph, with `input_schema` and `output_schema`) and `dmn` (a DMN model's XML).",
      oneOf: uploadFormats,
      properties: upload,
    },
    ValidateInputsRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['inputs'],
      properties: {
        inputs: jsonInputs,
        model_version: { type: 'string', description: 'Validate against this version (default: the published one).' },
      },
    },
    EvaluateModelRequest: {
      type: 'object',
      additionalProperties: false,
      description: 'Exactly one of `inputs` (one evaluation) and `items` (a batch).',
      properties: {
        inputs: {
          ...jsonInputs,
          description:
            "Input name → value: any JSON the model's input schema allows (booleans, lists, objects too); defaults apply as in a scenario.",
        },
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 1000,
          description: 'Up to 1,000 evaluations, answered in order in `results`, each with its own outputs or error.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['inputs'],
            properties: {
              inputs: { type: 'object' },
              correlation_id: {
                type: 'string',
                minLength: 1,
                maxLength: 200,
                description: "This item's correlation id (default: the request's).",
              },
            },
          },
        },
        version: {
          type: 'string',
          maxLength: 50,
          description:
            "The version to run (default: the one in effect in the request's environment: the `DMS-Environment` header, else the credentials' pinned environment, else production).",
        },
        as_of: {
          type: 'string',
          format: 'date-time',
          description:
            'Run the version that was (or will be) in effect in the environment at this instant (RFC 3339 with an offset), not the one in effect now. Not with a named version. No version in effect then: 422 `no_version_in_effect` at `/as_of`.',
        },
        correlation_id: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description:
            'Your id for what was decided (a customer, an application, a case): kept on the decision instances this request records and searchable (`GET /decision-instances?correlation_id=`).',
        },
        receipt: {
          type: 'boolean',
          description:
            "Answer each evaluation with a signed receipt (`receipt`: a compact JWS over the instance's canonical content, verified offline with `/.well-known/audit-jwks.json`). The evaluation is then recorded whatever the model's sampling, and the answer is sent once its instance is committed. Default: the model's `receipts` setting.",
        },
        decisions: {
          type: 'array',
          minItems: 1,
          maxItems: 1000,
          items: { type: 'string', minLength: 1, maxLength: 1000 },
          description:
            'DMN models: the decisions to evaluate, by name (default: all). A name the model lacks is a 422 at `/decisions/<n>`; other models refuse the field.',
        },
        trace: {
          type: 'boolean',
          default: false,
          description:
            'Include, per node evaluated, its input and output (decision tables: the matched rules; switches: the branches taken). DMN models: per decision evaluated, its kind, output, hit policy and matched rules.',
        },
      },
    },
    ModelEvaluationTraceStep: {
      type: 'object',
      required: ['name', 'kind', 'output'],
      properties: {
        node_id: { type: 'string', description: "JDM models: the node; DMN models: the decision's id." },
        name: { type: 'string' },
        kind: {
          type: 'string',
          description:
            "The node type (`inputNode`, `decisionTableNode`, `expressionNode`, `switchNode`, `outputNode`), the decision's expression kind for DMN models (`decisionTable`, `literalExpression`, `context`, …), or `derivation_step` for built-in models.",
        },
        hit_policy: {
          type: 'string',
          description: 'DMN decision tables: the hit policy (`UNIQUE`, `FIRST`, `COLLECT`, …).',
        },
        input: { description: 'What the node received.' },
        output: { description: 'What the node produced.' },
        formula: { type: 'string', description: "Built-in models: the step's formula." },
        matched_rules: {
          type: 'array',
          description: 'Decision tables: the rules that matched, by position (0-based) and id.',
          items: {
            type: 'object',
            required: ['index', 'id'],
            properties: { index: { type: 'integer' }, id: { type: ['string', 'null'] } },
          },
        },
        taken_branches: {
          type: 'array',
          description: 'Switch nodes: the branches taken (an empty condition is the default branch).',
          items: {
            type: 'object',
            required: ['id', 'condition'],
            properties: { id: { type: 'string' }, condition: { type: 'string' } },
          },
        },
        performance: { type: 'string', description: "The engine's own timing of the node, e.g. `12.3µs`." },
      },
    },
    ModelEvaluation: {
      type: 'object',
      required: ['object', 'model_id', 'version', 'outputs', 'duration_ms'],
      properties: {
        object: { type: 'string', enum: ['model_evaluation'] },
        model_id: { type: 'string' },
        version: { type: 'string' },
        environment: {
          type: 'string',
          description: 'The environment whose version in effect ran (absent when the request named a version).',
        },
        outputs: {
          type: 'object',
          description:
            "The outputs as the model produced them (JDM: the graph's output, nested values kept; DMN: one entry per decision evaluated, by name, any JSON value (see docs/dmn.md for the FEEL ↔ JSON mapping); built-in: the metrics).",
        },
        trace: { type: 'array', items: ref('ModelEvaluationTraceStep'), description: 'With `trace: true`.' },
        duration_ms: { type: 'number', description: 'Time taken to answer, in milliseconds.' },
        instance_id: {
          type: 'string',
          description: "The decision instance that records this evaluation, when the model's recording policy kept it.",
        },
        receipt: { type: 'string', description: 'With a receipt asked for: the signed receipt (a compact JWS).' },
      },
    },
    ModelEvaluationBatch: {
      type: 'object',
      required: ['object', 'model_id', 'version', 'results', 'duration_ms'],
      properties: {
        object: { type: 'string', enum: ['model_evaluation_batch'] },
        model_id: { type: 'string' },
        version: { type: 'string' },
        environment: {
          type: 'string',
          description: 'The environment whose version in effect ran (absent when the request named a version).',
        },
        results: {
          type: 'array',
          description:
            'One per item, in order: `outputs` (and `trace`), or `error` (`validation_failed` with `errors` whose paths are `/items/<n>/inputs/…`, or `model_evaluation_failed`).',
          items: {
            type: 'object',
            required: ['index'],
            properties: {
              index: { type: 'integer' },
              outputs: { type: 'object' },
              trace: { type: 'array', items: ref('ModelEvaluationTraceStep') },
              duration_ms: { type: 'number', description: "The engine's time for this item." },
              instance_id: { type: 'string', description: 'The decision instance recording this item, when recorded.' },
              receipt: { type: 'string', description: "With a receipt asked for: this item's signed receipt." },
              error: {
                type: 'object',
                required: ['code', 'message'],
                properties: {
                  code: { type: 'string', enum: ['validation_failed', 'model_evaluation_failed'] },
                  message: { type: 'string' },
                  errors: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['path', 'message'],
                      properties: { path: { type: 'string' }, message: { type: 'string' } },
                    },
                  },
                  node_id: { type: 'string' },
                  instance_id: {
                    type: 'string',
                    description: 'The decision instance recording the failure, when recorded.',
                  },
                },
              },
            },
          },
        },
        duration_ms: { type: 'number', description: 'Time taken to answer, in milliseconds.' },
      },
    },
    CreateModelTestCaseRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'inputs', 'expected'],
      properties: testCaseFields,
    },
    UpdateModelTestCaseRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: testCaseFields,
    },
    ImportModelTestCasesRequest: {
      type: 'object',
      additionalProperties: false,
      description: 'Exactly one of `cases` and `csv`; all are added or none.',
      properties: {
        cases: { type: 'array', minItems: 1, maxItems: 1000, items: ref('CreateModelTestCaseRequest') },
        csv: {
          type: 'string',
          minLength: 1,
          maxLength: 5000000,
          description:
            'CSV with a header row: `name`, one column per input, one `expected.<output>` column per expected output (at most 200, and only outputs the ' +
            "output schema declares when it allows no others); each header once. A cell is read as its column's type in the newest version's schemas " +
            "(number, integer, boolean, string; a list or an object as JSON, nested at most 64 levels like a body); an untyped column's cell is a number " +
            'when it reads as one. Unquoted cells are trimmed; quoted ones are kept as written. Refused (422 naming the cell): a number beyond a double ' +
            '(`1e999`), a cell longer than 1,048,576 characters, and whitespace before `=`, `+`, `-` or `@` that trimming would turn into a ' +
            'formula-looking value (quote the cell to keep it; a signed number such as ` -5` is a number).',
        },
      },
    },
    ModelTestCase: {
      type: 'object',
      required: [
        'id',
        'object',
        'model_id',
        'name',
        'inputs',
        'expected',
        'tolerances',
        'expected_rules',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'mtc_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'model_test_case' },
        model_id: { type: 'string' },
        ...testCaseFields,
        expected_rules: { type: ['array', 'null'], items: { type: 'string' } },
        created_by: ref('Actor'),
        created_at: timestamp('When the case was added.'),
        updated_at: timestamp('Last change.'),
      },
    },
    ModelTestCaseList: listOf('ModelTestCase'),
    RunModelTestsRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        version: { type: 'string', maxLength: 50, description: 'The version to test (default: the current one).' },
      },
    },
    ModelTestRun: {
      type: 'object',
      required: [
        'id',
        'object',
        'model_id',
        'version',
        'status',
        'passed',
        'failed',
        'duration_ms',
        'coverage',
        'cases',
        'created_by',
        'created_at',
      ],
      properties: {
        id: { type: 'string', example: 'mtr_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'model_test_run' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        status: { type: 'string', enum: ['passed', 'failed'], description: '`passed` when every case passed.' },
        passed: { type: 'integer' },
        failed: { type: 'integer' },
        duration_ms: { type: 'number' },
        coverage: {
          type: 'object',
          description:
            'What the suite exercised: per decision table the rules hit (with how many cases) and never hit, per switch the branches taken and never taken; ' +
            '`rule_coverage_percent` is rules hit over all rules (100 for a graph without tables).',
          required: ['rules_total', 'rules_hit', 'rule_coverage_percent', 'decision_tables', 'switches'],
          properties: {
            rules_total: { type: 'integer' },
            rules_hit: { type: 'integer' },
            rule_coverage_percent: { type: 'number' },
            decision_tables: { type: 'array', items: { type: 'object' } },
            switches: { type: 'array', items: { type: 'object' } },
          },
        },
        cases: {
          type: 'array',
          description:
            'Per case, in the order the cases were added: `status`, the `outputs`, the `matched_rules`; when it failed, the `differences` (output, expected, actual, ' +
            "difference and tolerance for numbers), the `missing_rules`, the input `errors`, or the engine's `error`.",
          items: {
            type: 'object',
            required: ['test_case_id', 'name', 'status'],
            properties: {
              test_case_id: { type: 'string' },
              name: { type: 'string' },
              status: { type: 'string', enum: ['passed', 'failed'] },
            },
          },
        },
        created_by: ref('Actor'),
        created_at: timestamp('When the suite ran.'),
      },
    },
    ModelTestRunList: listOf('ModelTestRun'),
    ModelVersionDiff: {
      type: 'object',
      required: ['object', 'model_id', 'version', 'against', 'graph', 'input_changes', 'output_changes', 'breaking'],
      properties: {
        object: { type: 'string', const: 'model_version_diff' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        against: { type: 'string' },
        graph: {
          type: 'object',
          description:
            '`nodes_added`, `nodes_removed`, `decision_tables` (`rules_added`, `rules_removed`, `rules_changed` with `cells` from → to, `hit_policy`), `expressions`, `switches`, `edges_added`, `edges_removed`.',
        },
        input_changes: { type: 'array', items: ref('ModelSchemaChange') },
        output_changes: { type: 'array', items: ref('ModelSchemaChange') },
        breaking: { type: 'boolean', description: 'Any input or output change is breaking.' },
      },
    },
    ModelSchemaChange: {
      type: 'object',
      required: ['name', 'change', 'breaking', 'detail'],
      properties: {
        name: { type: 'string' },
        change: {
          type: 'string',
          enum: ['added', 'removed', 'type_changed', 'narrowed', 'widened', 'now_required', 'now_optional'],
        },
        breaking: { type: 'boolean' },
        detail: { type: 'string' },
      },
    },
    InputValidationResult: {
      type: 'object',
      required: ['valid', 'errors', 'model_version'],
      properties: {
        valid: { type: 'boolean' },
        errors: {
          type: 'array',
          description:
            "Exactly the errors the model's input schema gives (paths `/inputs/<name>`), as evaluate answers them. A scenario create " +
            'answers these too, and also refuses a value that is not a string or a number (scenario inputs are scalars).',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
        inputs: { ...jsonInputs, description: 'When valid: the inputs with defaults applied.' },
        defaults_applied: { type: 'array', items: { type: 'string' } },
        model_version: { type: 'string' },
      },
    },
  },
  paths: {
    '/api/v1/models': {
      get: {
        operationId: 'listModels',
        summary: 'List models',
        description: 'Built-in and tenant models, by id descending. Schemas are left out; get a model for them.',
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'category',
            in: 'query',
            description: 'Only this category.',
            schema: { type: 'string', maxLength: 50 },
          },
          {
            name: 'status',
            in: 'query',
            description: 'Only this status.',
            schema: { type: 'string', enum: ['active', 'deprecated'] },
          },
          {
            name: 'source',
            in: 'query',
            description: 'Only built-in or only tenant models.',
            schema: { type: 'string', enum: ['builtin', 'tenant'] },
          },
        ],
        responses: { '200': jsonResponse('A page of models.', ref('ModelList')), ...standardErrors() },
      },
      post: {
        operationId: 'createModel',
        summary: 'Create a tenant model',
        description:
          'Uploads a JDM decision graph with its input and output schemas, or a DMN model (`dmn`, its schemas derived when not given), as version 1, a draft (it runs only where named until it is published through a review). A graph that does not load or evaluate, or a DMN model that does not compile, is refused with 422 naming each problem.',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        'x-body-limit': 'batch',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateModelRequest'),
              examples: {
                jdm: {
                  summary: 'A JDM decision graph',
                  value: {
                    name: 'Volume discount',
                    description: '5 % off from 10,000 EUR, 10 % from 50,000 EUR.',
                    category: 'pricing',
                    ...VOLUME_DISCOUNT_UPLOAD,
                  },
                },
                dmn: {
                  summary: 'A DMN model (schemas derived)',
                  value: {
                    name: 'Volume discount (DMN)',
                    description: '5 % off from 10,000 EUR, 10 % from 50,000 EUR.',
                    category: 'pricing',
                    ...VOLUME_DISCOUNT_DMN_UPLOAD,
                  },
                },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The model, with its schemas.', ref('Model'), createdHeaders),
          ...standardErrors({ body: true }),
        },
      },
    },
    '/api/v1/models/{id}': {
      get: {
        operationId: 'getModel',
        summary: 'Get a model with its input and output schemas',
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The model.', ref('Model')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/models/{id}/versions': {
      get: {
        operationId: 'listModelVersions',
        summary: "List a model's versions",
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('Every version, newest first.', ref('ModelVersionList')),
          ...standardErrors({ notFound: true }),
        },
      },
      post: {
        operationId: 'createModelVersion',
        summary: 'Upload a new version of a tenant model (a draft)',
        description:
          'A JDM graph or a DMN model, checked as `POST /models` checks it; a version may change the format of the one before.',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        'x-body-limit': 'batch',
        parameters: [idParameter, parameterRef('IdempotencyKey'), parameterRef('Environment')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('CreateModelVersionRequest'), examples: UPLOAD_EXAMPLES } },
        },
        responses: {
          '201': jsonResponse('The new version.', ref('ModelVersion'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/versions/{version}/diff': {
      get: {
        operationId: 'diffModelVersions',
        summary: 'What a version changes against another',
        description:
          'Node by node and rule by rule, as a code review reads it: nodes added and removed; per decision table the rules added, removed and changed cell ' +
          'by cell (rules matched by `_id`, else by position) and a changed hit policy; expressions and switch conditions changed; edges added and removed. ' +
          'Input and output schema changes are classified: breaking when a request valid before may now be refused (an input removed, a type changed, a bound ' +
          'narrowed, an input newly required without a default) or an output a reader relied on is gone or retyped. Built-in models have one version (409).',
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [
          idParameter,
          {
            name: 'version',
            in: 'path',
            required: true,
            description: 'The version to review.',
            schema: { type: 'string', maxLength: 20 },
          },
          {
            name: 'against',
            in: 'query',
            description:
              'The version to compare with (default: the published version; for the published version itself, the one before it).',
            schema: { type: 'string', maxLength: 20 },
          },
        ],
        responses: {
          '200': jsonResponse('The differences.', ref('ModelVersionDiff')),
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/deprecate': {
      post: {
        operationId: 'deprecateModel',
        summary: 'Deprecate a tenant model',
        description:
          'Reads and existing scenarios keep working; new runs are refused. Built-in models cannot be deprecated (409).',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The deprecated model.', ref('Model'), postSuccessHeaders),
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/evaluate': {
      post: {
        operationId: 'evaluateModel',
        summary: 'Evaluate a model',
        description:
          "Runs the model's published version (or the one `version` names, a draft too) on `inputs`, or on each of up to 1,000 `items`, and answers the outputs, with a trace per " +
          "evaluated node when `trace` is true. Evaluations are recorded as decision instances as the model's recording policy says (`record_evaluations` on `PATCH /models/{id}`, default off; see `GET /decision-instances`): each answer then names its `instance_id`. Inputs are checked as a scenario create checks them: a single evaluation with " +
          'invalid inputs is a 422 naming each field; in a batch each item carries its own error. Evaluation runs in the expression sandbox, never ' +
          "on the API's event loop, within one budget for the whole request (EXPRESSION_BUDGET_MS): past it, 422.",
        tags: ['Models'],
        'x-required-scope': 'models:read',
        'x-body-limit': 'batch',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('EvaluateModelRequest'),
              examples: {
                single: {
                  summary: 'One evaluation with its trace',
                  value: {
                    inputs: {
                      arrival_rate_per_hour: 100,
                      average_handle_time_seconds: 180,
                      target_service_level: 0.8,
                      target_answer_time_seconds: 20,
                    },
                    trace: true,
                  },
                },
                batch: {
                  summary: 'A batch',
                  value: {
                    items: [
                      {
                        inputs: {
                          arrival_rate_per_hour: 100,
                          average_handle_time_seconds: 180,
                          target_service_level: 0.8,
                          target_answer_time_seconds: 20,
                        },
                      },
                      {
                        inputs: {
                          arrival_rate_per_hour: 150,
                          average_handle_time_seconds: 180,
                          target_service_level: 0.8,
                          target_answer_time_seconds: 20,
                        },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse(
            "The evaluation (`model_evaluation`), or for `items` the batch's results in order (`model_evaluation_batch`).",
            { oneOf: [ref('ModelEvaluation'), ref('ModelEvaluationBatch')] },
            postSuccessHeaders,
          ),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
    },
    '/api/v1/models/{id}/test-cases': {
      get: {
        operationId: 'listModelTestCases',
        summary: "List a tenant model's test cases",
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of test cases, newest first.', ref('ModelTestCaseList')),
          ...standardErrors({ notFound: true }),
        },
      },
      post: {
        operationId: 'createModelTestCase',
        summary: "Add a test case to a tenant model's suite",
        description:
          'Inputs, the outputs expected (numbers within an optional tolerance) and optionally the rules expected to match. A suite holds at most 1,000 cases. Built-in models have no suite (409).',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateModelTestCaseRequest'),
              example: {
                name: 'A large order',
                inputs: { order_total: 60000 },
                expected: { discount_rate: 0.1 },
                tolerances: { discount_rate: { absolute: 0.0001 } },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The test case.', ref('ModelTestCase'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/test-cases/import': {
      post: {
        operationId: 'importModelTestCases',
        summary: 'Add many test cases at once (JSON or CSV)',
        description:
          'All or none, at most 1,000 cases. The body may be up to 15,001,024 bytes (413 beyond): what the largest `csv` (5,000,000 characters) ' +
          'can need as JSON, at most 3 bytes of UTF-8 per character (any character of the Basic Multilingual Plane; the escapes of `"`, `\\`, tab, CR and LF take 2) ' +
          'plus 1 KiB for the object around it; `cases` get the same, about 15 kB per case. A CSV is read a slice at a time and the read stops at ' +
          'the 1,001st case (a 422 naming its row). Problems in a CSV are 422 entries whose `path` names the cell: `/csv/<row>/<column>`, the row counted ' +
          'as a spreadsheet shows it (the header is row 1), the column by its header; `/csv/<row>` for a whole row, `/csv` for the whole text.',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        'x-body-limit': 'test_case_import',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('ImportModelTestCasesRequest'),
              example: {
                csv: 'name,order_total,expected.discount_rate\nsmall,500,0\nmedium,20000,0.05\nlarge,60000,0.1\n',
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The cases added, in order.', ref('ModelTestCaseList'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/test-cases/{case_id}': {
      get: {
        operationId: 'getModelTestCase',
        summary: 'Get a test case',
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [idParameter, caseIdParameter],
        responses: {
          '200': jsonResponse('The test case.', ref('ModelTestCase')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateModelTestCase',
        summary: 'Change a test case',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        parameters: [idParameter, caseIdParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateModelTestCaseRequest'),
              example: { expected: { discount_rate: 0.1 } },
            },
          },
        },
        responses: {
          '200': jsonResponse('The test case.', ref('ModelTestCase')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      delete: {
        operationId: 'deleteModelTestCase',
        summary: 'Remove a test case',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        parameters: [idParameter, caseIdParameter],
        responses: { '204': { description: 'Removed.' }, ...standardErrors({ notFound: true, conflict: true }) },
      },
    },
    '/api/v1/models/{id}/test-runs': {
      get: {
        operationId: 'listModelTestRuns',
        summary: "List the suite's runs",
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [
          idParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'version',
            in: 'query',
            description: 'Only runs against this version (the first is its latest report).',
            schema: { type: 'string', maxLength: 50 },
          },
        ],
        responses: {
          '200': jsonResponse('A page of runs, newest first.', ref('ModelTestRunList')),
          ...standardErrors({ notFound: true }),
        },
      },
      post: {
        operationId: 'runModelTests',
        summary: 'Run the suite against a version',
        description:
          'Evaluates every case against the version (default: the newest one, usually the draft being written) in the expression sandbox, judges it, and stores and answers the report: ' +
          'pass or fail per case with the differences, and the rule and branch coverage. 422 when the model has no cases.',
        tags: ['Models'],
        'x-required-scope': 'models:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: ref('RunModelTestsRequest'), example: {} } },
        },
        responses: {
          '201': jsonResponse("The run's report.", ref('ModelTestRun'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/models/{id}/test-runs/{run_id}': {
      get: {
        operationId: 'getModelTestRun',
        summary: "Get a run's report",
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [idParameter, runIdParameter],
        responses: { '200': jsonResponse('The report.', ref('ModelTestRun')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/models/{id}/validate': {
      post: {
        operationId: 'validateModelInputs',
        summary: 'Validate inputs without running the model',
        tags: ['Models'],
        'x-required-scope': 'models:read',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('ValidateInputsRequest'),
              example: {
                inputs: {
                  arrival_rate_per_hour: 100,
                  average_handle_time_seconds: 180,
                  target_service_level: 0.8,
                  target_answer_time_seconds: 20,
                },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse(
            'Whether the inputs are valid, and if not, every problem.',
            ref('InputValidationResult'),
            postSuccessHeaders,
          ),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
    },
  },
};
