import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { AlertRuleKind, AlertSeverity } from '../../rules/kpis/alerts';
import type { KpiThreshold } from './kpi';

export type KpiAlertState = 'pending' | 'firing' | 'acknowledged' | 'resolved';
export type KpiAlertReason = 'threshold' | 'recovery' | 'no_data' | 'silence' | 'revision' | 'manual' | 'acknowledge';
export const OPEN_ALERT_STATES: KpiAlertState[] = ['pending', 'firing', 'acknowledged'];

export class KpiAlertRuleRecord extends Model {
  static override tableName = 'kpi_alert_rules';
  static override jsonAttributes = ['threshold', 'recovery_threshold', 'change', 'created_by'];

  id!: string;
  tenant_id!: string;
  kpi_id!: string;
  name!: string;
  kind!: AlertRuleKind;
  severity!: AlertSeverity;
  threshold!: KpiThreshold | null;
  recovery_threshold!: KpiThreshold | null;
  for_points!: number;
  for_seconds!: number;
  window_seconds!: number | null;
  change!: { percent?: number; absolute?: number } | null;
  no_data_seconds!: number | null;
  renotify_seconds!: number | null;
  enabled!: boolean;
  evaluated_through!: Date | null;
  created_by!: Actor;
  deleted_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

/** A stored breaching point (the alert's evidence). */
export interface AlertPoint {
  timestamp: string;
  value: number;
  scenario_id: string | null;
  /** rate_of_change: the point the change is measured from. */
  reference?: { timestamp: string; value: number };
}

export class KpiAlertRecord extends Model {
  static override tableName = 'kpi_alerts';
  static override jsonAttributes = ['acknowledged_by', 'points', 'explanation'];

  id!: string;
  tenant_id!: string;
  kpi_id!: string;
  rule_id!: string;
  severity!: AlertSeverity;
  state!: KpiAlertState;
  started_at!: Date;
  ended_at!: Date | null;
  fired_at!: Date | null;
  resolved_at!: Date | null;
  resolution!: 'recovery' | 'cancelled' | 'manual' | 'revision' | null;
  acknowledged_at!: Date | null;
  acknowledged_by!: Actor | null;
  silenced_until!: Date | null;
  silence_reason!: string | null;
  last_notified_at!: Date | null;
  notification_count!: number;
  points!: AlertPoint[];
  explanation!: Record<string, unknown> | null;
  created_at!: Date;
  updated_at!: Date;
}

export interface KpiAlertTransitionRow {
  id: string;
  alert_id: string;
  from_state: KpiAlertState | null;
  to_state: KpiAlertState;
  reason: KpiAlertReason;
  detail: string;
  actor: Actor | null;
  at: Date;
}
