import { AUDIT_ACTIONS, AUDIT_RESOURCE_TYPES } from '../../core/audit-actions';
import { auditRecordHash, GENESIS_HASH } from '../../core/audit-chain';
import {
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

/** The same definition as the "Audit log" section of docs/security.md: enough to verify a chain without this service's code. */
const HASH_CHAIN_DEFINITION = `
**The hash chain.** Each record has the fields \`tenant_id\`, \`sequence\` (a JSON number: 1, 2, 3, … per tenant, in commit
order, without gaps), \`id\` (\`aud_…\`), \`occurred_at\` (RFC 3339 UTC with milliseconds, \`2026-11-23T10:00:00.000Z\`), \`actor\`
(\`{"type","id"}\` plus \`via_client\` for a user acting through a client), \`action\`, \`resource_type\` (the API's \`object\` name:
\`api_key\`, \`oauth_client\`, \`member\`), \`resource_id\`, \`payload\` (a JSON object), \`previous_hash\` and \`hash\`. In API
responses a record also carries \`object: "audit_record"\`, which is not hashed.

- \`hash\` = lowercase hex SHA-256 of the UTF-8 **canonical JSON** of the object made of every field *except* \`hash\` (and
  \`object\`): object keys sorted (by UTF-16 code units, as JavaScript sorts) at every depth, no whitespace, strings and numbers
  as \`JSON.stringify\` writes them, members whose value is absent left out.
- \`previous_hash\` = the \`hash\` of the same tenant's record \`sequence - 1\`; for \`sequence\` 1 it is the genesis value, 64
  zeros (\`0000…0000\`).
- A chain verifies when, walking by ascending \`sequence\` from 1, every sequence follows the one before, every
  \`previous_hash\` equals the previous record's \`hash\`, and every \`hash\` recomputes. The first record where one of these
  fails is the *first broken sequence* (for a deleted record, the missing number). The walk must also end at the tenant's
  head (its last sequence and hash), which catches records deleted from the end and a last record rewritten with a
  recomputed hash.
`.trim();

const idParameter = pathParameter('Audit record id (`aud_…`).');

/** A real record of the shape the API returns, its hash computed by the definition above (so it verifies). */
const exampleFields = {
  tenant_id: 'ten_01m7yvtgfnhh2184xs5k41gnd7',
  sequence: 1,
  id: 'aud_01m84a2b3c4d5e6f7g8h9j0k1m',
  occurred_at: '2026-11-23T10:00:00.000Z',
  actor: { type: 'api_key', id: 'key_01m7yvtbhsa3cnfee9tx337zfn' },
  action: 'api_key.created',
  resource_type: 'api_key',
  resource_id: 'key_01m84a2a9qkd3e5v7w8x0y1z2a',
  payload: { name: 'ci', scopes: ['scenarios:read'], expires_at: null },
  previous_hash: GENESIS_HASH,
};
const exampleRecord = { object: 'audit_record', ...exampleFields, hash: auditRecordHash(exampleFields) };

const sha256Hex = (description: string) => ({ type: 'string', pattern: '^[0-9a-f]{64}$', description });

export const auditLogPart: DocumentPart = {
  tags: [
    {
      name: 'Audit log',
      description:
        "The tenant's append-only, hash-chained audit log. Every governance-relevant write (API keys created, rotated and revoked; " +
        'OAuth clients created and revoked; members added, their role changed, removed) appends one record **in the same ' +
        'transaction as the change**, so a record exists if and only if the change committed. Payloads hold ids, names, scopes, ' +
        'roles and expiry, never a secret. Needs the `admin` scope: the log names every credential and member of the tenant.\n\n' +
        HASH_CHAIN_DEFINITION,
    },
  ],
  schemas: {
    AuditRecord: {
      type: 'object',
      description: `One audit record, with every stored field.\n\n${HASH_CHAIN_DEFINITION}`,
      required: [
        'object',
        'tenant_id',
        'sequence',
        'id',
        'occurred_at',
        'actor',
        'action',
        'resource_type',
        'resource_id',
        'payload',
        'previous_hash',
        'hash',
      ],
      properties: {
        object: { type: 'string', const: 'audit_record', description: 'Not hashed.' },
        tenant_id: {
          type: 'string',
          description: 'The tenant whose chain this is (hashed, so a record cannot move between tenants).',
        },
        sequence: {
          type: 'integer',
          minimum: 1,
          description: "Position in the tenant's chain: 1, 2, 3, … in commit order, without gaps.",
        },
        id: { type: 'string', description: 'Audit record id (`aud_…`).' },
        occurred_at: timestamp(
          'When the change was made (RFC 3339 UTC with milliseconds; hashed as this exact string).',
        ),
        actor: ref('Actor'),
        action: {
          type: 'string',
          enum: [...AUDIT_ACTIONS],
          description: '`<resource_type>.<verb>`. New actions may be added as more families are audited.',
        },
        resource_type: {
          type: 'string',
          enum: [...AUDIT_RESOURCE_TYPES],
          description: 'The API `object` name of the resource changed.',
        },
        resource_id: { type: 'string', description: 'The id of the resource changed (`key_…`, `cli_…`, `usr_…`).' },
        payload: {
          type: 'object',
          description: "What changed: ids, names, scopes, roles, expiry. Never a secret or a secret's hash.",
        },
        previous_hash: sha256Hex("The `hash` of the tenant's record `sequence - 1`; 64 zeros for sequence 1."),
        hash: sha256Hex('SHA-256 (lowercase hex) of the canonical JSON of every other field except `object`.'),
      },
      example: exampleRecord,
    },
    AuditRecordList: listOf('AuditRecord'),
    AuditLogVerification: {
      type: 'object',
      description:
        "The result of re-walking the tenant's whole chain from sequence 1 to its head as it stood when the walk began.",
      required: [
        'object',
        'verified',
        'records_checked',
        'first_broken_sequence',
        'head_sequence',
        'head_hash',
        'checked_at',
      ],
      properties: {
        object: { type: 'string', const: 'audit_log_verification' },
        verified: {
          type: 'boolean',
          description: 'true when every record links, every hash recomputes and the walk ends at the head.',
        },
        records_checked: {
          type: 'integer',
          minimum: 0,
          description: 'Records read up to and including the first broken one (all of them when verified).',
        },
        first_broken_sequence: {
          type: ['integer', 'null'],
          minimum: 1,
          description:
            'The first sequence that breaks the chain: an edited or replaced record, or the missing number of a deleted one. null when verified.',
        },
        head_sequence: { type: 'integer', minimum: 0, description: "The tenant's last sequence (0 for an empty log)." },
        head_hash: sha256Hex(
          'The `hash` of the head record (64 zeros for an empty log): keep it to detect a later rewrite of history.',
        ),
        checked_at: timestamp('When the walk began.'),
      },
      example: {
        object: 'audit_log_verification',
        verified: false,
        records_checked: 3,
        first_broken_sequence: 3,
        head_sequence: 9,
        head_hash: exampleRecord.hash,
        checked_at: '2026-11-23T10:05:00.000Z',
      },
    },
  },
  paths: {
    '/api/v1/audit-log': {
      get: {
        operationId: 'listAuditRecords',
        summary: 'List audit records',
        description: 'Newest first (highest sequence first). Filters combine with AND.',
        tags: ['Audit log'],
        'x-required-scope': 'admin',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'resource_type',
            in: 'query',
            description: 'Only records about this kind of resource.',
            schema: { type: 'string', enum: [...AUDIT_RESOURCE_TYPES] },
          },
          {
            name: 'resource_id',
            in: 'query',
            description: 'Only records about this resource (`key_…`, `cli_…`, `usr_…`).',
            schema: { type: 'string', minLength: 1, maxLength: 100 },
          },
          {
            name: 'actor_id',
            in: 'query',
            description: 'Only records of writes by this actor (its `actor.id`).',
            schema: { type: 'string', minLength: 1, maxLength: 100 },
          },
          {
            name: 'action',
            in: 'query',
            description: 'Only records of this action.',
            schema: { type: 'string', enum: [...AUDIT_ACTIONS] },
          },
          {
            name: 'occurred_after',
            in: 'query',
            description: 'Only records at or after this time (RFC 3339).',
            schema: { type: 'string', format: 'date-time' },
          },
          {
            name: 'occurred_before',
            in: 'query',
            description: 'Only records before this time (RFC 3339); must be later than `occurred_after`.',
            schema: { type: 'string', format: 'date-time' },
          },
        ],
        responses: {
          '200': jsonResponse('A page of audit records, newest first.', ref('AuditRecordList')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/audit-log/verify': {
      get: {
        operationId: 'verifyAuditLog',
        summary: "Verify the audit log's hash chain",
        description:
          "Re-walks the tenant's whole chain and reports whether it is intact and, if not, the first broken sequence. Reads every " +
          "record, so it takes time in proportion to the log's length.",
        tags: ['Audit log'],
        'x-required-scope': 'admin',
        responses: {
          '200': jsonResponse(
            'The verification result (200 whether or not the chain is intact).',
            ref('AuditLogVerification'),
          ),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/audit-log/{id}': {
      get: {
        operationId: 'getAuditRecord',
        summary: 'Get an audit record',
        tags: ['Audit log'],
        'x-required-scope': 'admin',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The record.', ref('AuditRecord')), ...standardErrors({ notFound: true }) },
      },
    },
  },
};
