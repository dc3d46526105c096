import { FAILURE_KINDS } from '../../db/repositories/failures';
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
} from '../openapi/common';

const tag = 'Failures';
const retryIdParameter = pathParameter('Retry id (`frt_…`).');

/** Most failures one bulk retry takes. */
export const MAX_RETRY_ITEMS = 500;

const KIND_DESCRIPTION =
  "`scenario` (a failed scenario run outside a batch), `batch_item` (a failed item of a scenario batch, while its scenario's latest run is the failed one), `integration_sync` (a failed or partially " +
  "completed sync, while it is its integration's latest), `webhook_delivery` (a failed delivery not redelivered since), " +
  '`webhook_subscription` (a subscription disabled because its endpoint is gone or kept failing), `notification` (a failed email or ' +
  'chat message), `kpi_check` (a KPI whose last evaluation failed), `model_replay` (a failed replay).';

const failureFilter = {
  kind: { type: 'string', enum: [...FAILURE_KINDS], description: 'Only failures of this kind.' },
  resource: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    pattern: '^[a-z]+_[0-9a-z_]+$',
    description:
      "Only failures of this resource, or of its parent: a webhook's deliveries (`whk_…`), an integration's syncs (`int_…`), a batch's items (`bat_…`).",
  },
  since: { type: 'string', format: 'date-time', description: 'Only failures last seen at or after this time.' },
  code: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '^[a-z0-9_]+$',
    description: 'Only failures with this cause code (`http_500`, `sync_failed`, …).',
  },
};

const FAILURE_EXAMPLE = {
  id: 'webhook_delivery_dlv_01jd3m2n4p5q6r7s8t9v0w1x2y',
  object: 'failure',
  kind: 'webhook_delivery',
  resource_id: 'dlv_01jd3m2n4p5q6r7s8t9v0w1x2y',
  parent_id: 'whk_01jd3m2n4p5q6r7s8t9v0w1x2z',
  cause: { code: 'http_500', message: 'The endpoint answered 500.' },
  first_seen_at: '2026-12-07T10:00:00.000Z',
  last_seen_at: '2026-12-07T10:04:00.000Z',
  attempts: 5,
  retry_url: '/api/v1/webhooks/whk_01jd3m2n4p5q6r7s8t9v0w1x2z/deliveries/dlv_01jd3m2n4p5q6r7s8t9v0w1x2y/redeliver',
};

const RETRY_EXAMPLE = {
  id: 'frt_01jd3m2n4p5q6r7s8t9v0w1x30',
  object: 'failure_retry',
  status: 'completed',
  selection: { filter: { kind: 'webhook_delivery', code: 'http_500' } },
  progress: { total: 2, pending: 0, started: 0, succeeded: 1, failed: 1, cancelled: 0 },
  items: [
    {
      failure_id: 'webhook_delivery_dlv_01jd3m2n4p5q6r7s8t9v0w1x2y',
      kind: 'webhook_delivery',
      resource_id: 'dlv_01jd3m2n4p5q6r7s8t9v0w1x2y',
      status: 'succeeded',
      retried_resource_id: 'dlv_01jd3m2n4p5q6r7s8t9v0w1x31',
      error: null,
    },
  ],
  workflow_id: 'failure_retry/frt_01jd3m2n4p5q6r7s8t9v0w1x30',
  created_by: { type: 'api_key', id: 'key_01jd3k9x7y8z0a1b2c3d4e5f6g' },
  created_at: '2026-12-07T10:05:00.000Z',
  updated_at: '2026-12-07T10:05:09.000Z',
  completed_at: '2026-12-07T10:05:09.000Z',
};

const cause = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      description:
        'Stable snake_case cause: `http_<status>`, `delivery_failed`, `sync_failed`, the error code a run stored, …',
    },
    message: { type: 'string', description: 'What the family recorded, in words.' },
  },
};

const retryItem = {
  type: 'object',
  required: ['failure_id', 'kind', 'resource_id', 'status', 'retried_resource_id', 'error'],
  properties: {
    failure_id: { type: 'string' },
    kind: { type: 'string', enum: [...FAILURE_KINDS] },
    resource_id: { type: 'string' },
    status: {
      type: 'string',
      enum: ['pending', 'started', 'succeeded', 'failed', 'cancelled'],
      description:
        '`pending` → `started` (the new attempt is made: a redelivery, a new sync) → `succeeded` | `failed`; `cancelled` when the retry was cancelled before the item started.',
    },
    retried_resource_id: {
      type: ['string', 'null'],
      description: 'The new attempt: the redelivery (`dlv_…`) or the sync (`syn_…`).',
    },
    error: { oneOf: [cause, { type: 'null' }], description: 'Why the item failed again.' },
  },
};

const count = { type: 'integer', minimum: 0 };

export const failuresPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Every failed thing of the tenant in one list (failed scenarios and batch items, failed or partial syncs, failing webhook deliveries and ' +
        'disabled subscriptions, failed notifications, KPI check errors, failed replays), with its cause, and bulk retries of those a retry can ' +
        'fix, each through its own family (a redelivery, a new sync). Needs the `admin` scope.',
    },
  ],
  schemas: {
    Failure: {
      type: 'object',
      required: [
        'id',
        'object',
        'kind',
        'resource_id',
        'parent_id',
        'cause',
        'first_seen_at',
        'last_seen_at',
        'attempts',
        'retry_url',
      ],
      properties: {
        id: {
          type: 'string',
          description: "The failure's stable id: its kind and the failed resource's id (`webhook_delivery_dlv_…`).",
        },
        object: { type: 'string', const: 'failure' },
        kind: { type: 'string', enum: [...FAILURE_KINDS], description: KIND_DESCRIPTION },
        resource_id: { type: 'string', description: 'The failed resource (for a batch item, its batch).' },
        parent_id: {
          type: ['string', 'null'],
          description:
            "What it belongs to: a delivery's webhook, a sync's integration, a scenario's or replay's model, a batch item's scenario, a notification's event.",
        },
        cause,
        first_seen_at: timestamp('When the failing thing started (or its streak of failing began).'),
        last_seen_at: timestamp('When it last failed.'),
        attempts: {
          type: 'integer',
          minimum: 0,
          description: 'Attempts made (deliveries, messages), runs made (scenarios); 1 otherwise.',
        },
        retry_url: {
          type: ['string', 'null'],
          description:
            "The family's own retry for this one failure, or null where the family has no endpoint for one. Every kind can be retried in bulk (`POST /failures/retry`).",
        },
      },
      example: FAILURE_EXAMPLE,
    },
    FailureList: listOf('Failure'),
    RetryFailuresRequest: {
      type: 'object',
      additionalProperties: false,
      description: 'Either `ids` or `filter`.',
      properties: {
        ids: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_RETRY_ITEMS,
          uniqueItems: true,
          items: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[a-z]+_[0-9a-z_]+$' },
          description:
            "Failure ids (from `GET /failures`). An unknown one (or another tenant's) answers 404 naming it.",
        },
        filter: {
          type: 'object',
          additionalProperties: false,
          properties: failureFilter,
          description: `Every failure the filter selects (at most ${MAX_RETRY_ITEMS}, the most recently seen first).`,
        },
        dry_run: {
          type: 'boolean',
          default: false,
          description: 'Answer 200 with how many would be retried and the first of them, retrying nothing.',
        },
      },
    },
    FailureRetryPreview: {
      type: 'object',
      required: ['object', 'count', 'data'],
      properties: {
        object: { type: 'string', const: 'failure_retry_preview' },
        count: { type: 'integer', minimum: 0, description: 'How many failures the retry would take.' },
        data: {
          type: 'array',
          items: ref('Failure'),
          maxItems: 20,
          description: 'The first of them, in the order they would be retried.',
        },
      },
    },
    FailureRetry: {
      type: 'object',
      required: [
        'id',
        'object',
        'status',
        'selection',
        'progress',
        'items',
        'workflow_id',
        'created_by',
        'created_at',
        'updated_at',
        'completed_at',
      ],
      properties: {
        id: { type: 'string', description: '`frt_…`' },
        object: { type: 'string', const: 'failure_retry' },
        status: {
          type: 'string',
          enum: ['pending', 'running', 'completed', 'cancelled', 'failed'],
          description:
            '`pending` → `running` → `completed` (every item has its outcome) or `cancelled`; `failed` when an item could not be retried at all (its family unreachable through every attempt): the items not started are then `cancelled`.',
        },
        selection: { type: 'object', description: 'The `ids` or `filter` asked for.' },
        progress: {
          type: 'object',
          required: ['total', 'pending', 'started', 'succeeded', 'failed', 'cancelled'],
          properties: {
            total: count,
            pending: count,
            started: count,
            succeeded: count,
            failed: count,
            cancelled: count,
          },
        },
        items: {
          type: 'array',
          items: retryItem,
          maxItems: 100,
          description: 'The first 100 items, in the order they are retried.',
        },
        workflow_id: {
          type: 'string',
          description: 'The Temporal workflow running the retry (`failure_retry/frt_…`).',
        },
        created_by: ref('Actor'),
        created_at: timestamp('When the retry was asked for.'),
        updated_at: timestamp('Last status change.'),
        completed_at: nullableTimestamp('When it completed or was cancelled.'),
      },
      example: RETRY_EXAMPLE,
    },
    FailureRetryList: listOf('FailureRetry'),
  },
  paths: {
    '/api/v1/failures': {
      get: {
        operationId: 'listFailures',
        summary: 'List failures of every kind, with their causes',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          ...Object.entries(failureFilter).map(([name, { description, ...schema }]) => ({
            name,
            in: 'query' as const,
            description,
            schema,
          })),
        ],
        responses: {
          '200': jsonResponse('A page of failures, the most recently seen first.', ref('FailureList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/failures/retry': {
      post: {
        operationId: 'retryFailures',
        summary: 'Retry failures in bulk',
        description:
          'Retries the failures named by `ids`, or every one `filter` selects, in one Temporal workflow: each through its family (a failed ' +
          'delivery is redelivered, a failed sync runs again, a failed notification is sent again, a disabled subscription is enabled again, a failed replay is made again, ' +
          'a failed scenario run or batch item runs again as `PATCH /scenarios/{id}` with `{"inputs": {}}` runs it (the same inputs, on the model\'s current release), ' +
          'a KPI whose check failed is checked now), ' +
          'each once, even if a worker dies meanwhile. Answers 202 with the retry to poll ' +
          '(`Location`); with `dry_run`, 200 with what would be retried.',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('RetryFailuresRequest'),
              example: { filter: { kind: 'webhook_delivery', code: 'http_500' }, dry_run: true },
            },
          },
        },
        responses: {
          '200': jsonResponse('A dry run: what would be retried.', ref('FailureRetryPreview'), postSuccessHeaders),
          '202': jsonResponse('The retry has been accepted; poll it.', ref('FailureRetry'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/failures/retries': {
      get: {
        operationId: 'listFailureRetries',
        summary: 'List bulk retries',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of retries, newest first.', ref('FailureRetryList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/failures/retries/{id}': {
      get: {
        operationId: 'getFailureRetry',
        summary: "Get a bulk retry: its progress and its items' outcomes",
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [retryIdParameter],
        responses: { '200': jsonResponse('The retry.', ref('FailureRetry')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/failures/retries/{id}/cancel': {
      post: {
        operationId: 'cancelFailureRetry',
        summary: 'Cancel a bulk retry',
        description:
          'No further item starts (they end `cancelled`); items already retried are followed to their outcome. A finished retry answers 409 `failure_retry_finished`.',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [retryIdParameter, parameterRef('IdempotencyKey')],
        responses: {
          '202': jsonResponse('The retry, as it was when asked to stop.', ref('FailureRetry'), postSuccessHeaders),
          ...standardErrors({ notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
  },
};
