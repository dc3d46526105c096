import { ruleSpecOf } from '../../rules/kpis/alerts';
import type { KpiAlertRuleRecord } from '../../db/records/kpi-alert';
import { updateAlertRule as storeAlertRuleChanges } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { checkRule, loadRule, presentAlertRule } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';
import type { UpdateKpiAlertRuleRequest } from '../openapi/request-types.generated';

export type AlertRuleUpdate = UpdateKpiAlertRuleRequest;

export async function updateAlertRule(
  { db }: KpiAlertUseCaseDeps,
  { tenantId }: RequestContext,
  kpiId: string,
  id: string,
  body: AlertRuleUpdate,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const kpi = await loadKpi(scope, kpiId, { forUpdate: true });
    const current = await loadRule(scope, kpiId, id);
    const merged = {
      ...current,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    } as KpiAlertRuleRecord;
    checkRule(kpi, ruleSpecOf(merged));
    const patch: Partial<KpiAlertRuleRecord> = {};
    for (const field of Object.keys(body) as Array<keyof AlertRuleUpdate>)
      (patch as Record<string, unknown>)[field] = merged[field];
    const rule = await storeAlertRuleChanges(scope, id, patch);
    return presentAlertRule(rule, kpi);
  });
}
