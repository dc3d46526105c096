// Reading a KPI's points: raw or bucketed per period over a time range.
import type { FieldError } from '../../core/app-error';
import { invalidParameters } from '../../core/errors';
import { addPeriods, type Period } from '../../rules/kpis/status';
import type { KpiPeriod } from '../../db/records/kpi';
import { bucketPoints, listPoints, type Bucket } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadKpi, presentPoint } from './kpi-records';
import type { KpiUseCaseDeps } from './deps';
import { EARLIEST_POINT } from './record-kpi-points';

export interface KpiValuesQuery {
  from?: string;
  to?: string;
  bucket?: 'raw' | KpiPeriod;
  limit: number;
  cursor?: string;
}

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

export async function getKpiValues(
  { db }: KpiUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  query: KpiValuesQuery,
) {
  const range = parseRange(query);
  const bucket = query.bucket ?? 'raw';
  const page = { limit: query.limit, cursor: query.cursor };
  return inTenantTransaction(db, tenantId, async (scope) => {
    await loadKpi(scope, id);
    if (bucket === 'raw') {
      const { rows, nextCursor } = await listPoints(scope, id, range, page);
      return {
        object: 'kpi_values' as const,
        kpi_id: id,
        bucket,
        data: rows.map(presentPoint),
        next_cursor: nextCursor,
      };
    }
    const { rows, nextCursor } = await bucketPoints(scope, id, bucket, range, page);
    return {
      object: 'kpi_values' as const,
      kpi_id: id,
      bucket,
      data: rows.map((b) => presentBucket(b, bucket)),
      next_cursor: nextCursor,
    };
  });
}
