import { ALL_SCOPES, REQUESTABLE_SCOPES } from '../../core/scopes';
import {
  pathParameter,
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

const idParameter = pathParameter('OAuth client id (`cli_…`), which is also its `client_id`.');

const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'];
const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];

export const oauthClientsPart: DocumentPart = {
  tags: [
    {
      name: 'OAuth clients',
      description:
        "The tenant's registered OAuth 2.0 clients (apps and service accounts) of the built-in identity provider (`/oauth2`). " +
        "Needs the `admin` scope. A confidential client's `client_secret` is shown once, at creation; only its SHA-256 is stored. " +
        'Client-credentials tokens act as the client itself (actor `{"type": "oauth_client", "id": client_id}`) with at most the ' +
        'client\'s `scopes`; authorization-code tokens act as the signed-in user (actor `{"type": "user", "id", "via_client"}`) ' +
        "with at most the client's `scopes` and the user's current role scopes in the tenant. Revoking a client refuses its " +
        'live tokens and refresh tokens at once.',
    },
  ],
  schemas: {
    OAuthClient: {
      type: 'object',
      required: [
        'id',
        'object',
        'client_id',
        'name',
        'redirect_uris',
        'grant_types',
        'scopes',
        'token_endpoint_auth_method',
        'status',
        'revoked_at',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'cli_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'oauth_client' },
        client_id: { type: 'string', description: 'The OAuth `client_id` (the same as `id`).' },
        name: { type: 'string', description: 'Shown to users on the consent page.' },
        redirect_uris: { type: 'array', items: { type: 'string', format: 'uri' } },
        grant_types: { type: 'array', items: { type: 'string', enum: GRANT_TYPES } },
        environment_id: {
          type: ['string', 'null'],
          description: 'The environment these credentials are pinned to (null: not pinned).',
        },
        scopes: {
          type: 'array',
          items: { type: 'string', enum: ALL_SCOPES },
          description: "The most this client's tokens can carry.",
        },
        token_endpoint_auth_method: { type: 'string', enum: AUTH_METHODS },
        status: { type: 'string', enum: ['active', 'revoked'] },
        revoked_at: nullableTimestamp('When the client was revoked.'),
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    OAuthClientWithSecret: {
      allOf: [
        ref('OAuthClient'),
        {
          type: 'object',
          properties: {
            client_secret: {
              type: 'string',
              description:
                'Confidential clients only. Shown only in this response: store it now. A replay of the creation shows it redacted.',
            },
          },
        },
      ],
    },
    OAuthClientList: listOf('OAuthClient'),
    CreateOAuthClientRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'grant_types', 'scopes'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        grant_types: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: GRANT_TYPES },
          description:
            '`refresh_token` only together with `authorization_code`; `client_credentials` only for confidential clients.',
        },
        redirect_uris: {
          type: 'array',
          maxItems: 20,
          uniqueItems: true,
          items: { type: 'string', format: 'uri', maxLength: 2000 },
          description:
            'Required with `authorization_code`: https URLs (http only for localhost / 127.0.0.1), no fragment.',
        },
        scopes: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: REQUESTABLE_SCOPES },
          example: ['scenarios:read', 'models:read'],
          description:
            'The API scopes the client may request (`family:*` = read and write). User-facing clients may also request `openid`, `offline_access`, `profile` and `email`.',
        },
        token_endpoint_auth_method: {
          type: 'string',
          enum: AUTH_METHODS,
          default: 'client_secret_basic',
          description: '`none` registers a public client (native or browser app): no secret, PKCE (S256) required.',
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
  },
  paths: {
    '/api/v1/oauth-clients': {
      post: {
        operationId: 'createOAuthClient',
        summary: 'Register an OAuth client',
        tags: ['OAuth clients'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateOAuthClientRequest'),
              example: {
                name: 'Reporting dashboard',
                grant_types: ['authorization_code', 'refresh_token'],
                redirect_uris: ['https://dashboard.example.com/oauth/callback'],
                scopes: ['scenarios:read', 'models:read'],
                token_endpoint_auth_method: 'client_secret_basic',
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The client, with its secret shown this once.', ref('OAuthClientWithSecret'), {
            Location: { $ref: '#/components/headers/Location' },
            ...postSuccessHeaders,
          }),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listOAuthClients',
        summary: 'List OAuth clients',
        tags: ['OAuth clients'],
        'x-required-scope': 'admin',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of clients, newest first.', ref('OAuthClientList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/oauth-clients/{id}': {
      get: {
        operationId: 'getOAuthClient',
        summary: 'Get an OAuth client',
        tags: ['OAuth clients'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The client (never its secret).', ref('OAuthClient')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/oauth-clients/{id}/revoke': {
      post: {
        operationId: 'revokeOAuthClient',
        summary: 'Revoke an OAuth client',
        description:
          'Takes effect immediately: no new tokens, its live access and refresh tokens are refused. Revoking twice is harmless.',
        tags: ['OAuth clients'],
        'x-required-scope': 'admin',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The revoked client.', ref('OAuthClient'), postSuccessHeaders),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
