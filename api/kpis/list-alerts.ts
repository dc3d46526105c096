import { invalidParameters } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import { OPEN_ALERT_STATES, type KpiAlertState } from '../../db/records/kpi-alert';
import { listAlerts as listAlertRows, transitionsOf } from '../../db/repositories/kpi-alerts';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentAlert } from './alert-records';
import type { KpiAlertUseCaseDeps } from './deps';
import { loadKpi } from './kpi-records';

export interface AlertListQuery {
  state?: KpiAlertState | 'open';
  severity?: 'warning' | 'critical';
  rule_id?: string;
  kpi_id?: string;
}

async function listAlertsIn(scope: TenantScope, query: AlertListQuery, page: PageRequest) {
  const { rows, nextCursor } = await listAlertRows(
    scope,
    {
      kpiId: query.kpi_id,
      ruleId: query.rule_id,
      severity: query.severity,
      states: query.state === 'open' ? OPEN_ALERT_STATES : query.state ? [query.state] : undefined,
    },
    page,
  );
  const transitions = await transitionsOf(
    scope,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => presentAlert(r, transitions.get(r.id) ?? [])), next_cursor: nextCursor };
}

export async function listKpiAlerts(
  { db }: KpiAlertUseCaseDeps,
  { tenantId }: RequestContext,
  kpiId: string,
  query: AlertListQuery,
  page: PageRequest,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    await loadKpi(scope, kpiId);
    return listAlertsIn(scope, { ...query, kpi_id: kpiId }, page);
  });
}

export async function listAlerts(
  { db }: KpiAlertUseCaseDeps,
  { tenantId }: RequestContext,
  query: AlertListQuery,
  page: PageRequest,
) {
  if (query.kpi_id !== undefined && !isIdOf('kpi', query.kpi_id)) {
    throw invalidParameters('The KPI id is not valid.', [
      { path: '/query/kpi_id', message: 'must be a KPI id (kpi_…)' },
    ]);
  }
  return inTenantTransaction(db, tenantId, (scope) => listAlertsIn(scope, query, page));
}
