import { TARGET_DATASETS } from '../../integrations/field-mapping';
import { jsonResponse, parameterRef, pathParameter, ref, standardErrors, type DocumentPart } from '../openapi/common';

const datasetTag = 'Datasets';
const datasetParameter = {
  ...pathParameter('The dataset name (`employees`).', 'name'),
  schema: { type: 'string', enum: Object.keys(TARGET_DATASETS) },
};

const AS_OF_DESCRIPTION =
  "Read the dataset as it stood at a past point: a sync id (`syn_…`: as that sync finished; another tenant's sync is a 404 like a " +
  'missing one, a sync still running a 4xx) or an RFC 3339 time (`2026-11-23T10:00:00Z`; a time before any data reads an empty ' +
  'dataset). Default: now.';

export const asOfParameter = {
  name: 'as_of',
  in: 'query' as const,
  description: AS_OF_DESCRIPTION,
  schema: { type: 'string', minLength: 1, maxLength: 100 },
};

/** The point a read was taken at, as resolved. */
export const asOfSchema = {
  type: 'object',
  required: ['sync_id', 'at'],
  description:
    "The point the data was read at: the sync it comes from (the one named, or the dataset's last finished sync at or before the time; null if none) and the time.",
  properties: {
    sync_id: { type: ['string', 'null'] },
    at: { type: 'string', format: 'date-time' },
  },
};

const OPERATORS_DESCRIPTION =
  "`eq`, `ne`, `gt`, `gte`, `lt`, `lte` and `in`, on the dataset's fields (an unknown field or operator is refused, naming it). Number " +
  'fields compare as numbers, dates and strings as text (byte order); booleans take only `eq` and `ne`. `ne` keeps records where the ' +
  'field is missing; the other operators do not.';

export const datasetFilterParameter = {
  name: 'filter',
  in: 'query' as const,
  style: 'deepObject',
  explode: true,
  description:
    `\`filter[department]=Engineering\` (equality) or \`filter[salary][gte]=100000\`, \`filter[status][in]=active,on_leave\` ` +
    `(comma-separated): ${OPERATORS_DESCRIPTION}`,
  schema: {
    type: 'object',
    maxProperties: 20,
    additionalProperties: {
      oneOf: [
        { type: 'string', maxLength: 1000 },
        {
          type: 'object',
          minProperties: 1,
          additionalProperties: false,
          properties: Object.fromEntries(
            ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'].map((operator) => [
              operator,
              { type: 'string', maxLength: 10_000 },
            ]),
          ),
        },
      ],
    },
  },
};

const filterScalar = { type: ['string', 'number', 'boolean', 'null'], maxLength: 1000 };

export const datasetsPart: DocumentPart = {
  tags: [],
  schemas: {
    DatasetFilter: {
      type: 'object',
      maxProperties: 20,
      description:
        `Field name → a value (equality; \`null\`: missing or null) or operators → values, e.g. ` +
        `\`{ "department": "Engineering", "salary": { "gte": 100000 }, "status": { "in": ["active", "on_leave"] } }\`. ${OPERATORS_DESCRIPTION}`,
      additionalProperties: {
        oneOf: [
          filterScalar,
          {
            type: 'object',
            minProperties: 1,
            additionalProperties: false,
            properties: {
              ...Object.fromEntries(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'].map((operator) => [operator, filterScalar])),
              in: { type: 'array', minItems: 1, maxItems: 100, items: filterScalar },
            },
          },
        ],
      },
      example: { department: 'Engineering', salary: { gte: 100000 } },
    },
    DatasetMetric: {
      type: 'object',
      additionalProperties: false,
      required: ['function'],
      properties: {
        function: {
          type: 'string',
          enum: ['count', 'sum', 'avg', 'min', 'max', 'percentile'],
          description:
            '`count` (records, or with `field` the records where it is present), `sum`/`avg` (number fields), `min`/`max` (number, date or ' +
            'string fields), `percentile` (number fields; continuous, interpolated between records).',
        },
        field: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'The field to aggregate; required except for `count`.',
        },
        percentile: { type: 'number', minimum: 0, maximum: 100, description: 'For `percentile`: 50 is the median.' },
        as: {
          type: 'string',
          pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$',
          description:
            "The value's name in the result. Default: `count`, `count_<field>`, `<function>_<field>`, `p<percentile>_<field>`.",
        },
      },
    },
    DatasetAggregateRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['metrics'],
      properties: {
        metrics: { type: 'array', minItems: 1, maxItems: 20, items: ref('DatasetMetric') },
        group_by: {
          type: 'array',
          maxItems: 3,
          uniqueItems: true,
          items: { type: 'string', minLength: 1, maxLength: 100 },
          description:
            "One group per distinct combination of these fields' values (at most 1,000 groups, in key order).",
        },
        filter: ref('DatasetFilter'),
        as_of: { type: 'string', minLength: 1, maxLength: 100, description: AS_OF_DESCRIPTION },
      },
    },
    DatasetAggregate: {
      type: 'object',
      required: ['object', 'dataset', 'as_of'],
      description: 'Records flagged deleted are never counted. Without `group_by`: `values`; with it: `groups`.',
      properties: {
        object: { type: 'string', const: 'dataset_aggregate' },
        dataset: { type: 'string' },
        as_of: asOfSchema,
        values: {
          type: 'object',
          additionalProperties: { type: ['number', 'string', 'null'] },
          description: 'Value name → value (null: nothing to aggregate, e.g. the average of no records; a count is 0).',
        },
        groups: {
          type: 'array',
          items: {
            type: 'object',
            required: ['key', 'values'],
            properties: {
              key: { type: 'object', description: "The group's value of each `group_by` field (null: missing)." },
              values: { type: 'object', additionalProperties: { type: ['number', 'string', 'null'] } },
            },
          },
        },
        groups_truncated: {
          type: 'boolean',
          description: 'More than 1,000 groups: only the first 1,000 (in key order) are listed.',
        },
      },
      example: {
        object: 'dataset_aggregate',
        dataset: 'employees',
        as_of: { sync_id: 'syn_01jd3m2n4p5q6r7s8t9v0w1x2y', at: '2026-11-23T10:00:09.000Z' },
        groups: [
          { key: { department: 'Engineering' }, values: { count: 42, avg_salary: 128500, p90_salary: 171000 } },
          { key: { department: 'Sales' }, values: { count: 17, avg_salary: 97250, p90_salary: 131000 } },
        ],
        groups_truncated: false,
      },
    },
  },
  paths: {
    '/api/v1/datasets/{name}/aggregate': {
      post: {
        operationId: 'aggregateDataset',
        summary: 'Aggregate a dataset',
        description:
          "Counts, sums, averages, minimums, maximums and percentiles of a dataset's records, optionally filtered, grouped by fields " +
          'and read as of a past sync or time; computed in the database. Fields and operators that the dataset does not have are ' +
          'refused with 422, naming them.',
        tags: [datasetTag],
        'x-required-scope': 'integrations:read',
        parameters: [datasetParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('DatasetAggregateRequest'),
              example: {
                metrics: [
                  { function: 'count' },
                  { function: 'avg', field: 'salary' },
                  { function: 'percentile', field: 'salary', percentile: 90 },
                ],
                group_by: ['department'],
                filter: { status: 'active', salary: { gt: 0 } },
              },
            },
          },
        },
        responses: {
          '200': jsonResponse('The aggregate values.', ref('DatasetAggregate')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
    },
  },
};
