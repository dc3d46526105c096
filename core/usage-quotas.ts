/**
 * Volume-based limits (the spec's Enterprise row): quotas per calendar month (UTC) and optionally per UTC day, by kind
 * of work, with a per-tenant policy for work beyond a quota. Pure definitions; the counters are in Postgres
 * (db/repositories/usage-quotas.ts).
 */
import type { Plan } from './plans';

export const USAGE_KINDS = [
  'api_requests',
  'scenario_runs',
  'evaluations',
  'records_synced',
  'webhook_deliveries',
] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const QUOTA_PERIODS = ['month', 'day'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

/** `refuse`: work beyond a quota is refused (429 naming it); `allow_overage`: it is done and counted as overage. */
export const QUOTA_POLICIES = ['refuse', 'allow_overage'] as const;
export type QuotaPolicy = (typeof QUOTA_POLICIES)[number];

/** What each kind counts, for the document and the CLI's help. */
export const USAGE_KIND_DESCRIPTIONS: Record<UsageKind, string> = {
  api_requests:
    'Authenticated requests to /api/v1 that the rate limits let through (a request refused by this quota is not counted).',
  scenario_runs: 'Scenario runs: a created scenario, a re-run with new inputs, and each valid item of a batch.',
  evaluations: 'Model evaluations: each item of POST /models/{id}/evaluate.',
  records_synced: 'Records an integration sync inserted or updated in a dataset (counted as each page commits).',
  webhook_deliveries: 'Webhook delivery attempts sent to an endpoint (each retry counts).',
};

/**
 * Kinds that are counted but never cut off part-way: a running sync finishes its pages and a tenant's events are
 * delivered, beyond the quota too. Under `refuse`, a sync is refused at its start once the quota is used up.
 */
export const NEVER_INTERRUPTED: ReadonlySet<UsageKind> = new Set(['records_synced', 'webhook_deliveries']);

/**
 * Whether a tenant on this plan is counted in every kind whether or not it has a quota (so its admin sees what a quota
 * would have to allow before one is set): the plan that can have quotas. Other tenants are not counted, which keeps
 * the counter rows (one tenant's work queues on them) off their requests.
 */
export function countedWithoutQuota(plan: Plan): boolean {
  return plan === 'enterprise';
}

/** The share of a quota at which `usage.quota.warning` is sent, once per period. */
export const WARNING_RATIO = 0.8;

export interface Quota {
  kind: UsageKind;
  period: QuotaPeriod;
  limit: number;
}

/** The first instant of the period holding `now` (UTC). */
export function periodStart(period: QuotaPeriod, now: Date): Date {
  return period === 'month'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The first instant of the next period. */
export function periodEnd(period: QuotaPeriod, now: Date): Date {
  return period === 'month'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The thresholds a count moving from `before` to `after` crosses: the warning share and the quota itself. */
export function thresholdsCrossed(
  before: number,
  after: number,
  limit: number,
): { warning: boolean; exceeded: boolean } {
  const warningAt = Math.ceil(limit * WARNING_RATIO);
  return { warning: before < warningAt && after >= warningAt, exceeded: before < limit && after >= limit };
}

/** `scenario_runs` per month → "scenario_runs per month". */
export function quotaName(quota: Pick<Quota, 'kind' | 'period'>): string {
  return `${quota.kind} per ${quota.period}`;
}
