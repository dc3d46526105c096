import type { PageRequest } from '../../db/pagination';
import type { KpiStatus } from '../../db/records/kpi';
import type { RequestContext } from '../context';
import { createKpi, type KpiCreate } from './create-kpi';
import { deleteKpi } from './delete-kpi';
import { updateKpi, type KpiUpdate } from './update-kpi';
import { getKpiStatus } from './get-kpi-status';
import type { KpiAlertUseCaseDeps, KpiUseCaseDeps } from './deps';
import type { KpiSourceInput } from './kpi-source';
import { deleteKpiSource } from './delete-kpi-source';
import { putKpiSource } from './put-kpi-source';
import { getKpiPointHistory } from './get-kpi-point-history';
import { getKpiValues, type KpiValuesQuery } from './get-kpi-values';
import { getKpi } from './get-kpi';
import { listKpis } from './list-kpis';
import { createAlertRule, type AlertRuleInput } from './create-alert-rule';
import { deleteAlertRule } from './delete-alert-rule';
import { getAlert } from './get-alert';
import { getAlertRule } from './get-alert-rule';
import { listAlertRules } from './list-alert-rules';
import { listAlerts, listKpiAlerts, type AlertListQuery } from './list-alerts';
import { acknowledgeAlert } from './acknowledge-alert';
import { resolveAlert } from './resolve-alert';
import { silenceAlert } from './silence-alert';
import { updateAlertRule, type AlertRuleUpdate } from './update-alert-rule';
import { recordPoints, type KpiPointsInput } from './record-kpi-points';

export type { KpiCreate } from './create-kpi';
export type { KpiUpdate } from './update-kpi';
export type { KpiAlertUseCaseDeps, KpiUseCaseDeps } from './deps';
export { presentKpi } from './kpi-records';
export { presentAlert, presentAlertRule } from './alert-records';
export type { AlertRuleInput } from './create-alert-rule';
export type { AlertRuleUpdate } from './update-alert-rule';
export type { AlertListQuery } from './list-alerts';
export type { KpiSourceInput } from './kpi-source';
export type { KpiValuesQuery } from './get-kpi-values';
export { EARLIEST_POINT, type KpiPointsInput } from './record-kpi-points';

/** KPIs, their sources, points, values and status: one file per use case, composed here. */
export function createKpiService(deps: KpiUseCaseDeps) {
  return {
    create: (context: RequestContext, body: KpiCreate) => createKpi(deps, context, body),
    list: (
      context: RequestContext,
      filters: { status?: KpiStatus; tag?: string; owner_id?: string },
      page: PageRequest,
    ) => listKpis(deps, context, filters, page),
    get: (context: RequestContext, id: string) => getKpi(deps, context, id),
    update: (context: RequestContext, id: string, body: KpiUpdate) => updateKpi(deps, context, id, body),
    remove: (context: RequestContext, id: string) => deleteKpi(deps, context, id),
    putSource: (context: RequestContext, id: string, source: KpiSourceInput) => putKpiSource(deps, context, id, source),
    deleteSource: (context: RequestContext, id: string) => deleteKpiSource(deps, context, id),
    recordPoints: (context: RequestContext, id: string, body: KpiPointsInput) => recordPoints(deps, context, id, body),
    pointHistory: (context: RequestContext, id: string, timestamp: string) =>
      getKpiPointHistory(deps, context, id, timestamp),
    values: (context: RequestContext, id: string, query: KpiValuesQuery) => getKpiValues(deps, context, id, query),
    status: (context: RequestContext, id: string, periods: number) => getKpiStatus(deps, context, id, periods),
  };
}

export type KpiService = ReturnType<typeof createKpiService>;

/**
 * KPI alert rules and alerts. No write here touches Temporal: the time-based checks (no_data, re-notification, the
 * evaluation delay, dataset recomputation) are batched by the evaluation shards, which read each KPI's row at every
 * tick (workflows/kpis/kpi-alert-evaluation.ts), so a KPI's rules and status are all they need.
 */
export function createKpiAlertService(deps: KpiAlertUseCaseDeps) {
  return {
    createRule: (context: RequestContext, kpiId: string, body: AlertRuleInput) =>
      createAlertRule(deps, context, kpiId, body),
    listRules: (context: RequestContext, kpiId: string, page: PageRequest) =>
      listAlertRules(deps, context, kpiId, page),
    getRule: (context: RequestContext, kpiId: string, id: string) => getAlertRule(deps, context, kpiId, id),
    updateRule: (context: RequestContext, kpiId: string, id: string, body: AlertRuleUpdate) =>
      updateAlertRule(deps, context, kpiId, id, body),
    removeRule: (context: RequestContext, kpiId: string, id: string) => deleteAlertRule(deps, context, kpiId, id),
    listKpiAlerts: (context: RequestContext, kpiId: string, query: AlertListQuery, page: PageRequest) =>
      listKpiAlerts(deps, context, kpiId, query, page),
    listAlerts: (context: RequestContext, query: AlertListQuery, page: PageRequest) =>
      listAlerts(deps, context, query, page),
    getAlert: (context: RequestContext, id: string) => getAlert(deps, context, id),
    acknowledge: (context: RequestContext, id: string) => acknowledgeAlert(deps, context, id),
    silence: (context: RequestContext, id: string, body: { until: string; reason: string }) =>
      silenceAlert(deps, context, id, body),
    resolve: (context: RequestContext, id: string, body: { reason?: string }) => resolveAlert(deps, context, id, body),
  };
}

export type KpiAlertService = ReturnType<typeof createKpiAlertService>;
