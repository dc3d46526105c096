import { SYNC_STATUSES } from '../../db/records/integration-sync';
import { DATASET_NAME_PATTERN } from '../../integrations/datasets';
import { asOfParameter, asOfSchema, datasetFilterParameter } from './openapi-datasets';
import {
  createdHeaders,
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  postSuccessHeaders,
  ref,
  standardErrors,
  timestamp,
  nullableTimestamp,
  type DocumentPart,
  longPoll,
} from '../openapi/common';

const syncTag = 'Integrations';
const datasetTag = 'Datasets';
const idParameter = pathParameter('The integration id (`int_…`).');
const syncIdParameter = pathParameter('The sync id (`syn_…`).', 'sync_id');
const datasetParameter = {
  ...pathParameter('The dataset name (`employees` or a tenant-defined one).', 'name'),
  schema: { type: 'string', pattern: DATASET_NAME_PATTERN },
};
const count = { type: 'integer', minimum: 0 } as const;

const syncExample = {
  id: 'syn_01jd3m2n4p5q6r7s8t9v0w1x2y',
  object: 'integration_sync',
  integration_id: 'int_01jd3k9x7y8z0a1b2c3d4e5f6g',
  status: 'partially_completed',
  mode: 'full',
  dataset: 'employees',
  stream: 'employees',
  mapping_version: 2,
  page_size: 500,
  counts: { read: 1200, inserted: 1190, updated: 0, unchanged: 0, rejected: 10, deleted: 3 },
  pages_committed: 3,
  error: null,
  upload_id: null,
  field_fill_rates: { employee_id: 1, name: 1, start_date: 0.12 },
  warnings: [{ code: 'fill_rate_dropped', field: 'start_date', previous: 0.98, current: 0.12 }],
  trigger: 'api',
  workflow_id: 'integration_sync/syn_01jd3m2n4p5q6r7s8t9v0w1x2y',
  created_by: { type: 'api_key', id: 'key_01jd3k9x7y8z0a1b2c3d4e5f6g' },
  cancelled_by: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:09.000Z',
  started_at: '2026-11-23T10:00:01.000Z',
  completed_at: '2026-11-23T10:00:09.000Z',
  duration_ms: 8000,
};

export const integrationSyncsPart: DocumentPart = {
  tags: [
    {
      name: datasetTag,
      description:
        "The tenant's synced datasets (today the canonical `employees` dataset), written by integration syncs: the current version of " +
        'each record by primary key. A record a full sync no longer finds is kept and flagged (`deleted_at`), and left out of reads ' +
        'unless `include_deleted=true`. Reading needs `integrations:read`.',
    },
  ],
  schemas: {
    CreateIntegrationSyncRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        mode: {
          type: 'string',
          enum: ['full', 'incremental'],
          default: 'incremental',
          description:
            "`full` reads the whole stream and flags the integration's records it did not see as deleted; `incremental` reads from where " +
            'the last finished sync stopped (inclusively: rows sharing the last cursor value are read again and de-duplicated on the primary key).',
        },
        page_size: {
          type: 'integer',
          minimum: 1,
          maximum: 5000,
          default: 1000,
          description: 'Records read per page; each page is committed in one transaction.',
        },
        upload_id: {
          type: 'string',
          description:
            'csv integrations: the upload (`upl_…`) to read; default the latest (422 naming `/upload_id` when there is none, or for other connector types). ' +
            "A csv `full` sync flags the integration's records missing from the file as deleted; `incremental` only upserts the file's rows.",
        },
      },
    },
    IntegrationSync: {
      type: 'object',
      required: [
        'id',
        'object',
        'integration_id',
        'status',
        'mode',
        'dataset',
        'stream',
        'mapping_version',
        'page_size',
        'counts',
        'pages_committed',
        'error',
        'upload_id',
        'field_fill_rates',
        'warnings',
        'trigger',
        'workflow_id',
        'created_by',
        'cancelled_by',
        'created_at',
        'updated_at',
        'started_at',
        'completed_at',
        'duration_ms',
      ],
      properties: {
        id: { type: 'string', description: '`syn_…`' },
        object: { type: 'string', const: 'integration_sync' },
        integration_id: { type: 'string' },
        status: {
          type: 'string',
          enum: [...SYNC_STATUSES],
          description:
            '`queued` → `syncing` → `completed`, or `partially_completed` (some records rejected by the mapping, see the rejections; or a ' +
            "mapped field's fill rate dropped sharply, see `warnings`), or `failed` (`error` says why; pages committed before stay), or " +
            '`cancelled` (POST …/cancel; pages committed before stay, and the next incremental sync continues from its last committed page).',
        },
        mode: { type: 'string', enum: ['full', 'incremental'] },
        dataset: { type: 'string', description: 'The target dataset (`employees` or a tenant-defined one).' },
        stream: { type: 'string', description: 'The source stream the field mapping reads.' },
        mapping_version: {
          type: 'integer',
          minimum: 1,
          description: 'The field-mapping version this sync applies (the latest when it was requested).',
        },
        page_size: { type: 'integer' },
        counts: {
          type: 'object',
          required: ['read', 'inserted', 'updated', 'unchanged', 'rejected', 'deleted'],
          properties: {
            read: { ...count, description: 'Source records read.' },
            inserted: { ...count, description: 'Records new to the dataset.' },
            updated: {
              ...count,
              description: 'Records whose content changed (or that come back after being flagged deleted).',
            },
            unchanged: { ...count, description: 'Records read again with the same content (by content hash).' },
            rejected: { ...count, description: 'Records the mapping refused.' },
            deleted: { ...count, description: "Full syncs: the integration's records not seen, now flagged deleted." },
          },
        },
        pages_committed: {
          ...count,
          description: 'Pages committed so far; a retried attempt resumes after the last one.',
        },
        error: {
          type: ['object', 'null'],
          required: ['code', 'detail'],
          properties: {
            code: { type: 'string', description: '`sync_failed` or `sync_cancelled`.' },
            detail: { type: 'string' },
          },
        },
        field_fill_rates: {
          type: 'object',
          additionalProperties: { type: 'number', minimum: 0, maximum: 1 },
          description:
            'Per mapped target field, the share of mapped records that had a value (not null, not blank), over the pages committed so far.',
        },
        warnings: {
          type: 'array',
          description:
            "Data-quality warnings: `fill_rate_dropped` when a mapped field's fill rate fell by more than SYNC_FILL_RATE_DROP_POINTS percentage points " +
            "(default 30) against the previous completed sync of the integration's stream, where that rate was at least SYNC_FILL_RATE_MIN_PREVIOUS_PERCENT " +
            '(default 50) and this sync mapped at least SYNC_FILL_RATE_MIN_RECORDS records (default 100). Any warning makes the sync `partially_completed`.',
          items: {
            type: 'object',
            required: ['code', 'field', 'previous', 'current'],
            properties: {
              code: { type: 'string', enum: ['fill_rate_dropped'] },
              field: { type: 'string' },
              previous: { type: 'number', minimum: 0, maximum: 1 },
              current: { type: 'number', minimum: 0, maximum: 1 },
            },
          },
        },
        trigger: {
          type: 'string',
          enum: ['api', 'schedule'],
          description: "Requested through the API, or started by the integration's schedule.",
        },
        cancelled_by: {
          oneOf: [ref('Actor'), { type: 'null' }],
          description: 'Who cancelled it (null: not cancelled, or cancelled through Temporal directly).',
        },
        upload_id: {
          type: ['string', 'null'],
          description: 'csv integrations: the upload this sync reads (`upl_…`); null for other connectors.',
        },
        workflow_id: {
          type: 'string',
          description: 'The Temporal workflow running the sync (`integration_sync/syn_…`).',
        },
        created_by: ref('Actor'),
        created_at: timestamp('When the sync was requested.'),
        updated_at: timestamp('Last status or count change.'),
        started_at: nullableTimestamp('When reading began.'),
        completed_at: nullableTimestamp('When it completed or failed.'),
        duration_ms: { type: ['integer', 'null'], description: 'From `started_at` to `completed_at`.' },
      },
      example: syncExample,
    },
    IntegrationSyncList: listOf('IntegrationSync'),
    SyncRejection: {
      type: 'object',
      required: ['object', 'sync_id', 'primary_key', 'source_record', 'errors', 'created_at'],
      properties: {
        object: { type: 'string', const: 'sync_rejection' },
        sync_id: { type: 'string' },
        primary_key: {
          type: ['string', 'null'],
          description: "The record's mapped primary key, when it could be mapped.",
        },
        source_record: {
          type: 'object',
          description:
            'The record as the source returned it; for a CSV row that could not be read as a record, `{ "line": <line number>, "raw": "<the row\'s text, up to 1,000 bytes>" }`.',
        },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
          description: 'Why it was refused: `path` names the target field.',
        },
        created_at: timestamp('When it was read.'),
      },
    },
    SyncRejectionList: listOf('SyncRejection'),
    Dataset: {
      type: 'object',
      required: ['object', 'name', 'primary_key', 'fields', 'records', 'deleted_records', 'updated_at'],
      properties: {
        object: { type: 'string', const: 'dataset' },
        name: { type: 'string' },
        primary_key: { type: 'string' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Field names and their types.',
        },
        records: { ...count, description: 'Records not flagged deleted.' },
        deleted_records: { ...count, description: 'Records flagged deleted by a full sync.' },
        updated_at: nullableTimestamp('When a record last changed; null while the dataset is empty.'),
      },
    },
    DatasetList: listOf('Dataset'),
    DatasetRecord: {
      type: 'object',
      required: [
        'object',
        'dataset',
        'primary_key',
        'data',
        'integration_id',
        'first_seen_sync_id',
        'last_seen_sync_id',
        'deleted_at',
        'created_at',
        'updated_at',
      ],
      properties: {
        object: { type: 'string', const: 'dataset_record' },
        dataset: { type: 'string' },
        primary_key: { type: 'string' },
        data: { type: 'object', description: 'The mapped record.' },
        integration_id: { type: 'string', description: 'The integration that last wrote it.' },
        first_seen_sync_id: { type: 'string' },
        last_seen_sync_id: {
          type: 'string',
          description: 'The last sync that read it (read `as_of` a past point: the sync that wrote the version shown).',
        },
        deleted_at: nullableTimestamp('When a full sync stopped finding it.'),
        created_at: timestamp('When it first arrived.'),
        updated_at: timestamp(
          'When its content last changed (read `as_of` a past point: when the version shown began).',
        ),
      },
    },
    DatasetRecordList: {
      ...listOf('DatasetRecord'),
      required: ['data', 'next_cursor', 'as_of'],
      properties: { ...(listOf('DatasetRecord').properties as Record<string, unknown>), as_of: asOfSchema },
    },
  },
  paths: {
    '/api/v1/integrations/{id}/syncs': {
      post: {
        operationId: 'createIntegrationSync',
        summary: 'Start a sync',
        description:
          "Starts a sync of the integration's mapped stream into its dataset, run by a Temporal workflow, with the latest field-mapping " +
          'version (422 naming `/field_mapping` when none is saved). One sync at a time per integration: while one is queued or running, ' +
          'the request answers 200 with that one instead of starting another. A paused integration answers 409 `integration_paused`.',
        tags: [syncTag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('CreateIntegrationSyncRequest'),
              example: { mode: 'full', page_size: 500 },
            },
          },
        },
        responses: {
          '200': jsonResponse(
            'A sync of this integration is already queued or running: that one.',
            ref('IntegrationSync'),
            postSuccessHeaders,
          ),
          '202': jsonResponse(
            'The sync has been accepted; poll `Location` (it takes `Prefer: wait=N`: a long-poll).',
            ref('IntegrationSync'),
            createdHeaders,
          ),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
      get: {
        operationId: 'listIntegrationSyncs',
        summary: "List an integration's syncs",
        tags: [syncTag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of syncs, newest first.', ref('IntegrationSyncList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/integrations/{id}/syncs/{sync_id}': {
      get: {
        operationId: 'getIntegrationSync',
        summary: 'Get a sync',
        tags: [syncTag],
        'x-required-scope': 'integrations:read',
        description:
          'With `Prefer: wait=N` (up to 60 s) the answer waits until the work has finished or its `status` changed.',
        parameters: [idParameter, syncIdParameter, longPoll.parameter],
        responses: {
          '200': jsonResponse('The sync.', ref('IntegrationSync'), longPoll.headers),
          ...standardErrors({ notFound: true }),
          ...longPoll.errors,
        },
      },
    },
    '/api/v1/integrations/{id}/syncs/{sync_id}/cancel': {
      post: {
        operationId: 'cancelIntegrationSync',
        summary: 'Cancel a queued or running sync',
        description:
          'Marks the sync `cancelled` and cancels its Temporal workflow, whose activity learns it through its heartbeat and stops between two ' +
          'pages. A page being committed at that moment is rolled back whole, never half-applied; pages committed before stay in the dataset, and ' +
          'the counts are those of the committed pages. The read state is kept: the next incremental sync continues from the last committed ' +
          'page. Emits `integration.sync.failed` with `status: cancelled`. 409 `sync_finished` when the sync has already finished; 503 (nothing ' +
          'changed) when Temporal cannot be reached. Takes no body, or `{}`.',
        tags: [syncTag],
        'x-required-scope': 'integrations:write',
        parameters: [idParameter, syncIdParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: { type: 'object', additionalProperties: false, maxProperties: 0 },
              example: {},
            },
          },
        },
        responses: {
          '200': jsonResponse('The cancelled sync.', ref('IntegrationSync'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/integrations/{id}/syncs/{sync_id}/rejections': {
      get: {
        operationId: 'listIntegrationSyncRejections',
        summary: 'List the records a sync rejected',
        tags: [syncTag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter, syncIdParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of rejections, in the order they were read.', ref('SyncRejectionList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/datasets': {
      get: {
        operationId: 'listDatasets',
        summary: 'List datasets',
        description: 'Every dataset a sync can write (one page), with its record counts.',
        tags: [datasetTag],
        'x-required-scope': 'integrations:read',
        responses: { '200': jsonResponse('The datasets.', ref('DatasetList')), ...standardErrors() },
      },
    },
    '/api/v1/datasets/{name}/records': {
      get: {
        operationId: 'listDatasetRecords',
        summary: "List a dataset's records",
        description:
          'In primary-key order, cursor-paged. Records flagged deleted are left out unless `include_deleted=true`. `as_of` reads the ' +
          "dataset as it stood after a sync or at a time (from the records' history); `filter[<field>]` and " +
          '`filter[<field>][<operator>]` keep the records whose fields match (every condition must hold).',
        tags: [datasetTag],
        'x-required-scope': 'integrations:read',
        parameters: [
          datasetParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'include_deleted',
            in: 'query',
            description: '`true`: also records flagged deleted.',
            schema: { type: 'boolean', default: false },
          },
          asOfParameter,
          datasetFilterParameter,
        ],
        responses: {
          '200': jsonResponse('A page of records.', ref('DatasetRecordList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
