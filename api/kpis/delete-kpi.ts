import { updateKpi } from '../../db/repositories/kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadKpi } from './kpi-records';
import type { KpiUseCaseDeps } from './deps';

export async function deleteKpi({ db }: KpiUseCaseDeps, { tenantId }: RequestContext, id: string) {
  await inTenantTransaction(db, tenantId, async (scope) => {
    await loadKpi(scope, id, { forUpdate: true });
    await updateKpi(scope, id, { deleted_at: new Date() });
  });
}
