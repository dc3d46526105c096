import type { Knex } from 'knex';
import { usageQuotaExceeded } from '../../core/errors';
import type { Plan } from '../../core/plans';
import {
  NEVER_INTERRUPTED,
  QUOTA_PERIODS,
  USAGE_KINDS,
  WARNING_RATIO,
  countedWithoutQuota,
  periodEnd,
  periodStart,
  quotaName,
  thresholdsCrossed,
  type Quota,
  type QuotaPeriod,
  type QuotaPolicy,
  type UsageKind,
} from '../../core/usage-quotas';
import { recordEvent } from './events';
import type { TenantScope } from '../tenant-scope';

/**
 * Volume quotas and their counters (core/usage-quotas.ts). A count is taken in the transaction of the work it counts:
 * the counter row is locked, so concurrent work of one tenant in any number of processes is counted one after the
 * other, exactly; a refused or rolled-back piece of work counts nothing.
 */

export interface TenantQuotas {
  policy: QuotaPolicy;
  quotas: Quota[];
}

export async function findTenantQuotas(db: Knex | Knex.Transaction, tenantId: string): Promise<TenantQuotas> {
  const [tenant, rows] = await Promise.all([
    db('tenants').where({ id: tenantId }).first<{ quota_policy: QuotaPolicy } | undefined>('quota_policy'),
    db('usage_quotas')
      .where({ tenant_id: tenantId })
      .orderBy(['kind', 'period'])
      .select<Array<{ kind: UsageKind; period: QuotaPeriod; quota: string }>>('kind', 'period', 'quota'),
  ]);
  return {
    policy: tenant?.quota_policy ?? 'refuse',
    quotas: rows.map((row) => ({ kind: row.kind, period: row.period, limit: Number(row.quota) })),
  };
}

/**
 * Sets a tenant's quotas (an operator's act: the admin CLI, on the platform's own connection, not a tenant's scope).
 * `quotas` lists the ones to set; a `null` limit removes one; kinds and periods not listed stay as they are.
 */
export async function setTenantQuotas(
  trx: Knex.Transaction,
  tenantId: string,
  change: { policy?: QuotaPolicy; quotas: Array<{ kind: UsageKind; period: QuotaPeriod; limit: number | null }> },
): Promise<TenantQuotas> {
  if (change.policy) await trx('tenants').where({ id: tenantId }).update({ quota_policy: change.policy });
  for (const quota of change.quotas) {
    if (quota.limit === null) {
      await trx('usage_quotas').where({ tenant_id: tenantId, kind: quota.kind, period: quota.period }).delete();
    } else {
      await trx('usage_quotas')
        .insert({
          tenant_id: tenantId,
          kind: quota.kind,
          period: quota.period,
          quota: quota.limit,
          updated_at: trx.fn.now(),
        })
        .onConflict(['tenant_id', 'kind', 'period'])
        .merge(['quota', 'updated_at']);
    }
  }
  return findTenantQuotas(trx, tenantId);
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Counts `amount` of `kind` for the scope's tenant in the current month and day, and checks it against each of its
 * quotas of that kind. A tenant that can have quotas (core/usage-quotas.ts `countedWithoutQuota`) is counted whether
 * or not it has one, so `GET /usage` shows what a quota would have to allow; another tenant only for the quotas it
 * has. Under `refuse`, work that would go beyond a quota throws `usage_quota_exceeded` (naming it) and, with the
 * transaction, counts nothing, unless the kind is never interrupted (it is counted beyond). Crossing 80 % of a quota
 * writes `usage.quota.warning`, reaching it `usage.quota.exceeded`, each once per period, in the same transaction.
 * One statement per period: its counter is created or incremented, and locked until commit, by one upsert.
 */
export async function consumeUsage(
  scope: TenantScope,
  kind: UsageKind,
  amount: number,
  now = new Date(),
): Promise<void> {
  if (amount <= 0) return;
  const rows = await scope
    .trx('tenants as t')
    .leftJoin('usage_quotas as q', function join() {
      this.on('q.tenant_id', 't.id').andOn('q.kind', scope.trx.raw('?', [kind]));
    })
    .where('t.id', scope.tenantId)
    .select<Array<{ plan: Plan; policy: QuotaPolicy; period: QuotaPeriod | null; quota: string | null }>>(
      't.plan',
      't.quota_policy as policy',
      'q.period',
      'q.quota',
    );
  const tenant = rows[0];
  if (!tenant) return;
  const limits = new Map(
    rows.flatMap((row) => (row.period !== null ? [[row.period, Number(row.quota)] as const] : [])),
  );
  if (limits.size === 0 && !countedWithoutQuota(tenant.plan)) return;
  const policy = tenant.policy;
  // Month before day, as refundUsage takes them: two transactions never wait on each other's rows in opposite order.
  for (const period of QUOTA_PERIODS) {
    const key = { tenant_id: scope.tenantId, kind, period, period_start: isoDate(periodStart(period, now)) };
    const [counter] = await scope
      .trx('usage_counters')
      .insert({ ...key, used: amount, updated_at: now })
      .onConflict(['tenant_id', 'kind', 'period', 'period_start'])
      .merge({ used: scope.trx.raw('usage_counters.used + excluded.used'), updated_at: now })
      .returning<Array<{ used: string; warned_at: Date | null; exceeded_at: Date | null }>>([
        'used',
        'warned_at',
        'exceeded_at',
      ]);
    const limit = limits.get(period);
    if (limit === undefined) continue;
    const after = Number(counter!.used);
    const before = after - amount;
    if (policy === 'refuse' && !NEVER_INTERRUPTED.has(kind) && after > limit) {
      // The increment is undone with the caller's transaction.
      throw usageQuotaExceeded(
        quotaName({ kind, period }),
        limit,
        before,
        Math.max(1, Math.ceil((periodEnd(period, now).getTime() - now.getTime()) / 1000)),
      );
    }
    const crossed = thresholdsCrossed(before, after, limit);
    const warn = crossed.warning && !counter!.warned_at;
    const exceed = crossed.exceeded && !counter!.exceeded_at;
    if (!warn && !exceed) continue;
    await scope
      .trx('usage_counters')
      .where(key)
      .update({ ...(warn ? { warned_at: now } : {}), ...(exceed ? { exceeded_at: now } : {}) });
    const data = (threshold: number) => ({
      quota: { kind, period, limit, name: quotaName({ kind, period }) },
      used: after,
      threshold,
      policy,
      period_start: periodStart(period, now).toISOString(),
      period_end: periodEnd(period, now).toISOString(),
    });
    if (warn) await recordEvent(scope, 'usage.quota.warning', data(Math.ceil(limit * WARNING_RATIO)));
    if (exceed) await recordEvent(scope, 'usage.quota.exceeded', data(limit));
  }
}

/**
 * Counts in a transaction of its own on the platform's connection, for work that has none to count in (a request
 * before its handler, an evaluation that stores nothing): not part of the request's idempotent work.
 */
export async function countUsage(db: Knex, tenantId: string, kind: UsageKind, amount: number): Promise<void> {
  await db.transaction((trx) => consumeUsage({ trx, tenantId }, kind, amount));
}

/** Takes back, in a transaction of its own, what `countUsage` counted for work that then failed as a whole. */
export async function uncountUsage(db: Knex, tenantId: string, kind: UsageKind, amount: number): Promise<void> {
  await db.transaction((trx) => refundUsage({ trx, tenantId }, kind, amount));
}

/** Takes back a count whose work was rolled back after it committed (a run whose workflow could not be started). */
export async function refundUsage(
  scope: TenantScope,
  kind: UsageKind,
  amount: number,
  now = new Date(),
): Promise<void> {
  if (amount <= 0) return;
  for (const period of ['month', 'day'] as const) {
    await scope
      .trx('usage_counters')
      .where({ tenant_id: scope.tenantId, kind, period, period_start: isoDate(periodStart(period, now)) })
      .update({ used: scope.trx.raw('greatest(used - ?, 0)', [amount]), updated_at: now });
  }
}

/**
 * Refuses to start work of a kind that is never interrupted once it has begun (a sync) when, under `refuse`, one of
 * its quotas is already used up.
 */
export async function assertQuotaLeft(scope: TenantScope, kind: UsageKind, now = new Date()): Promise<void> {
  const rows = await scope
    .trx('usage_quotas as q')
    .join('tenants as t', 't.id', 'q.tenant_id')
    .leftJoin('usage_counters as c', function join() {
      this.on('c.tenant_id', 'q.tenant_id')
        .andOn('c.kind', 'q.kind')
        .andOn('c.period', 'q.period')
        .andOn(
          scope.trx.raw('c.period_start = case when q.period = ? then ?::date else ?::date end', [
            'month',
            isoDate(periodStart('month', now)),
            isoDate(periodStart('day', now)),
          ]),
        );
    })
    .where({ 'q.tenant_id': scope.tenantId, 'q.kind': kind, 't.quota_policy': 'refuse' })
    .select<Array<{ period: QuotaPeriod; quota: string; used: string | null }>>('q.period', 'q.quota', 'c.used');
  for (const row of rows) {
    const used = Number(row.used ?? 0);
    if (used >= Number(row.quota)) {
      throw usageQuotaExceeded(
        quotaName({ kind, period: row.period }),
        Number(row.quota),
        used,
        Math.max(1, Math.ceil((periodEnd(row.period, now).getTime() - now.getTime()) / 1000)),
      );
    }
  }
}

export interface UsageLine {
  kind: UsageKind;
  period: QuotaPeriod;
  limit: number;
  used: number;
  remaining: number;
  overage: number;
  period_start: string;
  period_end: string;
}

export interface ConsumptionLine {
  kind: UsageKind;
  period: QuotaPeriod;
  used: number;
  /** The quota of this kind and period, or null when there is none. */
  limit: number | null;
  period_start: string;
  period_end: string;
}

/**
 * The current periods' consumption: against each quota of the tenant (`quotas`), and of every kind in the current
 * month and day whether or not it has a quota (`consumption`; empty for a tenant that is counted only against quotas
 * and has none).
 */
export async function usageReport(
  scope: TenantScope,
  now = new Date(),
): Promise<{ policy: QuotaPolicy; quotas: UsageLine[]; consumption: ConsumptionLine[] }> {
  const [{ policy, quotas }, tenant, counters] = await Promise.all([
    findTenantQuotas(scope.trx, scope.tenantId),
    scope.trx('tenants').where({ id: scope.tenantId }).first<{ plan: Plan } | undefined>('plan'),
    scope
      .trx('usage_counters')
      .where({ tenant_id: scope.tenantId })
      .where((where) => {
        for (const period of QUOTA_PERIODS) where.orWhere({ period, period_start: isoDate(periodStart(period, now)) });
      })
      .select<Array<{ kind: UsageKind; period: QuotaPeriod; used: string }>>('kind', 'period', 'used'),
  ]);
  const used = (kind: UsageKind, period: QuotaPeriod) =>
    Number(counters.find((row) => row.kind === kind && row.period === period)?.used ?? 0);
  const lines: UsageLine[] = quotas.map((quota) => {
    const count = used(quota.kind, quota.period);
    return {
      kind: quota.kind,
      period: quota.period,
      limit: quota.limit,
      used: count,
      remaining: Math.max(0, quota.limit - count),
      overage: Math.max(0, count - quota.limit),
      period_start: periodStart(quota.period, now).toISOString(),
      period_end: periodEnd(quota.period, now).toISOString(),
    };
  });
  const counted = quotas.length > 0 || (tenant !== undefined && countedWithoutQuota(tenant.plan));
  const consumption: ConsumptionLine[] = !counted
    ? []
    : USAGE_KINDS.flatMap((kind) =>
        QUOTA_PERIODS.map((period) => ({
          kind,
          period,
          used: used(kind, period),
          limit: quotas.find((quota) => quota.kind === kind && quota.period === period)?.limit ?? null,
          period_start: periodStart(period, now).toISOString(),
          period_end: periodEnd(period, now).toISOString(),
        })),
      );
  return { policy, quotas: lines, consumption };
}

/**
 * How a tenant's requests are counted (`api_requests`): `exact` (it has such a quota: each request under the counter's
 * lock, refused beyond it), `tally` (counted without a quota, so nothing to refuse: in blocks, through `tallyUsage`),
 * or `none`.
 */
export type RequestCounting = 'exact' | 'tally' | 'none';

export async function requestCounting(
  db: Knex,
  tenantId: string,
  kind: UsageKind = 'api_requests',
): Promise<RequestCounting> {
  if (await tenantHasQuota(db, tenantId, kind)) return 'exact';
  const tenant = await db('tenants').where({ id: tenantId }).first<{ plan: Plan } | undefined>('plan');
  return tenant && countedWithoutQuota(tenant.plan) ? 'tally' : 'none';
}

/**
 * Adds `amount` to the tenant's current month and day counters of `kind`, checking no quota: for work counted where
 * the tenant has no quota of the kind (a block of tallied requests), so there is nothing to refuse or warn about.
 */
export async function tallyUsage(
  db: Knex,
  tenantId: string,
  kind: UsageKind,
  amount: number,
  now = new Date(),
): Promise<void> {
  if (amount <= 0) return;
  await db.transaction(async (trx) => {
    for (const period of QUOTA_PERIODS) {
      await trx('usage_counters')
        .insert({
          tenant_id: tenantId,
          kind,
          period,
          period_start: isoDate(periodStart(period, now)),
          used: amount,
          updated_at: now,
        })
        .onConflict(['tenant_id', 'kind', 'period', 'period_start'])
        .merge({ used: trx.raw('usage_counters.used + excluded.used'), updated_at: now });
    }
  });
}

/** Whether a tenant has any quota of a kind (for the request counter's cache). */
export async function tenantHasQuota(db: Knex, tenantId: string, kind: UsageKind): Promise<boolean> {
  return Boolean(await db('usage_quotas').where({ tenant_id: tenantId, kind }).first('kind'));
}
