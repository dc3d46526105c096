/**
 * Reading synced datasets: as of a past sync or time (from the history in `dataset_record_versions`), filtered on
 * their fields, and aggregated in SQL. Filters and metrics name dataset fields, which are checked against the
 * dataset's definition and bound as parameters: no text from a request is ever spliced into SQL.
 */

import { notFound, pointerTo, type FieldError } from '../../core/app-error';
import { invalidCursor } from '../../core/errors';
import { parseDateTime } from '../../core/date-time';
import { isIdOf } from '../../core/ids';
import type { FieldType } from '../../integrations/datasets';
import type { Knex } from 'knex';
import type { TenantScope } from '../tenant-scope';
import { resolveDatasetDefinition } from './dataset-definitions';
import { findSync } from './integration-syncs';

export type DatasetFieldType = 'string' | 'number' | 'date' | 'boolean';

export interface DatasetDefinition {
  name: string;
  primaryKey: string;
  fields: Record<string, DatasetFieldType>;
}

/** How a field is filtered and aggregated: integers as numbers, date-times (ISO 8601, UTC) as dates (text order). */
const QUERY_TYPES: Record<FieldType, DatasetFieldType> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  date: 'date',
  'date-time': 'date',
};

/** The dataset's fields and primary key (built in, or the tenant's own definition), or undefined when there is none. */
export async function findDatasetDefinition(scope: TenantScope, name: string): Promise<DatasetDefinition | undefined> {
  const definition = await resolveDatasetDefinition(scope, name);
  if (!definition) return undefined;
  return {
    name,
    primaryKey: definition.primaryKey,
    fields: Object.fromEntries(
      Object.entries(definition.fields).map(([field, { type }]) => [field, QUERY_TYPES[type]]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// As of

/** The point a read is taken at: `at` null reads the current versions. */
export interface AsOf {
  at: Date | null;
  /** The sync the state comes from: the one named, or the dataset's last finished sync at or before the time. */
  syncId: string | null;
  /** The resolved time (now, for a current read). */
  resolvedAt: Date;
}

const FINISHED_SYNC_STATUSES = ['completed', 'partially_completed', 'failed', 'cancelled'];

/**
 * Where a read's values were written: as a query string's text (`in` lists comma-separated, booleans as `true`) or in a
 * JSON body. It decides how values are read; how a problem is answered is the use case's business.
 */
export type RequestSite = 'query' | 'body';

/**
 * A dataset read that cannot be made as asked: fields, operators or values the dataset does not have, or an `as_of`
 * that names no point. Each problem names where it sits in the request (`path`). It carries no status: the use case
 * that took the request answers it (a 400 naming query parameters, a 422 naming body fields).
 */
export class DatasetRequestRejected extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`dataset request rejected: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    this.name = 'DatasetRequestRejected';
  }
}

async function lastFinishedSync(scope: TenantScope, dataset: string, atOrBefore: Date | null): Promise<string | null> {
  const query = scope
    .trx('integration_syncs')
    .select('id')
    .where({ tenant_id: scope.tenantId, dataset })
    .whereIn('status', FINISHED_SYNC_STATUSES)
    .whereNotNull('completed_at')
    .orderBy('completed_at', 'desc')
    .first();
  if (atOrBefore) query.where('completed_at', '<=', atOrBefore);
  const row = (await query) as { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * The sync that last changed a dataset's records (wrote a new version of one, or flagged one deleted), whatever it
 * ended as (a failed or cancelled sync keeps the pages it committed); null when no sync has written the dataset.
 */
export async function lastSyncChangingDataset(scope: TenantScope, dataset: string): Promise<string | null> {
  // Each sync keeps the time of the last version it wrote (`last_written_at`): the latest of those is the answer.
  const row = (await scope
    .trx('integration_syncs')
    .select('id')
    .where({ tenant_id: scope.tenantId, dataset })
    .whereNotNull('last_written_at')
    .orderBy([
      { column: 'last_written_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first()) as { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * `as_of`: a sync id (`syn_…`: the state as that sync finished; another tenant's is a 404 like a missing one) or an
 * RFC 3339 time. A sync's point is its completion time, or the time of the last version it wrote if that is later
 * (the completion time comes from the worker's clock, the versions' times from the database's).
 */
export async function resolveAsOf(
  scope: TenantScope,
  dataset: string,
  raw: string | undefined,
  path: string,
): Promise<AsOf> {
  if (raw === undefined) {
    const now = ((await scope.trx.raw<{ rows: Array<{ now: Date }> }>('select now() as now')).rows[0] as { now: Date })
      .now;
    return { at: null, syncId: await lastFinishedSync(scope, dataset, null), resolvedAt: now };
  }
  if (raw.startsWith('syn_')) {
    const sync = isIdOf('integrationSync', raw) ? await findSync(scope, raw) : undefined;
    if (!sync) throw notFound('integration sync', raw);
    if (!sync.completed_at)
      throw new DatasetRequestRejected([
        { path, message: `names sync ${raw}, which has not finished (${sync.status})` },
      ]);
    const written = sync.last_written_at;
    const at = written && written > sync.completed_at ? written : sync.completed_at;
    return { at, syncId: sync.id, resolvedAt: at };
  }
  const time = parseDateTime(raw);
  if (!time) {
    throw new DatasetRequestRejected([
      { path, message: 'must be a sync id (syn_…) or an RFC 3339 time (2026-11-23T10:00:00Z)' },
    ]);
  }
  return { at: time, syncId: await lastFinishedSync(scope, dataset, time), resolvedAt: time };
}

export function presentAsOf(asOf: AsOf) {
  return { sync_id: asOf.syncId, at: asOf.resolvedAt.toISOString() };
}

/**
 * One row per record as of the point: the current table, or, as of a past time, each record's version valid then:
 * its current version if that began by then, otherwise the superseded version (in the history) that covered it.
 * Columns: primary_key, data, deleted, integration_id, first_seen_sync_id, last_seen_sync_id, deleted_at, created_at,
 * updated_at.
 */
function recordsSource(scope: TenantScope, dataset: string, asOf: AsOf): SqlCondition {
  if (asOf.at === null) {
    return {
      sql: `select primary_key, data, deleted_at is not null as deleted, integration_id, first_seen_sync_id, last_seen_sync_id,
                   deleted_at, created_at, updated_at
              from dataset_records where tenant_id = ? and dataset = ?`,
      bindings: [scope.tenantId, dataset],
    };
  }
  // Of a past version: the sync that wrote it stands as `last_seen_sync_id`, and it changed (or was flagged deleted)
  // when it began.
  return {
    sql: `select primary_key, data, deleted_at is not null as deleted, integration_id, first_seen_sync_id, changed_by_sync_id as last_seen_sync_id,
                 deleted_at, created_at, updated_at
            from dataset_records where tenant_id = ? and dataset = ? and updated_at <= ?
          union all
          select v.primary_key, v.data, v.deleted, v.integration_id, d.first_seen_sync_id, v.sync_id as last_seen_sync_id,
                 case when v.deleted then v.valid_from end as deleted_at, d.created_at, v.valid_from as updated_at
            from dataset_record_versions v
            join dataset_records d on d.tenant_id = v.tenant_id and d.dataset = v.dataset and d.primary_key = v.primary_key
           where v.tenant_id = ? and v.dataset = ? and v.valid_from <= ? and v.valid_to > ?`,
    bindings: [scope.tenantId, dataset, asOf.at, scope.tenantId, dataset, asOf.at, asOf.at],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Filters

export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'] as const;
type FilterOperator = (typeof FILTER_OPERATORS)[number];
type FilterScalar = string | number | boolean | null;
/** Per field: a value (equality) or operators with values; `in` takes a list (a comma-separated one in a query). */
export type DatasetFilter = Record<
  string,
  FilterScalar | Partial<Record<FilterOperator, FilterScalar | FilterScalar[]>>
>;

interface SqlCondition {
  sql: string;
  bindings: Knex.RawBinding[];
}

const SQL_TYPE: Record<DatasetFieldType, string> = {
  number: 'numeric',
  string: 'text',
  date: 'text',
  boolean: 'boolean',
};
const COMPARISON: Record<Exclude<FilterOperator, 'in'>, string> = {
  eq: '=',
  ne: 'is distinct from',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};
const PLAIN_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;
const MAX_IN_VALUES = 100;

/** A field's value as SQL of its type (null where the stored value is not of that type). */
function fieldExpression(field: string, type: DatasetFieldType): SqlCondition {
  switch (type) {
    case 'number':
      return {
        sql: `(case when jsonb_typeof(data -> ?::text) = 'number' then (data ->> ?::text)::numeric end)`,
        bindings: [field, field],
      };
    case 'boolean':
      return {
        sql: `(case when jsonb_typeof(data -> ?::text) = 'boolean' then (data ->> ?::text)::boolean end)`,
        bindings: [field, field],
      };
    default:
      // Byte order, so dates (YYYY-MM-DD) and keys compare the same whatever the database's collation.
      return {
        sql: `((case when jsonb_typeof(data -> ?::text) = 'string' then data ->> ?::text end) collate "C")`,
        bindings: [field, field],
      };
  }
}

function fieldsList(definition: DatasetDefinition): string {
  return Object.keys(definition.fields).join(', ');
}

/** A filter value as its field's type, or why it is not one. Query values arrive as text. */
function filterValue(
  type: DatasetFieldType,
  value: unknown,
  fromQuery: boolean,
): { value: unknown } | { error: string } {
  if (type === 'number') {
    if (typeof value === 'number' && Number.isFinite(value)) return { value };
    if (fromQuery && typeof value === 'string' && PLAIN_NUMBER.test(value)) return { value: Number(value) };
    return { error: 'must be a number (a number field)' };
  }
  if (type === 'boolean') {
    if (typeof value === 'boolean') return { value };
    if (fromQuery && (value === 'true' || value === 'false')) return { value: value === 'true' };
    return { error: 'must be true or false (a boolean field)' };
  }
  if (typeof value !== 'string') return { error: `must be a string (a ${type} field)` };
  if (type === 'date' && !DATE_PREFIX.test(value)) return { error: 'must be a date (YYYY-MM-DD)' };
  return { value };
}

/**
 * The filter as SQL conditions on `data`, every value bound. Unknown fields and operators, and values not of the
 * field's type, are refused naming them (`path` is where the filter sits in the request).
 */
export function compileFilter(
  definition: DatasetDefinition,
  filter: DatasetFilter | undefined,
  options: { path: string; site: RequestSite },
): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  const errors: FieldError[] = [];
  const fromQuery = options.site === 'query';
  for (const [field, condition] of Object.entries(filter ?? {})) {
    const fieldPath = pointerTo(options.path, field);
    const type = Object.hasOwn(definition.fields, field) ? definition.fields[field] : undefined;
    if (!type) {
      errors.push({ path: fieldPath, message: `is not a field of ${definition.name} (${fieldsList(definition)})` });
      continue;
    }
    const expression = fieldExpression(field, type);
    const operators: Array<[string, unknown, string]> =
      condition !== null && typeof condition === 'object' && !Array.isArray(condition)
        ? Object.entries(condition).map(([operator, value]) => [operator, value, pointerTo(fieldPath, operator)])
        : [['eq', condition, fieldPath]];
    if (operators.length === 0)
      errors.push({ path: fieldPath, message: `needs an operator (${FILTER_OPERATORS.join(', ')})` });
    for (const [operator, raw, path] of operators) {
      if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) {
        errors.push({ path, message: `is not a filter operator (${FILTER_OPERATORS.join(', ')})` });
        continue;
      }
      if (type === 'boolean' && operator !== 'eq' && operator !== 'ne') {
        errors.push({ path, message: 'a boolean field takes only eq and ne' });
        continue;
      }
      if (operator === 'in') {
        const list = fromQuery && typeof raw === 'string' ? raw.split(',') : raw;
        if (!Array.isArray(list) || list.length === 0 || list.length > MAX_IN_VALUES) {
          errors.push({
            path,
            message: `must be a list of 1 to ${MAX_IN_VALUES} values${fromQuery ? ' (comma-separated)' : ''}`,
          });
          continue;
        }
        const values: Knex.Value[] = [];
        for (const [index, item] of list.entries()) {
          const converted = filterValue(type, item, fromQuery);
          if ('error' in converted)
            errors.push({ path: fromQuery ? path : pointerTo(path, index), message: converted.error });
          else values.push(converted.value as Knex.Value);
        }
        conditions.push({
          sql: `${expression.sql} = any(?::${SQL_TYPE[type]}[])`,
          bindings: [...expression.bindings, values as Knex.RawBinding],
        });
        continue;
      }
      const comparison = COMPARISON[operator as Exclude<FilterOperator, 'in'>];
      // Only the JSON form can say null: eq null is "missing or null", ne null "present".
      if (raw === null && !fromQuery && (operator === 'eq' || operator === 'ne')) {
        conditions.push({
          sql: `${expression.sql} is ${operator === 'eq' ? '' : 'not '}null`,
          bindings: expression.bindings,
        });
        continue;
      }
      const converted = filterValue(type, raw, fromQuery);
      if ('error' in converted) {
        errors.push({ path, message: converted.error });
        continue;
      }
      conditions.push({
        sql: `${expression.sql} ${comparison} ?::${SQL_TYPE[type]}`,
        bindings: [...expression.bindings, converted.value as Knex.Value],
      });
    }
  }
  if (errors.length > 0) throw new DatasetRequestRejected(errors);
  return conditions;
}

// ---------------------------------------------------------------------------------------------------------------
// Records

export interface DatasetRecordRow {
  primary_key: string;
  data: Record<string, unknown>;
  deleted: boolean;
  integration_id: string;
  first_seen_sync_id: string;
  last_seen_sync_id: string;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function encodeKeyCursor(lastKey: string): string {
  return Buffer.from(JSON.stringify({ after_key: lastKey })).toString('base64url');
}

function decodeKeyCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after_key?: unknown };
    if (typeof parsed.after_key === 'string' && !parsed.after_key.includes('\u0000')) return parsed.after_key;
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** A dataset's records as of the point, filtered, in primary-key order (keyset paging); flagged-deleted ones only when asked. */
export async function listDatasetRecords(
  scope: TenantScope,
  definition: DatasetDefinition,
  options: { asOf: AsOf; conditions: SqlCondition[]; includeDeleted: boolean; limit: number; cursor?: string },
) {
  const source = recordsSource(scope, definition.name, options.asOf);
  const where = [...options.conditions];
  if (!options.includeDeleted) where.push({ sql: 'not deleted', bindings: [] });
  if (options.cursor !== undefined) where.push({ sql: 'primary_key > ?', bindings: [decodeKeyCursor(options.cursor)] });
  const result = await scope.trx.raw<{ rows: DatasetRecordRow[] }>(
    `select * from (${source.sql}) s ${where.length > 0 ? `where ${where.map((c) => c.sql).join(' and ')}` : ''} order by primary_key limit ?`,
    [...source.bindings, ...where.flatMap((c) => c.bindings), options.limit + 1],
  );
  const rows = result.rows;
  const hasMore = rows.length > options.limit;
  const pageRows = hasMore ? rows.slice(0, options.limit) : rows;
  return { rows: pageRows, nextCursor: hasMore ? encodeKeyCursor(pageRows[pageRows.length - 1]!.primary_key) : null };
}

// ---------------------------------------------------------------------------------------------------------------
// Aggregates

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'min', 'max', 'percentile'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export interface AggregateMetric {
  function: AggregateFunction;
  field?: string;
  /** For `percentile`: 0 to 100 (continuous, interpolated: `percentile_cont`). */
  percentile?: number;
  /** The name of the value in the result (default `count`, `avg_salary`, `p90_salary`, …). */
  as?: string;
}

export interface AggregateRequest {
  metrics: AggregateMetric[];
  group_by?: string[];
  filter?: DatasetFilter;
  as_of?: string;
}

export type AggregateValue = number | string | null;

export interface AggregateResult {
  object: 'dataset_aggregate';
  dataset: string;
  as_of: { sync_id: string | null; at: string };
  /** Without `group_by`: the one row of values. */
  values?: Record<string, AggregateValue>;
  /** With `group_by`: one entry per distinct key, in key order. */
  groups?: Array<{ key: Record<string, unknown>; values: Record<string, AggregateValue> }>;
  groups_truncated?: boolean;
}

export const MAX_AGGREGATE_GROUPS = 1000;

export function metricName(metric: AggregateMetric): string {
  if (metric.as !== undefined) return metric.as;
  if (metric.function === 'percentile') return `p${metric.percentile ?? ''}${metric.field ? `_${metric.field}` : ''}`;
  return metric.field ? `${metric.function}_${metric.field}` : metric.function;
}

/** The metric as an SQL aggregate, or the problems with it (paths relative to the metric). */
function metricExpression(
  definition: DatasetDefinition,
  metric: AggregateMetric,
): (SqlCondition & { numeric: boolean }) | FieldError[] {
  const numeric = (expression: SqlCondition, isNumeric = true) => ({ ...expression, numeric: isNumeric });
  const { field } = metric;
  if (field === undefined) {
    return metric.function === 'count'
      ? numeric({ sql: 'count(*)', bindings: [] })
      : [{ path: '/field', message: `is required for ${metric.function}` }];
  }
  const type = Object.hasOwn(definition.fields, field) ? definition.fields[field] : undefined;
  if (!type) return [{ path: '/field', message: `is not a field of ${definition.name} (${fieldsList(definition)})` }];
  const expression = fieldExpression(field, type);
  switch (metric.function) {
    case 'count':
      return numeric({ sql: `count(nullif(data -> ?::text, 'null'::jsonb))`, bindings: [field] });
    case 'min':
    case 'max':
      if (type === 'boolean')
        return [
          {
            path: '/field',
            message: `${field} is a boolean field: ${metric.function} needs a number, date or string field`,
          },
        ];
      return numeric(
        { sql: `${metric.function}(${expression.sql})`, bindings: expression.bindings },
        type === 'number',
      );
    case 'percentile':
      if (type !== 'number')
        return [{ path: '/field', message: `${field} is a ${type} field: percentile needs a number field` }];
      if (typeof metric.percentile !== 'number' || metric.percentile < 0 || metric.percentile > 100) {
        return [{ path: '/percentile', message: 'is required for percentile: a number from 0 to 100' }];
      }
      return numeric({
        sql: `percentile_cont(?::float8) within group (order by ${expression.sql})`,
        bindings: [metric.percentile / 100, ...expression.bindings],
      });
    default:
      if (type !== 'number')
        return [{ path: '/field', message: `${field} is a ${type} field: ${metric.function} needs a number field` }];
      return numeric({ sql: `${metric.function}(${expression.sql})`, bindings: expression.bindings });
  }
}

/** bigint counts and numeric results arrive as text from the driver; min/max of a text or date field stay text. */
function aggregateValue(raw: unknown, numeric: boolean): AggregateValue {
  if (raw === null || raw === undefined) return null;
  if (numeric) return Number(raw);
  return String(raw);
}

/**
 * Aggregates a dataset (records not flagged deleted, as of the request's point, filtered) in one SQL statement.
 * Problems name the request's fields (`/metrics/0/field`, `/filter/salary/gte`, `/group_by/1`, `/as_of`) in a
 * `DatasetRequestRejected`; an unknown dataset, or a sync id in `as_of` that is not the tenant's, is a 404. Used by the aggregate endpoint and
 * by scenario input bindings.
 */
export async function aggregateDataset(
  scope: TenantScope,
  name: string,
  request: AggregateRequest,
): Promise<AggregateResult> {
  const definition = await findDatasetDefinition(scope, name);
  if (!definition) throw notFound('dataset', name);
  const errors: FieldError[] = [];
  const metrics: Array<SqlCondition & { numeric: boolean }> = [];
  const names = new Set<string>();
  request.metrics.forEach((metric, index) => {
    const path = `/metrics/${index}`;
    const expression = metricExpression(definition, metric);
    if (Array.isArray(expression)) errors.push(...expression.map((e) => ({ ...e, path: `${path}${e.path}` })));
    else metrics.push(expression);
    const valueName = metricName(metric);
    if (names.has(valueName))
      errors.push({
        path: `${path}${metric.as !== undefined ? '/as' : ''}`,
        message: `names the value "${valueName}" twice: give one an "as"`,
      });
    names.add(valueName);
  });
  const groupBy = request.group_by ?? [];
  groupBy.forEach((field, index) => {
    if (!Object.hasOwn(definition.fields, field))
      errors.push({
        path: `/group_by/${index}`,
        message: `is not a field of ${definition.name} (${fieldsList(definition)})`,
      });
  });
  if (errors.length > 0) throw new DatasetRequestRejected(errors);
  const conditions = compileFilter(definition, request.filter, { path: '/filter', site: 'body' });
  const asOf = await resolveAsOf(scope, definition.name, request.as_of, '/as_of');
  const source = recordsSource(scope, definition.name, asOf);

  const groupColumns = groupBy.map((_, index) => `nullif(data -> ?::text, 'null'::jsonb) as g${index}`);
  const metricColumns = metrics.map((metric, index) => `${metric.sql} as m${index}`);
  const where = ['not deleted', ...conditions.map((c) => c.sql)].join(' and ');
  const positions = groupBy.map((_, index) => index + 1).join(', ');
  const sql =
    `select ${[...groupColumns, ...metricColumns].join(', ')} from (${source.sql}) s where ${where}` +
    (groupBy.length > 0 ? ` group by ${positions} order by ${positions} limit ${MAX_AGGREGATE_GROUPS + 1}` : '');
  const result = await scope.trx.raw<{ rows: Array<Record<string, unknown>> }>(sql, [
    ...groupBy,
    ...metrics.flatMap((m) => m.bindings),
    ...source.bindings,
    ...conditions.flatMap((c) => c.bindings),
  ]);
  const valueNames = request.metrics.map(metricName);
  const valuesOf = (row: Record<string, unknown>) =>
    Object.fromEntries(
      valueNames.map((valueName, index) => [
        valueName,
        aggregateValue(row[`m${index}`], metrics[index]?.numeric ?? true),
      ]),
    );
  const base = { object: 'dataset_aggregate' as const, dataset: definition.name, as_of: presentAsOf(asOf) };
  if (groupBy.length === 0) return { ...base, values: valuesOf(result.rows[0] ?? {}) };
  const rows = result.rows.slice(0, MAX_AGGREGATE_GROUPS);
  return {
    ...base,
    groups: rows.map((row) => ({
      key: Object.fromEntries(groupBy.map((field, index) => [field, row[`g${index}`] ?? null])),
      values: valuesOf(row),
    })),
    groups_truncated: result.rows.length > MAX_AGGREGATE_GROUPS,
  };
}
