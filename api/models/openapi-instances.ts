import {
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const tag = 'Models';
const idParameter = pathParameter('Tenant model id (`mdl_<ulid>`).');
const query = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'query' as const,
  description,
  schema,
});

/** `output[<field>]=<value>`: a deepObject, like the datasets' `filter`. */
const outputParameter = {
  name: 'output',
  in: 'query' as const,
  style: 'deepObject',
  explode: true,
  description: '`output[approved]=true`: only those whose output field holds the value.',
  schema: {
    type: 'object',
    maxProperties: 10,
    additionalProperties: { type: 'string', maxLength: 1000 },
  },
};

/** The recording policy's fields, as `PATCH /models/{id}` and `PATCH /model-settings` take them (null: inherit). */
export const recordingPolicyPatchProperties = {
  record_evaluations: {
    type: ['string', 'null'],
    enum: ['off', 'sampled', 'all', null],
    description:
      'Which evaluations become decision instances: `off`, `sampled` (each with probability `record_sample_rate`) or `all`. null: inherit (model → tenant → `off`).',
  },
  record_sample_rate: {
    type: ['number', 'null'],
    exclusiveMinimum: 0,
    maximum: 1,
    description: 'With `sampled`: the share recorded (0 < rate ≤ 1).',
  },
  record_inputs: {
    type: ['boolean', 'null'],
    description:
      'true (default): an instance keeps its inputs. false: only their SHA-256 (of the canonical JSON), for personal data; such instances cannot be re-traced or replayed.',
  },
  record_guarantee: {
    type: ['string', 'null'],
    enum: ['buffered', 'durable', null],
    description:
      '`buffered` (default): the answer is sent at once and the instance written within DECISION_INSTANCE_FLUSH_MS (a process killed meanwhile loses it). `durable`: the answer is sent once the instance is committed.',
  },
  receipts: {
    type: ['boolean', 'null'],
    description: 'Every evaluation answers with a signed receipt (as `receipt: true` on evaluate). Default false.',
  },
};

/** The recording policy as it applies (the tenant's defaults on `GET /model-settings`). */
export const recordingPolicyFields = {
  record_evaluations: { type: 'string', enum: ['off', 'sampled', 'all'] },
  record_sample_rate: { type: ['number', 'null'] },
  record_inputs: { type: 'boolean' },
  record_guarantee: { type: 'string', enum: ['buffered', 'durable'] },
  receipts: { type: 'boolean' },
};

const hit = {
  type: 'object',
  required: ['node_id'],
  properties: {
    node_id: { type: 'string', description: "The decision table or switch (JDM node id; DMN decision's id)." },
    rules: {
      type: 'array',
      items: { type: 'string' },
      description: 'Decision tables: the rules that matched, by id (`#<index>` for a rule without one).',
    },
    branches: { type: 'array', items: { type: 'string' }, description: 'Switches: the branches taken, by id.' },
  },
};

export const decisionInstancesPart: DocumentPart = {
  tags: [],
  schemas: {
    DecisionInstance: {
      type: 'object',
      required: [
        'object',
        'id',
        'model_id',
        'version',
        'format',
        'source',
        'caller',
        'correlation_id',
        'inputs',
        'inputs_kept',
        'inputs_sha256',
        'outputs',
        'hits',
        'status',
        'error',
        'duration_ms',
        'evaluated_at',
        'expires_on',
        'legal_hold',
        'receipt',
      ],
      properties: {
        object: { type: 'string', const: 'decision_instance' },
        id: { type: 'string', description: '`din_<ulid>`, minted when the evaluation ran (ids sort by time).' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        format: { type: 'string', enum: ['jdm', 'dmn', 'builtin'] },
        source: {
          type: 'string',
          enum: ['evaluate', 'scenario', 'batch', 'test'],
          description: 'Where the evaluation came from.',
        },
        caller: ref('Actor'),
        idempotency_key: { type: ['string', 'null'], description: "The request's Idempotency-Key, if it had one." },
        correlation_id: { type: ['string', 'null'] },
        environment_id: {
          type: ['string', 'null'],
          description:
            'The environment whose version in effect ran (null: the request named a version, or it ran before environments).',
        },
        inputs: { description: 'The inputs as given; null when the policy keeps only their hash.' },
        inputs_kept: { type: 'boolean' },
        inputs_sha256: {
          type: 'string',
          description: 'SHA-256 (hex) of the canonical JSON of the inputs as given (keys sorted, no whitespace).',
        },
        outputs: { type: ['object', 'null'] },
        hits: { type: 'array', items: hit, description: 'Per decision table and switch evaluated, what matched.' },
        status: { type: 'string', enum: ['succeeded', 'failed'] },
        error: {
          type: ['object', 'null'],
          properties: { code: { type: 'string' }, message: { type: 'string' }, node_id: { type: 'string' } },
        },
        duration_ms: { type: 'number', description: "The engine's time." },
        evaluated_at: timestamp('When it was evaluated.'),
        expires_on: {
          type: ['string', 'null'],
          format: 'date',
          description:
            'The day from which it may be deleted (evaluation day + the retention in force when written; deleted within the month after). null under a legal hold.',
        },
        legal_hold: { type: 'boolean', description: "Kept past retention by its model's legal hold." },
        receipt: { type: ['string', 'null'], description: 'The receipt its answer carried, if one was asked for.' },
        trace: {
          type: ['array', 'null'],
          description:
            'With `trace=true` on `GET /decision-instances/{id}`: the evaluation traced again (its version is immutable) on the kept inputs; null when only the hash was kept.',
        },
        reproduced: {
          type: ['boolean', 'null'],
          description: 'With `trace=true`: whether the outputs came out as recorded.',
        },
      },
    },
    DecisionInstanceList: listOf('DecisionInstance'),
    RuleHits: {
      type: 'object',
      required: [
        'object',
        'model_id',
        'version',
        'from',
        'to',
        'bucket',
        'evaluations',
        'nodes',
        'never_hit',
        'series',
      ],
      properties: {
        object: { type: 'string', const: 'rule_hits' },
        model_id: { type: 'string' },
        version: { type: 'string' },
        from: timestamp('Start of the range (taken to the hour).'),
        to: timestamp('End of the range.'),
        bucket: { type: 'string', enum: ['hour', 'day'] },
        evaluations: { type: 'integer', description: 'Decision instances recorded of the version in the range.' },
        nodes: {
          type: 'array',
          description: "Every decision table and switch of the version, with each rule's (branch's) hits.",
          items: {
            type: 'object',
            properties: {
              node_id: { type: 'string' },
              name: { type: 'string' },
              kind: { type: 'string', enum: ['decision_table', 'switch'] },
              rules: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    rule: { type: 'string' },
                    index: { type: 'integer' },
                    label: { type: 'string' },
                    hits: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
        never_hit: {
          type: 'array',
          description: 'Rules and branches no recorded instance in the range hit.',
          items: {
            type: 'object',
            properties: { node_id: { type: 'string' }, rule: { type: 'string' }, label: { type: 'string' } },
          },
        },
        series: {
          type: 'array',
          description: 'Per bucket with any instance (UTC): the evaluations and the hits by `node:rule`.',
          items: {
            type: 'object',
            properties: {
              bucket: { type: 'string', format: 'date-time' },
              evaluations: { type: 'integer' },
              hits: { type: 'object', additionalProperties: { type: 'integer' } },
            },
          },
        },
      },
    },
    PlaceLegalHoldRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: { reason: { type: 'string', minLength: 1, maxLength: 2000 } },
    },
  },
  paths: {
    '/api/v1/decision-instances': {
      get: {
        operationId: 'listDecisionInstances',
        summary: 'Search decision instances',
        description:
          "The tenant's recorded evaluations (see the recording policy on `PATCH /models/{id}`), newest first. Filters combine (all must hold). " +
          '`output[<field>]=<value>` matches an output field holding the value (as JSON — `true`, `42` — or as text); it narrows the other filters and is not indexed.',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [
          query('model_id', 'Only instances of this model.', { type: 'string', maxLength: 100 }),
          query('version', 'Only of this version (needs model_id).', { type: 'string', maxLength: 20 }),
          query('correlation_id', 'Only those recorded with this correlation id.', {
            type: 'string',
            minLength: 1,
            maxLength: 200,
          }),
          query('rule', 'Only those that hit this rule or branch: `<node id>:<rule id>` (or `<node id>:#<index>`).', {
            type: 'string',
            minLength: 3,
            maxLength: 400,
          }),
          outputParameter,
          query('from', 'Only those evaluated at or after this time (RFC 3339).', {
            type: 'string',
            format: 'date-time',
          }),
          query('to', 'Only those evaluated before this time (RFC 3339).', { type: 'string', format: 'date-time' }),
          query('status', 'Only succeeded or failed evaluations.', { type: 'string', enum: ['succeeded', 'failed'] }),
          query('source', 'Only those from this source.', {
            type: 'string',
            enum: ['evaluate', 'scenario', 'batch', 'test'],
          }),
          parameterRef('Limit'),
          parameterRef('Cursor'),
        ],
        responses: {
          '200': jsonResponse('A page of decision instances, newest first.', ref('DecisionInstanceList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/decision-instances/{id}': {
      get: {
        operationId: 'getDecisionInstance',
        summary: 'Get a decision instance',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [
          pathParameter('Decision instance id (`din_…`).'),
          query(
            'trace',
            'Trace the evaluation again on its kept inputs (its version is immutable), with whether the outputs came out as recorded.',
            { type: 'boolean', default: false },
          ),
        ],
        responses: {
          '200': jsonResponse('The decision instance.', ref('DecisionInstance')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/models/{id}/versions/{version}/rule-hits': {
      get: {
        operationId: 'getModelRuleHits',
        summary: "A version's rule hits in production",
        description:
          'Over a time range (default the last 30 days; at most 31 days by hour, 366 by day): the decision instances recorded of the version, the hits of every rule and switch branch in total and per bucket, and the rules never hit. Counted from hourly totals written with the instances: they stay after the instances expire.',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [
          idParameter,
          pathParameter('The version.', 'version'),
          query('from', 'Start (RFC 3339; taken to the hour).', { type: 'string', format: 'date-time' }),
          query('to', 'End (RFC 3339; default now).', { type: 'string', format: 'date-time' }),
          query('bucket', 'The series bucket (UTC).', { type: 'string', enum: ['hour', 'day'], default: 'day' }),
        ],
        responses: {
          '200': jsonResponse('The rule hits.', ref('RuleHits')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/models/{id}/legal-hold': {
      put: {
        operationId: 'placeModelLegalHold',
        summary: "Place a legal hold on a model's decision instances",
        description:
          "While it is set, the model's decision instances are kept past their retention (they move out of the partitions retention drops). Audited. Placing it again replaces the reason.",
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('PlaceLegalHoldRequest'),
              example: { reason: 'Litigation 2026-114' },
            },
          },
        },
        responses: {
          '200': jsonResponse('The model, with its hold.', ref('Model'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      delete: {
        operationId: 'liftModelLegalHold',
        summary: "Lift a model's legal hold",
        description:
          'Its held instances return under retention (those already past it are deleted within the month). Audited. A model without a hold answers 200 unchanged.',
        tags: [tag],
        'x-required-scope': 'models:write',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The model, without a hold.', ref('Model')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
