import { ERROR_CODES } from '../../core/errors';
import type { OpenApiDocument, ResponseObject, SchemaObject } from './types';

/** Shared pieces of the document: problem details, pagination, rate-limit headers, security. */

export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

export const timestamp = (description: string): SchemaObject => ({ type: 'string', format: 'date-time', description });
/** How long a rotated secret keeps working beside its successor: 0 (it ends at once) to 7 days. */
export const gracePeriodSeconds = (description: string): SchemaObject => ({
  type: 'integer',
  minimum: 0,
  maximum: 604800,
  description,
});
export const nullableTimestamp = (description: string): SchemaObject => ({
  type: ['string', 'null'],
  format: 'date-time',
  description,
});

export const commonSchemas: Record<string, SchemaObject> = {
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details. Switch on `code`; `type` is a stable URI per error kind.',
    required: ['type', 'title', 'status', 'detail', 'code', 'request_id'],
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string' },
      code: { $ref: '#/components/schemas/ProblemCode' },
      request_id: { type: 'string' },
      trace_id: {
        type: 'string',
        pattern: '^[0-9a-f]{32}$',
        description:
          'The W3C trace id of the request (also in the `Trace-Id` response header), when the service traces requests (`OTEL_EXPORTER_OTLP_ENDPOINT`).',
      },
      errors: {
        type: 'array',
        description: 'Each invalid field: a JSON Pointer into the request body (query parameters as /query/<name>).',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string', example: '/inputs/headcount' }, message: { type: 'string' } },
        },
      },
      required_scope: { type: 'string', description: 'On 403 insufficient_scope: the scope the operation needs.' },
      current_content_revision: {
        type: 'integer',
        description: "On 409 content_revision_conflict: the draft's current content revision.",
      },
      last_saved_by: {
        $ref: '#/components/schemas/Actor',
        description: 'On 409 content_revision_conflict: who wrote the current content revision.',
      },
      last_saved_at: {
        type: 'string',
        format: 'date-time',
        description: 'On 409 content_revision_conflict: when the current content revision was written.',
      },
      'violated-policies': {
        type: 'array',
        items: { type: 'string' },
        description: 'On 429: the exhausted quota policies.',
      },
    },
  },
  ProblemCode: problemCodeSchema(),
  Actor: {
    type: 'object',
    description:
      'Who performed a write: an API key (`api_key`, id `key_…`), a user (`user`, id `usr_…`, with `via_client` the OAuth client ' +
      "they acted through), a service account (`oauth_client`, id = the client-credentials client's `client_id`), or the service itself (`system`).",
    required: ['type', 'id'],
    properties: {
      type: { type: 'string', enum: ['api_key', 'user', 'oauth_client', 'system'] },
      id: { type: 'string' },
      via_client: { type: 'string', description: 'For users: the OAuth client the action came through.' },
    },
  },
};

/**
 * The error catalogue: every `code` a problem can carry, generated from the one list in core/error-codes.ts (so the document
 * cannot drift from what the code throws). New codes may be added; clients treat an unknown one like its HTTP status.
 */
function problemCodeSchema(): SchemaObject {
  const entries = Object.entries(ERROR_CODES) as Array<[string, { status: number; description: string }]>;
  return {
    type: 'string',
    description:
      'Stable snake_case error code to switch on. New codes may be added (treat an unknown one by its HTTP status):\n\n' +
      entries.map(([code, { status, description }]) => `- \`${code}\` (${status}): ${description}`).join('\n'),
    enum: entries.map(([code]) => code),
    // New codes are additive: clients handle an unknown one by its HTTP status.
    'x-extensible-enum': true,
  };
}

const problemContent = { 'application/problem+json': { schema: ref('Problem') } };

const problem = (description: string): ResponseObject => ({
  description,
  headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
  content: problemContent,
});

export const commonResponses: Record<string, ResponseObject> = {
  BadRequest: problem(
    'Malformed request: a body that is not valid JSON or not valid UTF-8 (`malformed_json`), invalid query parameters ' +
      '(`invalid_parameters`: numbers not in plain decimal digits, values out of range, any U+0000 character) or a cursor this API did not issue (`invalid_cursor`).',
  ),
  Unauthorized: {
    ...problem(
      'Missing, malformed, unknown, expired (`api_key_expired`, `token_expired`) or revoked (`api_key_revoked`, `token_revoked`) credentials, or an access token that is not valid here (`invalid_token`).',
    ),
    headers: {
      'WWW-Authenticate': {
        schema: { type: 'string' },
        description: 'Bearer challenge; for a refused access token with `error="invalid_token"` (RFC 6750).',
      },
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
    },
  },
  Forbidden: problem(
    'The credentials lack the scope this operation needs (`insufficient_scope`, see `required_scope`).',
  ),
  NotFound: problem("No such resource in this tenant (another tenant's resources answer the same way)."),
  Conflict: problem(
    'The resource is in a state that does not allow this, or a request with the same Idempotency-Key is in progress.',
  ),
  PayloadTooLarge: problem('The request body exceeds 1 MiB (configurable with BODY_LIMIT_BYTES).'),
  UnsupportedMediaType: {
    ...problem(
      '`unsupported_media_type`: the body is not `application/json` (no other media type, `application/*+json` included), its charset is ' +
        'not UTF-8 (`charset=utf-8` or none), or it has a `Content-Encoding` other than `identity` (compressed bodies are not accepted).',
    ),
    headers: {
      'Accept-Encoding': {
        schema: { type: 'string' },
        description: 'On a refused Content-Encoding: `identity`, the only coding accepted.',
      },
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
    },
  },
  UnprocessableContent: problem(
    "The body is well-formed JSON but invalid (`validation_failed`, with `errors`): it breaks the operation's schema, or a rule every body " +
      'follows (no U+0000 character or lone UTF-16 surrogate in any string or field name; at most 64 levels of nested arrays and objects), each named by its JSON ' +
      'Pointer. Or an Idempotency-Key was reused with another body (`idempotency_key_reused`).',
  ),
  TooManyRequests: {
    description:
      "The tenant's quota is used up. Problem type `https://iana.org/assignments/http-problem-types#quota-exceeded`. Or, on an operation that " +
      'evaluates tenant expressions (model evaluate, uploads, test runs and diffs; approval policies; field mappings; decision submission), ' +
      '`sandbox_busy`: the tenant already has EXPRESSION_SANDBOX_TENANT_QUEUE evaluations waiting or running in the expression sandbox; ' +
      'nothing was changed, retry after `Retry-After` seconds.',
    headers: {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until the violated quota resets.' },
      RateLimit: { $ref: '#/components/headers/RateLimit' },
      'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
    },
    content: problemContent,
  },
  InternalError: problem('An unexpected error. Nothing internal is exposed; quote the request id.'),
  ServiceUnavailable: dependencyUnavailable(
    'Postgres is unreachable (`database_unavailable`): nothing was changed. Retry after `Retry-After` seconds; the service recovers by itself when the database returns. ' +
      'On an operation that evaluates tenant expressions, also `sandbox_unavailable`: no expression sandbox process became free within ' +
      'EXPRESSION_SANDBOX_QUEUE_WAIT_MS; nothing was changed, retry after `Retry-After` seconds.',
  ),
  InvalidPreferWait: problem(
    '`validation_failed` at `/headers/prefer`: the `wait` preference is not a whole number of seconds from 0 to 60.',
  ),
  ServiceUnavailableOrWaitingFull: dependencyUnavailable(
    'Postgres is unreachable (`database_unavailable`), or, with `Prefer: wait`, this API process already holds as many ' +
      'waiting requests as it may (`long_poll_capacity_exceeded`: LONG_POLL_MAX_WAITING_PER_TENANT for the tenant, ' +
      'LONG_POLL_MAX_WAITING in all). Retry after `Retry-After` seconds (or read without waiting).',
  ),
  ServiceOrWorkflowEngineUnavailable: dependencyUnavailable(
    'A dependency is unreachable: Postgres (`database_unavailable`) or Temporal (`workflow_engine_unavailable`, the operation starts or messages a workflow). ' +
      'Nothing was changed. Retry after `Retry-After` seconds; the service recovers by itself when the dependency returns. On an operation ' +
      'that evaluates tenant expressions, also `sandbox_unavailable` (no expression sandbox process became free in time).',
  ),
};

/** 503 during an outage of Postgres or Temporal: `code` names the dependency, `Retry-After` says when to retry. */
function dependencyUnavailable(description: string): ResponseObject {
  const response = problem(description);
  return {
    ...response,
    headers: {
      ...response.headers,
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' },
    },
  };
}

export const commonHeaders: Record<string, unknown> = {
  'X-Request-Id': {
    description: "The request id (the client's own X-Request-Id when it sent a sane one).",
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'draft-ietf-httpapi-ratelimit-headers: remaining quota `r` and seconds until reset `t` per policy, e.g. `"per-minute";r=49;t=60, "per-day";r=999;t=86400`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The tenant\'s quota policies, e.g. `"per-minute";q=50;w=60, "per-day";q=1000;w=86400`.',
    schema: { type: 'string' },
  },
  Location: { description: 'The URL of the created or running resource.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this response is a stored one replayed for a repeated Idempotency-Key.',
    schema: { type: 'string' },
  },
  'Preference-Applied': {
    description:
      'RFC 7240: `wait=N` when the request waited (its `Prefer: wait=N` was honoured). Absent when the work had already finished, or from a server that does not long-poll.',
    schema: { type: 'string', example: 'wait=30' },
  },
};

export const commonParameters = {
  PreferWait: {
    name: 'Prefer',
    in: 'header' as const,
    description:
      'Long-poll (RFC 7240): `wait=N` (0–60 whole seconds) answers as soon as the work has finished or its `status` differs from ' +
      'the one it had when the request arrived, or after N seconds with the current state; `Preference-Applied: wait=N` says it waited. Work that has already finished is answered at once. Changes made through any API process or worker wake it. A bad value is a 422 at `/headers/prefer`; other preferences are ignored. Waiting requests are bounded per tenant and per API process (503 `long_poll_capacity_exceeded` with `Retry-After` past it).',
    schema: { type: 'string', maxLength: 200, example: 'wait=30' },
  },
  Limit: {
    name: 'limit',
    in: 'query' as const,
    description: 'Page size, 1 to 100, in plain decimal digits.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
  Cursor: {
    name: 'cursor',
    in: 'query' as const,
    description: "Opaque cursor from a previous page's `next_cursor`.",
    schema: { type: 'string', minLength: 1, maxLength: 500 },
  },
  Environment: {
    name: 'DMS-Environment',
    in: 'header' as const,
    description:
      'The environment (name or id) whose version in effect runs when the request names no version. Default: the environment the credentials are pinned to, else `production`. Credentials pinned to one environment may name only it (403 `environment_not_allowed`); an unknown or archived one is a 422 at `/headers/dms-environment`.',
    schema: { type: 'string', minLength: 1, maxLength: 40 },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header' as const,
    description:
      'Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. ' +
      'While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution.',
    schema: { type: 'string', maxLength: 255 },
  },
};

/** Standard headers on every authenticated success response. */
export const successHeaders = {
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

/** Headers of a POST's success response: it may be a replay of a stored one. */
export const postSuccessHeaders = {
  'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' },
};

/** Headers of a POST that created (or accepted) a resource: where it lives, and whether this is a replay. */
export const createdHeaders = {
  Location: { $ref: '#/components/headers/Location' },
  ...postSuccessHeaders,
};

export const jsonResponse = (
  description: string,
  schema: SchemaObject,
  extraHeaders: Record<string, unknown> = {},
): ResponseObject => ({
  description,
  headers: { ...successHeaders, ...extraHeaders },
  content: { 'application/json': { schema } },
});

export const listOf = (itemSchema: string): SchemaObject => ({
  type: 'object',
  required: ['data', 'next_cursor'],
  properties: {
    data: { type: 'array', items: ref(itemSchema) },
    next_cursor: {
      type: ['string', 'null'],
      description: 'Pass as `cursor` for the next page; null on the last page.',
    },
  },
});

/**
 * The error responses every authenticated operation can give. Every one needs Postgres (if only to authenticate),
 * so every one can answer 503; `workflowEngine` marks operations that start or message a Temporal workflow.
 */
export function standardErrors(
  options: { body?: boolean; notFound?: boolean; conflict?: boolean; workflowEngine?: boolean } = {},
) {
  return {
    '400': responseRef('BadRequest'),
    '401': responseRef('Unauthorized'),
    '403': responseRef('Forbidden'),
    ...(options.notFound ? { '404': responseRef('NotFound') } : {}),
    ...(options.conflict ? { '409': responseRef('Conflict') } : {}),
    ...(options.body
      ? {
          '413': responseRef('PayloadTooLarge'),
          '415': responseRef('UnsupportedMediaType'),
          '422': responseRef('UnprocessableContent'),
        }
      : {}),
    '429': responseRef('TooManyRequests'),
    '500': responseRef('InternalError'),
    '503': responseRef(options.workflowEngine ? 'ServiceOrWorkflowEngineUnavailable' : 'ServiceUnavailable'),
  };
}

export type DocumentPart = Pick<OpenApiDocument, 'paths'> & {
  tags: OpenApiDocument['tags'];
  schemas: Record<string, SchemaObject>;
};

/** A required path parameter naming a resource by its id (`{id}`, `{delivery_id}`). */
export function pathParameter(description: string, name = 'id') {
  return { name, in: 'path' as const, required: true, description, schema: { type: 'string' } };
}

/**
 * A GET of asynchronous work (the `Location` of its 202) answers `Prefer: wait=N` (api/long-poll.ts): its parameter, its
 * success header and its extra error answers.
 */
export const longPoll = {
  parameter: parameterRef('PreferWait'),
  headers: { 'Preference-Applied': { $ref: '#/components/headers/Preference-Applied' } },
  errors: { '422': responseRef('InvalidPreferWait'), '503': responseRef('ServiceUnavailableOrWaitingFull') },
};
