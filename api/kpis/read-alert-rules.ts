import type { PageRequest } from '../../db/pagination';
import { listAlertRules } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { loadRule, presentAlertRule, type KpiAlertUseCaseDeps } from './alert-records';
import { loadKpi } from './kpi-records';

export async function listKpiAlertRules({ db }: KpiAlertUseCaseDeps, { tenantId }: RequestContext, kpiId: string, page: PageRequest) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const kpi = await loadKpi(scope, kpiId);
    const { rows, nextCursor } = await listAlertRules(scope, kpiId, page);
    return { data: rows.map((rule) => presentAlertRule(rule, kpi)), next_cursor: nextCursor };
  });
}

export async function getAlertRule({ db }: KpiAlertUseCaseDeps, { tenantId }: RequestContext, kpiId: string, id: string) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const kpi = await loadKpi(scope, kpiId);
    return presentAlertRule(await loadRule(scope, kpiId, id), kpi);
  });
}
