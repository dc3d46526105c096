import { AppError } from '../../core/app-error';
import { invalidCursor } from '../../core/errors';
import {
  KpiRecord,
  type KpiPeriod,
  type KpiPointRevisionRow,
  type KpiPointRow,
  type KpiPointSource,
  type KpiStatus,
} from '../records/kpi';
import type { ScenarioRecord } from '../records/scenario';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';
import { aggregateDataset, DatasetRequestRejected, type AggregateMetric, type DatasetFilter } from './datasets';
import { recordEvent } from './events';

/** Live KPIs only: a deleted KPI is gone from every read (its points stay in the tables, unreachable). */
function live(scope: TenantScope) {
  return scoped(scope, KpiRecord).whereNull('kpis.deleted_at');
}

export async function insertKpi(scope: TenantScope, row: Partial<KpiRecord>): Promise<KpiRecord> {
  return insertScoped(scope, KpiRecord, row);
}

/** `forUpdate` locks the KPI row: every write of its points holds this lock, so writers of one KPI take turns. */
export async function findKpi(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = live(scope).where('kpis.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as KpiRecord | undefined;
}

export interface KpiFilters {
  status?: KpiStatus;
  tag?: string;
  ownerId?: string;
}

export async function listKpis(scope: TenantScope, filters: KpiFilters, page: PageRequest) {
  const query = live(scope);
  if (filters.status) query.where('status', filters.status);
  if (filters.tag) query.whereRaw('tags @> ?::text[]', [[filters.tag]]);
  if (filters.ownerId) query.where('owner_id', filters.ownerId);
  return paginate<KpiRecord>(query, 'kpis.id', page);
}

export async function updateKpi(scope: TenantScope, id: string, patch: Partial<KpiRecord>): Promise<KpiRecord> {
  const [row] = (await live(scope)
    .where('kpis.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<KpiRecord>)
    .returning('*')) as unknown as KpiRecord[];
  return row as KpiRecord;
}

// ---- Points ---------------------------------------------------------------------------------------------------------

export interface NewKpiPoint {
  observedAt: Date;
  value: number;
  note?: string | null;
  scenarioId?: string | null;
  /** `dataset` KPIs: the sync behind the value (see KpiPointRow.sync_id). */
  syncId?: string | null;
}

export interface RecordedPoints {
  count: number;
  /** Points that replaced an existing point of the same timestamp (the old value is kept as a revision). */
  replaced: number;
  firstAt: Date;
  lastAt: Date;
}

/** Points per statement: large enough to keep round trips few, small enough to keep each statement's memory modest. */
export const POINTS_PER_STATEMENT = 5000;

const DAY_MS = 86_400_000;

/**
 * Writes points of a KPI the caller has locked (`findKpi(…, { forUpdate: true })`) and emits one `kpi.value.recorded`
 * event for them, in the caller's transaction. Timestamps must be distinct. A point for a timestamp that already has
 * one replaces it; the value it replaces is kept in `kpi_point_revisions`. The per-day rollups of every day touched
 * are recomputed before returning, so reads see them exactly when the points commit.
 *
 * This is the one way points are written (API posts and the model-output hook alike): alert evaluation of new points
 * hooks in here.
 */
export async function recordKpiPoints(
  scope: TenantScope,
  kpi: Pick<KpiRecord, 'id' | 'name'>,
  points: NewKpiPoint[],
  origin: { source: KpiPointSource; scenarioId?: string; syncId?: string },
): Promise<RecordedPoints> {
  const sorted = [...points].sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  let replaced = 0;
  for (let start = 0; start < sorted.length; start += POINTS_PER_STATEMENT) {
    const chunk = sorted.slice(start, start + POINTS_PER_STATEMENT);
    const result = await scope.trx.raw<{ rows: Array<{ replaced: string }> }>(
      // The upsert hands the point it replaced (`old`, Postgres 18's RETURNING) to the revision insert: no second
      // lookup per point.
      `with written as (
         insert into kpi_points as p (tenant_id, kpi_id, observed_at, value, note, scenario_id, source, sync_id)
         select :tenantId, :kpiId, i.observed_at, i.value, i.note, i.scenario_id, :source, i.sync_id
           from unnest(:at::timestamptz[], :values::float8[], :notes::text[], :scenarios::text[], :syncs::text[]) as i(observed_at, value, note, scenario_id, sync_id)
         on conflict (kpi_id, observed_at) do update
           set value = excluded.value, note = excluded.note, scenario_id = excluded.scenario_id, source = excluded.source, sync_id = excluded.sync_id,
               revision = p.revision + 1, recorded_at = now()
         returning old.tenant_id, old.kpi_id, old.observed_at, old.revision, old.value, old.note, old.scenario_id, old.source, old.sync_id, old.recorded_at
       ), replaced as (
         insert into kpi_point_revisions (tenant_id, kpi_id, observed_at, revision, value, note, scenario_id, source, sync_id, recorded_at)
         select tenant_id, kpi_id, observed_at, revision, value, note, scenario_id, source, sync_id, recorded_at from written where kpi_id is not null
         returning 1
       )
       select (select count(*) from replaced) as replaced`,
      {
        at: chunk.map((p) => p.observedAt.toISOString()),
        values: chunk.map((p) => p.value),
        notes: chunk.map((p) => p.note ?? null),
        scenarios: chunk.map((p) => p.scenarioId ?? null),
        syncs: chunk.map((p) => p.syncId ?? null),
        source: origin.source,
        kpiId: kpi.id,
        tenantId: scope.tenantId,
      },
    );
    replaced += Number(result.rows[0]?.replaced ?? 0);
  }
  const days = [...new Set(sorted.map((p) => Math.floor(p.observedAt.getTime() / DAY_MS)))].map((d) =>
    new Date(d * DAY_MS).toISOString().slice(0, 10),
  );
  await refreshDailyRollups(scope, kpi.id, days);
  const first = sorted[0] as NewKpiPoint;
  const last = sorted[sorted.length - 1] as NewKpiPoint;
  await recordEvent(scope, 'kpi.value.recorded', {
    kpi: { id: kpi.id, name: kpi.name },
    source: origin.source,
    scenario_id: origin.scenarioId ?? null,
    ...(origin.syncId !== undefined ? { sync_id: origin.syncId } : {}),
    count: sorted.length,
    replaced,
    first_timestamp: first.observedAt.toISOString(),
    last_timestamp: last.observedAt.toISOString(),
    point:
      sorted.length === 1
        ? { timestamp: first.observedAt.toISOString(), value: first.value, scenario_id: first.scenarioId ?? null }
        : null,
  });
  return { count: sorted.length, replaced, firstAt: first.observedAt, lastAt: last.observedAt };
}

/** Recomputes the per-day aggregates of the given UTC days (`YYYY-MM-DD`) from the current points. */
async function refreshDailyRollups(scope: TenantScope, kpiId: string, days: string[]): Promise<void> {
  for (let start = 0; start < days.length; start += 1000) {
    await scope.trx.raw(
      `insert into kpi_daily_rollups (tenant_id, kpi_id, day, count, sum, min, max, last_at, last_value)
       select :tenantId, :kpiId, d.day, a.count, a.sum, a.min, a.max, a.last_at, a.last_value
         from unnest(:days::date[]) as d(day)
         cross join lateral (
           select count(*)::int as count, sum(p.value) as sum, min(p.value) as min, max(p.value) as max, max(p.observed_at) as last_at,
                  (array_agg(p.value order by p.observed_at desc))[1] as last_value
             from kpi_points p
            where p.kpi_id = :kpiId
              and p.observed_at >= (d.day::timestamp at time zone 'UTC')
              and p.observed_at < ((d.day + 1)::timestamp at time zone 'UTC')
         ) a
        where a.count > 0
       on conflict (kpi_id, day) do update
         set count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
             last_at = excluded.last_at, last_value = excluded.last_value`,
      { tenantId: scope.tenantId, kpiId, days: days.slice(start, start + 1000) },
    );
  }
}

/** The latest point of each KPI (by timestamp), for the KPIs' current values. */
export async function latestPoints(scope: TenantScope, kpiIds: string[]): Promise<Map<string, KpiPointRow>> {
  if (kpiIds.length === 0) return new Map();
  const { rows } = await scope.trx.raw<{ rows: KpiPointRow[] }>(
    `select p.* from unnest(:ids::text[]) as k(id)
       cross join lateral (select * from kpi_points where kpi_id = k.id order by observed_at desc limit 1) p`,
    { ids: kpiIds },
  );
  return new Map(rows.map((row) => [row.kpi_id, row]));
}

export interface TimeRange {
  from: Date;
  to: Date;
}

const encode = (value: Record<string, string>) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeAt(cursor: string, key: 'after' | 'from'): Date {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const value = parsed[key];
    if (
      typeof value === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
      !Number.isNaN(Date.parse(value))
    )
      return new Date(value);
  } catch {
    // fall through to the error below
  }
  throw invalidCursor();
}

/** Raw points in [from, to), oldest first, `limit` per page; the cursor carries the last timestamp seen. */
export async function listPoints(scope: TenantScope, kpiId: string, range: TimeRange, page: PageRequest) {
  const after = page.cursor !== undefined ? decodeAt(page.cursor, 'after') : undefined;
  const query = scope
    .trx('kpi_points')
    .where('kpi_id', kpiId)
    .where('tenant_id', scope.tenantId)
    .where('observed_at', '>=', range.from)
    .where('observed_at', '<', range.to)
    .orderBy('observed_at', 'asc')
    .limit(page.limit + 1);
  if (after) query.where('observed_at', '>', after);
  const rows = (await query) as KpiPointRow[];
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { rows: pageRows, nextCursor: hasMore && last ? encode({ after: last.observed_at.toISOString() }) : null };
}

/** The current point at a timestamp and the values it replaced, newest revision first. */
export async function pointHistory(scope: TenantScope, kpiId: string, at: Date) {
  const current = (await scope
    .trx('kpi_points')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId, observed_at: at })
    .first()) as KpiPointRow | undefined;
  const revisions = (await scope
    .trx('kpi_point_revisions')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId, observed_at: at })
    .orderBy('revision', 'desc')) as KpiPointRevisionRow[];
  return { current, revisions };
}

export interface Bucket {
  start: Date;
  count: number;
  min: number;
  max: number;
  avg: number;
  last: number;
  last_at: Date;
}

const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);

/**
 * Per-period aggregates of the points in [from, to), oldest period first. Periods are UTC: `date_trunc` of the UTC
 * date (weeks start on Monday, quarters on 1 January/April/July/October). Whole days come from the daily rollups;
 * the partial days at either end of the range are aggregated from the points themselves, so a range that does not
 * start or end at midnight UTC counts exactly the points inside it.
 */
export async function bucketPoints(
  scope: TenantScope,
  kpiId: string,
  unit: KpiPeriod,
  range: TimeRange,
  page: PageRequest,
) {
  const from =
    page.cursor !== undefined
      ? new Date(Math.max(range.from.getTime(), decodeAt(page.cursor, 'from').getTime()))
      : range.from;
  const to = range.to;
  if (from >= to) return { rows: [] as Bucket[], nextCursor: null };
  let fullFrom = ceilDay(from);
  let fullTo = startOfDay(to);
  // Raw ranges: the partial day before the whole days and the one after them (or the whole range if no full day).
  let rawRanges: Array<[Date, Date]>;
  if (fullFrom >= fullTo) {
    rawRanges = [[from, to]];
    fullFrom = fullTo = from;
  } else {
    rawRanges = [
      [from, fullFrom],
      [fullTo, to],
    ];
  }
  const [first, second] = [rawRanges[0] as [Date, Date], rawRanges[1] ?? ([to, to] as [Date, Date])];
  const { rows } = await scope.trx.raw<{
    rows: Array<{ start: Date; count: string; min: number; max: number; avg: number; last: number; last_at: Date }>;
  }>(
    `with days as (
       select day, count, sum, min, max, last_at, last_value from kpi_daily_rollups
        where kpi_id = :kpiId and day >= :fullFrom::date and day < :fullTo::date
       union all
       select (p.observed_at at time zone 'UTC')::date, count(*)::int, sum(p.value), min(p.value), max(p.value), max(p.observed_at),
              (array_agg(p.value order by p.observed_at desc))[1]
         from kpi_points p
        where p.kpi_id = :kpiId
          and ((p.observed_at >= :r1from and p.observed_at < :r1to) or (p.observed_at >= :r2from and p.observed_at < :r2to))
        group by 1
     )
     select date_trunc(:unit, day::timestamp) at time zone 'UTC' as start, sum(count) as count, min(min) as min, max(max) as max,
            sum(sum) / sum(count) as avg, (array_agg(last_value order by last_at desc))[1] as last, max(last_at) as last_at
       from days
      group by 1
      order by 1
      limit :limit`,
    {
      kpiId,
      fullFrom: fullFrom.toISOString().slice(0, 10),
      fullTo: fullTo.toISOString().slice(0, 10),
      r1from: first[0],
      r1to: first[1],
      r2from: second[0],
      r2to: second[1],
      unit,
      limit: page.limit + 1,
    },
  );
  const buckets: Bucket[] = rows.map((r) => ({
    start: r.start,
    count: Number(r.count),
    min: r.min,
    max: r.max,
    avg: r.avg,
    last: r.last,
    last_at: r.last_at,
  }));
  const hasMore = buckets.length > page.limit;
  const pageRows = hasMore ? buckets.slice(0, page.limit) : buckets;
  // The next page starts where the next bucket starts.
  const next = hasMore ? (buckets[page.limit] as Bucket).start : null;
  return { rows: pageRows, nextCursor: next ? encode({ from: next.toISOString() }) : null };
}

// ---- Automated monitoring: model outputs ----------------------------------------------------------------------------

/**
 * Records a point on every KPI fed by the scenario's model (and tag, where the KPI names one), in the transaction
 * that stores the run's outcome: the point exists exactly when the outcome does. A metric the run did not produce as
 * a finite number records nothing, nor does a draft run. Archived and deleted KPIs record nothing; paused ones keep recording.
 */
export async function recordModelOutputPoints(
  scope: TenantScope,
  scenario: Pick<ScenarioRecord, 'id' | 'model_id' | 'tags' | 'draft_run'>,
  metrics: Record<string, unknown>,
  completedAt: Date,
): Promise<number> {
  // A draft run is its author's trial of an unreleased version: it feeds no KPI.
  if (scenario.draft_run) return 0;
  const kpis = (await live(scope)
    .where({ source_type: 'model_output', source_model_id: scenario.model_id })
    .whereNot('status', 'archived')
    .where((q) =>
      q.whereNull('source_scenario_tag').orWhereRaw('source_scenario_tag = any(?::text[])', [scenario.tags ?? []]),
    )
    .orderBy('kpis.id')
    .forUpdate()) as KpiRecord[];
  let recorded = 0;
  for (const kpi of kpis) {
    const value = metrics[kpi.source_metric as string];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    await recordKpiPoints(scope, kpi, [{ observedAt: completedAt, value, scenarioId: scenario.id }], {
      source: 'scenario',
      scenarioId: scenario.id,
    });
    recorded++;
  }
  return recorded;
}

/**
 * The value of a `dataset` KPI: its aggregate over its dataset as it now stands (`aggregateDataset`, the code behind
 * `POST /datasets/{name}/aggregate`). Undefined when the aggregate no longer resolves (a field gone from the dataset,
 * the dataset unknown) or has no value (avg of nothing).
 */
export async function datasetKpiValue(scope: TenantScope, kpi: Pick<KpiRecord, 'source'>): Promise<number | undefined> {
  const source = kpi.source as unknown as { dataset: string; metric: AggregateMetric; filter?: DatasetFilter | null };
  let value: unknown;
  try {
    const result = await aggregateDataset(scope, source.dataset, {
      metrics: [{ ...source.metric, as: 'value' }],
      ...(source.filter ? { filter: source.filter } : {}),
    });
    value = result.values?.value;
  } catch (error) {
    // The definition refuses the stored aggregate now (a field gone), or the dataset is no more.
    if (error instanceof DatasetRequestRejected || (error instanceof AppError && error.code === 'resource_not_found'))
      return undefined;
    throw error;
  }
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** Whether the KPI has a point in [from, to) (the schedule of a dataset KPI records one per aggregation period). */
export async function hasPointBetween(scope: TenantScope, kpiId: string, from: Date, to: Date): Promise<boolean> {
  const row = await scope
    .trx('kpi_points')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId })
    .where('observed_at', '>=', from)
    .where('observed_at', '<', to)
    .first('observed_at');
  return row !== undefined;
}

/**
 * Recomputes every `dataset` KPI fed by the dataset a sync just wrote, in the transaction that completes the sync: each
 * records one point (at the sync's completion time, carrying the sync's id) with its aggregate over the dataset as it
 * now stands. A KPI whose aggregate no longer resolves (a field gone from the dataset) or has no value (avg of nothing)
 * records nothing. Archived and deleted KPIs record nothing; paused ones keep recording.
 */
export async function recordDatasetPoints(
  scope: TenantScope,
  dataset: string,
  sync: { id: string; completedAt: Date },
): Promise<number> {
  const kpis = (await live(scope)
    .where({ source_type: 'dataset' })
    .whereRaw("source->>'dataset' = ?", [dataset])
    .whereNot('status', 'archived')
    .orderBy('kpis.id')
    .forUpdate()) as KpiRecord[];
  let recorded = 0;
  for (const kpi of kpis) {
    const value = await datasetKpiValue(scope, kpi);
    if (value === undefined) continue;
    await recordKpiPoints(
      scope,
      kpi,
      [{ observedAt: sync.completedAt, value, note: `sync ${sync.id}`, syncId: sync.id }],
      { source: 'sync', syncId: sync.id },
    );
    recorded++;
  }
  return recorded;
}
