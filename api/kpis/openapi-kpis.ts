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
  type DocumentPart,
} from '../openapi/common';
import type { SchemaObject } from '../openapi/types';

const idParameter = pathParameter('KPI id (`kpi_…`).');
const tag = 'KPIs';

/** The most points one POST may carry. */
export const MAX_POINTS_PER_REQUEST = 10_000;

const band: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['low', 'high'],
  properties: { low: { type: 'number' }, high: { type: 'number' } },
};

const target: SchemaObject = {
  description:
    'A number for `higher_is_better` / `lower_is_better`; a band `{low, high}` (low ≤ high) for `target_band`.',
  oneOf: [{ type: 'number' }, band],
};

const threshold: SchemaObject = {
  type: ['object', 'null'],
  additionalProperties: false,
  description:
    'Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: ' +
    'higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on ' +
    'each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for ' +
    'lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a ' +
    'relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it.',
  properties: {
    value: { type: 'number' },
    low: { type: 'number' },
    high: { type: 'number' },
    percent: { type: 'number', minimum: 0, maximum: 1000 },
  },
};

const metricFunction = { type: 'string', enum: ['count', 'sum', 'avg', 'min', 'max', 'percentile'] };

const sourceRequest: SchemaObject = {
  description:
    '`manual` (points posted through the API); `model_output`: every completed scenario of the model (with `scenario_tag` among its tags, if given) ' +
    'records a point of the output `metric`, carrying the scenario id; `dataset`: an aggregate over a synced dataset (stored and validated for shape; ' +
    'its recomputation after syncs is not wired yet). Any KPI also takes points posted through the API.',
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['type'], properties: { type: { const: 'manual' } } },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'model_id', 'metric'],
      properties: {
        type: { const: 'model_output' },
        model_id: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: "A built-in model or one of the tenant's (another tenant's answers like a missing one: 422).",
        },
        metric: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description:
            "A numeric property of the model's output schema (its latest version), else 422 naming `/source/metric`.",
        },
        scenario_tag: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'dataset', 'metric'],
      properties: {
        type: { const: 'dataset' },
        dataset: { type: 'string', minLength: 1, maxLength: 63, pattern: '^[a-z][a-z0-9_]*$' },
        metric: {
          type: 'object',
          additionalProperties: false,
          required: ['function'],
          properties: {
            function: metricFunction,
            field: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              description: 'Required for every function but `count`.',
            },
            percentile: {
              type: 'number',
              minimum: 0,
              maximum: 100,
              description: 'Required for (and only for) `percentile`.',
            },
          },
        },
        filter: {
          type: 'object',
          maxProperties: 50,
          description: "Field → value equality filter on the dataset's records.",
        },
      },
    },
  ],
};

const name = { type: 'string', minLength: 1, maxLength: 200 };
const tags = { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 50 } };
const editable = {
  name,
  description: { type: 'string', maxLength: 5000 },
  unit: { type: ['string', 'null'], maxLength: 50 },
  direction: { type: 'string', enum: ['higher_is_better', 'lower_is_better', 'target_band'] },
  target,
  warning_threshold: threshold,
  critical_threshold: threshold,
  aggregation_period: {
    type: 'string',
    enum: ['day', 'week', 'month', 'quarter'],
    description: 'The period of the trend (and of alert evaluation).',
  },
  owner_id: {
    type: ['string', 'null'],
    maxLength: 100,
    description:
      "A member of the tenant (`usr_…`); anyone else, another tenant's members included, is a 422 naming `/owner_id`.",
  },
  tags,
  status: {
    type: 'string',
    enum: ['active', 'paused', 'archived'],
    description:
      'paused: points are still recorded, alerts are not evaluated; archived: read-only (no new points, 409 `kpi_archived`).',
  },
  evaluation_delay_seconds: {
    type: 'integer',
    minimum: 0,
    maximum: 31_536_000,
    description: 'How long after a period ends alerting waits before judging it (late data).',
  },
};

const point: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['timestamp', 'value'],
  properties: {
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'RFC 3339; from 1970-01-01T00:00:00Z to one day after now; millisecond precision.',
    },
    value: { type: 'number', description: 'A finite number.' },
    note: { type: ['string', 'null'], maxLength: 1000 },
  },
};

const health = { type: 'string', enum: ['on_track', 'at_risk', 'off_track', 'no_data'] };
const line: SchemaObject = { oneOf: [{ type: 'number' }, band, { type: 'null' }] };

const kpiExample = {
  name: 'Service level',
  description: 'Share of calls answered within 20 seconds.',
  unit: 'ratio',
  direction: 'higher_is_better',
  target: 0.8,
  warning_threshold: { percent: 5 },
  critical_threshold: { value: 0.7 },
  aggregation_period: 'week',
  tags: ['support'],
  source: {
    type: 'model_output',
    model_id: 'mdl_service_queue_staffing',
    metric: 'service_level',
    scenario_tag: 'daily',
  },
};

const timeQuery = (name: string, description: string, example: string) => ({
  name,
  in: 'query' as const,
  description,
  schema: { type: 'string', format: 'date-time' },
  example,
});

export const kpisPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Key performance indicators: a target and thresholds, points over time (posted, or recorded automatically from model outputs), ' +
        'values per period and a status against target. Status of the current value (the latest point): `off_track` past the critical ' +
        'line, else `at_risk` past the warning line (the target itself when there is no warning threshold), else `on_track`; `no_data` ' +
        'without points. "Past" is strictly worse (below for higher_is_better, above for lower_is_better, outside the band for target_band). ' +
        'All periods are UTC. Needs `kpis:read` / `kpis:write`.',
    },
  ],
  schemas: {
    Kpi: {
      type: 'object',
      required: [
        'id',
        'object',
        'name',
        'description',
        'unit',
        'direction',
        'target',
        'warning_threshold',
        'critical_threshold',
        'thresholds',
        'aggregation_period',
        'owner_id',
        'tags',
        'status',
        'evaluation_delay_seconds',
        'source',
        'current',
        'target_status',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'kpi_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'kpi' },
        ...editable,
        thresholds: {
          type: 'object',
          description: "The thresholds resolved to lines in the KPI's unit (a relative one computed from the target).",
          required: ['warning', 'critical'],
          properties: { warning: line, critical: line },
        },
        source: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', enum: ['manual', 'model_output', 'dataset'] } },
        },
        current: {
          type: ['object', 'null'],
          description: 'The latest point (by timestamp); null without points.',
          required: ['timestamp', 'value', 'scenario_id'],
          properties: {
            timestamp: timestamp("The point's time."),
            value: { type: 'number' },
            scenario_id: { type: ['string', 'null'] },
          },
        },
        target_status: { ...health, description: 'The current value against the target and thresholds.' },
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    KpiList: listOf('Kpi'),
    CreateKpiRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'direction', 'target', 'aggregation_period'],
      properties: { ...editable, source: sourceRequest },
    },
    UpdateKpiRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      description:
        'Fields to change; the whole KPI is validated again (a new direction must agree with the target and thresholds). The source changes through PUT /kpis/{id}/source.',
      properties: editable,
    },
    PutKpiSourceRequest: sourceRequest,
    RecordKpiPointsRequest: {
      type: 'object',
      additionalProperties: false,
      description: `One point (\`timestamp\`, \`value\`, \`note\`) or \`points\`: up to ${MAX_POINTS_PER_REQUEST} of them. All or nothing.`,
      properties: {
        ...(point.properties as Record<string, SchemaObject>),
        points: { type: 'array', minItems: 1, maxItems: MAX_POINTS_PER_REQUEST, items: point },
      },
    },
    KpiPointsRecorded: {
      type: 'object',
      required: ['object', 'kpi_id', 'count', 'replaced', 'first_timestamp', 'last_timestamp'],
      properties: {
        object: { type: 'string', const: 'kpi_points_recorded' },
        kpi_id: { type: 'string' },
        count: { type: 'integer' },
        replaced: {
          type: 'integer',
          description: 'Points that replaced an earlier value at the same timestamp (kept in its history).',
        },
        first_timestamp: timestamp('The earliest timestamp posted.'),
        last_timestamp: timestamp('The latest timestamp posted.'),
      },
    },
    KpiPoint: {
      type: 'object',
      required: ['timestamp', 'value', 'note', 'scenario_id', 'source', 'sync_id', 'revision', 'recorded_at'],
      properties: {
        timestamp: timestamp('The time the value is for.'),
        value: { type: 'number' },
        note: { type: ['string', 'null'] },
        scenario_id: {
          type: ['string', 'null'],
          description: 'The completed scenario that recorded it (model_output KPIs).',
        },
        source: {
          type: 'string',
          enum: ['api', 'scenario', 'sync', 'schedule'],
          description:
            "How it was recorded: posted, by a completed scenario (model_output), after a sync of the dataset or by the KPI's schedule (dataset).",
        },
        sync_id: {
          type: ['string', 'null'],
          description:
            'dataset KPIs: the sync it was recorded after (source `sync`), or the sync that had last changed the dataset (source `schedule`).',
        },
        revision: { type: 'integer', description: '1 for the first value at this timestamp, +1 per replacement.' },
        recorded_at: timestamp('When this value was stored.'),
      },
    },
    KpiPointHistory: {
      type: 'object',
      required: ['object', 'kpi_id', 'timestamp', 'current', 'revisions'],
      properties: {
        object: { type: 'string', const: 'kpi_point_history' },
        kpi_id: { type: 'string' },
        timestamp: timestamp('The timestamp asked for.'),
        current: { oneOf: [ref('KpiPoint'), { type: 'null' }] },
        revisions: {
          type: 'array',
          description: 'Replaced values, newest first, each with when it was replaced.',
          items: {
            allOf: [
              ref('KpiPoint'),
              {
                type: 'object',
                required: ['replaced_at'],
                properties: { replaced_at: timestamp('When a newer value replaced it.') },
              },
            ],
          },
        },
      },
    },
    KpiValues: {
      type: 'object',
      required: ['object', 'kpi_id', 'bucket', 'data', 'next_cursor'],
      properties: {
        object: { type: 'string', const: 'kpi_values' },
        kpi_id: { type: 'string' },
        bucket: { type: 'string', enum: ['raw', 'day', 'week', 'month', 'quarter'] },
        data: {
          type: 'array',
          description:
            '`raw`: points (KpiPoint), oldest first. Otherwise one entry per period that has points, oldest first.',
          items: {
            oneOf: [
              ref('KpiPoint'),
              {
                type: 'object',
                required: ['start', 'end', 'count', 'min', 'max', 'avg', 'last', 'last_timestamp'],
                properties: {
                  start: timestamp("The period's start (UTC)."),
                  end: timestamp("The next period's start."),
                  count: { type: 'integer' },
                  min: { type: 'number' },
                  max: { type: 'number' },
                  avg: { type: 'number' },
                  last: { type: 'number', description: "The value of the period's latest point." },
                  last_timestamp: timestamp("The period's latest point."),
                },
              },
            ],
          },
        },
        next_cursor: { type: ['string', 'null'] },
      },
    },
    KpiStatus: {
      type: 'object',
      required: ['object', 'kpi_id', 'current', 'target_status', 'target', 'thresholds', 'trend'],
      properties: {
        object: { type: 'string', const: 'kpi_status' },
        kpi_id: { type: 'string' },
        current: {
          type: ['object', 'null'],
          properties: {
            timestamp: timestamp('The latest point.'),
            value: { type: 'number' },
            scenario_id: { type: ['string', 'null'] },
          },
        },
        target_status: health,
        target: { oneOf: [{ type: 'number' }, band] },
        thresholds: { type: 'object', properties: { warning: line, critical: line } },
        trend: {
          type: 'object',
          required: ['period', 'periods', 'direction', 'slope_per_period', 'improving', 'buckets'],
          description:
            'Least squares over the average of each of the last `periods` periods (of `aggregation_period`, ending with the period of the ' +
            "latest point) that have points, with x = the period's index. `flat` when the fitted change across the window is at most 1% of " +
            'the mean absolute period average; `direction` null with fewer than two periods with points.',
          properties: {
            period: { type: 'string', enum: ['day', 'week', 'month', 'quarter'] },
            periods: { type: 'integer' },
            direction: { type: ['string', 'null'], enum: ['up', 'down', 'flat', null] },
            slope_per_period: { type: ['number', 'null'] },
            improving: {
              type: ['boolean', 'null'],
              description: 'Whether the trend moves toward the target; null when flat or unknown.',
            },
            buckets: {
              type: 'array',
              items: {
                type: 'object',
                properties: { start: timestamp('Period start.'), avg: { type: 'number' }, count: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/kpis': {
      post: {
        operationId: 'createKpi',
        summary: 'Create a KPI',
        description:
          "Validates the target and thresholds against the direction, the owner, and a `model_output` source's metric against the model's output schema.",
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('CreateKpiRequest'), example: kpiExample } },
        },
        responses: { '201': jsonResponse('The KPI.', ref('Kpi'), createdHeaders), ...standardErrors({ body: true }) },
      },
      get: {
        operationId: 'listKpis',
        summary: 'List KPIs',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'paused', 'archived'] } },
          { name: 'tag', in: 'query', schema: { type: 'string', minLength: 1, maxLength: 50 } },
          { name: 'owner_id', in: 'query', schema: { type: 'string', minLength: 1, maxLength: 100 } },
        ],
        responses: { '200': jsonResponse('A page of KPIs, newest first.', ref('KpiList')), ...standardErrors() },
      },
    },
    '/api/v1/kpis/{id}': {
      get: {
        operationId: 'getKpi',
        summary: 'Get a KPI',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [idParameter],
        responses: {
          '200': jsonResponse('The KPI with its current value and status.', ref('Kpi')),
          ...standardErrors({ notFound: true }),
        },
      },
      patch: {
        operationId: 'updateKpi',
        summary: 'Update a KPI',
        description:
          'Archive with `{"status": "archived"}` (kept, readable, takes no points); reactivate with `active` or `paused`.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateKpiRequest'),
              example: { critical_threshold: { value: 0.65 }, tags: ['support', 'weekly-review'] },
            },
          },
        },
        responses: {
          '200': jsonResponse('The updated KPI.', ref('Kpi')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      delete: {
        operationId: 'deleteKpi',
        summary: 'Delete a KPI',
        description:
          'The KPI and its points disappear from every read (404 from now on) and it records nothing more. To keep it readable, archive it instead (PATCH status).',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [idParameter],
        responses: { '204': { description: 'Deleted.' }, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/kpis/{id}/source': {
      put: {
        operationId: 'putKpiSource',
        summary: 'Link a model output (or set the source)',
        description:
          'Replaces the source: link a model output (validated like on create), a dataset aggregate, or `manual`. Points already recorded stay.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('PutKpiSourceRequest'),
              example: { type: 'model_output', model_id: 'mdl_service_queue_staffing', metric: 'occupancy' },
            },
          },
        },
        responses: { '200': jsonResponse('The KPI.', ref('Kpi')), ...standardErrors({ body: true, notFound: true }) },
      },
      delete: {
        operationId: 'deleteKpiSource',
        summary: 'Unlink the source',
        description: 'The KPI becomes `manual`: nothing records points automatically any more; its points stay.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [idParameter],
        responses: { '200': jsonResponse('The KPI.', ref('Kpi')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/kpis/{id}/points': {
      post: {
        operationId: 'recordKpiPoints',
        summary: 'Record one point or a bulk of points',
        description:
          `One point, or \`{"points": [...]}\` with up to ${MAX_POINTS_PER_REQUEST}. **All or nothing**: any invalid point refuses the whole request (422, ` +
          'each problem named `/points/<index>/<field>`) and nothing is stored. Values must be finite numbers; timestamps RFC 3339 from ' +
          '1970-01-01T00:00:00Z to one day after now (millisecond precision), distinct within a request. Late and out-of-order points are accepted. ' +
          'A point for a timestamp that already has one replaces it; the old value is kept in its history (GET /kpis/{id}/points?timestamp=). ' +
          'One `kpi.value.recorded` event per request. An archived KPI answers 409 `kpi_archived`. Body limit: the batch limit (16 MiB).',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        'x-body-limit': 'batch',
        parameters: [idParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('RecordKpiPointsRequest'),
              example: {
                points: [
                  { timestamp: '2026-11-02T00:00:00.000Z', value: 0.82 },
                  { timestamp: '2026-11-03T00:00:00.000Z', value: 0.78, note: 'storm outage' },
                ],
              },
              examples: {
                single: { summary: 'One point', value: { timestamp: '2026-11-04T00:00:00.000Z', value: 0.81 } },
              },
            },
          },
        },
        responses: {
          '201': jsonResponse('What was recorded.', ref('KpiPointsRecorded'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
      get: {
        operationId: 'getKpiPointHistory',
        summary: 'A point and the values it replaced',
        description: 'The current value at `timestamp` (null if none) and every value it replaced, newest first.',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [
          idParameter,
          { ...timeQuery('timestamp', "The point's timestamp.", '2026-11-02T00:00:00.000Z'), required: true },
        ],
        responses: {
          '200': jsonResponse("The point's history.", ref('KpiPointHistory')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/kpis/{id}/values': {
      get: {
        operationId: 'getKpiValues',
        summary: 'Values over time: raw points or per-period aggregates',
        description:
          'Points with `from` ≤ timestamp < `to` (default: all), oldest first. `bucket=raw` lists the points; `day`, `week`, `month`, `quarter` ' +
          'aggregate them per UTC period (`date_trunc` in UTC: weeks start on Monday, quarters on 1 Jan/Apr/Jul/Oct) with min, max, avg, last ' +
          '(the value of the latest point) and count; periods without points are left out. A range that starts or ends inside a period ' +
          'counts only the points inside the range. `limit` entries per page (1–10,000, default 1,000); `next_cursor` continues.',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [
          idParameter,
          timeQuery('from', 'Inclusive start.', '2026-01-01T00:00:00.000Z'),
          timeQuery('to', 'Exclusive end.', '2027-01-01T00:00:00.000Z'),
          {
            name: 'bucket',
            in: 'query',
            schema: { type: 'string', enum: ['raw', 'day', 'week', 'month', 'quarter'], default: 'raw' },
            example: 'day',
          },
          {
            name: 'limit',
            in: 'query',
            description: 'Entries per page, 1 to 10,000.',
            schema: { type: 'integer', minimum: 1, maximum: 10_000, default: 1000 },
          },
          parameterRef('Cursor'),
        ],
        responses: {
          '200': jsonResponse('A page of values.', ref('KpiValues')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/kpis/{id}/status': {
      get: {
        operationId: 'getKpiStatus',
        summary: 'Current value, status against target and trend',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [
          idParameter,
          {
            name: 'periods',
            in: 'query',
            description: 'Periods in the trend window, 2 to 100.',
            schema: { type: 'integer', minimum: 2, maximum: 100, default: 6 },
          },
        ],
        responses: {
          '200': jsonResponse("The KPI's status.", ref('KpiStatus')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
  },
};
