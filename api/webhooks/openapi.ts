import { EVENT_TYPES, EVENT_TYPE_NAMES } from '../../core/event-types';
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
  successHeaders,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const idParameter = pathParameter('Webhook subscription id (`whk_…`).');
const deliveryIdParameter = pathParameter('Delivery id (`dlv_…`).', 'delivery_id');

const eventTypePatterns = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 100, pattern: '^(\\*|[a-z_]+(\\.[a-z_]+)*(\\.\\*)?)$' },
  description:
    'Event types to receive: exact names, `family.*` wildcards (`scenario.*`, `model.*`) or `*`. Each must match a type in the catalogue.',
  example: ['scenario.*', 'batch.completed'],
};

const retryPolicyProperties = {
  schedule: {
    type: 'string',
    enum: ['standard', 'exponential'],
    description:
      '`standard` (default): the Standard Webhooks schedule — immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. ' +
      '`exponential`: `initial_interval_ms` × `backoff_coefficient`^n, capped at `max_interval_ms`.',
  },
  max_attempts: {
    type: 'integer',
    minimum: 1,
    maximum: 50,
    description: 'Attempts in all, the first included (default 8 for standard, 10 for exponential).',
  },
  initial_interval_ms: {
    type: 'integer',
    minimum: 100,
    maximum: 86_400_000,
    description: 'Exponential: the first retry delay (default 5000).',
  },
  backoff_coefficient: {
    type: 'number',
    minimum: 1,
    maximum: 10,
    description: 'Exponential: growth of the delay per attempt (default 2).',
  },
  max_interval_ms: {
    type: 'integer',
    minimum: 100,
    maximum: 86_400_000,
    description: 'Exponential: the longest delay (default 36,000,000 = 10 h).',
  },
  max_duration_seconds: {
    type: 'integer',
    minimum: 1,
    maximum: 30 * 86_400,
    description: 'Total deadline of one delivery, every attempt included (default 259,200 = 3 days).',
  },
};

const webhookWritable = {
  url: {
    type: 'string',
    format: 'uri',
    maxLength: 2000,
    description: 'The endpoint. https (http only for allow-listed development hosts outside production).',
  },
  event_types: eventTypePatterns,
  description: { type: 'string', maxLength: 500 },
  enabled: { type: 'boolean', description: 'false pauses deliveries; true re-enables a disabled subscription.' },
  retry_policy: { type: 'object', additionalProperties: false, properties: retryPolicyProperties },
};

/** Event types are added over time (fields and types only ever added within v1): a receiver ignores one it does not know. */
const eventTypeEnum = {
  type: 'string',
  enum: EVENT_TYPE_NAMES,
  'x-extensible-enum': true,
  description: 'New event types may be added: ignore one you do not know.',
};

const eventEnvelope = (dataSchema: Record<string, unknown>, type?: string) => ({
  type: 'object',
  required: ['id', 'object', 'type', 'api_version', 'tenant_id', 'sequence', 'created_at', 'data'],
  properties: {
    id: {
      type: 'string',
      description: 'The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.',
      example: 'evt_01jd2x0m3f8q4w7e5r6t9y2v1k',
    },
    object: { type: 'string', const: 'event' },
    type: type ? { type: 'string', const: type } : eventTypeEnum,
    api_version: { type: 'string', const: 'v1', description: 'The payload version: fields are only added within v1.' },
    tenant_id: { type: 'string' },
    sequence: {
      type: 'integer',
      description: 'Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps.',
    },
    created_at: timestamp('When the change that caused the event was made.'),
    data: dataSchema,
  },
});

const tag = 'Webhooks';

export const webhooksPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Subscriptions to platform events, delivered as signed HTTP POSTs (Standard Webhooks: headers `webhook-id`, `webhook-timestamp`, ' +
        '`webhook-signature` = space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64-decoded part of the ' +
        '`whsec_` secret). Delivery is at least once (deduplicate on `webhook-id`); there is no ordering guarantee across events, so order by ' +
        '`sequence`. 2xx is success; 410 disables the subscription; 429/503 with `Retry-After` are retried after it; anything else, timeouts ' +
        "and connection errors are retried on the subscription's retry policy. Needs `webhooks:read` / `webhooks:write`.",
    },
    {
      name: 'Events',
      description:
        "The tenant's platform events, kept for 30 days (EVENT_RETENTION_DAYS): catch up on deliveries you missed. Needs `webhooks:read`.",
    },
  ],
  schemas: {
    WebhookRetryPolicy: {
      type: 'object',
      required: Object.keys(retryPolicyProperties),
      properties: retryPolicyProperties,
    },
    Webhook: {
      type: 'object',
      required: [
        'id',
        'object',
        'url',
        'description',
        'event_types',
        'enabled',
        'disabled_reason',
        'retry_policy',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'whk_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'webhook' },
        url: { type: 'string' },
        description: { type: 'string' },
        event_types: { type: 'array', items: { type: 'string' } },
        enabled: { type: 'boolean' },
        disabled_reason: {
          type: ['string', 'null'],
          enum: ['endpoint_gone', 'failing_continuously', 'disabled_by_user', null],
          description:
            '`endpoint_gone`: the endpoint answered 410. `failing_continuously`: every attempt failed for WEBHOOK_DISABLE_AFTER_SECONDS (5 days).',
        },
        disabled_at: nullableTimestamp('When it was disabled.'),
        retry_policy: ref('WebhookRetryPolicy'),
        secret_rotated_at: nullableTimestamp('Last secret rotation.'),
        previous_secret_expires_at: nullableTimestamp(
          'Until when the secret replaced by the last rotation still signs (a second `v1,` signature).',
        ),
        failing_since: nullableTimestamp('Start of the current run of failed attempts; null after any success.'),
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    WebhookWithSecret: {
      allOf: [
        ref('Webhook'),
        {
          type: 'object',
          required: ['secret'],
          properties: {
            secret: {
              type: 'string',
              description: 'The signing secret (`whsec_…`). Shown only in this response: store it now.',
            },
          },
        },
      ],
    },
    WebhookList: listOf('Webhook'),
    CreateWebhookRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['url', 'event_types'],
      properties: webhookWritable,
    },
    UpdateWebhookRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: webhookWritable,
    },
    RotateWebhookSecretRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        grace_period_seconds: gracePeriodSeconds(
          'How long the old secret keeps signing beside the new one (default 86400; 0 ends it at once).',
        ),
      },
    },
    WebhookDeliveryAttempt: {
      type: 'object',
      required: [
        'attempt',
        'attempted_at',
        'outcome',
        'request_headers',
        'response_status',
        'response_body_excerpt',
        'latency_ms',
        'error',
      ],
      properties: {
        attempt: { type: 'integer' },
        attempted_at: timestamp('When the request was sent.'),
        outcome: { type: 'string', enum: ['succeeded', 'retryable', 'retry_after', 'gone', 'refused'] },
        request_headers: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'The headers sent (no secrets: signatures only).',
        },
        response_status: { type: ['integer', 'null'] },
        response_body_excerpt: {
          type: ['string', 'null'],
          description: 'The first 1,024 characters of the response body.',
        },
        latency_ms: { type: 'integer' },
        error: {
          type: ['string', 'null'],
          description: 'Why the attempt failed: status, timeout, connection error, refused destination.',
        },
      },
    },
    WebhookDelivery: {
      type: 'object',
      required: [
        'id',
        'object',
        'webhook_id',
        'event_id',
        'event_type',
        'status',
        'attempt_count',
        'attempts',
        'created_at',
      ],
      properties: {
        id: { type: 'string', example: 'dlv_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'webhook_delivery' },
        webhook_id: { type: 'string' },
        event_id: { type: 'string' },
        event_type: { type: 'string' },
        status: { type: 'string', enum: ['pending', 'retrying', 'succeeded', 'failed'] },
        attempt_count: { type: 'integer' },
        last_response_status: { type: ['integer', 'null'] },
        last_error: { type: ['string', 'null'] },
        last_attempt_at: nullableTimestamp('Last attempt.'),
        redelivery_of: { type: ['string', 'null'], description: 'For a redelivery: the delivery it repeats.' },
        completed_at: nullableTimestamp('When it succeeded or finally failed.'),
        next_attempt_at: nullableTimestamp(
          'While `pending` or `retrying`: when its next attempt is due (the retry policy decides it after each failed attempt).',
        ),
        workflow_id: {
          type: 'string',
          description:
            "The Temporal workflow that delivers it, for operators: its subscription's lane, `webhook_lane/<webhook_id>` (deliveries made before the lanes name their own `webhook_delivery/…` workflow).",
          example: 'webhook_lane/whk_01jd2x0m3f8q4w7e5r6t9y2v1k',
        },
        created_at: timestamp('Creation time.'),
        attempts: { type: 'array', items: ref('WebhookDeliveryAttempt') },
      },
    },
    WebhookDeliveryList: listOf('WebhookDelivery'),
    Event: eventEnvelope({
      type: 'object',
      description: 'The payload; its schema per type is in the `webhooks` section and GET /webhooks/event-types.',
    }),
    EventList: listOf('Event'),
    EventType: {
      type: 'object',
      required: ['object', 'type', 'summary', 'description', 'data_schema'],
      properties: {
        object: { type: 'string', const: 'event_type' },
        type: eventTypeEnum,
        summary: { type: 'string' },
        description: { type: 'string' },
        data_schema: { type: 'object', description: "JSON Schema of the event's `data`." },
      },
    },
    EventTypeList: listOf('EventType'),
    ...Object.fromEntries(EVENT_TYPES.map((t) => [eventSchemaName(t.type), eventEnvelope(t.data, t.type)])),
  },
  paths: {
    '/api/v1/webhooks/event-types': {
      get: {
        operationId: 'listWebhookEventTypes',
        summary: 'List the event catalogue',
        description: 'Every event type that is emitted, with the JSON Schema of its `data`. One page.',
        tags: [tag],
        'x-required-scope': 'webhooks:read',
        responses: { '200': jsonResponse('The catalogue.', ref('EventTypeList')), ...standardErrors() },
      },
    },
    '/api/v1/webhooks': {
      post: {
        operationId: 'createWebhook',
        summary: 'Create a webhook subscription',
        tags: [tag],
        'x-required-scope': 'webhooks:write',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateWebhookRequest'),
              example: {
                url: 'https://hooks.example.com/decision-events',
                event_types: ['scenario.*', 'batch.completed'],
                description: 'Analytics pipeline',
              },
            },
          },
        },
        responses: {
          '201': jsonResponse(
            'The subscription, with its signing secret shown this once.',
            ref('WebhookWithSecret'),
            createdHeaders,
          ),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listWebhooks',
        summary: 'List webhook subscriptions',
        tags: [tag],
        'x-required-scope': 'webhooks:read',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of subscriptions, newest first.', ref('WebhookList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/webhooks/{id}': {
      get: {
        operationId: 'getWebhook',
        summary: 'Get a webhook subscription',
        tags: [tag],
        'x-required-scope': 'webhooks:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The subscription (never its secret).', ref('Webhook')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateWebhook',
        summary: 'Update a webhook subscription',
        description:
          'Change the URL, event types, description, retry policy, or enable/disable it. Deliveries already started keep the policy they started with.',
        tags: [tag],
        'x-required-scope': 'webhooks:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateWebhookRequest'),
              example: { event_types: ['scenario.*'], description: 'Analytics pipeline (scenarios only)' },
            },
          },
        },
        responses: {
          '200': jsonResponse('The updated subscription.', ref('Webhook')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      delete: {
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook subscription',
        description: 'Stops deliveries at once (attempts in flight or scheduled are abandoned).',
        tags: [tag],
        'x-required-scope': 'webhooks:write',
        parameters: [idParameter],
        responses: { '204': { description: 'Deleted.' }, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/webhooks/{id}/rotate-secret': {
      post: {
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret',
        description:
          'Issues a new secret, returned once. During the grace period every delivery carries two signatures, `v1,<new> v1,<old>`, so the ' +
          'receiver can switch over without rejecting anything.',
        tags: [tag],
        'x-required-scope': 'webhooks:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': { schema: ref('RotateWebhookSecretRequest'), example: { grace_period_seconds: 3600 } },
          },
        },
        responses: {
          '200': jsonResponse(
            'The subscription with its new secret, shown this once.',
            ref('WebhookWithSecret'),
            postSuccessHeaders,
          ),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
    },
    '/api/v1/webhooks/{id}/test': {
      post: {
        operationId: 'sendWebhookTest',
        summary: 'Send a test event',
        description:
          'Emits a `webhook.test` event delivered to this subscription only. Follow it in the delivery log. A disabled subscription answers 409.',
        tags: [tag],
        'x-required-scope': 'webhooks:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '202': jsonResponse('The test event, queued for delivery.', ref('Event'), createdHeaders),
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/webhooks/{id}/deliveries': {
      get: {
        operationId: 'listWebhookDeliveries',
        summary: 'List deliveries with their attempts',
        tags: [tag],
        'x-required-scope': 'webhooks:read',
        parameters: [
          idParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'status',
            in: 'query',
            description: 'Only deliveries in this state.',
            schema: { type: 'string', enum: ['pending', 'retrying', 'succeeded', 'failed'] },
          },
          {
            name: 'event_type',
            in: 'query',
            description: 'Only deliveries of this event type.',
            schema: { type: 'string', maxLength: 100 },
          },
          {
            name: 'event_id',
            in: 'query',
            description: 'Only deliveries of this event.',
            schema: { type: 'string', maxLength: 100 },
          },
        ],
        responses: {
          '200': jsonResponse(
            'A page of deliveries, newest first, each with every attempt.',
            ref('WebhookDeliveryList'),
          ),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': {
      post: {
        operationId: 'redeliverWebhookDelivery',
        summary: 'Redeliver an event',
        description:
          "Delivers the delivery's event again (same `webhook-id`, fresh signature and timestamp), as a new delivery with its own retries.",
        tags: [tag],
        'x-required-scope': 'webhooks:write',
        parameters: [idParameter, deliveryIdParameter, parameterRef('IdempotencyKey')],
        responses: {
          '202': jsonResponse('The new delivery.', ref('WebhookDelivery'), createdHeaders),
          ...standardErrors({ notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/events': {
      get: {
        operationId: 'listEvents',
        summary: 'List recent events',
        tags: ['Events'],
        'x-required-scope': 'webhooks:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'type',
            in: 'query',
            description: 'Only events of this type.',
            schema: { type: 'string', enum: EVENT_TYPE_NAMES },
          },
          {
            name: 'created_after',
            in: 'query',
            description: 'Only events created at or after this time.',
            schema: { type: 'string', format: 'date-time' },
          },
        ],
        responses: { '200': jsonResponse('A page of events, newest first.', ref('EventList')), ...standardErrors() },
      },
    },
    // Before /events/{id}, which would otherwise take "stream" for an event id.
    '/api/v1/events/stream': {
      get: {
        operationId: 'streamEvents',
        summary: 'Follow events as they commit (Server-Sent Events)',
        description:
          "The tenant's events as a `text/event-stream`: each event committed after the stream opened (or after `Last-Event-ID` / `after`), in commit order, as " +
          'one message (`id:` the event id, `event:` its type, `data:` the event as `GET /events/{id}` answers it), and a comment line (`: heartbeat`) every ' +
          'EVENT_STREAM_HEARTBEAT_SECONDS. Only events the credentials may read: each family needs its read scope (`decisions:read` for `decision.*`, ' +
          '`scenarios:read` for `scenario.*` and `batch.*`, …; `api_key.*` and `usage.*` need `admin`). A client that reconnects with `Last-Event-ID` ' +
          "(browsers do) misses nothing and receives nothing twice; an id past EVENT_RETENTION_DAYS (or not one of the tenant's events) is a 410. The " +
          'response carries `Cache-Control: no-cache` and `X-Accel-Buffering: no`, so proxies pass each message on at once. A stream ends after ' +
          'EVENT_STREAM_MAX_SECONDS (reconnect with `Last-Event-ID`); streams are bounded per tenant and per API process (503 with `Retry-After`).',
        tags: ['Events'],
        'x-required-scope': 'webhooks:read',
        parameters: [
          {
            name: 'types',
            in: 'query',
            description:
              'Only these event types: comma-separated patterns as a webhook subscription takes them (an exact type, `family.*`, or `*`).',
            schema: { type: 'string', maxLength: 1000 },
            example: 'decision.*,scenario.completed',
          },
          {
            name: 'resource_id',
            in: 'query',
            description:
              "Only events about this resource: an object of the event's `data` with this `id` (`data.decision.id`), or a `…_id` field naming it.",
            schema: { type: 'string', maxLength: 100 },
          },
          {
            name: 'after',
            in: 'query',
            description:
              'Start after this event (`evt_…`), as `Last-Event-ID` does; the header wins when both are sent.',
            schema: { type: 'string', maxLength: 100 },
          },
          {
            name: 'Last-Event-ID',
            in: 'header',
            description:
              'The id of the last event received: the stream resumes after it (EventSource sends it when it reconnects). Not an event id: 422 at `/headers/last-event-id`.',
            schema: { type: 'string', maxLength: 100 },
          },
        ],
        responses: {
          '200': {
            description:
              'The stream: `retry:`, then one message per event (`id`, `event`, `data`) and heartbeat comments, until the client goes away or the stream reaches EVENT_STREAM_MAX_SECONDS.',
            headers: {
              ...successHeaders,
              'Cache-Control': { description: '`no-cache`.', schema: { type: 'string' } },
              'X-Accel-Buffering': {
                description:
                  '`no`: proxies that buffer responses (nginx `proxy_buffering`) pass this one on as it is written.',
                schema: { type: 'string' },
              },
            },
            content: {
              'text/event-stream': {
                schema: { type: 'string' },
                example:
                  'retry: 2000\n\nid: evt_01jd2x0m3f8q4w7e5r6t9y2v1k\nevent: decision.created\ndata: {"id":"evt_01jd2x0m3f8q4w7e5r6t9y2v1k","object":"event","type":"decision.created",…}\n\n: heartbeat\n\n',
              },
            },
          },
          ...standardErrors(),
          '410': streamProblem(
            '`event_stream_position_gone`: `Last-Event-ID` or `after` names an event the tenant no longer has (past EVENT_RETENTION_DAYS) or never had. Open a new stream without it; GET /events lists what is kept.',
          ),
          '422': streamProblem('`validation_failed` at `/headers/last-event-id`: it is not an event id.'),
          '503': {
            ...streamProblem(
              'Postgres is unreachable (`database_unavailable`), or this API process already holds as many streams as it may (`event_stream_capacity_exceeded`: EVENT_STREAM_MAX_PER_TENANT for the tenant, EVENT_STREAM_MAX in all). Retry after `Retry-After` seconds.',
            ),
            headers: {
              'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' },
              'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
            },
          },
        },
      },
    },
    '/api/v1/events/{id}': {
      get: {
        operationId: 'getEvent',
        summary: 'Get an event',
        tags: ['Events'],
        'x-required-scope': 'webhooks:read',
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'Event id (`evt_…`).', schema: { type: 'string' } },
        ],
        responses: { '200': jsonResponse('The event.', ref('Event')), ...standardErrors({ notFound: true }) },
      },
    },
  },
};

/** A problem answer of the event stream's own. */
function streamProblem(description: string) {
  return {
    description,
    headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
    content: { 'application/problem+json': { schema: ref('Problem') } },
  };
}

function eventSchemaName(type: string): string {
  return `Event_${type.replace(/[._]/g, ' ').replace(/(^| )(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`;
}

/** The OpenAPI 3.1 `webhooks` section: one POST per event type, with its payload schema and the signature headers. */
export function webhookEventsSection(): Record<string, unknown> {
  const header = (description: string, example: string) => ({
    required: true,
    description,
    schema: { type: 'string' },
    example,
  });
  return Object.fromEntries(
    EVENT_TYPES.map((t) => [
      t.type,
      {
        post: {
          operationId: `event_${t.type.replace(/\./g, '_')}`,
          summary: t.summary,
          description: t.description,
          tags: [tag],
          security: [],
          parameters: [
            {
              name: 'webhook-id',
              in: 'header',
              ...header('The event id; the same on retries and redeliveries.', 'evt_01jd2x0m3f8q4w7e5r6t9y2v1k'),
            },
            {
              name: 'webhook-timestamp',
              in: 'header',
              ...header('Unix seconds when this attempt was signed.', '1795000000'),
            },
            {
              name: 'webhook-signature',
              in: 'header',
              ...header(
                'One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.',
                'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
              ),
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: ref(eventSchemaName(t.type)) } } },
          responses: {
            '200': { description: 'Any 2xx acknowledges the event.' },
            '410': { description: 'Gone: the subscription is disabled.' },
            '429': { description: 'Retried after `Retry-After` (or on the retry policy without it); 503 alike.' },
          },
        },
      },
    ]),
  );
}
