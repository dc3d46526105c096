import { addPeriods } from '../../rules/kpis/status';
import { outcomeVariance } from '../../rules/decisions/outcome-variance';
import type { DecisionRecord } from '../../db/records/decision';
import type { DecisionOutcomeRecord } from '../../db/records/decision-outcome';
import type { DecisionOutcomeKpiRecord } from '../../db/records/decision-outcome-kpi';
import { allOutcomeKpiLinks } from '../../db/repositories/decision-outcome-kpis';
import { listStandingOutcomes, type SummaryRow } from '../../db/repositories/decision-outcomes';
import { bucketPoints, findKpi, type Bucket } from '../../db/repositories/kpis';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { kpiWindowStart, readDecisionForOutcomes, requireDecisionId } from './outcome-records';
import type { OutcomeUseCaseDeps } from './deps';

/** The summary shows each metric's latest observations, this many at most (`observation_count` says how many stand). */
export const SUMMARY_OBSERVATIONS_PER_METRIC = 100;

/** The end of every KPI window: after any point a KPI can hold (points may be up to a day ahead of their recording). */
const KPI_WINDOW_END = new Date('9999-12-31T00:00:00.000Z');

/** KPI periods read per query while walking a KPI-fed metric's periods. */
const KPI_PERIODS_PER_QUERY = 1000;

function presentObservation(record: DecisionOutcomeRecord) {
  return {
    source: 'outcome' as const,
    outcome_id: record.id,
    observed_at: record.observed_at.toISOString(),
    expected_value: record.expected_value,
    expected_source: record.expected_source,
    actual_value: record.actual_value,
    ...outcomeVariance(record.expected_value, record.actual_value),
  };
}

/**
 * A KPI-fed metric as the summary shows it: one observation per KPI aggregation period with points from the
 * decision's approval on, its actual value the period's average — the KPI family's own per-period value, computed
 * by its code (`bucketPoints`, as `GET /kpis/{id}/values?bucket=<period>&from=<approval>` answers), at read time, so
 * late and replaced points count as soon as they are stored. A KPI deleted since it was linked shows no observations.
 */
async function kpiFedMetric(scope: TenantScope, decision: DecisionRecord, link: DecisionOutcomeKpiRecord) {
  const from = kpiWindowStart(decision);
  const kpi = await findKpi(scope, link.kpi_id);
  const observations: ReturnType<typeof presentKpiObservation>[] = [];
  let count = 0;
  if (kpi) {
    const period = kpi.aggregation_period;
    let cursor: string | undefined;
    do {
      const page = await bucketPoints(
        scope,
        kpi.id,
        period,
        { from, to: KPI_WINDOW_END },
        { limit: KPI_PERIODS_PER_QUERY, cursor },
      );
      count += page.rows.length;
      for (const bucket of page.rows)
        observations.push(presentKpiObservation(link, bucket, addPeriods(bucket.start, period, 1)));
      // Only the latest periods are shown; older ones are counted.
      if (observations.length > SUMMARY_OBSERVATIONS_PER_METRIC)
        observations.splice(0, observations.length - SUMMARY_OBSERVATIONS_PER_METRIC);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }
  return {
    metric: link.metric,
    source: 'kpi' as const,
    link_id: link.id,
    kpi_id: link.kpi_id,
    kpi: kpi ? { name: kpi.name, unit: kpi.unit, aggregation_period: kpi.aggregation_period } : null,
    from: from.toISOString(),
    expected_value: link.expected_value,
    expected_source: link.expected_source,
    observation_count: count,
    observations,
    latest: observations[observations.length - 1] ?? null,
  };
}

function presentKpiObservation(link: DecisionOutcomeKpiRecord, bucket: Bucket, end: Date) {
  return {
    source: 'kpi' as const,
    kpi_id: link.kpi_id,
    period: { start: bucket.start.toISOString(), end: end.toISOString() },
    observed_at: bucket.last_at.toISOString(),
    point_count: bucket.count,
    expected_value: link.expected_value,
    expected_source: link.expected_source,
    actual_value: bucket.avg,
    ...outcomeVariance(link.expected_value, bucket.avg),
  };
}

function outcomeFedMetric(metric: string, observations: SummaryRow[]) {
  const latest = observations[observations.length - 1] as SummaryRow;
  return {
    metric,
    source: 'outcomes' as const,
    expected_value: latest.expected_value,
    expected_source: latest.expected_source,
    observation_count: latest.observation_count,
    observations: observations.map(presentObservation),
    latest: presentObservation(latest),
  };
}

/** Metric names in byte order, as Postgres sorts them with `collate "C"`. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Expected against actual per metric over time, from the outcomes that stand (a superseded outcome is replaced by
 * its correction), and for a metric linked to a KPI from that KPI's per-period values instead. An outcome-fed
 * metric's `expected_value` and `latest` are those of its latest observation; a KPI-fed one's are the link's.
 */
export async function getOutcomeSummary({ db }: OutcomeUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    const decision = await readDecisionForOutcomes(scope, id);
    const links = await allOutcomeKpiLinks(scope, id);
    const linked = new Set(links.map((link) => link.metric));
    const rows = await listStandingOutcomes(scope, id, SUMMARY_OBSERVATIONS_PER_METRIC);
    const byMetric = new Map<string, SummaryRow[]>();
    // Outcomes recorded by hand before the metric was linked stay in the list; while linked, the KPI feeds it.
    for (const row of rows)
      if (!linked.has(row.metric)) byMetric.set(row.metric, [...(byMetric.get(row.metric) ?? []), row]);
    const metrics: Array<ReturnType<typeof outcomeFedMetric> | Awaited<ReturnType<typeof kpiFedMetric>>> = [
      ...[...byMetric.entries()].map(([metric, observations]) => outcomeFedMetric(metric, observations)),
    ];
    for (const link of links) metrics.push(await kpiFedMetric(scope, decision, link));
    return {
      object: 'decision_outcome_summary' as const,
      decision_id: decision.id,
      decision_status: decision.status,
      chosen_option: decision.chosen_option,
      approved_at: decision.approved_at ? decision.approved_at.toISOString() : null,
      metrics: metrics.sort((a, b) => byteOrder(a.metric, b.metric)),
    };
  });
}
