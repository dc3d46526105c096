import { addPeriods, healthOf, kpiDefinitionOf, periodStart, resolvedLines, trendOf } from '../../rules/kpis/status';
import { bucketPoints, latestPoints, type Bucket } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadKpi, presentCurrent } from './kpi-records';
import type { KpiUseCaseDeps } from './deps';

/** The KPI against its target and thresholds now, and its trend over the last `periods` aggregation periods. */
export async function getKpiStatus({ db }: KpiUseCaseDeps, { tenantId }: RequestContext, id: string, periods: number) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const kpi = await loadKpi(scope, id);
    const latest = (await latestPoints(scope, [id])).get(id);
    const definition = kpiDefinitionOf(kpi);
    const lines = resolvedLines(definition);
    const period = kpi.aggregation_period;
    let buckets: Bucket[] = [];
    let windowStart: Date | undefined;
    if (latest) {
      const lastStart = periodStart(latest.observed_at, period);
      windowStart = addPeriods(lastStart, period, -(periods - 1));
      buckets = (
        await bucketPoints(
          scope,
          id,
          period,
          { from: windowStart, to: addPeriods(lastStart, period, 1) },
          { limit: periods },
        )
      ).rows;
    }
    const indexOf = new Map<number, number>();
    if (windowStart) for (let i = 0; i < periods; i++) indexOf.set(addPeriods(windowStart, period, i).getTime(), i);
    const trend = trendOf(
      kpi.direction,
      kpi.target,
      buckets.map((b) => ({ index: indexOf.get(b.start.getTime()) ?? 0, value: b.avg })),
    );
    return {
      object: 'kpi_status' as const,
      kpi_id: id,
      current: presentCurrent(latest),
      target_status: healthOf(definition, latest?.value),
      target: kpi.target,
      thresholds: { warning: lines.warning, critical: lines.critical },
      trend: {
        period,
        periods,
        ...trend,
        buckets: buckets.map((b) => ({ start: b.start.toISOString(), avg: b.avg, count: b.count })),
      },
    };
  });
}
