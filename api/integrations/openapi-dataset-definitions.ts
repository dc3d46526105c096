import {
  DATASET_NAME_PATTERN,
  EMPLOYEE_FIELDS,
  FIELD_NAME_PATTERN,
  FIELD_TYPES,
  PRIMARY_KEY_TYPES,
} from '../../integrations/datasets';
import {
  createdHeaders,
  jsonResponse,
  nullableTimestamp,
  parameterRef,
  ref,
  standardErrors,
  type DocumentPart,
} from '../openapi/common';

const tag = 'Datasets';
const nameParameter = {
  name: 'name',
  in: 'path' as const,
  required: true,
  description: 'The dataset name (`employees` or one the tenant defined).',
  schema: { type: 'string', pattern: DATASET_NAME_PATTERN },
  example: 'contractors',
};

const fieldDefinition = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: {
      type: 'string',
      enum: [...FIELD_TYPES],
      description: 'Mapped values are cast to it (`date`: `YYYY-MM-DD`; `date-time`: RFC 3339 UTC).',
    },
    description: { type: 'string', maxLength: 1000 },
  },
};

const fields = {
  type: 'object',
  minProperties: 1,
  maxProperties: 200,
  propertyNames: { pattern: FIELD_NAME_PATTERN },
  additionalProperties: fieldDefinition,
  description: 'Field name (lowercase letters, digits, `_`) → its type and description.',
};

const primaryKey = {
  type: 'string',
  pattern: FIELD_NAME_PATTERN,
  description: `The field that identifies a record (a sync upserts by it); one of \`fields\`, of type ${PRIMARY_KEY_TYPES.join(' or ')}.`,
};

const description = { type: ['string', 'null'], maxLength: 1000 };

const createExample = {
  name: 'contractors',
  description: 'Contractors from the vendor-management system',
  primary_key: 'contractor_id',
  fields: {
    contractor_id: { type: 'string' },
    full_name: { type: 'string' },
    day_rate: { type: 'number', description: 'In the contract currency' },
    start_date: { type: 'date' },
    active: { type: 'boolean' },
  },
};

const definitionExample = {
  object: 'dataset_definition',
  ...createExample,
  built_in: false,
  created_by: { type: 'api_key', id: 'key_01jd3k9x7y8z0a1b2c3d4e5f6g' },
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

export const datasetDefinitionsPart: DocumentPart = {
  tags: [],
  schemas: {
    DatasetFieldDefinition: fieldDefinition,
    DatasetDefinition: {
      type: 'object',
      required: [
        'object',
        'name',
        'description',
        'built_in',
        'primary_key',
        'fields',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        object: { type: 'string', const: 'dataset_definition' },
        name: { type: 'string' },
        description: { type: ['string', 'null'] },
        built_in: {
          type: 'boolean',
          description:
            '`employees` is built in (fields: ' + Object.keys(EMPLOYEE_FIELDS).join(', ') + '); it cannot be changed.',
        },
        primary_key: { type: 'string' },
        fields: { type: 'object', additionalProperties: ref('DatasetFieldDefinition') },
        created_by: { oneOf: [ref('Actor'), { type: 'null' }], description: 'Null for the built-in dataset.' },
        created_at: nullableTimestamp('Null for the built-in dataset.'),
        updated_at: nullableTimestamp('Last change; null for the built-in dataset.'),
      },
      example: definitionExample,
    },
    CreateDatasetRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'primary_key', 'fields'],
      properties: {
        name: {
          type: 'string',
          pattern: DATASET_NAME_PATTERN,
          not: { const: 'employees' },
          description: 'Lowercase letters, digits and `_`, starting with a letter; not `employees`.',
        },
        description,
        primary_key: primaryKey,
        fields,
      },
    },
    UpdateDatasetRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        description,
        primary_key: primaryKey,
        fields: {
          ...fields,
          description:
            'Merged into the definition: new names add fields; a field already defined keeps its type unless the dataset is still empty ' +
            '(409 `dataset_has_records` otherwise). Fields are never removed.',
        },
      },
    },
  },
  paths: {
    '/api/v1/datasets': {
      post: {
        operationId: 'createDataset',
        summary: 'Define a dataset',
        description:
          'A tenant-defined dataset that field mappings can target (`target: "<name>"`) besides `employees`. Its records are read like ' +
          "`employees`' (`/datasets/{name}/records`). A name the tenant already uses answers 409 `dataset_exists`.",
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('CreateDatasetRequest'), example: createExample } },
        },
        responses: {
          '201': jsonResponse('The definition.', ref('DatasetDefinition'), createdHeaders),
          ...standardErrors({ body: true, conflict: true }),
        },
      },
    },
    '/api/v1/datasets/{name}': {
      get: {
        operationId: 'getDataset',
        summary: "Get a dataset's definition",
        description: 'Its fields, their types and its primary key; `employees` answers as the built-in definition.',
        tags: [tag],
        'x-required-scope': 'integrations:read',
        parameters: [nameParameter],
        responses: {
          '200': jsonResponse('The definition.', ref('DatasetDefinition')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateDataset',
        summary: "Change a dataset's definition",
        description:
          'Adds fields, changes the description, or — while the dataset holds no records — changes field types or the primary key ' +
          '(409 `dataset_has_records` once it does, naming each refused change). The built-in `employees` answers 409 `dataset_built_in`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [nameParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateDatasetRequest'),
              example: { fields: { agency: { type: 'string', description: 'The staffing agency' } } },
            },
          },
        },
        responses: {
          '200': jsonResponse('The changed definition.', ref('DatasetDefinition')),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      delete: {
        operationId: 'deleteDataset',
        summary: 'Delete a dataset',
        description:
          "Deletes the definition and its records. Refused (409 `dataset_in_use`, with `integration_ids`) while an integration's current " +
          'field mapping writes into it; the built-in `employees` answers 409 `dataset_built_in`.',
        tags: [tag],
        'x-required-scope': 'integrations:write',
        parameters: [nameParameter],
        responses: { '204': { description: 'Deleted.' }, ...standardErrors({ notFound: true, conflict: true }) },
      },
    },
  },
};
