import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import { decisionNotApproved, outcomeMetricFedByKpi } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import { addPeriods } from '../../decision/kpi-status';
import { outcomeVariance } from '../../decision/outcome-variance';
import type { PageRequest } from '../../db/pagination';
import type { DecisionRecord } from '../../db/records/decision';
import type { DecisionOutcomeKpiRecord } from '../../db/records/decision-outcome-kpi';
import { OUTCOME_RECORDABLE_STATUSES, type DecisionOutcomeRecord, type ExpectedSource } from '../../db/records/decision-outcome';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { allOutcomeKpiLinks, findOutcomeKpiLinkForMetric } from '../../db/repositories/decision-outcome-kpis';
import { findDecisionForOutcomes, findOutcome, insertOutcome, listOutcomes, listStandingOutcomes, type OutcomeRow, type SummaryRow } from '../../db/repositories/decision-outcomes';
import { recordEvent } from '../../db/repositories/events';
import { bucketPoints, findKpi, type Bucket } from '../../db/repositories/kpis';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

export interface OutcomeInput {
  metric: string;
  expected_value?: number;
  actual_value: number;
  observed_at: string;
  note?: string;
  supersedes?: string;
}

/** How far ahead of this server's clock an observation time may be (the client's clock may run a little fast). */
export const OBSERVED_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The earliest observation time accepted: older dates are typing mistakes, and avoid calendar edge cases. */
const EARLIEST_OBSERVATION = Date.parse('1900-01-01T00:00:00.000Z');

/** The summary shows each metric's latest observations, this many at most (`observation_count` says how many stand). */
export const SUMMARY_OBSERVATIONS_PER_METRIC = 100;

export const isRecordable = (status: DecisionRecord['status']) => (OUTCOME_RECORDABLE_STATUSES as readonly string[]).includes(status);

function presentOutcome(record: DecisionOutcomeRecord, supersededBy: string | null) {
  return {
    id: record.id,
    object: 'decision_outcome' as const,
    decision_id: record.decision_id,
    metric: record.metric,
    expected_value: record.expected_value,
    expected_source: record.expected_source,
    actual_value: record.actual_value,
    ...outcomeVariance(record.expected_value, record.actual_value),
    observed_at: record.observed_at.toISOString(),
    note: record.note,
    supersedes: record.supersedes,
    superseded_by: supersededBy,
    recorded_by: record.recorded_by,
    recorded_at: record.recorded_at.toISOString(),
  };
}

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
 * What the chosen option's frozen scenario run says of the metric: the default expected value. A metric that is not
 * a finite number (a category, say) gives none.
 */
export function snapshotExpectation(decision: DecisionRecord, metric: string): { value: number } | { missing: string } {
  const chosen = decision.options.find((option) => option.id === decision.chosen_option);
  const snapshot = chosen?.scenario_snapshot;
  if (!chosen || !snapshot) return { missing: 'is required: the decision\'s chosen option links no scenario run to take the expected value from' };
  const value = Object.hasOwn(snapshot.metrics, metric) ? snapshot.metrics[metric] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return { value };
  const numeric = Object.entries(snapshot.metrics).filter(([, v]) => typeof v === 'number').map(([name]) => name);
  const shown = numeric.slice(0, 20).join(', ') + (numeric.length > 20 ? ', …' : '');
  return { missing: `is required: the chosen option's scenario run has no numeric metric "${metric}" (it has: ${shown || 'none'})` };
}

/**
 * The expected value of an outcome or a KPI link: the one given, or the chosen option's frozen run's; without either,
 * the problem is added to `errors` at `/expected_value` and the answer is undefined.
 */
export function expectationOf(decision: DecisionRecord, metric: string, given: number | undefined, errors: FieldError[]): { value: number; source: ExpectedSource } | undefined {
  if (given !== undefined) return { value: given, source: 'given' };
  const fromSnapshot = snapshotExpectation(decision, metric);
  if ('value' in fromSnapshot) return { value: fromSnapshot.value, source: 'scenario_snapshot' };
  errors.push({ path: '/expected_value', message: fromSnapshot.missing });
  return undefined;
}

/** Where a KPI-fed metric's points count from: the approval (decisions approved before it was stored fall back). */
export const kpiWindowStart = (decision: Pick<DecisionRecord, 'approved_at' | 'submitted_at' | 'created_at'>): Date => decision.approved_at ?? decision.submitted_at ?? decision.created_at;

/** The end of every KPI window: after any point a KPI can hold (points may be up to a day ahead of their recording). */
const KPI_WINDOW_END = new Date('9999-12-31T00:00:00.000Z');

/** KPI periods read per query while walking a KPI-fed metric's periods. */
const KPI_PERIODS_PER_QUERY = 1000;

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
      const page = await bucketPoints(scope, kpi.id, period, { from, to: KPI_WINDOW_END }, { limit: KPI_PERIODS_PER_QUERY, cursor });
      count += page.rows.length;
      for (const bucket of page.rows) observations.push(presentKpiObservation(link, bucket, addPeriods(bucket.start, period, 1)));
      // Only the latest periods are shown; older ones are counted.
      if (observations.length > SUMMARY_OBSERVATIONS_PER_METRIC) observations.splice(0, observations.length - SUMMARY_OBSERVATIONS_PER_METRIC);
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

export function createDecisionOutcomeService(deps: { db: Knex }) {
  const { db } = deps;

  const requireDecisionId = (id: string) => {
    if (!isIdOf('decision', id)) throw notFound('decision', id);
  };

  async function readDecision(scope: TenantScope, id: string, options: { forShare?: boolean } = {}) {
    const decision = await findDecisionForOutcomes(scope, id, options);
    if (!decision) throw notFound('decision', id);
    return decision;
  }

  return {
    /**
     * Appends one outcome. Checks in the order a client fixes them: the decision exists, it is approved or
     * implemented (409), then the fields (422, all of them at once).
     */
    async record(context: RequestContext, id: string, body: OutcomeInput) {
      requireDecisionId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readDecision(scope, id, { forShare: true });
        if (!isRecordable(decision.status)) throw decisionNotApproved(decision.status);
        const link = await findOutcomeKpiLinkForMetric(scope, id, body.metric);
        if (link) throw outcomeMetricFedByKpi(body.metric, link.kpi_id, link.id, 'record');

        const errors: FieldError[] = [];
        const observedAt = Date.parse(body.observed_at);
        if (Number.isNaN(observedAt)) errors.push({ path: '/observed_at', message: 'is not a time this service can read' });
        else if (observedAt > Date.now() + OBSERVED_AT_CLOCK_SKEW_MS) errors.push({ path: '/observed_at', message: 'is in the future: record what was observed, when it was' });
        else if (observedAt < EARLIEST_OBSERVATION) errors.push({ path: '/observed_at', message: 'is before 1900-01-01T00:00:00Z' });

        const expected = expectationOf(decision, body.metric, body.expected_value, errors);

        if (body.supersedes !== undefined) {
          // Another decision's or another tenant's outcome answers exactly like one that does not exist.
          const earlier = isIdOf('decisionOutcome', body.supersedes) ? await findOutcome(scope, id, body.supersedes) : undefined;
          if (!earlier) errors.push({ path: '/supersedes', message: `no outcome "${body.supersedes}" of this decision exists` });
          else if (earlier.superseded_by) errors.push({ path: '/supersedes', message: `is already superseded by ${earlier.superseded_by}: correct that one instead` });
        }
        if (errors.length > 0 || !expected) throw validationFailed(errors, 'The outcome cannot be recorded.');

        const outcome = await insertOutcome(scope, {
          id: newId('decisionOutcome'),
          decision_id: id,
          metric: body.metric,
          expected_value: expected.value,
          expected_source: expected.source,
          actual_value: body.actual_value,
          observed_at: new Date(observedAt),
          note: body.note ?? null,
          supersedes: body.supersedes ?? null,
          recorded_by: context.actor,
        });
        const presented = presentOutcome(outcome, null);
        const { id: outcomeId, object: _object, decision_id: _decisionId, superseded_by: _supersededBy, recorded_by: _recordedBy, ...fields } = presented;
        await recordEvent(scope, 'decision.outcome.recorded', {
          decision: { id: decision.id, title: decision.title, status: decision.status },
          outcome: { id: outcomeId, ...fields },
          actor: context.actor,
        });
        // Last write of the transaction (see appendAuditRecord).
        await appendAuditRecord(scope, {
          actor: context.actor,
          action: 'decision.outcome_recorded',
          resourceType: 'decision',
          resourceId: id,
          payload: {
            outcome_id: outcomeId,
            metric: outcome.metric,
            expected_value: outcome.expected_value,
            expected_source: outcome.expected_source,
            actual_value: outcome.actual_value,
            observed_at: presented.observed_at,
            note: outcome.note,
            supersedes: outcome.supersedes,
          },
        });
        return presented;
      });
    },

    async list({ tenantId }: RequestContext, id: string, filters: { metric?: string }, page: PageRequest) {
      requireDecisionId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        await readDecision(scope, id);
        const { rows, nextCursor } = await listOutcomes(scope, id, { metric: filters.metric }, page);
        return { data: rows.map((row: OutcomeRow) => presentOutcome(row, row.superseded_by)), next_cursor: nextCursor };
      });
    },

    /**
     * Expected against actual per metric over time, from the outcomes that stand (a superseded outcome is replaced by
     * its correction), and for a metric linked to a KPI from that KPI's per-period values instead. An outcome-fed
     * metric's `expected_value` and `latest` are those of its latest observation; a KPI-fed one's are the link's.
     */
    async summary({ tenantId }: RequestContext, id: string) {
      requireDecisionId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        const decision = await readDecision(scope, id);
        const links = await allOutcomeKpiLinks(scope, id);
        const linked = new Set(links.map((link) => link.metric));
        const rows = await listStandingOutcomes(scope, id, SUMMARY_OBSERVATIONS_PER_METRIC);
        const byMetric = new Map<string, SummaryRow[]>();
        // Outcomes recorded by hand before the metric was linked stay in the list; while linked, the KPI feeds it.
        for (const row of rows) if (!linked.has(row.metric)) byMetric.set(row.metric, [...(byMetric.get(row.metric) ?? []), row]);
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
    },
  };
}

export type DecisionOutcomeService = ReturnType<typeof createDecisionOutcomeService>;
