import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { KpiUseCaseDeps } from './deps';
import { loadKpi, presentKpiWithLatest } from './kpi-records';

export async function getKpi({ db }: KpiUseCaseDeps, { tenantId }: RequestContext, id: string) {
  return inTenantTransaction(db, tenantId, async (scope) => presentKpiWithLatest(scope, await loadKpi(scope, id)));
}
