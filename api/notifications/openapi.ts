import {
  CHAT_FORMATS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_STATUSES,
} from '../../core/notification-kinds';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  nullableTimestamp,
  parameterRef,
  pathParameter,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const tag = 'Notifications';
const kind = { type: 'string', enum: NOTIFICATION_KIND_NAMES };
const idParameter = pathParameter('Chat destination id (`chd_…`).');
const notificationIdParameter = pathParameter('Notification id (`ntf_…`).');
const kpiIdParameter = pathParameter('KPI id (`kpi_…`).');

const chatDestinationWritable = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  format: {
    type: 'string',
    enum: CHAT_FORMATS,
    description:
      '`slack`: a Slack incoming webhook (Block Kit). `teams`: a Microsoft Teams Workflows webhook (Adaptive Card).',
  },
  url: {
    type: 'string',
    format: 'uri',
    maxLength: 2000,
    description:
      "The incoming-webhook URL. Checked by the webhooks' destination rules (https; no private addresses). Never shown again: it is a credential.",
  },
  kinds: {
    type: 'array',
    uniqueItems: true,
    maxItems: NOTIFICATION_KIND_NAMES.length,
    items: kind,
    description: 'The kinds posted to it.',
  },
  enabled: { type: 'boolean' },
};

const notificationListParameters = [
  parameterRef('Limit'),
  parameterRef('Cursor'),
  {
    name: 'status',
    in: 'query' as const,
    description: 'Only notifications in this state.',
    schema: { type: 'string', enum: NOTIFICATION_STATUSES.filter((s) => s !== 'digested') },
  },
  {
    name: 'channel',
    in: 'query' as const,
    description: 'Only this channel.',
    schema: { type: 'string', enum: NOTIFICATION_CHANNELS },
  },
  {
    name: 'kind',
    in: 'query' as const,
    description: 'Only this kind (`invitation` and `digest` included).',
    schema: { type: 'string', maxLength: 64 },
  },
];

const kpiWatchersResponse = jsonResponse("The KPI's watchers.", ref('KpiWatchers'));

export const notificationsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Email and chat notifications to people: a step awaiting their approval, an overdue step, their decision decided, a mention, a model ' +
        'review, a KPI alert, operations for admins, and invitations. Each person chooses per kind: `immediate`, `digest` (one email a day at ' +
        'NOTIFICATION_DIGEST_HOUR in their time zone) or `off`; an admin may make kinds mandatory (not `off`). Every email has a one-click ' +
        "unsubscribe (RFC 8058) for its kind, unless mandatory. The log shows each notification's status: `pending`, `sending`, `sent`, `failed` " +
        '(the server refused it for good, or attempts ran out), `cancelled`.',
    },
  ],
  schemas: {
    NotificationPreferences: {
      type: 'object',
      required: ['object', 'time_zone', 'kinds'],
      properties: {
        object: { type: 'string', const: 'notification_preferences' },
        time_zone: {
          type: 'string',
          description: "IANA time zone: dates in messages and the digest's day.",
          example: 'Europe/Berlin',
        },
        kinds: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'title', 'description', 'default', 'mandatory', 'chosen', 'delivery'],
            properties: {
              kind,
              title: { type: 'string' },
              description: { type: 'string' },
              default: { type: 'string', enum: NOTIFICATION_DELIVERIES },
              mandatory: { type: 'boolean', description: 'The tenant made it mandatory: `off` is not possible.' },
              chosen: {
                type: ['string', 'null'],
                enum: [...NOTIFICATION_DELIVERIES, null],
                description: "The person's choice; null: the default.",
              },
              delivery: { type: 'string', enum: NOTIFICATION_DELIVERIES, description: 'What applies.' },
            },
          },
        },
      },
    },
    UpdateNotificationPreferencesRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        time_zone: { type: 'string', minLength: 1, maxLength: 64, example: 'Europe/Berlin' },
        preferences: {
          type: 'object',
          description: 'Kind → `immediate`, `digest` or `off`. Kinds not named keep their setting.',
          propertyNames: { maxLength: 64 },
          additionalProperties: { type: 'string', enum: NOTIFICATION_DELIVERIES },
          example: { kpi_alert: 'digest', mention: 'off' },
        },
      },
    },
    Notification: {
      type: 'object',
      required: [
        'id',
        'object',
        'channel',
        'kind',
        'user_id',
        'chat_destination_id',
        'recipient',
        'subject',
        'event_id',
        'event_type',
        'delivery',
        'status',
        'attempts',
        'last_error',
        'last_response_code',
        'digest_id',
        'due_at',
        'sent_at',
        'created_at',
      ],
      properties: {
        id: {
          type: 'string',
          example: 'ntf_01jd2x0m3f8q4w7e5r6t9y2v1k',
          description: "Also the email's Message-ID (`<ntf_…@host>`).",
        },
        object: { type: 'string', const: 'notification' },
        channel: { type: 'string', enum: NOTIFICATION_CHANNELS },
        kind: { type: 'string', description: 'A notification kind, `invitation` or `digest`.' },
        user_id: { type: ['string', 'null'], description: 'The member it is for (email).' },
        chat_destination_id: { type: ['string', 'null'] },
        recipient: { type: 'string', description: "The email address, or the chat destination's host." },
        subject: { type: 'string' },
        event_id: { type: ['string', 'null'], description: 'The event it tells of.' },
        event_type: { type: ['string', 'null'] },
        delivery: { type: 'string', enum: ['immediate', 'digest'] },
        status: { type: 'string', enum: NOTIFICATION_STATUSES },
        attempts: { type: 'integer' },
        last_error: { type: ['string', 'null'], description: "The server's answer to the last failed attempt." },
        last_response_code: {
          type: ['integer', 'null'],
          description: 'The SMTP reply code (or HTTP status for chat) of the last attempt.',
        },
        digest_id: { type: ['string', 'null'], description: 'For an item that went out in a digest: that digest.' },
        due_at: timestamp("When it is (or was) due: now, a retry's time, or the digest's hour."),
        sent_at: nullableTimestamp('When the server accepted it.'),
        created_at: timestamp('Creation time.'),
      },
    },
    NotificationList: listOf('Notification'),
    NotificationSettings: {
      type: 'object',
      required: ['object', 'mandatory_kinds'],
      properties: {
        object: { type: 'string', const: 'notification_settings' },
        mandatory_kinds: { type: 'array', items: kind },
      },
    },
    UpdateNotificationSettingsRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['mandatory_kinds'],
      properties: {
        mandatory_kinds: { type: 'array', uniqueItems: true, maxItems: NOTIFICATION_KIND_NAMES.length, items: kind },
      },
    },
    ChatDestination: {
      type: 'object',
      required: [
        'id',
        'object',
        'name',
        'format',
        'url_host',
        'kinds',
        'enabled',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'chd_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'chat_destination' },
        name: { type: 'string' },
        format: { type: 'string', enum: CHAT_FORMATS },
        url_host: {
          type: 'string',
          description: "The webhook URL's host (the URL itself is a credential and is not shown).",
        },
        kinds: { type: 'array', items: kind },
        enabled: { type: 'boolean' },
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    ChatDestinationList: listOf('ChatDestination'),
    CreateChatDestinationRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'format', 'url', 'kinds'],
      properties: chatDestinationWritable,
    },
    UpdateChatDestinationRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: chatDestinationWritable,
    },
    KpiWatchers: {
      type: 'object',
      required: ['object', 'kpi_id', 'data'],
      properties: {
        object: { type: 'string', const: 'kpi_watchers' },
        kpi_id: { type: 'string' },
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['user_id', 'since'],
            properties: { user_id: { type: 'string' }, since: timestamp('Watching since.') },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/me/notification-preferences': {
      get: {
        operationId: 'getNotificationPreferences',
        'x-user-actor-required': true,
        summary: 'Your notification preferences',
        description:
          "Per kind: its default, whether the tenant made it mandatory, your choice and what applies; and your time zone. A person's credentials only (422 for API keys and OAuth clients).",
        tags: [tag],
        'x-required-scope': 'none',
        responses: {
          '200': jsonResponse('Your preferences.', ref('NotificationPreferences')),
          ...standardErrors({ body: true }),
        },
      },
      patch: {
        operationId: 'updateNotificationPreferences',
        'x-user-actor-required': true,
        summary: 'Change your notification preferences',
        description: 'Turning a kind `off` also cancels notifications of that kind still waiting for your digest.',
        tags: [tag],
        'x-required-scope': 'none',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateNotificationPreferencesRequest'),
              example: { time_zone: 'Europe/Berlin', preferences: { kpi_alert: 'digest' } },
            },
          },
        },
        responses: {
          '200': jsonResponse('Your preferences.', ref('NotificationPreferences')),
          ...standardErrors({ body: true }),
        },
      },
    },
    '/api/v1/me/notifications': {
      get: {
        operationId: 'listMyNotifications',
        'x-user-actor-required': true,
        summary: 'Your notifications',
        description:
          'What was sent to you (or waits), newest first. Items that went out in a digest are listed under the digest.',
        tags: [tag],
        'x-required-scope': 'none',
        parameters: notificationListParameters,
        responses: {
          '200': jsonResponse('A page of your notifications.', ref('NotificationList')),
          ...standardErrors({ body: true }),
        },
      },
    },
    '/api/v1/notifications': {
      get: {
        operationId: 'listNotifications',
        summary: "The tenant's notification log",
        description:
          "Every notification of the tenant, newest first: what, to whom, when, on which channel, and what became of it (`failed` ones carry the server's answer).",
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [
          ...notificationListParameters,
          {
            name: 'user_id',
            in: 'query' as const,
            description: "Only this member's.",
            schema: { type: 'string', maxLength: 100 },
          },
        ],
        responses: { '200': jsonResponse('A page of notifications.', ref('NotificationList')), ...standardErrors() },
      },
    },
    '/api/v1/notifications/{id}': {
      get: {
        operationId: 'getNotification',
        summary: 'A notification',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [notificationIdParameter],
        responses: {
          '200': jsonResponse('The notification.', ref('Notification')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/notification-settings': {
      get: {
        operationId: 'getNotificationSettings',
        summary: "The tenant's notification settings",
        tags: [tag],
        'x-required-scope': 'admin',
        responses: { '200': jsonResponse('The settings.', ref('NotificationSettings')), ...standardErrors() },
      },
      put: {
        operationId: 'updateNotificationSettings',
        summary: 'Make kinds mandatory',
        description:
          'People cannot turn a mandatory kind off (they may still choose immediate or digest), and its emails carry no unsubscribe link.',
        tags: [tag],
        'x-required-scope': 'admin',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateNotificationSettingsRequest'),
              example: { mandatory_kinds: ['approval_requested', 'approval_reminder'] },
            },
          },
        },
        responses: {
          '200': jsonResponse('The settings.', ref('NotificationSettings')),
          ...standardErrors({ body: true }),
        },
      },
    },
    '/api/v1/chat-destinations': {
      post: {
        operationId: 'createChatDestination',
        summary: 'Post notifications to a chat channel',
        description:
          "A Slack or Microsoft Teams incoming webhook that receives the tenant's notifications of the kinds chosen (one message per event).",
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateChatDestinationRequest'),
              example: {
                name: 'Approvals channel',
                format: 'slack',
                url: 'https://hooks.slack.com/services/T000/B000/XXXX',
                kinds: ['approval_requested', 'kpi_alert'],
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('The destination.', ref('ChatDestination'), createdHeaders),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listChatDestinations',
        summary: 'List chat destinations',
        tags: [tag],
        'x-required-scope': 'admin',
        responses: {
          '200': jsonResponse('Every destination (one page).', ref('ChatDestinationList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/chat-destinations/{id}': {
      get: {
        operationId: 'getChatDestination',
        summary: 'A chat destination',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The destination.', ref('ChatDestination')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateChatDestination',
        summary: 'Change a chat destination',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateChatDestinationRequest'),
              example: { kinds: ['approval_requested', 'approval_reminder', 'kpi_alert'], enabled: true },
            },
          },
        },
        responses: {
          '200': jsonResponse('The destination.', ref('ChatDestination')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      delete: {
        operationId: 'deleteChatDestination',
        summary: 'Remove a chat destination',
        description: 'Its messages not yet sent are cancelled.',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: { '204': { description: 'Removed.' }, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/kpis/{id}/watchers': {
      get: {
        operationId: 'listKpiWatchers',
        summary: 'Who watches a KPI',
        description: "Watchers (and the KPI's owner) are told of its alerts: firing, firing again, resolved.",
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [kpiIdParameter],
        responses: { '200': kpiWatchersResponse, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/kpis/{id}/watch': {
      post: {
        operationId: 'watchKpi',
        'x-user-actor-required': true,
        summary: 'Watch a KPI',
        description: "You (a person) are told of the KPI's alerts. Watching twice is watching once.",
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [kpiIdParameter, parameterRef('IdempotencyKey')],
        responses: { '200': kpiWatchersResponse, ...standardErrors({ body: true, notFound: true }) },
      },
    },
    '/api/v1/kpis/{id}/unwatch': {
      post: {
        operationId: 'unwatchKpi',
        'x-user-actor-required': true,
        summary: 'Stop watching a KPI',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [kpiIdParameter, parameterRef('IdempotencyKey')],
        responses: { '200': kpiWatchersResponse, ...standardErrors({ body: true, notFound: true }) },
      },
    },
  },
};
