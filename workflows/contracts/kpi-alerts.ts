/**
 * The contract of KPI alert evaluation: the per-KPI workflow points wake, and the per-KPI Temporal Schedule (time-based
 * checks, and for `dataset` KPIs the recomputation of their aggregate).
 */
import { defineSignal } from '@temporalio/workflow';
import { workflowIdFor } from './search-attributes';

export const KPI_ALERT_EVALUATION_WORKFLOW = 'kpiAlertEvaluationWorkflow';
export const KPI_SCHEDULED_CHECK_WORKFLOW = 'kpiScheduledCheckWorkflow';

/** One evaluation workflow per KPI (`kpi/kpi_…`): signalled with start whenever points are stored. */
export function kpiEvaluationWorkflowId(kpiId: string): string {
  return workflowIdFor('kpi', kpiId);
}

/** One Temporal Schedule per KPI that needs time-based checks (`kpi_schedule/kpi_…`). */
export function kpiScheduleId(kpiId: string): string {
  return workflowIdFor('kpi_schedule', kpiId);
}

export interface PointsRecordedSignal {
  /** The earliest timestamp the stored points touched (late points re-evaluate from here). */
  from: string;
}

export const pointsRecordedSignal = defineSignal<[PointsRecordedSignal]>('pointsRecorded');

export interface KpiAlertEvaluationInput {
  tenantId: string;
  kpiId: string;
  /** How long the workflow waits for more points before it ends (the next points start it again). */
  idleSeconds: number;
  /** An evaluation that stops heartbeating for this long is retried elsewhere (its worker died); unset: none. */
  heartbeatTimeoutSeconds?: number;
  /** Carried over continue-as-new: an evaluation still owed, and from where. */
  pending?: boolean;
  from?: string | null;
}

export interface KpiScheduledCheckInput {
  tenantId: string;
  kpiId: string;
  /** As in KpiAlertEvaluationInput. */
  heartbeatTimeoutSeconds?: number;
}

export interface EvaluateKpiAlertsInput {
  tenantId: string;
  kpiId: string;
  /** Set when late points were stored: re-evaluate from this timestamp; null continues from where each rule stopped. */
  from: string | null;
  trigger: 'points' | 'schedule';
}

/** A schedule run of a `dataset` KPI: whether it recorded a point, and why not if it did not. */
export type DatasetRecompute =
  | { recorded: true; value: number; syncId: string }
  | { recorded: false; reason: 'sync_running' | 'never_synced' | 'no_value' | 'unchanged' };

export interface EvaluateKpiAlertsResult {
  evaluated: boolean;
  skipped: 'kpi_gone' | 'kpi_not_active' | null;
  transitions: number;
  /** Schedule runs of `dataset` KPIs only. */
  recomputed?: DatasetRecompute;
}
