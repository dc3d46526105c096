import type { Knex } from 'knex';
import type { TenantScope } from '../tenant-scope';

export interface DueKpi {
  id: string;
  tenant_id: string;
}

/**
 * The KPIs of one shard whose time-based checks are due in this tick: active (a paused or archived KPI is not
 * checked), needing checks over time (a `dataset` KPI, recomputed on each tick; an enabled no_data rule or one that
 * re-notifies; or enabled rules judged after an evaluation delay), and not yet checked in this tick (`tick`: the shard
 * run's id, so the next batch of a tick, or a retried one, skips what it checked whatever the clocks say).
 * Least recently checked first, so a shard with more due KPIs than a tick gets through serves them in turn.
 * A KPI's shard is a hash of its id: changing the shard count moves KPIs between shards, never loses one.
 */
export async function dueKpisOfShard(
  db: Knex,
  job: { shard: number; shardCount: number; tick: string; limit: number; tenantIds?: readonly string[] },
): Promise<DueKpi[]> {
  if (job.tenantIds && job.tenantIds.length === 0) return [];
  const result = await db.raw<{ rows: DueKpi[] }>(
    `select k.id, k.tenant_id from kpis k
      where k.deleted_at is null and k.status = 'active'
        and k.checked_in_tick is distinct from ?
        and mod(hashtext(k.id)::bigint + 2147483648, ?) = ?
        and (k.source_type = 'dataset' or exists (
          select 1 from kpi_alert_rules r
           where r.kpi_id = k.id and r.deleted_at is null and r.enabled
             and (r.kind = 'no_data' or r.renotify_seconds is not null or k.evaluation_delay_seconds > 0)))
        ${job.tenantIds ? 'and k.tenant_id = any(?)' : ''}
      order by k.checked_at nulls first, k.id
      limit ?`,
    [job.tick, job.shardCount, job.shard, ...(job.tenantIds ? [job.tenantIds as string[]] : []), job.limit],
  );
  return result.rows;
}

/** In the check's own transaction: the KPI was checked at `at`, in `tick`. */
export async function markKpiChecked(scope: TenantScope, kpiId: string, tick: string, at: Date): Promise<void> {
  await scope
    .trx('kpis')
    .where({ id: kpiId, tenant_id: scope.tenantId })
    .update({ checked_at: at, checked_in_tick: tick, check_error: null });
}

/** The check failed (its transaction rolled back): recorded so the KPI waits for the next tick and the others go on. */
export async function markKpiCheckFailed(
  db: Knex,
  kpiId: string,
  tick: string,
  at: Date,
  error: string,
): Promise<void> {
  await db('kpis')
    .where({ id: kpiId })
    .update({ checked_at: at, checked_in_tick: tick, check_error: error.slice(0, 2000) });
}
