import { invalidParameters } from '../../core/errors';
import { pointHistory } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { KpiUseCaseDeps } from './deps';
import { loadKpi, presentPoint, presentRevision } from './kpi-records';

/** One point of a KPI as it stands, with the revisions it replaced. */
export async function getKpiPointHistory(
  { db }: KpiUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  timestamp: string,
) {
  const at = new Date(timestamp);
  if (Number.isNaN(at.getTime()))
    throw invalidParameters('The timestamp is not valid.', [
      { path: '/query/timestamp', message: 'must be an RFC 3339 date-time' },
    ]);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await loadKpi(scope, id);
    const { current, revisions } = await pointHistory(scope, id, at);
    return {
      object: 'kpi_point_history' as const,
      kpi_id: id,
      timestamp: at.toISOString(),
      current: current ? presentPoint(current) : null,
      revisions: revisions.map(presentRevision),
    };
  });
}
