import type { PageRequest } from '../../db/pagination';
import { listAlertRules as listAlertRuleRows } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentAlertRule } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';

export async function listAlertRules(
  { db }: KpiAlertUseCaseDeps,
  { tenantId }: RequestContext,
  kpiId: string,
  page: PageRequest,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const kpi = await loadKpi(scope, kpiId);
    const { rows, nextCursor } = await listAlertRuleRows(scope, kpiId, page);
    return { data: rows.map((rule) => presentAlertRule(rule, kpi)), next_cursor: nextCursor };
  });
}
