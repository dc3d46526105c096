import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadRule, presentAlertRule } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';

export async function getAlertRule(
  { db }: KpiAlertUseCaseDeps,
  { tenantId }: RequestContext,
  kpiId: string,
  id: string,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const kpi = await loadKpi(scope, kpiId);
    return presentAlertRule(await loadRule(scope, kpiId, id), kpi);
  });
}
