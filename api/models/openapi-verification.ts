import { recordingPolicyFields, recordingPolicyPatchProperties } from './openapi-instances';
import {
  jsonResponse,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  responseRef,
  standardErrors,
  type DocumentPart,
} from '../openapi/common';
import { VERIFICATION_ACTIONS, VERIFICATION_FINDINGS } from './verification-policy';

const tag = 'Models';
const idParameter = pathParameter('Tenant model id (`mdl_<ulid>`).');
const versionParameter = {
  name: 'version',
  in: 'path' as const,
  required: true,
  description: 'The version number (`1`, `2`, …).',
  schema: { type: 'string', maxLength: 20 },
};

const severity = { type: 'string', enum: ['error', 'warning', 'info'] };
const ruleNumber = { type: 'integer', minimum: 1, description: 'A rule, numbered from 1 in table order.' };
const bound = {
  type: ['object', 'null'],
  description:
    'One end of an interval; null is unbounded. `value`: a decimal (numbers) or ISO 8601 text (dates, times).',
  required: ['value', 'inclusive'],
  properties: { value: { type: 'string' }, inclusive: { type: 'boolean' } },
};

const FINDINGS_DESCRIPTION =
  'The release gate: for each kind of finding of the decision-table analysis, `block` (a submission is refused with 422 naming ' +
  'each table and finding), `warn` (the submission goes on; the findings travel with the review as warnings) or `off`. ' +
  '`overlaps_unique`: rules matching the same inputs where the hit policy promises one answer (Unique; Any with different outputs) — ' +
  'overlaps under First, Priority, Collect and Rule order are by design and never gate; `gaps`: inputs no rule matches; `masked`: rules that ' +
  'never fire because earlier (or higher-priority) rules cover all of them; `subsumed`: rules covered by another with the same outputs; ' +
  "`domain_violations`: a condition or output outside its column's domain (schema enum and bounds, DMN allowed values); `not_analysed`: " +
  'cells the analysis could not interpret, an analysis cut short at its region limit, or one that ran past its time budget. Defaults: ' +
  '`overlaps_unique` and `domain_violations` block, the rest warn.';

const policyProperties = Object.fromEntries(
  VERIFICATION_FINDINGS.map((finding) => [finding, { type: 'string', enum: [...VERIFICATION_ACTIONS] }]),
);
const policyPatchProperties = Object.fromEntries(
  VERIFICATION_FINDINGS.map((finding) => [
    finding,
    { type: ['string', 'null'], enum: [...VERIFICATION_ACTIONS, null] },
  ]),
);

export const verificationPolicyPatch = {
  type: ['object', 'null'],
  additionalProperties: false,
  description:
    `${FINDINGS_DESCRIPTION} Merged into what is set: each finding named is set, \`null\` removes that override (the default applies ` +
    'again), and `null` for the whole object removes every override.',
  properties: policyPatchProperties,
};

const verificationNote = {
  type: 'object',
  required: ['finding', 'table', 'node', 'path', 'message'],
  properties: {
    finding: { type: 'string', enum: [...VERIFICATION_FINDINGS] },
    table: { type: 'string', description: "The table's name." },
    node: { type: 'string', description: 'The JDM node id or DMN element id holding the table.' },
    path: {
      type: 'string',
      description: 'JSON Pointer into the analysis (`GET …/analysis`): `/tables/0/gaps/1`.',
    },
    message: { type: 'string' },
  },
};

export const modelVerificationPart: DocumentPart = {
  tags: [],
  schemas: {
    ColumnRegion: {
      description:
        'The values one input column takes in a region: `any`; `intervals` (numbers, dates, date-times, times, durations) with open or ' +
        'closed bounds; `values` (strings, booleans, enum members, null; `negated`: every value except these); `not_analysed` (the cell ' +
        'text and why the analysis could not read it).',
      oneOf: [
        {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string', const: 'any' } },
        },
        {
          type: 'object',
          required: ['kind', 'type', 'intervals'],
          properties: {
            kind: { type: 'string', const: 'intervals' },
            type: { type: 'string', enum: ['number', 'date', 'date-time', 'time', 'duration'] },
            intervals: {
              type: 'array',
              items: {
                type: 'object',
                required: ['from', 'to'],
                properties: { from: bound, to: bound },
              },
            },
          },
        },
        {
          type: 'object',
          required: ['kind', 'values', 'negated'],
          properties: {
            kind: { type: 'string', const: 'values' },
            values: { type: 'array', items: { type: ['string', 'number', 'boolean', 'null'] } },
            negated: { type: 'boolean' },
          },
        },
        {
          type: 'object',
          required: ['kind', 'text', 'reason'],
          properties: {
            kind: { type: 'string', const: 'not_analysed' },
            text: { type: 'string' },
            reason: { type: 'string' },
          },
        },
      ],
    },
    Region: {
      type: 'object',
      description:
        "A box of input space, keyed by the input column's label (its field or expression); a missing key is `any`.",
      additionalProperties: ref('ColumnRegion'),
    },
    DecisionTableAnalysis: {
      type: 'object',
      required: [
        'node',
        'name',
        'path',
        'hit_policy',
        'rules',
        'rule_ids',
        'inputs',
        'gaps',
        'overlaps',
        'subsumed',
        'masked',
        'contractions',
        'domain_violations',
        'advice',
        'not_analysed',
        'complete',
      ],
      properties: {
        node: { type: 'string', description: 'The JDM node id, or the DMN element id holding the table.' },
        name: { type: 'string' },
        path: { type: 'string', description: "Where an upload's 422 would point at this table (`/graph/nodes/1`)." },
        hit_policy: { type: 'string', example: 'first' },
        rules: { type: 'integer', minimum: 0 },
        rule_ids: { type: 'array', items: { type: ['string', 'null'] } },
        inputs: {
          type: 'array',
          description:
            'Each input column and its domain (from the input schema, or the DMN input values / item definition).',
          items: {
            type: 'object',
            required: ['label', 'domain'],
            properties: { label: { type: 'string' }, domain: ref('ColumnRegion') },
          },
        },
        gaps: {
          type: 'array',
          description: 'Input combinations no rule matches, as few boxes as the analysis could merge them into.',
          items: {
            type: 'object',
            required: ['region', 'text'],
            properties: { region: ref('Region'), text: { type: 'string', example: 'age in [18..21), income < 0' } },
          },
        },
        overlaps: {
          type: 'array',
          description:
            'Rules matching a common region: `error` under Unique, `warning` under Any with different outputs, `info` where the hit policy expects it.',
          items: {
            type: 'object',
            required: ['rules', 'region', 'severity', 'text'],
            properties: {
              rules: { type: 'array', items: ruleNumber },
              region: ref('Region'),
              severity,
              text: { type: 'string' },
            },
          },
        },
        subsumed: {
          type: 'array',
          description: 'A rule contained in another with the same outputs (redundant).',
          items: {
            type: 'object',
            required: ['rule', 'by', 'severity'],
            properties: { rule: ruleNumber, by: ruleNumber, severity },
          },
        },
        masked: {
          type: 'array',
          description: 'A rule that never fires (First, Priority): the rules in `by` together cover all of it first.',
          items: {
            type: 'object',
            required: ['rule', 'by', 'severity'],
            properties: { rule: ruleNumber, by: { type: 'array', items: ruleNumber }, severity },
          },
        },
        contractions: {
          type: 'array',
          description:
            'Two rules differing in one column, with adjacent cells and the same outputs: they could be one rule.',
          items: {
            type: 'object',
            required: ['rules', 'region'],
            properties: {
              rules: { type: 'array', items: ruleNumber, minItems: 2, maxItems: 2 },
              region: ref('Region'),
            },
          },
        },
        domain_violations: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rule', 'column', 'side', 'message', 'severity'],
            properties: {
              rule: ruleNumber,
              column: { type: 'string' },
              side: { type: 'string', enum: ['input', 'output'] },
              message: { type: 'string' },
              severity,
            },
          },
        },
        advice: {
          type: 'array',
          description: 'Suggestions on the hit policy (e.g. a First table without overlaps could be Unique).',
          items: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
        not_analysed: {
          type: 'array',
          description:
            'Cells the analysis could not interpret (function calls, references to other inputs, …): never treated as "any"; the findings that depend on them are incomplete.',
          items: {
            type: 'object',
            required: ['rule', 'column', 'text', 'reason'],
            properties: {
              rule: ruleNumber,
              column: { type: 'string' },
              text: { type: 'string' },
              reason: { type: 'string' },
            },
          },
        },
        complete: {
          type: 'boolean',
          description: 'False when a cell was not analysed or the search stopped at its region limit.',
        },
      },
    },
    ModelVersionAnalysis: {
      type: 'object',
      required: [
        'object',
        'model_id',
        'version',
        'format',
        'content_revision',
        'duration_ms',
        'tables',
        'complete',
        'summary',
      ],
      properties: {
        object: { type: 'string', const: 'model_version_analysis' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        format: { type: 'string', enum: ['jdm', 'dmn'] },
        content_revision: { type: 'integer', description: 'The content revision analysed.' },
        duration_ms: { type: 'number', description: 'How long the analysis took, in the sandbox and back.' },
        tables: {
          type: 'array',
          description:
            "Every decision table of the version (JDM decision-table nodes; DMN decisions' and BKMs' tables).",
          items: ref('DecisionTableAnalysis'),
        },
        complete: { type: 'boolean', description: 'Every table analysed completely.' },
        summary: {
          type: 'object',
          required: [
            'tables',
            'errors',
            'warnings',
            'infos',
            'gaps',
            'overlaps',
            'masked',
            'subsumed',
            'domain_violations',
            'not_analysed',
          ],
          properties: Object.fromEntries(
            [
              'tables',
              'errors',
              'warnings',
              'infos',
              'gaps',
              'overlaps',
              'masked',
              'subsumed',
              'domain_violations',
              'not_analysed',
            ].map((name) => [name, { type: 'integer', minimum: 0 }]),
          ),
        },
      },
    },
    VerificationPolicy: {
      type: 'object',
      description: FINDINGS_DESCRIPTION,
      required: [...VERIFICATION_FINDINGS],
      properties: policyProperties,
    },
    VerificationPolicyOverrides: {
      type: 'object',
      description: 'Only the findings set here; the others fall through to the default.',
      properties: policyProperties,
    },
    ModelVerificationVerdict: {
      type: 'object',
      description:
        "What the release gate saw at submission: the policy applied, the analysis's summary, and the findings it passed on as warnings " +
        '(at most 50 listed; `warnings_total` counts all). The same is kept on the release decision (`model_release.verification`).',
      required: ['policy', 'summary', 'complete', 'warnings', 'warnings_total'],
      properties: {
        policy: ref('VerificationPolicy'),
        summary: { type: 'object' },
        complete: { type: 'boolean' },
        warnings: { type: 'array', items: verificationNote },
        warnings_total: { type: 'integer', minimum: 0 },
      },
    },
    ModelSettings: {
      type: 'object',
      required: ['object', 'verification', 'verification_overrides', 'updated_by', 'updated_at'],
      properties: {
        object: { type: 'string', const: 'model_settings' },
        verification: {
          ...ref('VerificationPolicy'),
          description: "The tenant's default verification policy (the service's default where it sets nothing).",
        },
        verification_overrides: ref('VerificationPolicyOverrides'),
        ...recordingPolicyFields,
        decision_instance_retention_days: {
          type: 'integer',
          description:
            "How long decision instances are kept (days): the tenant's setting, else its plan's (starter 30, professional 90, enterprise 365).",
        },
        decision_instance_retention_days_set: {
          type: ['integer', 'null'],
          description: "The tenant's own setting; null: the plan's applies.",
        },
        updated_by: { oneOf: [ref('Actor'), { type: 'null' }] },
        updated_at: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    UpdateModelSettingsRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        verification: verificationPolicyPatch,
        ...recordingPolicyPatchProperties,
        decision_instance_retention_days: {
          type: ['integer', 'null'],
          minimum: 1,
          maximum: 3650,
          description:
            "Days decision instances are kept, applied to instances written from now on (null: the plan's). Enforced by dropping whole months of instances: one is deleted within the month after its day comes.",
        },
      },
    },
    GenerateModelTestCasesRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        accept: {
          type: 'boolean',
          description:
            'false (default): the cases are proposed and nothing is stored. true: they are added to the suite (201) as an import adds them, all or none.',
        },
        name_prefix: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'Each case is named `<name_prefix> <n>: <why>` (default "generated").',
        },
      },
    },
    GeneratedModelTestCases: {
      type: 'object',
      required: [
        'object',
        'model_id',
        'version',
        'stored',
        'cases',
        'coverage',
        'skipped',
        'unreachable_rules',
        'skipped_tables',
      ],
      properties: {
        object: { type: 'string', const: 'generated_test_cases' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        stored: { type: 'boolean', description: 'Whether the cases were added to the suite (`accept: true`).' },
        cases: {
          type: 'array',
          description:
            'The proposed cases, each in the shape `POST /models/{id}/test-cases/import` takes (`name`, `inputs`, `expected`, `expected_rules`), ' +
            'with `reason`, `table` and `rule` saying why it was proposed; stored, each has its `id` as well.',
          items: {
            type: 'object',
            required: ['name', 'inputs', 'expected', 'reason', 'table'],
            properties: {
              id: { type: 'string', description: 'Stored cases only.' },
              name: { type: 'string' },
              inputs: { type: 'object' },
              expected: { type: 'object', description: 'What the version answers on the inputs.' },
              expected_rules: { type: ['array', 'null'], items: { type: 'string' } },
              reason: { type: 'string' },
              table: { type: 'string' },
              rule: { type: 'integer' },
            },
          },
        },
        skipped: {
          type: 'array',
          description:
            'Points the generator proposed that make no case: inputs the input schema refuses, an engine error, or no output there (a gap).',
          items: {
            type: 'object',
            required: ['inputs', 'reason', 'problem'],
            properties: { inputs: { type: 'object' }, reason: { type: 'string' }, problem: { type: 'string' } },
          },
        },
        unreachable_rules: {
          type: 'array',
          description:
            'Rules no input fires, so no case can hit: masked, matching nothing in the domain, or not analysed.',
          items: {
            type: 'object',
            required: ['table', 'rule', 'reason'],
            properties: { table: { type: 'string' }, rule: ruleNumber, reason: { type: 'string' } },
          },
        },
        skipped_tables: {
          type: 'array',
          description:
            'Tables no case is generated for: their inputs are not all model inputs (they read other nodes’ outputs, or expressions).',
          items: {
            type: 'object',
            required: ['table', 'reason'],
            properties: { table: { type: 'string' }, reason: { type: 'string' } },
          },
        },
        coverage: {
          type: 'object',
          description:
            'The rules the proposed cases hit when evaluated (`rules_hit` of `rules_total`, as a test run counts them), and the never-hit rules per table.',
          required: ['rules_total', 'rules_hit', 'rule_coverage_percent', 'decision_tables'],
          properties: {
            rules_total: { type: 'integer' },
            rules_hit: { type: 'integer' },
            rule_coverage_percent: { type: 'number' },
            decision_tables: { type: 'array', items: { type: 'object' } },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/models/{id}/versions/{version}/analysis': {
      get: {
        operationId: 'analyseModelVersion',
        summary: "Verify a version's decision tables",
        description:
          'Every decision table of the version (JDM and DMN) analysed, nothing stored: gaps (input combinations no rule matches, as ' +
          'boxes of intervals and value sets), overlaps (rules matching together, rated by the hit policy), masked and subsumed rules, ' +
          "contraction candidates, conditions and outputs outside a column's domain (the input and output schemas; DMN allowed values), " +
          'advice on the hit policy, and the cells the analysis could not interpret (reported, never taken as "any"). The analysis runs in ' +
          "the expression sandbox, off the API's event loop, within the budget for tenant content (EXPRESSION_BUDGET_MS): a version too " +
          'large for it answers 422 `analysis_budget_exceeded`. Built-in models have no decision tables (409 `model_not_editable`). ' +
          'Submitting a draft runs the same analysis as its release gate (see `verification` on `PATCH /models/{id}`).',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': jsonResponse('The analysis.', ref('ModelVersionAnalysis')),
          ...standardErrors({ notFound: true, conflict: true }),
          '422': responseRef('UnprocessableContent'),
        },
      },
    },
    '/api/v1/models/{id}/versions/{version}/test-cases/generate': {
      post: {
        operationId: 'generateModelTestCases',
        summary: "Propose test cases from a version's decision tables",
        description:
          'For every rule a point inside it (not covered by an earlier rule under First), and both sides of every interval bound, with ' +
          'the outputs the version produces there filled in as the expected values (evaluated as a test run evaluates, in the ' +
          'expression sandbox) and the rules each matched as `expected_rules`; `coverage` is the rule coverage the cases reach. ' +
          'By default nothing is stored (200): review the proposals, then send `{"accept": true}` to add them to the suite (201), or ' +
          'edit them and send them to `POST /models/{id}/test-cases/import` as `cases`. A suite holds at most 1,000 cases.',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, versionParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: ref('GenerateModelTestCasesRequest'),
              examples: {
                propose: { summary: 'Propose, store nothing', value: {} },
                accept: { summary: 'Add the proposals to the suite', value: { accept: true } },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The proposals (nothing stored).', ref('GeneratedModelTestCases'), postSuccessHeaders),
          '201': jsonResponse('The cases, added to the suite.', ref('GeneratedModelTestCases'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/model-settings': {
      get: {
        operationId: 'getModelSettings',
        summary: "The tenant's defaults for its models",
        description: "The release gate's default verification policy; a model's own `verification` overrides it.",
        tags: [tag],
        'x-required-scope': 'models:read',
        responses: { '200': jsonResponse('The settings.', ref('ModelSettings')), ...standardErrors() },
      },
      patch: {
        operationId: 'updateModelSettings',
        summary: "Change the tenant's default verification policy",
        description: `${FINDINGS_DESCRIPTION} Audited (\`model_settings.updated\`).`,
        tags: [tag],
        'x-required-scope': 'admin',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateModelSettingsRequest'),
              example: { verification: { gaps: 'block', subsumed: 'off' } },
            },
          },
        },
        responses: {
          '200': jsonResponse('The settings.', ref('ModelSettings')),
          ...standardErrors({ body: true }),
        },
      },
    },
  },
};
