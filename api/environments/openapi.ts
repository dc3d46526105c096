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

const tag = 'Environments';
const idParameter = pathParameter('Environment id (`env_<ulid>`) or name (`staging`, `production`).');

const writableFields = {
  description: { type: ['string', 'null'], maxLength: 2000 },
  position: {
    type: 'integer',
    minimum: 1,
    maximum: 1000,
    description:
      'Its place in the promotion order (lower first); unique among active environments. A version reaches an environment that `requires_previous` only after it was in effect in the active environment just before it.',
  },
  requires_review: {
    type: 'boolean',
    description:
      'Whether a promotion into it needs a review (a release decision under an approval policy, the release gates run again). Production: true by default.',
  },
  requires_previous: {
    type: 'boolean',
    description:
      'Whether only versions that were in effect in the environment before it (by `position`) may be promoted into it. Production: true by default.',
  },
  release_target: {
    type: 'boolean',
    description:
      'Whether a version approved in its draft review goes live here (exactly one environment is; setting it moves it). Production by default, so a tenant that never uses environments works as before; set it on staging and production gets only promotions.',
  },
  approval_policy_id: {
    type: ['string', 'null'],
    description:
      'The approval policy that reviews promotions into it when the promotion names none (null: the promotion must name one).',
  },
  on_deployment_end: {
    type: 'string',
    enum: ['fall_back', 'refuse'],
    description:
      'When a deployment with an `effective_until` ends: serve the deployment beneath it again (`fall_back`, the default) or nothing, so runs get 422 `no_version_in_effect` (`refuse`).',
  },
};

const environmentSchema = {
  type: 'object',
  required: [
    'id',
    'object',
    'name',
    'description',
    'position',
    'requires_review',
    'requires_previous',
    'release_target',
    'approval_policy_id',
    'on_deployment_end',
    'status',
    'created_at',
    'updated_at',
    'archived_at',
  ],
  properties: {
    id: { type: 'string', example: 'env_01jd2x0m3f8q4w7e5r6t9y2v1k' },
    object: { type: 'string', const: 'environment' },
    name: { type: 'string', example: 'staging' },
    ...writableFields,
    status: { type: 'string', enum: ['active', 'archived'] },
    created_by: { oneOf: [ref('Actor'), { type: 'null' }] },
    created_at: timestamp('When it was created.'),
    updated_at: timestamp('When it last changed.'),
    archived_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const environmentsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        "Where model versions run: every tenant has `staging` and `production`, and may add more. Each environment serves, per model, the version its deployments put in effect (see *Models* → deployments); API keys and OAuth clients may be pinned to one, and a request names one with the `DMS-Environment` header. Callers naming none get production. An environment's audit trail: `GET /audit-log?resource_type=environment&resource_id=env_…`.",
    },
  ],
  schemas: {
    Environment: environmentSchema as never,
    EnvironmentList: listOf('Environment'),
    CreateEnvironmentRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'position'],
      properties: {
        name: {
          type: 'string',
          pattern: '^[a-z][a-z0-9_-]{0,39}$',
          description: 'Lower-case letters, digits, `-` and `_`, starting with a letter; unique in the tenant.',
        },
        ...writableFields,
      },
    },
    UpdateEnvironmentRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { ...writableFields },
    },
  },
  paths: {
    '/api/v1/environments': {
      get: {
        operationId: 'listEnvironments',
        summary: 'List environments',
        description: 'In promotion order (`position`); archived ones last only with `status=archived`.',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [
          {
            name: 'status',
            in: 'query' as const,
            description: 'Only active or archived ones (default: active).',
            schema: { type: 'string', enum: ['active', 'archived'] },
          },
        ],
        responses: {
          '200': jsonResponse('The environments.', ref('EnvironmentList')),
          ...standardErrors(),
        },
      },
      post: {
        operationId: 'createEnvironment',
        summary: 'Create an environment',
        description:
          'A new environment serves nothing until versions are promoted into it. Audited (`environment.created`).',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateEnvironmentRequest'),
              example: { name: 'uat', position: 3, requires_review: true, requires_previous: true },
            },
          },
        },
        responses: {
          '201': jsonResponse('The environment.', ref('Environment'), postSuccessHeaders),
          ...standardErrors({ body: true, conflict: true }),
        },
      },
    },
    '/api/v1/environments/{id}': {
      get: {
        operationId: 'getEnvironment',
        summary: 'Get an environment',
        tags: [tag],
        'x-required-scope': 'models:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The environment.', ref('Environment')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateEnvironment',
        summary: 'Change an environment',
        description:
          'Its order, review and promotion rules, release target or what happens when a deployment ends. The name stays. Audited (`environment.updated`).',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateEnvironmentRequest'),
              example: { on_deployment_end: 'refuse' },
            },
          },
        },
        responses: {
          '200': jsonResponse('The environment.', ref('Environment'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/environments/{id}/archive': {
      post: {
        operationId: 'archiveEnvironment',
        summary: 'Archive an environment',
        description:
          'It serves nothing more: requests naming it and keys pinned to it get 422 / 403, its scheduled deployments are cancelled. Production and the release target cannot be archived (409 `conflict`). Audited (`environment.archived`).',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The archived environment.', ref('Environment'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
  },
};
