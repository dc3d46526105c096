import type { Knex } from 'knex';
import type { Actor } from '../../core/actor';
import { newId } from '../../core/ids';
import type { KpiPointRow } from '../records/kpi';
import {
  KpiAlertRecord,
  KpiAlertRuleRecord,
  OPEN_ALERT_STATES,
  type KpiAlertReason,
  type KpiAlertState,
  type KpiAlertTransitionRow,
} from '../records/kpi-alert';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

// ---- Rules ----------------------------------------------------------------------------------------------------------

const liveRules = (scope: TenantScope) => scoped(scope, KpiAlertRuleRecord).whereNull('kpi_alert_rules.deleted_at');

export async function insertAlertRule(
  scope: TenantScope,
  row: Partial<KpiAlertRuleRecord>,
): Promise<KpiAlertRuleRecord> {
  return insertScoped(scope, KpiAlertRuleRecord, { id: newId('kpiAlertRule'), ...row });
}

export async function findAlertRule(
  scope: TenantScope,
  kpiId: string,
  id: string,
): Promise<KpiAlertRuleRecord | undefined> {
  return (await liveRules(scope).where({ 'kpi_alert_rules.id': id, kpi_id: kpiId }).first()) as
    KpiAlertRuleRecord | undefined;
}

export async function listAlertRules(scope: TenantScope, kpiId: string, page: PageRequest) {
  return paginate<KpiAlertRuleRecord>(liveRules(scope).where('kpi_id', kpiId), 'kpi_alert_rules.id', page);
}

/** Every live rule of a KPI, oldest first (evaluation order). */
export async function rulesOfKpi(scope: TenantScope, kpiId: string): Promise<KpiAlertRuleRecord[]> {
  return (await liveRules(scope).where('kpi_id', kpiId).orderBy('kpi_alert_rules.id', 'asc')) as KpiAlertRuleRecord[];
}

export async function updateAlertRule(
  scope: TenantScope,
  id: string,
  patch: Partial<KpiAlertRuleRecord>,
): Promise<KpiAlertRuleRecord> {
  const [row] = (await liveRules(scope)
    .where('kpi_alert_rules.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<KpiAlertRuleRecord>)
    .returning('*')) as unknown as KpiAlertRuleRecord[];
  return row as KpiAlertRuleRecord;
}

// ---- Alerts ---------------------------------------------------------------------------------------------------------

export async function insertAlert(scope: TenantScope, row: Partial<KpiAlertRecord>): Promise<KpiAlertRecord> {
  return insertScoped(scope, KpiAlertRecord, { id: newId('kpiAlert'), ...row } as Partial<KpiAlertRecord>);
}

export async function updateAlert(
  scope: TenantScope,
  id: string,
  patch: Partial<KpiAlertRecord>,
): Promise<KpiAlertRecord> {
  const [row] = (await scoped(scope, KpiAlertRecord)
    .where('kpi_alerts.id', id)
    .patch({ ...patch, updated_at: new Date() } as Partial<KpiAlertRecord>)
    .returning('*')) as unknown as KpiAlertRecord[];
  return row as KpiAlertRecord;
}

/** An alert of a live KPI (a deleted KPI's alerts are gone with it). */
export async function findAlert(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = scoped(scope, KpiAlertRecord)
    .where('kpi_alerts.id', id)
    .whereExists((q) => q.select(1).from('kpis').whereRaw('kpis.id = kpi_alerts.kpi_id').whereNull('kpis.deleted_at'));
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as KpiAlertRecord | undefined;
}

export interface AlertFilters {
  kpiId?: string;
  ruleId?: string;
  states?: KpiAlertState[];
  severity?: string;
}

export async function listAlerts(scope: TenantScope, filters: AlertFilters, page: PageRequest) {
  const query = scoped(scope, KpiAlertRecord).whereExists((q) =>
    q.select(1).from('kpis').whereRaw('kpis.id = kpi_alerts.kpi_id').whereNull('kpis.deleted_at'),
  );
  if (filters.kpiId) query.where('kpi_alerts.kpi_id', filters.kpiId);
  if (filters.ruleId) query.where('kpi_alerts.rule_id', filters.ruleId);
  if (filters.states && filters.states.length > 0) query.whereIn('kpi_alerts.state', filters.states);
  if (filters.severity) query.where('kpi_alerts.severity', filters.severity);
  return paginate<KpiAlertRecord>(query, 'kpi_alerts.id', page);
}

/** The rule's open alert, if any (at most one: a partial unique index). */
export async function openAlertOf(scope: TenantScope, ruleId: string): Promise<KpiAlertRecord | undefined> {
  return (await scoped(scope, KpiAlertRecord).where('rule_id', ruleId).whereIn('state', OPEN_ALERT_STATES).first()) as
    KpiAlertRecord | undefined;
}

/** Alerts of a rule that span `at` or start after it (open ones included), oldest first: the stretch a replay from `at` re-derives. */
export async function alertsOfRuleFrom(scope: TenantScope, ruleId: string, at: Date): Promise<KpiAlertRecord[]> {
  return (await scoped(scope, KpiAlertRecord)
    .where('rule_id', ruleId)
    .where((q) => q.whereNull('ended_at').orWhere('ended_at', '>=', at))
    .orderBy('started_at', 'asc')) as KpiAlertRecord[];
}

/** Open alerts of a KPI (for re-notification). */
export async function openAlertsOfKpi(scope: TenantScope, kpiId: string): Promise<KpiAlertRecord[]> {
  return (await scoped(scope, KpiAlertRecord)
    .where('kpi_id', kpiId)
    .whereIn('state', OPEN_ALERT_STATES)) as KpiAlertRecord[];
}

export async function insertTransition(
  scope: TenantScope,
  alertId: string,
  change: {
    from: KpiAlertState | null;
    to: KpiAlertState;
    reason: KpiAlertReason;
    detail: string;
    actor?: Actor | null;
  },
): Promise<void> {
  await scope.trx('kpi_alert_transitions').insert({
    id: newId('kpiAlertTransition'),
    tenant_id: scope.tenantId,
    alert_id: alertId,
    from_state: change.from,
    to_state: change.to,
    reason: change.reason,
    detail: change.detail,
    actor: change.actor ? JSON.stringify(change.actor) : null,
  });
}

export async function transitionsOf(
  scope: TenantScope,
  alertIds: string[],
): Promise<Map<string, KpiAlertTransitionRow[]>> {
  const byAlert = new Map<string, KpiAlertTransitionRow[]>(alertIds.map((id) => [id, []]));
  if (alertIds.length === 0) return byAlert;
  const rows = (await scope
    .trx('kpi_alert_transitions')
    .where('tenant_id', scope.tenantId)
    .whereIn('alert_id', alertIds)
    .orderBy('id', 'asc')) as KpiAlertTransitionRow[];
  for (const row of rows) byAlert.get(row.alert_id)?.push(row);
  return byAlert;
}

// ---- What evaluation reads ------------------------------------------------------------------------------------------

/** Points of a KPI in [from, to], oldest first. */
export async function pointsBetween(
  scope: TenantScope,
  kpiId: string,
  from: Date | null,
  to: Date,
): Promise<KpiPointRow[]> {
  const query = scope
    .trx('kpi_points')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId })
    .where('observed_at', '<=', to)
    .orderBy('observed_at', 'asc');
  if (from) query.where('observed_at', '>=', from);
  return (await query) as KpiPointRow[];
}

/** The point just before `at` (the "previous point" of an explanation). */
export async function pointBefore(
  scope: TenantScope,
  kpiId: string,
  at: Date,
  options: { withScenario?: boolean } = {},
): Promise<KpiPointRow | undefined> {
  const query = scope
    .trx('kpi_points')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId })
    .where('observed_at', '<', at)
    .orderBy('observed_at', 'desc')
    .first();
  if (options.withScenario) query.whereNotNull('scenario_id');
  return (await query) as KpiPointRow | undefined;
}

export async function latestPointAt(scope: TenantScope, kpiId: string): Promise<Date | null> {
  const row = (await scope
    .trx('kpi_points')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId })
    .max('observed_at as at')
    .first()) as { at: Date | null } | undefined;
  return row?.at ?? null;
}

/** The stored points of a KPI at these timestamps, oldest first (the origin of an alert's breaching points). */
export async function pointsAt(scope: TenantScope, kpiId: string, timestamps: Date[]): Promise<KpiPointRow[]> {
  if (timestamps.length === 0) return [];
  return (await scope
    .trx('kpi_points')
    .where({ kpi_id: kpiId, tenant_id: scope.tenantId })
    .whereRaw('observed_at = any(?::timestamptz[])', [timestamps.map((at) => at.toISOString())])
    .orderBy('observed_at', 'asc')) as KpiPointRow[];
}

/** What an explanation says about a sync: which integration, when it finished, and what it did to the dataset. */
export interface SyncSnapshot {
  id: string;
  integration_id: string;
  dataset: string;
  status: string;
  completed_at: Date | null;
  records_read: number;
  records_inserted: number;
  records_updated: number;
  records_unchanged: number;
  records_deleted: number;
  records_rejected: number;
}

export async function syncSnapshots(scope: TenantScope, ids: string[]): Promise<Map<string, SyncSnapshot>> {
  if (ids.length === 0) return new Map();
  const rows = (await scope
    .trx('integration_syncs')
    .where('tenant_id', scope.tenantId)
    .whereIn('id', ids)
    .select(
      'id',
      'integration_id',
      'dataset',
      'status',
      'completed_at',
      'records_read',
      'records_inserted',
      'records_updated',
      'records_unchanged',
      'records_deleted',
      'records_rejected',
    )) as SyncSnapshot[];
  return new Map(rows.map((row) => [row.id, row]));
}

export interface ScenarioSnapshot {
  id: string;
  name: string | null;
  model_id: string;
  inputs: Record<string, unknown>;
  simulation: { sensitivity?: Record<string, Array<{ input: string; correlation: number; rank: number }>> } | null;
  completed_at: Date | null;
}

export async function scenarioSnapshots(scope: TenantScope, ids: string[]): Promise<Map<string, ScenarioSnapshot>> {
  if (ids.length === 0) return new Map();
  const rows = (await scope
    .trx('scenarios')
    .where('tenant_id', scope.tenantId)
    .whereIn('id', ids)
    .select('id', 'name', 'model_id', 'inputs', 'simulation', 'completed_at')) as ScenarioSnapshot[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * For the outbox relay: the KPIs with enabled alert rules that these (claimed) `kpi.value.recorded` events wrote points
 * to, each with the earliest timestamp touched. Reads across tenants, like the relay's own queries.
 */
export async function kpiEvaluationRequests(
  trx: Knex.Transaction,
  eventIds: string[],
): Promise<Array<{ tenant_id: string; kpi_id: string; from: string }>> {
  if (eventIds.length === 0) return [];
  const result = await trx.raw<{ rows: Array<{ tenant_id: string; kpi_id: string; from: string }> }>(
    `select e.tenant_id, e.data->'kpi'->>'id' as kpi_id, min(e.data->>'first_timestamp') as "from"
       from events e
      where e.id = any(?) and e.type = 'kpi.value.recorded'
        and exists (select 1 from kpi_alert_rules r where r.kpi_id = e.data->'kpi'->>'id' and r.enabled and r.deleted_at is null)
      group by e.tenant_id, e.data->'kpi'->>'id'`,
    [eventIds],
  );
  return result.rows;
}
