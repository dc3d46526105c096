import { AUDIT_DIGEST_JWS_TYPE, AUDIT_EXPORT_CSV_COLUMNS } from '../../core/audit-export-digest';
import { DECISION_STATUSES } from '../../db/records/decision';
import {
  createdHeaders,
  jsonResponse,
  parameterRef,
  pathParameter,
  ref,
  standardErrors,
  successHeaders,
  timestamp,
  nullableTimestamp,
  type DocumentPart,
  longPoll,
} from '../openapi/common';

const tag = 'Audit exports';
const idParameter = pathParameter('The export id (`aex_…`).');
const SHA256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;
const nullableSequence = { type: ['integer', 'null'], minimum: 1 } as const;

const filtersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    occurred_after: { type: 'string', format: 'date-time', description: 'Only records at or after this time.' },
    occurred_before: {
      type: 'string',
      format: 'date-time',
      description: 'Only records before this time; must be later than `occurred_after`.',
    },
    resource_types: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,49}$' },
      description:
        'Only records about these resource types (`api_key`, `oauth_client`, `member`, `decision`, `approval_policy`).',
    },
    decision_statuses: {
      type: 'array',
      minItems: 1,
      maxItems: DECISION_STATUSES.length,
      uniqueItems: true,
      items: { type: 'string', enum: [...DECISION_STATUSES] },
      description:
        'Only records about decisions whose **current** status (when the export is read, not when the record was written) is one of ' +
        'these. Records about anything other than a decision, and about deleted decisions, are left out.',
    },
    decision_tags: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 50 },
      description:
        'Only records about decisions that currently carry **any** of these tags. Records about anything other than a decision, and about ' +
        'deleted decisions, are left out. With `decision_statuses` as well, a decision must match both.',
    },
  },
} as const;

const EXAMPLE_DIGEST = {
  tenant_id: 'ten_01jd3k9x7y8z0a1b2c3d4e5f6g',
  export_id: 'aex_01jd3m2n4p5q6r7s8t9v0w1x2y',
  filters: { resource_types: ['api_key'] },
  record_count: 2000,
  first_sequence: 1,
  last_sequence: 2000,
  chain_head_hash: '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e',
  log_head_sequence: 2000,
  log_head_hash: '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e',
  jsonl_sha256: '3b7d9f1e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e9f2c4e6a',
  csv_sha256: '5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e9f2c4e6a3b7d9f1e',
  created_at: '2026-11-23T10:00:05.000Z',
};

export const auditExportsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        "Signed exports of the tenant's hash-chained audit log, as JSON Lines and CSV, written by a Temporal workflow. Every " +
        'operation needs the `admin` scope, except the public key set that verifies digests. Filters: a time range, resource ' +
        'types, and the current status and tags of decisions (either of the last two keeps only records about decisions).\n\n' +
        '**Verifying an export offline.** `GET …/digest` answers a compact JWS (ES256, header `typ` ' +
        `\`${AUDIT_DIGEST_JWS_TYPE}\`, \`kid\`) whose payload is the AuditExportDigest. Verify its signature with the keys at ` +
        '`/.well-known/audit-jwks.json` (every key this deployment ever signed with, so old exports stay verifiable after a ' +
        'rotation), compare the SHA-256 of the downloaded file with `jsonl_sha256`/`csv_sha256`, then walk the records: each ' +
        "record's `hash` recomputes from its fields (the *Audit log* section of docs/security.md defines it), and each `previous_hash` is " +
        'the `hash` of the record before it whenever the two are consecutive in sequence.\n\n' +
        '**What the signature proves.** That this deployment produced exactly these files (their SHA-256) for these `filters`, ' +
        'at `created_at`, from the chain whose head was `log_head_sequence`/`log_head_hash`. Without filters (or with only a ' +
        'time range) the sequence numbers run without gaps from `first_sequence` to `last_sequence`, every link is checked, ' +
        "and the last record's hash is `chain_head_hash`. A filtered export (resource types, decision statuses or tags) is a " +
        'selection with gaps: each record still proves itself intact (its hash recomputes) and records next to each other ' +
        'in sequence are linked, but the records left out cannot be checked offline, so the export alone does not prove ' +
        'that nothing matching was omitted. To tie the selection to the full chain, verify the whole log (a full export, or ' +
        '`GET /audit-log/verify`) reaching the signed `log_head_hash` at `log_head_sequence`, and find each exported record in it unchanged.',
    },
  ],
  schemas: {
    CreateAuditExportRequest: {
      ...filtersSchema,
      description: 'Every filter is optional: an empty body exports the whole log.',
    },
    AuditExportFilters: {
      ...filtersSchema,
      description: 'The filters as applied (times normalised to RFC 3339 UTC with milliseconds, lists sorted).',
    },
    AuditExportDigest: {
      type: 'object',
      description: 'What the digest JWS signs.',
      required: [
        'tenant_id',
        'export_id',
        'filters',
        'record_count',
        'first_sequence',
        'last_sequence',
        'chain_head_hash',
        'log_head_sequence',
        'log_head_hash',
        'jsonl_sha256',
        'csv_sha256',
        'created_at',
      ],
      properties: {
        tenant_id: { type: 'string' },
        export_id: { type: 'string' },
        filters: ref('AuditExportFilters'),
        record_count: { type: 'integer', minimum: 0 },
        first_sequence: {
          ...nullableSequence,
          description: 'Sequence of the first exported record; null for an empty export.',
        },
        last_sequence: {
          ...nullableSequence,
          description: 'Sequence of the last exported record; null for an empty export.',
        },
        chain_head_hash: {
          type: ['string', 'null'],
          pattern: '^[0-9a-f]{64}$',
          description: 'The `hash` of the last exported record.',
        },
        log_head_sequence: {
          type: 'integer',
          minimum: 0,
          description:
            "The tenant's last audit sequence when the export was read (0 for an empty log); every exported record is at or below it.",
        },
        log_head_hash: {
          ...SHA256,
          description:
            "The hash of the tenant's record `log_head_sequence` (64 zeros for an empty log): the whole chain up to there, signed.",
        },
        jsonl_sha256: { ...SHA256, description: 'SHA-256 of the JSON Lines file, lowercase hex.' },
        csv_sha256: { ...SHA256, description: 'SHA-256 of the CSV file, lowercase hex.' },
        created_at: timestamp('When the digest was signed.'),
      },
    },
    AuditExport: {
      type: 'object',
      required: [
        'id',
        'object',
        'status',
        'filters',
        'progress',
        'digest',
        'error',
        'workflow_id',
        'created_by',
        'created_at',
        'updated_at',
        'completed_at',
      ],
      properties: {
        id: { type: 'string', description: '`aex_…`' },
        object: { type: 'string', enum: ['audit_export'] },
        status: {
          type: 'string',
          enum: ['pending', 'running', 'completed', 'failed'],
          description:
            '`pending` → `running` → `completed` (files and digest available) or `failed` (every attempt failed; create a new export).',
        },
        filters: ref('AuditExportFilters'),
        progress: {
          type: 'object',
          required: ['records_written'],
          properties: {
            records_written: {
              type: 'integer',
              minimum: 0,
              description: 'Records written so far (updated about every second while running).',
            },
          },
        },
        digest: {
          oneOf: [ref('AuditExportDigest'), { type: 'null' }],
          description: "The signed digest's payload, once completed.",
        },
        error: {
          type: ['object', 'null'],
          required: ['code', 'detail'],
          properties: { code: { type: 'string' }, detail: { type: 'string' } },
        },
        workflow_id: {
          type: 'string',
          description: 'The Temporal workflow writing the export (`audit_export/aex_…`).',
        },
        created_by: ref('Actor'),
        created_at: timestamp('When the export was requested.'),
        updated_at: timestamp('Last status or progress change.'),
        completed_at: nullableTimestamp('When it completed or failed.'),
      },
      example: {
        id: 'aex_01jd3m2n4p5q6r7s8t9v0w1x2y',
        object: 'audit_export',
        status: 'completed',
        filters: { resource_types: ['api_key'] },
        progress: { records_written: 2000 },
        digest: EXAMPLE_DIGEST,
        error: null,
        workflow_id: 'audit_export/aex_01jd3m2n4p5q6r7s8t9v0w1x2y',
        created_by: { type: 'api_key', id: 'key_01jd3k9x7y8z0a1b2c3d4e5f6g' },
        created_at: '2026-11-23T10:00:00.000Z',
        updated_at: '2026-11-23T10:00:05.000Z',
        completed_at: '2026-11-23T10:00:05.000Z',
      },
    },
    AuditJwks: {
      type: 'object',
      required: ['keys'],
      properties: {
        keys: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kty', 'kid', 'alg'],
            properties: {
              kty: { type: 'string' },
              crv: { type: 'string' },
              x: { type: 'string' },
              y: { type: 'string' },
              kid: { type: 'string' },
              alg: { type: 'string' },
              use: { type: 'string' },
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/audit-exports': {
      post: {
        operationId: 'createAuditExport',
        summary: 'Export the audit log (signed JSON Lines and CSV)',
        description:
          'Answers 202 with the export to poll (`Location`). A Temporal workflow streams the records from Postgres to the file store ' +
          '(DATA_DIR/exports by default), never holding the export in memory, covering the records up to the chain head as it ' +
          'stood when writing began. An empty body or `{}` exports everything. `decision_statuses` and `decision_tags` look at each ' +
          'decision as it is when the export is read, and leave out every record that is not about a decision; all filters given apply together.',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: ref('CreateAuditExportRequest'),
              example: {
                occurred_after: '2026-11-01T00:00:00Z',
                decision_statuses: ['approved', 'pending_approval'],
                decision_tags: ['capex'],
              },
            },
          },
        },
        responses: {
          '202': jsonResponse(
            'The export has been accepted; poll `Location` (it takes `Prefer: wait=N`: a long-poll).',
            ref('AuditExport'),
            createdHeaders,
          ),
          ...standardErrors({ body: true, workflowEngine: true }),
        },
      },
    },
    '/api/v1/audit-exports/{id}': {
      get: {
        operationId: 'getAuditExport',
        summary: 'Get an export: status, progress and, once completed, its digest',
        tags: [tag],
        'x-required-scope': 'admin',
        description:
          'With `Prefer: wait=N` (up to 60 s) the answer waits until the work has finished or its `status` changed.',
        parameters: [idParameter, longPoll.parameter],
        responses: {
          '200': jsonResponse('The export.', ref('AuditExport'), longPoll.headers),
          ...standardErrors({ notFound: true }),
          ...longPoll.errors,
        },
      },
    },
    '/api/v1/audit-exports/{id}/download': {
      get: {
        operationId: 'downloadAuditExport',
        summary: 'Download a completed export (streamed)',
        description:
          '`format=jsonl`: one record per line (`application/x-ndjson`), each the JSON object the chain hashes plus `hash`. ' +
          `\`format=csv\`: RFC 4180 (CRLF line ends, a header row), columns ${AUDIT_EXPORT_CSV_COLUMNS.map((c) => `\`${c}\``).join(', ')}; ` +
          '`actor` and `payload` hold JSON text. 409 `audit_export_not_ready` until the export has completed.',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [
          idParameter,
          {
            name: 'format',
            in: 'query',
            description: 'The file to download.',
            schema: { type: 'string', enum: ['jsonl', 'csv'], default: 'jsonl' },
          },
        ],
        responses: {
          '200': {
            description: 'The file.',
            headers: {
              ...successHeaders,
              'Content-Disposition': {
                description: '`attachment; filename="aex_….jsonl"`',
                schema: { type: 'string' },
              },
            },
            content: {
              'application/x-ndjson': { schema: { type: 'string' } },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/audit-exports/{id}/digest': {
      get: {
        operationId: 'getAuditExportDigest',
        summary: "The export's signed digest (compact JWS)",
        description:
          'A compact JWS (ES256) over the AuditExportDigest; verify it with `/.well-known/audit-jwks.json`. 409 until completed.',
        tags: [tag],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The compact JWS.',
            headers: successHeaders,
            content: {
              'application/jose': {
                schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
              },
            },
          },
          ...standardErrors({ notFound: true, conflict: true }),
        },
      },
    },
    '/.well-known/audit-jwks.json': {
      get: {
        operationId: 'getAuditExportJwks',
        summary: 'Public keys verifying audit export digests (JWKS)',
        description:
          'Every key this deployment has signed with, active first; no authentication. The OAuth JWKS drops rotated keys once their tokens have expired; this set keeps them.',
        tags: [tag],
        security: [],
        responses: {
          '200': {
            description: 'A JWK Set (RFC 7517).',
            content: { 'application/json': { schema: ref('AuditJwks') } },
          },
        },
      },
    },
  },
};
