import { REQUESTABLE_SCOPES, ALL_SCOPES } from '../../core/scopes';
import {
  pathParameter,
  createdHeaders,
  gracePeriodSeconds,
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

const idParameter = pathParameter('API key id (`key_…`).');

export const apiKeysPart: DocumentPart = {
  tags: [
    {
      name: 'API keys',
      description:
        "The administration area: API keys of the caller's tenant. Needs the `admin` scope. A key is shown once, at creation " +
        'or rotation; only its SHA-256 hash is stored. `family:write` implies `family:read`; `family:*` is shorthand for both.',
    },
  ],
  schemas: {
    ApiKey: {
      type: 'object',
      required: [
        'id',
        'object',
        'name',
        'scopes',
        'status',
        'expires_at',
        'revoked_at',
        'last_used_at',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'key_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'api_key' },
        name: { type: 'string' },
        scopes: { type: 'array', items: { type: 'string', enum: ALL_SCOPES } },
        environment_id: {
          type: ['string', 'null'],
          description: 'The environment these credentials are pinned to (null: not pinned).',
        },
        status: { type: 'string', enum: ['active', 'expired', 'revoked'] },
        key_prefix: { type: 'string', description: 'The non-secret start of the key, to recognise it.' },
        expires_at: nullableTimestamp('When the key stops working; null for never.'),
        revoked_at: nullableTimestamp('When the key was revoked.'),
        last_used_at: nullableTimestamp('Last successful authentication, to the minute.'),
        rotated_at: nullableTimestamp('When the secret was last rotated.'),
        previous_secret_expires_at: nullableTimestamp(
          'Until when the secret replaced by the last rotation still works.',
        ),
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    ApiKeyWithSecret: {
      allOf: [
        ref('ApiKey'),
        {
          type: 'object',
          required: ['key'],
          properties: {
            key: { type: 'string', description: 'The full API key. Shown only in this response: store it now.' },
          },
        },
      ],
    },
    ApiKeyList: listOf('ApiKey'),
    CreateApiKeyRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'scopes'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        scopes: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: REQUESTABLE_SCOPES },
          example: ['scenarios:read', 'scenarios:write', 'models:read'],
        },
        expires_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'RFC 3339 expiry, in the future; omit or null for a key that does not expire.',
        },
        environment: {
          type: ['string', 'null'],
          minLength: 1,
          maxLength: 40,
          description:
            'Pin these credentials to one environment (name or id): every version they run when none is named is the one in effect there, and they may name no other (403 `environment_not_allowed`). Omit or null: not pinned (production unless a request names another with `DMS-Environment`).',
        },
      },
    },
    RotateApiKeyRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        grace_period_seconds: gracePeriodSeconds(
          'How long the old secret keeps working (default 86400 = 24 h, max 7 days; 0 ends it at once).',
        ),
      },
    },
  },
  paths: {
    '/api/v1/api-keys': {
      post: {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        tags: ['API keys'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateApiKeyRequest'),
              example: { name: 'CI pipeline', scopes: ['scenarios:read', 'scenarios:write', 'models:read'] },
            },
          },
        },
        responses: {
          '201': jsonResponse('The key, with its secret shown this once.', ref('ApiKeyWithSecret'), createdHeaders),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listApiKeys',
        summary: 'List API keys',
        tags: ['API keys'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: { '200': jsonResponse('A page of keys, newest first.', ref('ApiKeyList')), ...standardErrors() },
      },
    },
    '/api/v1/api-keys/{id}': {
      get: {
        operationId: 'getApiKey',
        summary: 'Get an API key',
        tags: ['API keys'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The key (never its secret).', ref('ApiKey')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/api-keys/{id}/revoke': {
      post: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description: 'Takes effect immediately, for the current and any previous secret. Revoking twice is harmless.',
        tags: ['API keys'],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The revoked key.', ref('ApiKey'), postSuccessHeaders),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/api-keys/{id}/rotate': {
      post: {
        operationId: 'rotateApiKey',
        summary: "Rotate an API key's secret",
        description:
          'Issues a new secret for the same key id and scopes. The old secret keeps working for the grace period, ' +
          'so deployments can switch over without downtime. A revoked key cannot be rotated (409 `api_key_not_rotatable`).',
        tags: ['API keys'],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': { schema: ref('RotateApiKeyRequest'), example: { grace_period_seconds: 3600 } },
          },
        },
        responses: {
          '200': jsonResponse(
            'The key with its new secret, shown this once.',
            ref('ApiKeyWithSecret'),
            postSuccessHeaders,
          ),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
  },
};
