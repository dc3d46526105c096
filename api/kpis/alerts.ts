import type { Knex } from 'knex';
import { notFound, validationFailed } from '../../core/app-error';
import { invalidParameters, kpiAlertResolved } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { kpiDefinitionOf, recoveryLine, ruleErrors, ruleLine, ruleSpecOf, type AlertRuleSpec } from '../../decision/kpi-alerts';
import type { PageRequest } from '../../db/pagination';
import type { KpiRecord, KpiThreshold } from '../../db/records/kpi';
import { OPEN_ALERT_STATES, type KpiAlertRecord, type KpiAlertRuleRecord, type KpiAlertState, type KpiAlertTransitionRow } from '../../db/records/kpi-alert';
import { recordEvent } from '../../db/repositories/events';
import {
  findAlert,
  findAlertRule,
  insertAlertRule,
  insertTransition,
  latestPointAt,
  listAlertRules,
  listAlerts,
  openAlertOf,
  transitionsOf,
  updateAlert,
  updateAlertRule,
} from '../../db/repositories/kpi-alerts';
import { findKpi } from '../../db/repositories/kpis';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';

export interface AlertRuleInput {
  name: string;
  kind: AlertRuleSpec['kind'];
  severity?: AlertRuleSpec['severity'];
  threshold?: KpiThreshold | null;
  recovery_threshold?: KpiThreshold | null;
  for_points?: number;
  for_seconds?: number;
  window_seconds?: number | null;
  change?: { percent?: number; absolute?: number } | null;
  no_data_seconds?: number | null;
  renotify_seconds?: number | null;
  enabled?: boolean;
}

export type AlertRuleUpdate = Partial<Omit<AlertRuleInput, 'kind'>>;

export interface AlertListQuery {
  state?: KpiAlertState | 'open';
  severity?: 'warning' | 'critical';
  rule_id?: string;
  kpi_id?: string;
}

export function presentAlertRule(rule: KpiAlertRuleRecord, kpi: KpiRecord) {
  const definition = kpiDefinitionOf(kpi);
  return {
    id: rule.id,
    object: 'kpi_alert_rule' as const,
    kpi_id: rule.kpi_id,
    name: rule.name,
    kind: rule.kind,
    severity: rule.severity,
    threshold: rule.threshold,
    recovery_threshold: rule.recovery_threshold,
    lines: {
      threshold: rule.kind === 'threshold' ? ruleLine(definition, rule) : null,
      recovery: rule.kind === 'threshold' ? recoveryLine(definition, rule) : null,
    },
    for_points: rule.for_points,
    for_seconds: rule.for_seconds,
    window_seconds: rule.window_seconds,
    change: rule.change,
    no_data_seconds: rule.no_data_seconds,
    renotify_seconds: rule.renotify_seconds,
    enabled: rule.enabled,
    evaluated_through: rule.evaluated_through?.toISOString() ?? null,
    created_by: rule.created_by,
    created_at: rule.created_at.toISOString(),
    updated_at: rule.updated_at.toISOString(),
  };
}

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

export function presentAlert(alert: KpiAlertRecord, transitions: KpiAlertTransitionRow[], now = new Date()) {
  return {
    id: alert.id,
    object: 'kpi_alert' as const,
    kpi_id: alert.kpi_id,
    rule_id: alert.rule_id,
    severity: alert.severity,
    state: alert.state,
    started_at: alert.started_at.toISOString(),
    ended_at: isoOrNull(alert.ended_at),
    fired_at: isoOrNull(alert.fired_at),
    resolved_at: isoOrNull(alert.resolved_at),
    resolution: alert.resolution,
    acknowledged: alert.acknowledged_at ? { at: alert.acknowledged_at.toISOString(), by: alert.acknowledged_by } : null,
    silence: alert.silenced_until
      ? { until: alert.silenced_until.toISOString(), reason: alert.silence_reason, active: alert.silenced_until.getTime() > now.getTime() }
      : null,
    notification_count: alert.notification_count,
    last_notified_at: isoOrNull(alert.last_notified_at),
    points: alert.points,
    explanation: alert.explanation,
    transitions: transitions.map((t) => ({ from: t.from_state, to: t.to_state, reason: t.reason, detail: t.detail, actor: t.actor, at: t.at.toISOString() })),
    created_at: alert.created_at.toISOString(),
    updated_at: alert.updated_at.toISOString(),
  };
}

/**
 * KPI alert rules and alerts. No write here touches Temporal: the time-based checks (no_data, re-notification, the
 * evaluation delay, dataset recomputation) are batched by the evaluation shards, which read each KPI's row at every
 * tick (workflows/kpis/kpi-alert-evaluation.ts), so a KPI's rules and status are all they need.
 */
export function createKpiAlertService(deps: { db: Knex }) {
  const { db } = deps;

  const loadKpi = async (scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) => {
    if (!isIdOf('kpi', id)) throw notFound('kpi', id);
    const kpi = await findKpi(scope, id, options);
    if (!kpi) throw notFound('kpi', id);
    return kpi;
  };
  const loadRule = async (scope: TenantScope, kpiId: string, id: string) => {
    if (!isIdOf('kpiAlertRule', id)) throw notFound('kpi_alert_rule', id);
    const rule = await findAlertRule(scope, kpiId, id);
    if (!rule) throw notFound('kpi_alert_rule', id);
    return rule;
  };
  const loadAlert = async (scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) => {
    if (!isIdOf('kpiAlert', id)) throw notFound('kpi_alert', id);
    const alert = await findAlert(scope, id, options);
    if (!alert) throw notFound('kpi_alert', id);
    return alert;
  };

  const presentOne = async (scope: TenantScope, alert: KpiAlertRecord) => presentAlert(alert, (await transitionsOf(scope, [alert.id])).get(alert.id) ?? []);

  const checkRule = (kpi: KpiRecord, spec: AlertRuleSpec) => {
    const errors = ruleErrors(kpiDefinitionOf(kpi), spec);
    if (errors.length > 0) throw validationFailed(errors, 'The alert rule is not valid.');
  };

  async function listAlertsIn(scope: TenantScope, query: AlertListQuery, page: PageRequest) {
    const { rows, nextCursor } = await listAlerts(
      scope,
      {
        kpiId: query.kpi_id,
        ruleId: query.rule_id,
        severity: query.severity,
        states: query.state === 'open' ? OPEN_ALERT_STATES : query.state ? [query.state] : undefined,
      },
      page,
    );
    const transitions = await transitionsOf(scope, rows.map((r) => r.id));
    return { data: rows.map((r) => presentAlert(r, transitions.get(r.id) ?? [])), next_cursor: nextCursor };
  }

  /** A change a person made to an open alert, with its transition (and the resolved event where it stops a firing alert). */
  async function changeOpenAlert(
    context: RequestContext,
    id: string,
    action: 'acknowledged' | 'silenced' | 'resolved',
    change: (alert: KpiAlertRecord) => { patch: Partial<KpiAlertRecord>; to: KpiAlertState; reason: 'acknowledge' | 'silence' | 'manual'; detail: string },
  ) {
    return inTenantTransaction(db, context.tenantId, async (scope) => {
      const found = await loadAlert(scope, id);
      // Evaluation takes the KPI's lock first; so does this, so the two never interleave on one alert.
      const kpi = await loadKpi(scope, found.kpi_id, { forUpdate: true });
      const alert = await loadAlert(scope, id, { forUpdate: true });
      if (alert.state === 'resolved') throw kpiAlertResolved(id, action);
      const { patch, to, reason, detail } = change(alert);
      const updated = await updateAlert(scope, id, patch);
      await insertTransition(scope, id, { from: alert.state, to, reason, detail, actor: context.actor });
      if (to === 'resolved' && alert.fired_at) {
        const rule = await findAlertRule(scope, alert.kpi_id, alert.rule_id);
        await recordEvent(scope, 'kpi.alert.resolved', {
          kpi: { id: kpi.id, name: kpi.name },
          rule: { id: alert.rule_id, name: rule?.name ?? '', kind: rule?.kind ?? 'threshold' },
          alert: {
            id,
            severity: updated.severity,
            state: updated.state,
            started_at: updated.started_at.toISOString(),
            fired_at: isoOrNull(updated.fired_at),
            resolved_at: isoOrNull(updated.resolved_at),
            resolution: updated.resolution,
          },
        });
      }
      return presentOne(scope, updated);
    });
  }

  return {
    async createRule(context: RequestContext, kpiId: string, body: AlertRuleInput) {
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
    },

    async listRules({ tenantId }: RequestContext, kpiId: string, page: PageRequest) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const kpi = await loadKpi(scope, kpiId);
        const { rows, nextCursor } = await listAlertRules(scope, kpiId, page);
        return { data: rows.map((rule) => presentAlertRule(rule, kpi)), next_cursor: nextCursor };
      });
    },

    async getRule({ tenantId }: RequestContext, kpiId: string, id: string) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const kpi = await loadKpi(scope, kpiId);
        return presentAlertRule(await loadRule(scope, kpiId, id), kpi);
      });
    },

    async updateRule({ tenantId }: RequestContext, kpiId: string, id: string, body: AlertRuleUpdate) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        const kpi = await loadKpi(scope, kpiId, { forUpdate: true });
        const current = await loadRule(scope, kpiId, id);
        const merged = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as KpiAlertRuleRecord;
        checkRule(kpi, ruleSpecOf(merged));
        const patch: Partial<KpiAlertRuleRecord> = {};
        for (const field of Object.keys(body) as Array<keyof AlertRuleUpdate>) (patch as Record<string, unknown>)[field] = merged[field];
        const rule = await updateAlertRule(scope, id, patch);
        return presentAlertRule(rule, kpi);
      });
    },

    /** Deletes the rule; its open alert is resolved (manual, "rule deleted"), its history stays readable. */
    async removeRule(context: RequestContext, kpiId: string, id: string) {
      await inTenantTransaction(db, context.tenantId, async (scope) => {
        await loadKpi(scope, kpiId, { forUpdate: true });
        await loadRule(scope, kpiId, id);
        const open = await openAlertOf(scope, id);
        if (open) {
          await updateAlert(scope, open.id, { state: 'resolved', resolved_at: new Date(), resolution: 'manual' });
          await insertTransition(scope, open.id, { from: open.state, to: 'resolved', reason: 'manual', detail: 'The rule was deleted.', actor: context.actor });
        }
        await updateAlertRule(scope, id, { deleted_at: new Date(), enabled: false });
      });
    },

    async listKpiAlerts({ tenantId }: RequestContext, kpiId: string, query: AlertListQuery, page: PageRequest) {
      return inTenantTransaction(db, tenantId, async (scope) => {
        await loadKpi(scope, kpiId);
        return listAlertsIn(scope, { ...query, kpi_id: kpiId }, page);
      });
    },

    async listAlerts({ tenantId }: RequestContext, query: AlertListQuery, page: PageRequest) {
      if (query.kpi_id !== undefined && !isIdOf('kpi', query.kpi_id)) {
        throw invalidParameters('The KPI id is not valid.', [{ path: '/query/kpi_id', message: 'must be a KPI id (kpi_…)' }]);
      }
      return inTenantTransaction(db, tenantId, (scope) => listAlertsIn(scope, query, page));
    },

    async getAlert({ tenantId }: RequestContext, id: string) {
      return inTenantTransaction(db, tenantId, async (scope) => presentOne(scope, await loadAlert(scope, id)));
    },

    async acknowledge(context: RequestContext, id: string) {
      return changeOpenAlert(context, id, 'acknowledged', (alert) => ({
        patch: { state: alert.state === 'pending' ? 'pending' : 'acknowledged', acknowledged_at: new Date(), acknowledged_by: context.actor },
        to: alert.state === 'pending' ? 'pending' : 'acknowledged',
        reason: 'acknowledge',
        detail: 'Acknowledged: no re-notifications while it stays open.',
      }));
    },

    async silence(context: RequestContext, id: string, body: { until: string; reason: string }) {
      const until = new Date(body.until);
      const now = Date.parse(context.receivedAt);
      if (Number.isNaN(until.getTime()) || until.getTime() <= now) {
        throw validationFailed([{ path: '/until', message: 'must be a date-time in the future' }]);
      }
      return changeOpenAlert(context, id, 'silenced', (alert) => ({
        patch: { silenced_until: until, silence_reason: body.reason },
        to: alert.state,
        reason: 'silence',
        detail: `Silenced until ${until.toISOString()}: ${body.reason}`,
      }));
    },

    async resolve(context: RequestContext, id: string, body: { reason?: string }) {
      return changeOpenAlert(context, id, 'resolved', () => ({
        patch: { state: 'resolved', resolved_at: new Date(), resolution: 'manual' },
        to: 'resolved',
        reason: 'manual',
        detail: body.reason ? `Resolved by hand: ${body.reason}` : 'Resolved by hand.',
      }));
    },
  };
}

export type KpiAlertService = ReturnType<typeof createKpiAlertService>;
