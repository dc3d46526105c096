/**
 * The contract of KPI alert evaluation: the per-KPI workflow points wake, and the batched time-based checks (and for
 * `dataset` KPIs the recomputation of their aggregate): a few shard Schedules, each tick evaluating every KPI due in
 * its shard.
 */
import { defineSignal } from '@temporalio/workflow';
import { workflowIdFor } from '../contracts/search-attributes';

export const KPI_ALERT_EVALUATION_WORKFLOW = 'kpiAlertEvaluationWorkflow';
/**
 * What the per-KPI Schedules (`kpi_schedule/kpi_…`) started before batched evaluation. Still registered so runs
 * started by a schedule not yet deleted finish and replay; the reconciler deletes those schedules on upgrade and
 * terminates a run still going after ten minutes (worker/legacy-workflows.ts). To be removed after 2027-01-31, once
 * every deployment has run the reconciler and `temporal workflow count --query
 * 'WorkflowType="kpiScheduledCheckWorkflow" AND ExecutionStatus="Running"'` answers 0 (docs/operations.md, "Retiring
 * workflow types"): with it go KpiScheduledCheckInput, kpiScheduledCheckWorkflow and its export in workflows/index.ts,
 * the `'schedule'` trigger's per-KPI use, test/workflows/histories/kpi-scheduled-check-legacy.json, its part of
 * worker/legacy-workflows.ts and of test/api/legacy-workflow-drain.test.ts.
 */
export const KPI_SCHEDULED_CHECK_WORKFLOW = 'kpiScheduledCheckWorkflow';
export const KPI_EVALUATION_SHARD_WORKFLOW = 'kpiEvaluationShardWorkflow';

/** One evaluation workflow per KPI (`kpi/kpi_…`): signalled with start whenever points are stored. */
export function kpiEvaluationWorkflowId(kpiId: string): string {
  return workflowIdFor('kpi', kpiId);
}

/** The per-KPI Temporal Schedule of before batched evaluation (`kpi_schedule/kpi_…`): only deleted now. */
export function kpiScheduleId(kpiId: string): string {
  return workflowIdFor('kpi_schedule', kpiId);
}

/**
 * The Schedule of one evaluation shard: `kpi_evaluation/<task queue>/shard-<n>` (the task queue keeps deployments, and
 * test stacks, that share a Temporal namespace apart). Each tick's run gets the same id plus the tick's time.
 */
export function kpiEvaluationScheduleId(taskQueue: string, shard: number): string {
  return workflowIdFor('kpi_evaluation', taskQueue, `shard-${shard}`);
}

/** The prefix every shard Schedule id of a task queue starts with (to find shards beyond a lowered count). */
export function kpiEvaluationSchedulePrefix(taskQueue: string): string {
  return workflowIdFor('kpi_evaluation', taskQueue, 'shard-');
}

export interface KpiEvaluationShardInput {
  shard: number;
  shardCount: number;
  /** KPIs per activity call; the tick calls it again while a call comes back full, up to `maxBatches`. */
  batchSize: number;
  maxBatches: number;
  heartbeatTimeoutSeconds: number;
  /** The longest one batch may take (its start-to-close timeout). */
  batchTimeoutSeconds: number;
}

/** A KPI checked in this tick (the calling run) is not due again in it. */
export interface EvaluateDueKpisInput {
  shard: number;
  shardCount: number;
  limit: number;
}

export interface EvaluateDueKpisResult {
  evaluated: number;
  failed: number;
  /** The call took a full batch: more may be due. */
  more: boolean;
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
