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

const tag = 'KPI alerts';
const kpiIdParameter = pathParameter('KPI id (`kpi_…`).');
const ruleIdParameter = pathParameter('Alert rule id (`kar_…`).', 'rule_id');
const alertIdParameter = pathParameter('Alert id (`kal_…`).');

const band: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['low', 'high'],
  properties: { low: { type: 'number' }, high: { type: 'number' } },
};
const line: SchemaObject = { oneOf: [{ type: 'number' }, band, { type: 'null' }] };

const threshold: SchemaObject = {
  type: ['object', 'null'],
  additionalProperties: false,
  description:
    'Like a KPI threshold: `{value}`, `{low, high}` (target_band) or `{percent}` of the target, resolving to a finite number (else 422 naming it).',
  properties: {
    value: { type: 'number' },
    low: { type: 'number' },
    high: { type: 'number' },
    percent: { type: 'number', minimum: 0, maximum: 1000 },
  },
};

const editable: Record<string, SchemaObject> = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  severity: {
    type: 'string',
    enum: ['warning', 'critical'],
    description:
      "Default `warning`. A threshold rule without its own `threshold` uses the KPI's line of this severity.",
  },
  threshold: {
    ...threshold,
    description:
      "threshold rules: the rule's own line (else the KPI's warning / critical line). A point breaches when strictly worse than it.",
  },
  recovery_threshold: {
    ...threshold,
    description:
      'threshold rules (hysteresis): a firing alert resolves only on a point at or better than this line, which must lie on the good side of the ' +
      'threshold (else 422 naming it). Without one, the first point that does not breach resolves it.',
  },
  for_points: {
    type: 'integer',
    minimum: 1,
    maximum: 10_000,
    description: 'Consecutive breaching points before pending becomes firing (default 1).',
  },
  for_seconds: {
    type: 'integer',
    minimum: 0,
    maximum: 31_536_000,
    description: 'And at least this long from the first breaching point to the latest (default 0).',
  },
  window_seconds: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 31_536_000,
    description: 'rate_of_change: the window the change is measured over.',
  },
  change: {
    type: ['object', 'null'],
    additionalProperties: false,
    description:
      "rate_of_change: exactly one of `percent` (of |reference|) or `absolute`. The reference is the oldest point in the window; only changes in the KPI's bad direction count.",
    properties: { percent: { type: 'number', exclusiveMinimum: 0 }, absolute: { type: 'number', exclusiveMinimum: 0 } },
  },
  no_data_seconds: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 31_536_000,
    description: "no_data: fires when no point arrived for this long (plus the KPI's evaluation delay).",
  },
  renotify_seconds: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 31_536_000,
    description: 'While firing (not acknowledged or silenced), `kpi.alert.triggered` is sent again at this interval.',
  },
  enabled: { type: 'boolean' },
};

const ruleExample = {
  name: 'Service level critical',
  kind: 'threshold',
  severity: 'critical',
  recovery_threshold: { value: 0.75 },
  for_points: 3,
  renotify_seconds: 3600,
};

const stateEnum = ['pending', 'firing', 'acknowledged', 'resolved'];

export const kpiAlertsPart: DocumentPart = {
  tags: [
    {
      name: tag,
      description:
        'Alert rules per KPI and the alerts they raise. A breaching point opens a `pending` alert; it fires after `for_points` consecutive breaching ' +
        'points (and `for_seconds`), and resolves only once a point is back past the recovery line (hysteresis: a value hovering at the line fires ' +
        'once). `no_data` rules fire when points stop arriving. At most one open (pending, firing or acknowledged) alert per rule. Every state ' +
        'change is a transition with its reason (threshold, recovery, no_data, silence, acknowledge, revision, manual): late or replaced points ' +
        're-evaluate the stretch they touch, and a changed verdict is recorded as a `revision`, never rewritten silently. Evaluation runs in ' +
        'Temporal as points are stored (workflow `kpi/kpi_…`), and in batches for the time-based checks (no_data, re-notification, delayed ' +
        'judging, dataset recomputation): a few shard Schedules (`kpi_evaluation/<task queue>/shard-<n>`), each tick evaluating every active KPI ' +
        'of its shard that needs them. No rule or KPI write waits for Temporal: a paused KPI is simply skipped. Points are judged once they are `evaluation_delay_seconds` old. Events: `kpi.alert.triggered`, `kpi.alert.resolved`.',
    },
  ],
  schemas: {
    KpiAlertRule: {
      type: 'object',
      required: [
        'id',
        'object',
        'kpi_id',
        'name',
        'kind',
        'severity',
        'lines',
        'enabled',
        'evaluated_through',
        'created_by',
        'created_at',
        'updated_at',
      ],
      properties: {
        id: { type: 'string', example: 'kar_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'kpi_alert_rule' },
        kpi_id: { type: 'string' },
        kind: { type: 'string', enum: ['threshold', 'rate_of_change', 'no_data'] },
        ...editable,
        lines: {
          type: 'object',
          description: "The threshold and recovery lines resolved in the KPI's unit.",
          properties: { threshold: line, recovery: line },
        },
        evaluated_through: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'The latest point timestamp judged.',
        },
        created_by: ref('Actor'),
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    KpiAlertRuleList: listOf('KpiAlertRule'),
    CreateKpiAlertRuleRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'kind'],
      properties: { kind: { type: 'string', enum: ['threshold', 'rate_of_change', 'no_data'] }, ...editable },
    },
    UpdateKpiAlertRuleRequest: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      description: 'Fields to change (the kind cannot change); the rule is validated again.',
      properties: editable,
    },
    KpiAlert: {
      type: 'object',
      required: [
        'id',
        'object',
        'kpi_id',
        'rule_id',
        'severity',
        'state',
        'started_at',
        'ended_at',
        'fired_at',
        'resolved_at',
        'resolution',
        'acknowledged',
        'silence',
        'points',
        'explanation',
        'transitions',
      ],
      properties: {
        id: { type: 'string', example: 'kal_01jd2x0m3f8q4w7e5r6t9y2v1k' },
        object: { type: 'string', const: 'kpi_alert' },
        kpi_id: { type: 'string' },
        rule_id: { type: 'string' },
        severity: { type: 'string', enum: ['warning', 'critical'] },
        state: { type: 'string', enum: stateEnum },
        started_at: timestamp('The first breaching point (no_data: when the silence became too long).'),
        ended_at: { type: ['string', 'null'], format: 'date-time', description: 'The point that ended it.' },
        fired_at: { type: ['string', 'null'], format: 'date-time' },
        resolved_at: { type: ['string', 'null'], format: 'date-time' },
        resolution: {
          type: ['string', 'null'],
          enum: ['recovery', 'cancelled', 'manual', 'revision', null],
          description: '`cancelled`: a pending alert whose next point did not breach.',
        },
        acknowledged: { type: ['object', 'null'], properties: { at: timestamp('When.'), by: ref('Actor') } },
        silence: {
          type: ['object', 'null'],
          properties: {
            until: timestamp('Silenced until.'),
            reason: { type: ['string', 'null'] },
            active: { type: 'boolean' },
          },
        },
        notification_count: { type: 'integer' },
        last_notified_at: { type: ['string', 'null'], format: 'date-time' },
        points: {
          type: 'array',
          description: 'The breaching points (the first and the latest 19).',
          items: { type: 'object' },
        },
        explanation: {
          type: ['object', 'null'],
          description:
            '`summary`, the `rule`, its `line` and `recovery_line`, the breaching `points`; for model_output KPIs `scenario`: the scenario behind the ' +
            "latest breaching point, the `previous` point's scenario, `inputs_moved` (inputs that differ, largest relative change first) and " +
            "`sensitivity` (the model's own ranking of inputs for this metric, where the scenario ran a simulation); for dataset KPIs `dataset`: " +
            'the latest breaching `point` with its `source` (`sync` or `schedule`) and `sync_id`, the `sync` behind it (the sync it was recorded ' +
            'after, or for a schedule point the sync that had last changed the dataset: `id`, `integration_id`, `status`, `completed_at`, ' +
            '`counts`), the `previous` point with its value and sync, and the origin of every breaching point (`points`).',
        },
        transitions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['from', 'to', 'reason', 'detail', 'actor', 'at'],
            properties: {
              from: { type: ['string', 'null'], enum: [...stateEnum, null] },
              to: { type: 'string', enum: stateEnum },
              reason: {
                type: 'string',
                enum: ['threshold', 'recovery', 'no_data', 'silence', 'acknowledge', 'revision', 'manual'],
              },
              detail: { type: 'string' },
              actor: { oneOf: [ref('Actor'), { type: 'null' }] },
              at: timestamp('When it was recorded.'),
            },
          },
        },
        created_at: timestamp('Creation time.'),
        updated_at: timestamp('Last change.'),
      },
    },
    KpiAlertList: listOf('KpiAlert'),
    SilenceKpiAlertRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['until', 'reason'],
      properties: {
        until: { type: 'string', format: 'date-time', description: 'In the future.' },
        reason: { type: 'string', minLength: 1, maxLength: 500 },
      },
    },
    ResolveKpiAlertRequest: {
      type: 'object',
      additionalProperties: false,
      properties: { reason: { type: 'string', minLength: 1, maxLength: 500 } },
    },
    EmptyKpiAlertActionRequest: { type: 'object', additionalProperties: false, properties: {} },
  },
  paths: {
    '/api/v1/kpis/{id}/alert-rules': {
      post: {
        operationId: 'createKpiAlertRule',
        summary: 'Create an alert rule',
        description:
          "Kinds: `threshold`, `rate_of_change`, `no_data`. A rule that contradicts the KPI's direction (a recovery line on the bad side) is a 422 naming the field.",
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [kpiIdParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('CreateKpiAlertRuleRequest'), example: ruleExample } },
        },
        responses: {
          '201': jsonResponse('The rule.', ref('KpiAlertRule'), createdHeaders),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      get: {
        operationId: 'listKpiAlertRules',
        summary: "List a KPI's alert rules",
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [kpiIdParameter, parameterRef('Limit'), parameterRef('Cursor')],
        responses: {
          '200': jsonResponse('A page of rules, newest first.', ref('KpiAlertRuleList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/kpis/{id}/alert-rules/{rule_id}': {
      get: {
        operationId: 'getKpiAlertRule',
        summary: 'Get an alert rule',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [kpiIdParameter, ruleIdParameter],
        responses: { '200': jsonResponse('The rule.', ref('KpiAlertRule')), ...standardErrors({ notFound: true }) },
      },
      patch: {
        operationId: 'updateKpiAlertRule',
        summary: 'Update an alert rule',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [kpiIdParameter, ruleIdParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('UpdateKpiAlertRuleRequest'),
              example: { for_points: 2, renotify_seconds: 7200 },
            },
          },
        },
        responses: {
          '200': jsonResponse('The rule.', ref('KpiAlertRule')),
          ...standardErrors({ body: true, notFound: true }),
        },
      },
      delete: {
        operationId: 'deleteKpiAlertRule',
        summary: 'Delete an alert rule',
        description: 'Its open alert is resolved (`manual`, "the rule was deleted"); its alerts stay readable.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [kpiIdParameter, ruleIdParameter],
        responses: { '204': { description: 'Deleted.' }, ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/kpis/{id}/alerts': {
      get: {
        operationId: 'listKpiAlerts',
        summary: "List a KPI's alerts",
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [
          kpiIdParameter,
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'state',
            in: 'query',
            schema: { type: 'string', enum: [...stateEnum, 'open'] },
            description: '`open`: pending, firing or acknowledged.',
          },
          { name: 'severity', in: 'query', schema: { type: 'string', enum: ['warning', 'critical'] } },
          { name: 'rule_id', in: 'query', schema: { type: 'string', minLength: 1, maxLength: 100 } },
        ],
        responses: {
          '200': jsonResponse('A page of alerts, newest first.', ref('KpiAlertList')),
          ...standardErrors({ notFound: true }),
        },
      },
    },
    '/api/v1/alerts': {
      get: {
        operationId: 'listAlerts',
        summary: 'List alerts of every KPI',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [
          parameterRef('Limit'),
          parameterRef('Cursor'),
          {
            name: 'state',
            in: 'query',
            schema: { type: 'string', enum: [...stateEnum, 'open'] },
            description: '`open`: pending, firing or acknowledged.',
          },
          { name: 'severity', in: 'query', schema: { type: 'string', enum: ['warning', 'critical'] } },
          { name: 'kpi_id', in: 'query', schema: { type: 'string', minLength: 1, maxLength: 100 } },
        ],
        responses: { '200': jsonResponse('A page of alerts, newest first.', ref('KpiAlertList')), ...standardErrors() },
      },
    },
    '/api/v1/alerts/{id}': {
      get: {
        operationId: 'getAlert',
        summary: 'Get an alert with its explanation and transitions',
        tags: [tag],
        'x-required-scope': 'kpis:read',
        parameters: [alertIdParameter],
        responses: { '200': jsonResponse('The alert.', ref('KpiAlert')), ...standardErrors({ notFound: true }) },
      },
    },
    '/api/v1/alerts/{id}/acknowledge': {
      post: {
        operationId: 'acknowledgeAlert',
        summary: 'Acknowledge an alert',
        description:
          'A firing alert becomes `acknowledged` (by the caller, now): no re-notifications; it still resolves on recovery. A resolved alert is a 409.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [alertIdParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: ref('EmptyKpiAlertActionRequest'), example: {} } },
        },
        responses: {
          '200': jsonResponse('The alert.', ref('KpiAlert'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/alerts/{id}/silence': {
      post: {
        operationId: 'silenceAlert',
        summary: 'Silence an alert',
        description:
          'No `kpi.alert.triggered` (first or repeated) until `until`; state changes are still recorded. A resolved alert is a 409.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [alertIdParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref('SilenceKpiAlertRequest'),
              example: { until: '2099-01-01T00:00:00.000Z', reason: 'Known outage, fix in progress' },
            },
          },
        },
        responses: {
          '200': jsonResponse('The alert.', ref('KpiAlert'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
    '/api/v1/alerts/{id}/resolve': {
      post: {
        operationId: 'resolveAlert',
        summary: 'Resolve an alert by hand',
        description:
          'The alert becomes `resolved` (`manual`); the episode it belongs to raises no new alert until its points recover. A resolved alert is a 409.',
        tags: [tag],
        'x-required-scope': 'kpis:write',
        parameters: [alertIdParameter, parameterRef('IdempotencyKey')],
        requestBody: {
          required: false,
          content: {
            'application/json': { schema: ref('ResolveKpiAlertRequest'), example: { reason: 'Fixed upstream' } },
          },
        },
        responses: {
          '200': jsonResponse('The alert.', ref('KpiAlert'), postSuccessHeaders),
          ...standardErrors({ body: true, notFound: true, conflict: true }),
        },
      },
    },
  },
};
