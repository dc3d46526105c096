import { updateKpi } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { KpiUseCaseDeps } from './deps';
import { loadKpi, presentKpiWithLatest } from './kpi-records';
import { sourceColumns } from './kpi-source';

/** The KPI goes back to manual points. */
export async function deleteKpiSource({ db }: KpiUseCaseDeps, { tenantId }: RequestContext, id: string) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    await loadKpi(scope, id, { forUpdate: true });
    const updated = await updateKpi(scope, id, sourceColumns({ type: 'manual' }));
    return presentKpiWithLatest(scope, updated);
  });
}
