import type { AlertRuleSpec } from '../../rules/kpis/alerts';
import { insertAlertRule, latestPointAt } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { checkRule, presentAlertRule } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';
import type { CreateKpiAlertRuleRequest } from '../openapi/request-types.generated';

/** A new alert rule, as the document's CreateKpiAlertRuleRequest gives it. */
export type AlertRuleInput = CreateKpiAlertRuleRequest;

export async function createAlertRule(
  { db }: KpiAlertUseCaseDeps,
  context: RequestContext,
  kpiId: string,
  body: AlertRuleInput,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const kpi = await loadKpi(scope, kpiId, { forUpdate: true });
    const spec: AlertRuleSpec = {
      kind: body.kind,
      severity: body.severity ?? 'warning',
      threshold: body.threshold ?? null,
      recovery_threshold: body.recovery_threshold ?? null,
      for_points: body.for_points ?? 1,
      for_seconds: body.for_seconds ?? 0,
      window_seconds: body.window_seconds ?? null,
      change: body.change ?? null,
      no_data_seconds: body.no_data_seconds ?? null,
    };
    checkRule(kpi, spec);
    // The rule judges the KPI's current value and what comes after it; older points only when they arrive late.
    const latest = await latestPointAt(scope, kpiId);
    const rule = await insertAlertRule(scope, {
      kpi_id: kpiId,
      name: body.name,
      ...spec,
      renotify_seconds: body.renotify_seconds ?? null,
      enabled: body.enabled ?? true,
      evaluated_through: latest ? new Date(latest.getTime() - 1) : null,
      created_by: context.actor,
    });
    return presentAlertRule(rule, kpi);
  });
}
