// What the alert rule and alert use cases share: loading a rule or an alert (or 404), presenting them.
import { notFound, validationFailed } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { kpiDefinitionOf, recoveryLine, ruleErrors, ruleLine, type AlertRuleSpec } from '../../rules/kpis/alerts';
import type { KpiRecord } from '../../db/records/kpi';
import type { KpiAlertRecord, KpiAlertRuleRecord, KpiAlertTransitionRow } from '../../db/records/kpi-alert';
import { findAlert, findAlertRule, transitionsOf } from '../../db/repositories/kpi-alerts';
import type { TenantScope } from '../../db/tenant-scope';

export const loadRule = async (scope: TenantScope, kpiId: string, id: string) => {
  if (!isIdOf('kpiAlertRule', id)) throw notFound('kpi_alert_rule', id);
  const rule = await findAlertRule(scope, kpiId, id);
  if (!rule) throw notFound('kpi_alert_rule', id);
  return rule;
};

export const loadAlert = async (scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) => {
  if (!isIdOf('kpiAlert', id)) throw notFound('kpi_alert', id);
  const alert = await findAlert(scope, id, options);
  if (!alert) throw notFound('kpi_alert', id);
  return alert;
};

export const checkRule = (kpi: KpiRecord, spec: AlertRuleSpec) => {
  const errors = ruleErrors(kpiDefinitionOf(kpi), spec);
  if (errors.length > 0) throw validationFailed(errors, 'The alert rule is not valid.');
};

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

export const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

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
      ? {
          until: alert.silenced_until.toISOString(),
          reason: alert.silence_reason,
          active: alert.silenced_until.getTime() > now.getTime(),
        }
      : null,
    notification_count: alert.notification_count,
    last_notified_at: isoOrNull(alert.last_notified_at),
    points: alert.points,
    explanation: alert.explanation,
    transitions: transitions.map((t) => ({
      from: t.from_state,
      to: t.to_state,
      reason: t.reason,
      detail: t.detail,
      actor: t.actor,
      at: t.at.toISOString(),
    })),
    created_at: alert.created_at.toISOString(),
    updated_at: alert.updated_at.toISOString(),
  };
}

/** An alert with its transitions, read for it. */
export const presentAlertWithTransitions = async (scope: TenantScope, alert: KpiAlertRecord) =>
  presentAlert(alert, (await transitionsOf(scope, [alert.id])).get(alert.id) ?? []);
