import { CONNECTOR_TYPES } from '../../integrations/connectors';
import { DATASET_NAME_PATTERN, EMPLOYEE_FIELDS, FIELD_TYPES } from '../../integrations/datasets';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  responseRef,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const idParameter = pathParameter('Integration id (`int_…`).');
const tag = 'Integrations';

const credentials = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', maxLength: 4096 },
  description:
    "Write-only secrets (password, token, API key) as the connector type's `credentials_spec` describes. Stored encrypted; never returned or logged. " +
    'On update, replaces the stored credentials as a whole.',
};

const config = {
  type: 'object',
  description:
    "The configuration, valid against the connector type's `spec` (GET /api/v1/integrations/connector-types); errors name `/config/…`.",
};

const name = { type: 'string', minLength: 1, maxLength: 200 };

const integrationStatus = {
  type: 'string',
  enum: ['active', 'paused'],
  description:
    '`paused`: no syncs (a manual request answers 409 `integration_paused`) and the schedule is paused; `active` resumes both. A sync already running when the integration is paused runs on (cancel it to stop it).',
};

const scheduleSettings = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    cron: {
      type: 'string',
      minLength: 9,
      maxLength: 200,
      description: 'Five-field cron (minute hour day-of-month month day-of-week), e.g. `0 2 * * *`, in `timezone`.',
    },
    interval_seconds: {
      type: 'integer',
      minimum: 1,
      maximum: 31_536_000,
      description:
        "Every this many seconds (at least the server's minimum, INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS, default 300).",
    },
    mode: {
      type: 'string',
      enum: ['full', 'incremental'],
      default: 'incremental',
      description: 'The mode of the syncs the schedule starts.',
    },
    timezone: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone of a cron schedule (default UTC).',
    },
  },
  description:
    'When the integration syncs by itself: exactly one of `cron` and `interval_seconds`. Run by a Temporal Schedule (`integration_schedule/int_…`) ' +
    'whose overlap policy is SKIP; a scheduled run while a sync is queued or running records nothing. `null` removes the schedule.',
};

const scheduleStatus = {
  type: ['string', 'null'],
  enum: ['pending', 'synced', 'error', null],
  description:
    'Whether the Temporal Schedule matches the integration yet. A write that changes the schedule (or pauses, resumes or deletes an integration ' +
    'that has one) is stored and answered at once with `pending`; the schedule is then made to match in the background, retried with back-off ' +
    'until it does (`synced`). `error`: Temporal refused it (see `schedule_error`); it is retried too. `null`: the integration never had a schedule.',
};
const scheduleError = {
  type: ['string', 'null'],
  description: 'Why the last attempt to make the Temporal Schedule match failed (null once it matches).',
};

const schedulePresentation = {
  type: ['object', 'null'],
  required: ['cron', 'interval_seconds', 'mode', 'timezone'],
  properties: {
    cron: { type: ['string', 'null'] },
    interval_seconds: { type: ['integer', 'null'] },
    mode: { type: 'string', enum: ['full', 'incremental'] },
    timezone: { type: ['string', 'null'] },
  },
  description:
    'The configured schedule (null: none). Its live state (paused, next runs) is at GET /integrations/{id}/schedule.',
};

const restExample = {
  name: 'HRIS directory',
  connector_type: 'rest',
  config: {
    base_url: 'https://hris.example.com',
    auth: { type: 'bearer' },
    pagination: { type: 'cursor', cursor_path: 'next_cursor', cursor_param: 'cursor', page_size: 100 },
    streams: [
      {
        name: 'employees',
        path: '/v1/employees',
        records_path: 'data',
        primary_key: ['id'],
        incremental_field: 'updated_at',
        incremental_param: 'updated_since',
      },
    ],
  },
  credentials: { token: 'example-token' },
};

const concatPart = {
  oneOf: [
    { type: 'string', minLength: 1, maxLength: 200, description: 'A source field.' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['literal'],
      properties: { literal: { type: 'string', maxLength: 200 } },
      description: 'A constant text.',
    },
  ],
};

const transform = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'to'],
      properties: { type: { const: 'cast' }, to: { enum: [...FIELD_TYPES] } },
      description:
        'Casts the value: `number`/`integer` (thousands commas allowed), `boolean` (true/false/yes/no/y/n/1/0), `date` (ISO 8601; use `date_format` for anything else), `date-time`, `string`.',
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'format'],
      properties: {
        type: { const: 'date_format' },
        format: {
          type: 'string',
          minLength: 1,
          maxLength: 40,
          description:
            'Parses a date written in this format into `YYYY-MM-DD`. Tokens: `YYYY` (four-digit year), `YY` (two digits: 69–99 → 19xx, 00–68 → 20xx), ' +
            '`MM`/`DD` (two digits), `M`/`D` (one or two digits, so they must be followed by a separator); any other non-letter is a literal. ' +
            'Strict: the whole value must match, and the date must exist. E.g. `MM/DD/YYYY`, `DD.MM.YYYY`, `YYYYMMDD`, `M/D/YY`.',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'values'],
      properties: {
        type: { const: 'value_map' },
        values: {
          type: 'object',
          maxProperties: 500,
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
          description: 'Source value → target value (`{"FT": "full_time"}`).',
        },
        default_value: {
          type: ['string', 'number', 'boolean', 'null'],
          description: 'What a non-empty value not in `values` becomes; without it, such values pass unchanged.',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'fields'],
      properties: {
        type: { const: 'concat' },
        fields: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: concatPart,
          description: 'Source fields (strings) and literals (`{"literal": "…"}`), in order.',
        },
        separator: {
          type: 'string',
          maxLength: 20,
          description: 'Put between the non-empty parts (empty parts are skipped); none by default.',
        },
      },
      description: 'Replaces the value with the parts joined; null when every part is empty.',
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'expression'],
      properties: {
        type: { const: 'expression' },
        expression: {
          type: 'string',
          minLength: 1,
          maxLength: 2000,
          description:
            'zen-engine (the JDM models\' language) with `value` and `record` in scope, e.g. `value * 12` or `record.first + " " + record.last`. Evaluated off the API\'s event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming this expression.',
        },
      },
    },
  ],
};

const fieldMappingBody = {
  type: 'object',
  additionalProperties: false,
  required: ['stream', 'target', 'fields'],
  properties: {
    stream: { type: 'string', minLength: 1, maxLength: 63, description: "The integration's stream to map." },
    target: {
      type: 'string',
      pattern: DATASET_NAME_PATTERN,
      description:
        'The target dataset: the built-in `employees` (fields: ' +
        Object.keys(EMPLOYEE_FIELDS).join(', ') +
        ') or one the tenant defined (POST /api/v1/datasets).',
    },
    fields: {
      type: 'object',
      minProperties: 1,
      maxProperties: 100,
      description:
        'Per target field: `source` (the source field, a rename), `transforms` applied in order, a `default` for what is still empty, then a cast to ' +
        "the target field's type. The dataset's primary key (`employee_id` for `employees`) is required.",
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          source: { type: 'string', minLength: 1, maxLength: 200 },
          transforms: { type: 'array', maxItems: 10, items: transform },
          default: { type: ['string', 'number', 'boolean'] },
        },
      },
    },
  },
};

const fieldMappingExample = {
  stream: 'employees',
  target: 'employees',
  fields: {
    employee_id: { source: 'id' },
    name: { transforms: [{ type: 'concat', fields: ['first_name', 'last_name'], separator: ' ' }] },
    start_date: { source: 'hire_date', transforms: [{ type: 'date_format', format: 'MM/DD/YYYY' }] },
    employment_type: {
      source: 'type',
      transforms: [{ type: 'value_map', values: { FT: 'full_time', PT: 'part_time' }, default_value: 'other' }],
    },
    salary: {
      source: 'monthly_pay',
      transforms: [
        { type: 'cast', to: 'number' },
        { type: 'expression', expression: 'value * 12' },
      ],
    },
    status: { default: 'active' },
  },
};

export const integrationsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Connections to source systems (HRIS and data warehouses). A connector type publishes the JSON Schema of its configuration (`spec`) and of ' +
        'its credentials; an integration is one configured connection. `check` tests it, `discover` lists its streams and their fields. ' +
        'Destinations follow the webhook rules: public addresses only (plus the development allow-list). Needs `integrations:read` / `integrations:write`.',
    },
  ],
  schemas: {
    ConnectorType: {
      type: 'object',
      required: ['object', 'type', 'title', 'description', 'spec', 'credentials_spec'],
      properties: {
        object: { type: 'string', const: 'connector_type' },
        type: { type: 'string', enum: CONNECTOR_TYPES },
        title: { type: 'string' },
        description: { type: 'string' },
        spec: { type: 'object', description: 'JSON Schema (2020-12) of `config`.' },
        credentials_spec: { type: 'object', description: 'JSON Schema of `credentials`.' },
      },
    },
    ConnectorTypeList: listOf('ConnectorType'),
    Integration: {
      type: 'object',
      required: [
        'id',
        'object',
        'name',
        'connector_type',
        'config',
        'has_credentials',
        'status',
        'schedule',
        'schedule_status',
        'schedule_error',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'int_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'integration' },
        name: { type: 'string' },
        connector_type: { type: 'string', enum: CONNECTOR_TYPES },
        config: { type: 'object', description: "The configuration, with the spec's defaults filled in." },
        has_credentials: { type: 'boolean', description: 'Whether credentials are stored (they are never returned).' },
        status: integrationStatus,
        schedule: schedulePresentation,
        schedule_status: scheduleStatus,
        schedule_error: scheduleError,
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    IntegrationList: listOf('Integration'),
    CreateIntegrationRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'connector_type', 'config'],
      properties: {
        name,
        connector_type: { type: 'string', enum: CONNECTOR_TYPES },
        config,
        credentials,
        status: integrationStatus,
        schedule: scheduleSettings,
      },
    },
    UpdateIntegrationRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { name, config, credentials, status: integrationStatus, schedule: scheduleSettings },
    },
    IntegrationSchedule: {
      type: 'object',
      required: [
        'object',
        'integration_id',
        'schedule_id',
        'cron',
        'interval_seconds',
        'mode',
        'timezone',
        'schedule_status',
        'schedule_error',
        'paused',
        'next_run_times',
        'recent_runs',
        'runs_started',
        'runs_skipped_overlap',
      ],
      properties: {
        object: { type: 'string', const: 'integration_schedule' },
        integration_id: { type: 'string' },
        schedule_id: {
          type: 'string',
          description:
            'The Temporal Schedule (`integration_schedule/int_…`; search attributes TenantId, ResourceType `integration_schedule`, ResourceId).',
        },
        cron: { type: ['string', 'null'] },
        interval_seconds: { type: ['integer', 'null'] },
        mode: { type: 'string', enum: ['full', 'incremental'] },
        timezone: { type: ['string', 'null'] },
        schedule_status: scheduleStatus,
        schedule_error: scheduleError,
        paused: { type: 'boolean', description: 'Paused with the integration.' },
        next_run_times: {
          type: 'array',
          items: { type: 'string', format: 'date-time' },
          description: 'The next times the schedule will start a sync (none while paused).',
        },
        recent_runs: {
          type: 'array',
          items: {
            type: 'object',
            required: ['scheduled_at', 'started_at', 'workflow_id'],
            properties: {
              scheduled_at: timestamp('When the run was due.'),
              started_at: timestamp('When Temporal started it.'),
              workflow_id: {
                type: 'string',
                description: "The scheduled run's workflow; the sync it stored (if any) lists `trigger: schedule`.",
              },
            },
          },
        },
        runs_started: { type: 'integer', minimum: 0 },
        runs_skipped_overlap: {
          type: 'integer',
          minimum: 0,
          description: 'Runs Temporal skipped because the previous scheduled run was still going.',
        },
      },
      example: {
        object: 'integration_schedule',
        integration_id: 'int_01jd2x0m3f8q4w7e5r6t9y2v1k',
        schedule_id: 'integration_schedule/int_01jd2x0m3f8q4w7e5r6t9y2v1k',
        cron: '0 2 * * *',
        interval_seconds: null,
        mode: 'incremental',
        timezone: 'Europe/Berlin',
        schedule_status: 'synced',
        schedule_error: null,
        paused: false,
        next_run_times: ['2026-11-24T01:00:00.000Z', '2026-11-25T01:00:00.000Z'],
        recent_runs: [
          {
            scheduled_at: '2026-11-23T01:00:00.000Z',
            started_at: '2026-11-23T01:00:00.120Z',
            workflow_id: 'integration_schedule/int_01jd2x0m3f8q4w7e5r6t9y2v1k-2026-11-23T01:00:00Z',
          },
        ],
        runs_started: 1,
        runs_skipped_overlap: 0,
      },
    },
    ConnectionCheck: {
      type: 'object',
      required: ['object', 'integration_id', 'status', 'message', 'latency_ms'],
      properties: {
        object: { type: 'string', const: 'connection_check' },
        integration_id: { type: 'string' },
        status: { type: 'string', enum: ['succeeded', 'failed'] },
        message: {
          type: ['string', 'null'],
          description: 'Why it failed (unreachable, refused destination, rejected credentials, bad query).',
        },
        latency_ms: { type: 'integer' },
      },
    },
    PutFieldMappingRequest: fieldMappingBody,
    FieldMapping: {
      type: 'object',
      required: ['object', 'integration_id', 'version', 'stream', 'target', 'fields', 'created_by', 'created_at'],
      properties: {
        object: { type: 'string', const: 'field_mapping' },
        integration_id: { type: 'string' },
        version: { type: 'integer', minimum: 1, description: 'Each PUT adds the next version.' },
        stream: { type: 'string' },
        target: { type: 'string' },
        fields: { type: 'object' },
        created_by: ref('Actor'),
        created_at: timestamp('When this version was saved.'),
      },
    },
    ValidateFieldMappingRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['mapping'],
      properties: {
        mapping: ref('PutFieldMappingRequest'),
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'Records to preview (default 10).' },
      },
    },
    FieldMappingValidation: {
      type: 'object',
      required: ['object', 'integration_id', 'records_read', 'records_rejected', 'preview'],
      properties: {
        object: { type: 'string', const: 'field_mapping_validation' },
        integration_id: { type: 'string' },
        records_read: { type: 'integer' },
        records_rejected: { type: 'integer' },
        preview: {
          type: 'array',
          items: {
            type: 'object',
            required: ['source_record', 'record', 'errors'],
            properties: {
              source_record: { type: 'object' },
              record: { type: ['object', 'null'], description: 'The mapped record; null when it would be rejected.' },
              errors: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['path', 'message'],
                  properties: { path: { type: 'string' }, message: { type: 'string' } },
                },
                description: 'Why the record would be rejected: `path` names the target field.',
              },
            },
          },
        },
      },
    },
    Catalog: {
      type: 'object',
      required: ['object', 'integration_id', 'streams'],
      properties: {
        object: { type: 'string', const: 'catalog' },
        integration_id: { type: 'string' },
        streams: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'fields', 'primary_key', 'cursor_field', 'supported_sync_modes'],
            properties: {
              name: { type: 'string' },
              fields: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'type'],
                  properties: {
                    name: { type: 'string' },
                    type: {
                      type: 'string',
                      enum: [
                        'string',
                        'number',
                        'integer',
                        'boolean',
                        'date',
                        'date-time',
                        'object',
                        'array',
                        'unknown',
                      ],
                    },
                  },
                },
              },
              primary_key: { type: 'array', items: { type: 'string' } },
              cursor_field: { type: ['string', 'null'] },
              supported_sync_modes: { type: 'array', items: { type: 'string', enum: ['full', 'incremental'] } },
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/integrations/connector-types': {
      get: {
        operationId: 'listConnectorTypes',
        summary: 'List connector types with their specs',
        description: 'Every connector type, with the JSON Schema of its configuration and credentials. One page.',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        responses: { '200': jsonResponse('The connector types.', ref('ConnectorTypeList')), ...standardErrors() },
      },
    },
    '/api/v1/integrations': {
      post: {
        operationId: 'createIntegration',
        summary: 'Create an integration',
        description:
          "Validates `config` against the connector type's spec and `credentials` against its credentials spec; does not connect (see `check`). " +
          'With a `schedule`, the answer does not wait for Temporal: `schedule_status` is `pending` until the Temporal Schedule has been created ' +
          '(in the background, retried until it is). A cron Temporal could not run is refused here (422 naming `/schedule/cron`).',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('CreateIntegrationRequest'), example: restExample } },
        },
        responses: {
          '201': jsonResponse('The integration (never its credentials).', ref('Integration'), createdHeaders),
          ...standardErrors({ body: true }),
        },
      },
      get: {
        operationId: 'listIntegrations',
        summary: 'List integrations',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of integrations, newest first.', ref('IntegrationList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/integrations/{id}': {
      get: {
        operationId: 'getIntegration',
        summary: 'Get an integration',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The integration (never its credentials).', ref('Integration')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateIntegration',
        summary: 'Update an integration',
        description:
          'Renames it, replaces its configuration (validated like on create) or replaces its credentials; sets, replaces or (with `null`) removes its ' +
          'schedule; pauses or resumes it (`status`), which pauses or resumes the schedule. The connector type cannot change. A change that affects ' +
          'the schedule is stored and answered at once with `schedule_status: pending`; the Temporal Schedule follows in the background (retried ' +
          'with back-off while Temporal is slow or away) and `schedule_status` becomes `synced`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateIntegrationRequest'),
              examples: {
                rename: { summary: 'Rename', value: { name: 'HRIS directory (production)' } },
                schedule: {
                  summary: 'Sync nightly at 02:00 Berlin time',
                  value: { schedule: { cron: '0 2 * * *', mode: 'incremental', timezone: 'Europe/Berlin' } },
                },
                pause: { summary: 'Pause (no syncs; the schedule pauses)', value: { status: 'paused' } },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The updated integration.', ref('Integration')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      delete: {
        operationId: 'deleteIntegration',
        summary: 'Delete an integration',
        description:
          'Its stored credentials are erased with it; its Temporal Schedule is deleted in the background (retried until it is, also while Temporal is away). A sync already running finishes.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter],
        responses: { '204': { description: 'Deleted.' }, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/integrations/{id}/schedule': {
      get: {
        operationId: 'getIntegrationSchedule',
        summary: "Get the integration's schedule as Temporal runs it",
        description:
          'The configured schedule with its live state from the Temporal Schedule: paused or not, the next run times, the recent runs, and ' +
          '`schedule_status` (`pending` while Temporal does not match the integration yet). 404 when the integration has no schedule.',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The schedule.', ref('IntegrationSchedule')),
          ...standardErrors({ notFound: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/integrations/{id}/check': {
      post: {
        operationId: 'checkIntegration',
        summary: 'Test the connection',
        description:
          'Connects to the source with the stored configuration and credentials. A source that cannot be reached is a `failed` check (200), not an error; ' +
          'stored credentials that the configured key cannot open (the key changed) answer 422 naming `/credentials`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The outcome of the check.', ref('ConnectionCheck'), postSuccessHeaders),
          ...standardErrors({ notFound: true }),
          '422': responseRef('UnprocessableContent'),
        },
      },
    },
    '/api/v1/integrations/{id}/field-mappings': {
      get: {
        operationId: 'getIntegrationFieldMapping',
        summary: 'Get the current field mapping',
        description: 'The latest version; 404 until one is saved.',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The current version.', ref('FieldMapping')),
          ...standardErrors({ notFound: true }),
        },
      },
      put: {
        operationId: 'putIntegrationFieldMapping',
        summary: 'Save the field mapping as its next version',
        description:
          'Checks the mapping (stream, target fields, `employee_id` mapped, expressions parse) and saves it as the next version; earlier versions are kept.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('PutFieldMappingRequest'), example: fieldMappingExample } },
        },
        responses: {
          '200': jsonResponse('The new version.', ref('FieldMapping')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
    },
    '/api/v1/integrations/{id}/field-mappings/validate': {
      post: {
        operationId: 'validateIntegrationFieldMapping',
        summary: 'Preview a field mapping',
        description:
          "Checks the mapping against the stream's discovered fields (422 naming `/mapping/…`), then maps the first `limit` source records and " +
          'returns each with its mapped form or the reasons it would be rejected. Saves nothing. A source that cannot be read answers 422 `connector_failed`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('ValidateFieldMappingRequest'),
              example: {
                mapping: {
                  stream: 'people',
                  target: 'employees',
                  fields: {
                    employee_id: { source: 'id' },
                    start_date: { source: 'updated_at', transforms: [{ type: 'cast', to: 'date' }] },
                    status: { default: 'active' },
                  },
                },
                limit: 5,
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The preview.', ref('FieldMappingValidation'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
    },
    '/api/v1/integrations/{id}/discover': {
      post: {
        operationId: 'discoverIntegration',
        summary: 'Discover streams and fields',
        description:
          "Reads the source's streams and their fields with types (Postgres: the column types; REST: inferred from the first page). " +
          'A source that cannot be read answers 422 `connector_failed`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        responses: {
          '200': jsonResponse('The streams.', ref('Catalog'), postSuccessHeaders),
          ...standardErrors({ notFound: true }),
          '422': responseRef('UnprocessableContent'),
        },
      },
    },
  },
};
