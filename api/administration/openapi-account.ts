import { QUOTA_PERIODS, QUOTA_POLICIES, USAGE_KINDS, USAGE_KIND_DESCRIPTIONS } from '../../core/usage-quotas';
import { jsonResponse, ref, standardErrors, type DocumentPart } from '../openapi/common';

export const accountPart: DocumentPart = {
  tags: [{ name: 'Account', description: "The caller's own identity and quota." }],
  schemas: {
    Usage: {
      type: 'object',
      required: ['object', 'tenant_id', 'policy', 'quotas', 'consumption', 'as_of'],
      properties: {
        object: { type: 'string', const: 'usage' },
        tenant_id: { type: 'string' },
        policy: { type: 'string', enum: [...QUOTA_POLICIES], description: 'What happens beyond a quota.' },
        quotas: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'kind',
              'period',
              'limit',
              'used',
              'remaining',
              'overage',
              'percent_used',
              'period_start',
              'period_end',
            ],
            properties: {
              kind: { type: 'string', enum: [...USAGE_KINDS] },
              period: { type: 'string', enum: [...QUOTA_PERIODS] },
              limit: { type: 'integer', minimum: 0 },
              used: { type: 'integer', minimum: 0, description: 'Counted in the current period.' },
              remaining: { type: 'integer', minimum: 0 },
              overage: {
                type: 'integer',
                minimum: 0,
                description: 'Used beyond the limit (`allow_overage`, or kinds never cut off).',
              },
              percent_used: { type: 'number', minimum: 0, example: 42.5 },
              period_start: { type: 'string', format: 'date-time' },
              period_end: { type: 'string', format: 'date-time', description: 'When the count starts again from 0.' },
            },
          },
        },
        consumption: {
          type: 'array',
          description:
            'Enterprise: what each kind of work used in the current month and the current day (UTC), whether or not it has a quota, ' +
            'so an admin can choose one; `limit` is the quota of that kind and period, or null. Empty for a tenant without quotas ' +
            'on another plan (its work is not counted).',
          items: {
            type: 'object',
            required: ['kind', 'period', 'used', 'limit', 'period_start', 'period_end'],
            properties: {
              kind: { type: 'string', enum: [...USAGE_KINDS] },
              period: { type: 'string', enum: [...QUOTA_PERIODS] },
              used: { type: 'integer', minimum: 0, description: 'Counted in the current period.' },
              limit: {
                type: ['integer', 'null'],
                minimum: 0,
                description: 'The quota of this kind and period; null when there is none.',
              },
              period_start: { type: 'string', format: 'date-time' },
              period_end: { type: 'string', format: 'date-time', description: 'When the count starts again from 0.' },
            },
          },
        },
        as_of: { type: 'string', format: 'date-time' },
      },
    },
    Principal: {
      type: 'object',
      required: ['object', 'tenant_id', 'actor', 'scopes', 'rate_limits'],
      properties: {
        object: { type: 'string', const: 'principal' },
        tenant_id: { type: 'string' },
        actor: ref('Actor'),
        scopes: { type: 'array', items: { type: 'string' } },
        rate_limits: {
          type: 'object',
          required: ['per_minute', 'per_day'],
          properties: { per_minute: { type: 'integer' }, per_day: { type: 'integer' } },
        },
        dedicated_endpoint: {
          type: ['object', 'null'],
          description:
            "Enterprise: the tenant's own base URL (its paths are the same `/api/v1/…`), on which only its credentials are accepted. " +
            '`shared_host_open` is true during the migration window, while the shared endpoint still answers for the tenant; after it, ' +
            'the shared endpoint answers 421 `dedicated_endpoint_required`. Null: the tenant uses the shared endpoint.',
          required: ['base_url', 'shared_host_open'],
          properties: {
            base_url: { type: 'string', example: 'https://acme.api.example.com' },
            shared_host_open: { type: 'boolean' },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/usage': {
      get: {
        operationId: 'getUsage',
        summary: 'Volume quotas and their use',
        description:
          "The tenant's volume quotas (Enterprise: per calendar month, UTC, and optionally per UTC day, by kind of work) and what the current " +
          'period has used of each, read from counters kept in the transaction of the work they count (exact across API and worker ' +
          'processes, and across restarts). `policy` says what happens beyond a quota: `refuse` answers 429 `usage_quota_exceeded` naming ' +
          'it (a running sync and webhook deliveries are never cut off: a sync is refused at its start instead), `allow_overage` does the ' +
          'work and counts it as `overage`. `usage.quota.warning` is sent at 80 % of a quota and `usage.quota.exceeded` when it is ' +
          'reached, once per period. Quotas are set by platform operators (`npm run admin -- tenant quotas`); a tenant without any has ' +
          "an empty `quotas` list. `consumption` shows, for an enterprise tenant, every kind's count in the current month and day, " +
          'with or without a quota. Kinds: ' +
          USAGE_KINDS.map((kind) => `\`${kind}\` (${USAGE_KIND_DESCRIPTIONS[kind]})`).join('; ') +
          '.',
        tags: ['Account'],
        'x-required-scope': 'admin',
        responses: {
          '200': jsonResponse("The tenant's quotas and their use in the current period.", ref('Usage')),
          ...standardErrors(),
        },
      },
    },
    '/api/v1/me': {
      get: {
        operationId: 'getCurrentPrincipal',
        summary: 'Who am I',
        description:
          "The tenant, actor and scopes of the presented credentials, the tenant's rate limits, and its dedicated endpoint if it has one. Needs no particular scope.",
        tags: ['Account'],
        'x-required-scope': 'none',
        responses: { '200': jsonResponse('The caller.', ref('Principal')), ...standardErrors() },
      },
    },
  },
};
