import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import type { KpiAlertUseCaseDeps } from './alert-records';
import { createAlertRule, type AlertRuleInput } from './create-alert-rule';
import { deleteAlertRule } from './delete-alert-rule';
import { editAlertRule, type AlertRuleUpdate } from './edit-alert-rule';
import { acknowledgeAlert, resolveAlert, silenceAlert } from './open-alert-actions';
import { getAlertRule, listKpiAlertRules } from './read-alert-rules';
import { getAlert, listAlerts, listKpiAlerts, type AlertListQuery } from './read-alerts';

export { presentAlert, presentAlertRule, type KpiAlertUseCaseDeps } from './alert-records';
export type { AlertRuleInput } from './create-alert-rule';
export type { AlertRuleUpdate } from './edit-alert-rule';
export type { AlertListQuery } from './read-alerts';

/**
 * KPI alert rules and alerts. No write here touches Temporal: the time-based checks (no_data, re-notification, the
 * evaluation delay, dataset recomputation) are batched by the evaluation shards, which read each KPI's row at every
 * tick (workflows/kpis/kpi-alert-evaluation.ts), so a KPI's rules and status are all they need.
 */
export function createKpiAlertService(deps: KpiAlertUseCaseDeps) {
  return {
    createRule: (context: RequestContext, kpiId: string, body: AlertRuleInput) => createAlertRule(deps, context, kpiId, body),
    listRules: (context: RequestContext, kpiId: string, page: PageRequest) => listKpiAlertRules(deps, context, kpiId, page),
    getRule: (context: RequestContext, kpiId: string, id: string) => getAlertRule(deps, context, kpiId, id),
    updateRule: (context: RequestContext, kpiId: string, id: string, body: AlertRuleUpdate) => editAlertRule(deps, context, kpiId, id, body),
    removeRule: (context: RequestContext, kpiId: string, id: string) => deleteAlertRule(deps, context, kpiId, id),
    listKpiAlerts: (context: RequestContext, kpiId: string, query: AlertListQuery, page: PageRequest) => listKpiAlerts(deps, context, kpiId, query, page),
    listAlerts: (context: RequestContext, query: AlertListQuery, page: PageRequest) => listAlerts(deps, context, query, page),
    getAlert: (context: RequestContext, id: string) => getAlert(deps, context, id),
    acknowledge: (context: RequestContext, id: string) => acknowledgeAlert(deps, context, id),
    silence: (context: RequestContext, id: string, body: { until: string; reason: string }) => silenceAlert(deps, context, id, body),
    resolve: (context: RequestContext, id: string, body: { reason?: string }) => resolveAlert(deps, context, id, body),
  };
}

export type KpiAlertService = ReturnType<typeof createKpiAlertService>;
