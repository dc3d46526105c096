import { validationFailed, type FieldError } from '../../core/app-error';
import { kpiArchived } from '../../core/errors';
import { recordKpiPoints, type NewKpiPoint } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadKpi, requireKpiId } from './kpi-records';
import type { KpiUseCaseDeps } from './deps';

interface PointInput {
  timestamp: string;
  value: number;
  note?: string | null;
}

export type KpiPointsInput = Partial<PointInput> & { points?: PointInput[] };

/** The earliest timestamp a point may have; the latest is one day after the request. */
export const EARLIEST_POINT = new Date('1970-01-01T00:00:00.000Z');
const LATEST_POINT_AHEAD_MS = 86_400_000;
/** Per-item problems listed in one 422 at most (a bulk of 10,000 bad points does not answer 10,000 errors). */
const MAX_REPORTED_ERRORS = 100;

/** The points of a request, checked all at once: every problem named by its JSON Pointer, nothing stored if any. */
function preparePoints(body: KpiPointsInput, receivedAt: Date): NewKpiPoint[] {
  const single = body.timestamp !== undefined || body.value !== undefined || body.note !== undefined;
  if (single && body.points !== undefined) {
    throw validationFailed([
      { path: '/points', message: 'send either one point (timestamp, value, note) or points, not both' },
    ]);
  }
  if (!single && body.points === undefined)
    throw validationFailed([{ path: '/points', message: 'is required (or send one point: timestamp and value)' }]);
  if (single) {
    const missing = (['timestamp', 'value'] as const).filter((field) => body[field] === undefined);
    if (missing.length > 0)
      throw validationFailed(missing.map((field) => ({ path: `/${field}`, message: 'is required' })));
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
      errors.push({
        path: `${prefix}/timestamp`,
        message: `must be from ${EARLIEST_POINT.toISOString()} to one day after now (${new Date(latest).toISOString()})`,
      });
    } else if (seen.has(at))
      errors.push({
        path: `${prefix}/timestamp`,
        message: `repeats the timestamp of ${seen.get(at)}: timestamps in one request must be distinct`,
      });
    else seen.set(at, `${prefix}/timestamp`);
    // JSON has no NaN or Infinity, but a literal like 1e999 parses to Infinity.
    if (typeof point.value !== 'number' || !Number.isFinite(point.value))
      errors.push({ path: `${prefix}/value`, message: 'must be a finite number' });
    points.push({ observedAt: new Date(at), value: point.value, note: point.note ?? null });
  }
  if (errors.length > 0) {
    throw validationFailed(
      errors,
      `No point was recorded: ${errors.length >= MAX_REPORTED_ERRORS ? `at least ${MAX_REPORTED_ERRORS}` : errors.length} point field(s) are invalid (a bulk post is all or nothing).`,
    );
  }
  return points;
}

export async function recordPoints({ db }: KpiUseCaseDeps, context: RequestContext, id: string, body: KpiPointsInput) {
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
}
