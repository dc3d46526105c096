import type { PageRequest } from '../../db/pagination';
import type { KpiStatus } from '../../db/records/kpi';
import { latestPoints, listKpis as listKpiRows } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { KpiUseCaseDeps } from './deps';
import { presentKpi } from './kpi-records';

export async function listKpis(
  { db }: KpiUseCaseDeps,
  { tenantId }: RequestContext,
  filters: { status?: KpiStatus; tag?: string; owner_id?: string },
  page: PageRequest,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const { rows, nextCursor } = await listKpiRows(
      scope,
      { status: filters.status, tag: filters.tag, ownerId: filters.owner_id },
      page,
    );
    const latest = await latestPoints(
      scope,
      rows.map((r) => r.id),
    );
    return { data: rows.map((r) => presentKpi(r, latest.get(r.id))), next_cursor: nextCursor };
  });
}
