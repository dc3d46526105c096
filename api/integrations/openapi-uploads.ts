import {
  createdHeaders,
  jsonResponse,
  listOf,
  parameterRef,
  pathParameter,
  ref,
  standardErrors,
  timestamp,
  type DocumentPart,
} from '../openapi/common';

const tag = 'Integrations';
const idParameter = pathParameter('The integration id (`int_…`), of connector type `csv`.');
const uploadIdParameter = pathParameter('The upload id (`upl_…`).', 'upload_id');

const csvExample =
  'id,full_name,department,monthly_pay,type\r\ne1001,Ada Lovelace,Engineering,9100,FT\r\ne1002,"Hopper, Grace",Engineering,8800,PT\r\n';

const uploadExample = {
  id: 'upl_01jd3n8v2w3x4y5z6a7b8c9d0e',
  object: 'integration_upload',
  integration_id: 'int_01jd3k9x7y8z0a1b2c3d4e5f6g',
  filename: 'employees-2026-11.csv',
  bytes: 1843221,
  sha256: '9f2c4b1d6e8a0c3f5b7d9e1a2c4f6b8d0e2a4c6f8b0d2e4a6c8f0b2d4e6a8c0f',
  columns: ['id', 'full_name', 'department', 'monthly_pay', 'type'],
  created_by: { type: 'api_key', id: 'key_01jd3k9x7y8z0a1b2c3d4e5f6g' },
  created_at: '2026-11-23T09:58:00.000Z',
};

export const integrationUploadsPart: DocumentPart = {
  tags: [],
  schemas: {
    IntegrationUpload: {
      type: 'object',
      required: [
        'id',
        'object',
        'integration_id',
        'filename',
        'bytes',
        'sha256',
        'columns',
        'created_by',
        'created_at',
      ],
      properties: {
        id: { type: 'string', description: '`upl_…`' },
        object: { type: 'string', const: 'integration_upload' },
        integration_id: { type: 'string' },
        filename: { type: ['string', 'null'], description: 'The `filename` given on upload, if any.' },
        bytes: { type: 'integer', minimum: 0 },
        sha256: {
          type: 'string',
          pattern: '^[0-9a-f]{64}$',
          description: "Lowercase hex SHA-256 of the file's bytes as received.",
        },
        columns: {
          type: 'array',
          items: { type: 'string' },
          description: 'The column names: the header row (trimmed), or the configured `columns` of a file without one.',
        },
        created_by: ref('Actor'),
        created_at: timestamp('When the upload was stored.'),
      },
      example: uploadExample,
    },
    IntegrationUploadList: listOf('IntegrationUpload'),
  },
  paths: {
    '/api/v1/integrations/{id}/uploads': {
      post: {
        operationId: 'createIntegrationUpload',
        summary: 'Upload a CSV file',
        description:
          'Stores a CSV file (the request body, `Content-Type: text/csv`, UTF-8, unencoded) for an integration of connector type `csv` (409 ' +
          '`uploads_not_supported` for other types). The body is streamed into storage as it arrives, up to CSV_UPLOAD_MAX_BYTES (default 50 MiB; ' +
          'more answers 413). The header row is checked while it passes: an empty file, a column without a name or with a repeated name, a missing ' +
          'primary key column or bytes that are not UTF-8 answer 422 `validation_failed` (paths `/header/<column index>`), and nothing is stored. ' +
          'Rows are not checked here: a sync reads them, and reports each row it cannot read (wrong number of fields, broken quoting) as a rejection ' +
          'with its line number. The next sync reads the latest upload unless it names one (`upload_id`). Idempotency-Key does not apply ' +
          '(the body is not held to compare); the same file sent twice is two uploads with the same `sha256`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        'x-streamed-body': true,
        parameters: [
          idParameter,
          {
            name: 'filename',
            in: 'query',
            description: "The file's name, kept for reference.",
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\u0000-\\u001f\\u007f/\\\\]+$' },
            example: 'employees-2026-11.csv',
          },
        ],
        requestBody: {
          required: true,
          content: { 'text/csv': { schema: { type: 'string', format: 'binary' }, example: csvExample } },
        },
        responses: {
          '201': jsonResponse('The stored upload.', ref('IntegrationUpload'), createdHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      get: {
        operationId: 'listIntegrationUploads',
        summary: "List an integration's uploads",
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of uploads, newest first.', ref('IntegrationUploadList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/integrations/{id}/uploads/{upload_id}': {
      get: {
        operationId: 'getIntegrationUpload',
        summary: 'Get an upload',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [idParameter, uploadIdParameter],
        responses: {
          '200': jsonResponse('The upload.', ref('IntegrationUpload')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
