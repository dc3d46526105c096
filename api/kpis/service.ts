import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import { invalidParameters, kpiArchived } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import { addPeriods, definitionErrors, healthOf, kpiDefinitionOf, periodStart, resolvedLines, trendOf, type KpiDefinition, type Period } from '../../decision/kpi-status';
import type { PageRequest } from '../../db/pagination';
import type { KpiPeriod, KpiPointRevisionRow, KpiPointRow, KpiRecord, KpiStatus, KpiTarget, KpiThreshold } from '../../db/records/kpi';
import { isTenantMember } from '../../db/repositories/decisions';
import {
  bucketPoints,
  findKpi,
  insertKpi,
  latestPoints,
  listKpis,
  listPoints,
  pointHistory,
  recordKpiPoints,
  updateKpi,
  type Bucket,
  type NewKpiPoint,
} from '../../db/repositories/kpis';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelService } from '../models/service';

export type KpiSourceInput =
  | { type: 'manual' }
  | { type: 'model_output'; model_id: string; metric: string; scenario_tag?: string | null }
  | { type: 'dataset'; dataset: string; metric: { function: string; field?: string; percentile?: number }; filter?: Record<string, unknown> };

interface KpiFields {
  name: string;
  description?: string;
  unit?: string | null;
  direction: KpiDefinition['direction'];
  target: KpiTarget;
  warning_threshold?: KpiThreshold | null;
  critical_threshold?: KpiThreshold | null;
  aggregation_period: KpiPeriod;
  owner_id?: string | null;
  tags?: string[];
  status?: KpiStatus;
  evaluation_delay_seconds?: number;
}

export interface KpiCreate extends KpiFields {
  source?: KpiSourceInput;
}

export type KpiUpdate = Partial<KpiFields>;

interface PointInput {
  timestamp: string;
  value: number;
  note?: string | null;
}

export type KpiPointsInput = Partial<PointInput> & { points?: PointInput[] };

export interface KpiValuesQuery {
  from?: string;
  to?: string;
  bucket?: 'raw' | KpiPeriod;
  limit: number;
  cursor?: string;
}

/** The earliest timestamp a point may have; the latest is one day after the request. */
export const EARLIEST_POINT = new Date('1970-01-01T00:00:00.000Z');
const LATEST_POINT_AHEAD_MS = 86_400_000;
/** Per-item problems listed in one 422 at most (a bulk of 10,000 bad points does not answer 10,000 errors). */
const MAX_REPORTED_ERRORS = 100;


const presentCurrent = (point: KpiPointRow | undefined) =>
  point ? { timestamp: point.observed_at.toISOString(), value: point.value, scenario_id: point.scenario_id } : null;

export function presentKpi(record: KpiRecord, latest: KpiPointRow | undefined) {
  const lines = resolvedLines(kpiDefinitionOf(record));
  return {
    id: record.id,
    object: 'kpi' as const,
    name: record.name,
    description: record.description,
    unit: record.unit,
    direction: record.direction,
    target: record.target,
    warning_threshold: record.warning_threshold,
    critical_threshold: record.critical_threshold,
    thresholds: { warning: lines.warning, critical: lines.critical },
    aggregation_period: record.aggregation_period,
    owner_id: record.owner_id,
    tags: record.tags,
    status: record.status,
    evaluation_delay_seconds: record.evaluation_delay_seconds,
    source: record.source,
    current: presentCurrent(latest),
    target_status: healthOf(kpiDefinitionOf(record), latest?.value),
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

const presentPoint = (row: KpiPointRow) => ({
  timestamp: row.observed_at.toISOString(),
  value: row.value,
  note: row.note,
  scenario_id: row.scenario_id,
  source: row.source,
  sync_id: row.sync_id,
  revision: row.revision,
  recorded_at: row.recorded_at.toISOString(),
});

const presentRevision = (row: KpiPointRevisionRow) => ({ ...presentPoint(row), replaced_at: row.replaced_at.toISOString() });

const presentBucket = (bucket: Bucket, period: Period) => ({
  start: bucket.start.toISOString(),
  end: addPeriods(bucket.start, period, 1).toISOString(),
  count: bucket.count,
  min: bucket.min,
  max: bucket.max,
  avg: bucket.avg,
  last: bucket.last,
  last_timestamp: bucket.last_at.toISOString(),
});

/** The stored columns of a source (the columns the scenario hook queries, and the source as the API shows it). */
function sourceColumns(source: KpiSourceInput): Pick<KpiRecord, 'source_type' | 'source' | 'source_model_id' | 'source_metric' | 'source_scenario_tag'> {
  if (source.type === 'model_output') {
    const stored = { type: 'model_output' as const, model_id: source.model_id, metric: source.metric, scenario_tag: source.scenario_tag ?? null };
    return { source_type: 'model_output', source: stored, source_model_id: source.model_id, source_metric: source.metric, source_scenario_tag: stored.scenario_tag };
  }
  if (source.type === 'dataset') {
    const stored = { type: 'dataset' as const, dataset: source.dataset, metric: source.metric, filter: source.filter ?? null };
    return { source_type: 'dataset', source: stored, source_model_id: null, source_metric: null, source_scenario_tag: null };
  }
  return { source_type: 'manual', source: { type: 'manual' }, source_model_id: null, source_metric: null, source_scenario_tag: null };
}

export function createKpiService(deps: {
  db: Knex;
  models: ModelService;
}) {
  const { db, models } = deps;

  const requireKpiId = (id: string) => {
    if (!isIdOf('kpi', id)) throw notFound('kpi', id);
  };

  const loadKpi = async (scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) => {
    requireKpiId(id);
    const record = await findKpi(scope, id, options);
    if (!record) throw notFound('kpi', id);
    return record;
  };

  /** Problems of a source, at paths under `prefix`. A model of another tenant answers exactly like a missing one. */
  async function sourceErrors(scope: TenantScope, source: KpiSourceInput, prefix: string): Promise<FieldError[]> {
    if (source.type === 'model_output') {
      const model = await models.resolve(scope.tenantId, source.model_id, undefined, { forRun: false, pathPrefix: prefix, scope });
      const properties = (model.outputSchema.properties ?? {}) as Record<string, { type?: string | string[] }>;
      const property = properties[source.metric];
      if (!property) {
        return [{ path: `${prefix}/metric`, message: `is not an output metric of model ${source.model_id} (its metrics: ${Object.keys(properties).join(', ') || 'none'})` }];
      }
      const types = property.type === undefined ? ['number'] : Array.isArray(property.type) ? property.type : [property.type];
      if (!types.includes('number') && !types.includes('integer')) {
        return [{ path: `${prefix}/metric`, message: `output metric "${source.metric}" of model ${source.model_id} is not numeric (${types.join(', ')})` }];
      }
      return [];
    }
    if (source.type === 'dataset') {
      const { function: fn, field, percentile } = source.metric;
      const errors: FieldError[] = [];
      if (fn !== 'count' && field === undefined) errors.push({ path: `${prefix}/metric/field`, message: `is required for ${fn}` });
      if (fn === 'percentile' && percentile === undefined) errors.push({ path: `${prefix}/metric/percentile`, message: 'is required for percentile' });
      if (fn !== 'percentile' && percentile !== undefined) errors.push({ path: `${prefix}/metric/percentile`, message: 'is only for the percentile function' });
      return errors;
    }
    return [];
  }

  async function ownerErrors(scope: TenantScope, ownerId: string | null | undefined): Promise<FieldError[]> {
    if (!ownerId) return [];
    if (!isIdOf('user', ownerId) || !(await isTenantMember(scope, ownerId))) return [{ path: '/owner_id', message: `no member "${ownerId}" in this tenant` }];
    return [];
  }

  const present = async (scope: TenantScope, record: KpiRecord) => presentKpi(record, (await latestPoints(scope, [record.id])).get(record.id));

  /** The points of a request, checked all at once: every problem named by its JSON Pointer, nothing stored if any. */
  function preparePoints(body: KpiPointsInput, receivedAt: Date): NewKpiPoint[] {
    const single = body.timestamp !== undefined || body.value !== undefined || body.note !== undefined;
    if (single && body.points !== undefined) {
      throw validationFailed([{ path: '/points', message: 'send either one point (timestamp, value, note) or points, not both' }]);
    }
    if (!single && body.points === undefined) throw validationFailed([{ path: '/points', message: 'is required (or send one point: timestamp and value)' }]);
    if (single) {
      const missing = (['timestamp', 'value'] as const).filter((field) => body[field] === undefined);
      if (missing.length > 0) throw validationFailed(missing.map((field) => ({ path: `/${field}`, message: 'is required' })));
    }
    const items: Array<{ point: PointInput; prefix: string }> = single
      ? [{ point: body as PointInput, prefix: '' }]
      : (body.points as PointInput[]).map((point, index) => ({ point, prefix: `/points/${index}` }));
    const latest = receivedAt.getTime() + LATEST_POINT_AHEAD_MS;
    const errors: FieldError[] = [];
    const seen = new Map<number, string>();
    const points: NewKpiPoint[] = [];
    for (const { point, prefix } of items) {
      if (errors.length >= MAX_REPORTED_ERRORS) break;
      const at = Date.parse(point.timestamp);
      if (Number.isNaN(at)) errors.push({ path: `${prefix}/timestamp`, message: 'must be an RFC 3339 date-time' });
      else if (at < EARLIEST_POINT.getTime() || at > latest) {
        errors.push({ path: `${prefix}/timestamp`, message: `must be from ${EARLIEST_POINT.toISOString()} to one day after now (${new Date(latest).toISOString()})` });
      } else if (seen.has(at)) errors.push({ path: `${prefix}/timestamp`, message: `repeats the timestamp of ${seen.get(at)}: timestamps in one request must be distinct` });
      else seen.set(at, `${prefix}/timestamp`);
      // JSON has no NaN or Infinity, but a literal like 1e999 parses to Infinity.
      if (typeof point.value !== 'number' || !Number.isFinite(point.value)) errors.push({ path: `${prefix}/value`, message: 'must be a finite number' });
      points.push({ observedAt: new Date(at), value: point.value, note: point.note ?? null });
    }
    if (errors.length > 0) {
      throw validationFailed(errors, `No point was recorded: ${errors.length >= MAX_REPORTED_ERRORS ? `at least ${MAX_REPORTED_ERRORS}` : errors.length} point field(s) are invalid (a bulk post is all or nothing).`);
    }
    return points;
  }

  function parseRange(query: { from?: string; to?: string }) {
    const from = query.from !== undefined ? new Date(query.from) : EARLIEST_POINT;
    const to = query.to !== undefined ? new Date(query.to) : new Date('9999-12-31T00:00:00.000Z');
    const errors: FieldError[] = [];
    if (Number.isNaN(from.getTime())) errors.push({ path: '/query/from', message: 'must be an RFC 3339 date-time' });
    if (Number.isNaN(to.getTime())) errors.push({ path: '/query/to', message: 'must be an RFC 3339 date-time' });
    if (errors.length === 0 && from >= to) errors.push({ path: '/query/to', message: 'must be after from' });
    if (errors.length > 0) throw invalidParameters('The time range is not valid.', errors);
    return { from, to };
  }

  return {
    async create(context: RequestContext, body: KpiCreate) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const definition: KpiDefinition = {
          direction: body.direction,
          target: body.target,
          warning_threshold: body.warning_threshold ?? null,
          critical_threshold: body.critical_threshold ?? null,
        };
        const source = body.source ?? { type: 'manual' };
        const errors = [...definitionErrors(definition), ...(await ownerErrors(scope, body.owner_id)), ...(await sourceErrors(scope, source, '/source'))];
        if (errors.length > 0) throw validationFailed(errors, 'The KPI is not valid.');
        const record = await insertKpi(scope, {
          id: newId('kpi'),
          name: body.name,
          description: body.description ?? '',
          unit: body.unit ?? null,
          ...definition,
          aggregation_period: body.aggregation_period,
          owner_id: body.owner_id ?? null,
          tags: body.tags ?? [],
          status: body.status ?? 'active',
          evaluation_delay_seconds: body.evaluation_delay_seconds ?? 0,
          ...sourceColumns(source),
          created_by: context.actor,
        });
        return presentKpi(record, undefined);
      });
    },

    async list({ tenantId }: RequestContext, filters: { status?: KpiStatus; tag?: string; owner_id?: string }, page: PageRequest) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const { rows, nextCursor } = await listKpis(scope, { status: filters.status, tag: filters.tag, ownerId: filters.owner_id }, page);
        const latest = await latestPoints(scope, rows.map((r) => r.id));
        return { data: rows.map((r) => presentKpi(r, latest.get(r.id))), next_cursor: nextCursor };
      });
    },

    async get({ tenantId }: RequestContext, id: string) {
      return inTenantTransaction(db, tenantId, async (scope) => present(scope, await loadKpi(scope, id)));
    },

    async update(context: RequestContext, id: string, body: KpiUpdate) {
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await loadKpi(scope, id, { forUpdate: true });
        const definition: KpiDefinition = {
          direction: body.direction ?? current.direction,
          target: body.target ?? current.target,
          warning_threshold: body.warning_threshold !== undefined ? body.warning_threshold : current.warning_threshold,
          critical_threshold: body.critical_threshold !== undefined ? body.critical_threshold : current.critical_threshold,
        };
        const errors = [...definitionErrors(definition), ...(body.owner_id !== undefined ? await ownerErrors(scope, body.owner_id) : [])];
        if (errors.length > 0) throw validationFailed(errors, 'The KPI is not valid.');
        const patch: Partial<KpiRecord> = { ...definition };
        for (const field of ['name', 'description', 'unit', 'aggregation_period', 'owner_id', 'tags', 'status', 'evaluation_delay_seconds'] as const) {
          if (body[field] !== undefined) (patch as Record<string, unknown>)[field] = body[field];
        }
        const updated = await updateKpi(scope, id, patch);
        return present(scope, updated);
      });
    },

    async remove({ tenantId }: RequestContext, id: string) {
      await inTenantTransaction(db, tenantId, async (scope) => {
        await loadKpi(scope, id, { forUpdate: true });
        await updateKpi(scope, id, { deleted_at: new Date() });
      });
    },

    async putSource({ tenantId }: RequestContext, id: string, source: KpiSourceInput) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        await loadKpi(scope, id, { forUpdate: true });
        const errors = await sourceErrors(scope, source, '');
        if (errors.length > 0) throw validationFailed(errors, 'The source is not valid.');
        const updated = await updateKpi(scope, id, sourceColumns(source));
        return present(scope, updated);
      });
    },

    async deleteSource({ tenantId }: RequestContext, id: string) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        await loadKpi(scope, id, { forUpdate: true });
        const updated = await updateKpi(scope, id, sourceColumns({ type: 'manual' }));
        return present(scope, updated);
      });
    },

    async recordPoints(context: RequestContext, id: string, body: KpiPointsInput) {
      requireKpiId(id);
      const points = preparePoints(body, new Date(context.receivedAt));
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const kpi = await loadKpi(scope, id, { forUpdate: true });
        if (kpi.status === 'archived') throw kpiArchived(id);
        const recorded = await recordKpiPoints(scope, kpi, points, { source: 'api' });
        return {
          object: 'kpi_points_recorded' as const,
          kpi_id: id,
          count: recorded.count,
          replaced: recorded.replaced,
          first_timestamp: recorded.firstAt.toISOString(),
          last_timestamp: recorded.lastAt.toISOString(),
        };
      });
    },

    async pointHistory({ tenantId }: RequestContext, id: string, timestamp: string) {
      const at = new Date(timestamp);
      if (Number.isNaN(at.getTime())) throw invalidParameters('The timestamp is not valid.', [{ path: '/query/timestamp', message: 'must be an RFC 3339 date-time' }]);
      return inTenantTransaction(db, tenantId, async (scope) => {
        await loadKpi(scope, id);
        const { current, revisions } = await pointHistory(scope, id, at);
        return { object: 'kpi_point_history' as const, kpi_id: id, timestamp: at.toISOString(), current: current ? presentPoint(current) : null, revisions: revisions.map(presentRevision) };
      });
    },

    async values({ tenantId }: RequestContext, id: string, query: KpiValuesQuery) {
      const range = parseRange(query);
      const bucket = query.bucket ?? 'raw';
      const page = { limit: query.limit, cursor: query.cursor };
      return inTenantTransaction(db, tenantId, async (scope) => {
        await loadKpi(scope, id);
        if (bucket === 'raw') {
          const { rows, nextCursor } = await listPoints(scope, id, range, page);
          return { object: 'kpi_values' as const, kpi_id: id, bucket, data: rows.map(presentPoint), next_cursor: nextCursor };
        }
        const { rows, nextCursor } = await bucketPoints(scope, id, bucket, range, page);
        return { object: 'kpi_values' as const, kpi_id: id, bucket, data: rows.map((b) => presentBucket(b, bucket)), next_cursor: nextCursor };
      });
    },

    async status({ tenantId }: RequestContext, id: string, periods: number) {
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
          buckets = (await bucketPoints(scope, id, period, { from: windowStart, to: addPeriods(lastStart, period, 1) }, { limit: periods })).rows;
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
          trend: { period, periods, ...trend, buckets: buckets.map((b) => ({ start: b.start.toISOString(), avg: b.avg, count: b.count })) },
        };
      });
    },
  };
}

export type KpiService = ReturnType<typeof createKpiService>;
