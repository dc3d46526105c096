import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import {
  clearLegacySchedule,
  integrationsWithLaggingSchedules,
  kpisWithLegacySchedules,
} from '../db/repositories/schedule-reconciliation';
import { createIntegrationSchedules } from '../api/integrations/start-schedules';
import { createKpiEvaluationSchedules } from '../api/kpis/start-alert-evaluations';
import { createApprovalRelocation } from '../api/decisions/start-approval-relocations';
import { createTaskQueues, type TaskQueues } from '../orchestration/task-queues';
import { drainLegacyWorkflows } from './legacy-workflows';
import { startPeriodicJob } from './periodic-job';

export interface ScheduleReconcilerDeps {
  db: Knex;
  temporal: Client;
  logger: Logger;
  config: Pick<
    Config,
    | 'temporalTaskQueue'
    | 'temporalRpcTimeoutMs'
    | 'activityRetry'
    | 'integrationSyncHeartbeatTimeoutMs'
    | 'syncFillRateGuard'
    | 'scheduleReconcile'
    | 'kpiAlerts'
    | 'tenantWorkersCacheSeconds'
    | 'webhooks'
  >;
  /** Only for tests, where several stacks share one database. */
  tenantIds?: () => readonly string[];
}

/** Rows handled per pass; the rest wait for the next pass. */
const ROWS_PER_PASS = 100;
/** How often a pass checks the shard Schedules (and recreates one an operator deleted). */
const SHARDS_CHECK_INTERVAL_MS = 60_000;

/**
 * One pass of the schedule reconciler: the KPI evaluation shards' Schedules match the configuration; every integration
 * whose Temporal Schedule lags its row (and whose back-off has passed) is reconciled; per-KPI Schedules left from
 * before batched evaluation are deleted; the running approvals of a tenant whose workers moved are asked to follow it
 * (api/decisions/start-approval-relocations.ts); running executions of the retired workflow types are drained
 * (legacy-workflows.ts). Every step is safe to run in several processes at once.
 */
export async function runScheduleReconciliation(
  deps: ScheduleReconcilerDeps,
  state: ReconcilerState,
): Promise<{
  integrations: number;
  legacyKpiSchedules: number;
  approvalsRelocated: number;
  legacyRunsRetired: number;
}> {
  const integrationSchedules = createIntegrationSchedules(deps);
  const kpiSchedules = createKpiEvaluationSchedules(deps);
  if (Date.now() - state.shardsEnsuredAt >= SHARDS_CHECK_INTERVAL_MS) {
    await kpiSchedules.ensureShards({ deleteExtra: !state.extraShardsDeleted });
    state.shardsEnsuredAt = Date.now();
    state.extraShardsDeleted = true;
  }
  const tenantIds = deps.tenantIds?.();
  let integrations = 0;
  for (const row of await integrationsWithLaggingSchedules(deps.db, ROWS_PER_PASS, tenantIds)) {
    if ((await integrationSchedules.reconcile(row.id)) === 'synced') integrations++;
  }
  let legacyKpiSchedules = 0;
  for (const kpiId of await kpisWithLegacySchedules(deps.db, ROWS_PER_PASS, tenantIds)) {
    await kpiSchedules.deleteLegacySchedule(kpiId);
    await clearLegacySchedule(deps.db, kpiId);
    legacyKpiSchedules++;
  }
  const approvalsRelocated = await state.approvals.relocate();
  const retired = await drainLegacyWorkflows({ ...deps, taskQueues: state.taskQueues });
  return {
    integrations,
    legacyKpiSchedules,
    approvalsRelocated,
    legacyRunsRetired: retired.webhookDeliveries + retired.kpiChecks,
  };
}

export interface ReconcilerState {
  shardsEnsuredAt: number;
  extraShardsDeleted: boolean;
  approvals: ReturnType<typeof createApprovalRelocation>;
  /** Where a retired delivery's lane is woken (the tenant's queue). */
  taskQueues: TaskQueues;
}

/** What a reconciler keeps between passes: nothing checked yet. */
export function newReconcilerState(deps: ScheduleReconcilerDeps): ReconcilerState {
  return {
    shardsEnsuredAt: -Infinity,
    extraShardsDeleted: false,
    approvals: createApprovalRelocation(deps),
    taskQueues: createTaskQueues(deps.db, {
      sharedTaskQueue: deps.config.temporalTaskQueue,
      cacheSeconds: deps.config.tenantWorkersCacheSeconds,
    }),
  };
}

/**
 * Runs the reconciler every SCHEDULE_RECONCILE_INTERVAL_SECONDS (and once at start). The shard Schedules are checked
 * at start, every minute, and again after a pass that failed (Temporal was away).
 */
export function startScheduleReconciler(deps: ScheduleReconcilerDeps): { stop(): Promise<void> } {
  const state = newReconcilerState(deps);
  return startPeriodicJob({
    run: () => runScheduleReconciliation(deps, state),
    intervalMs: deps.config.scheduleReconcile.intervalSeconds * 1000,
    logger: deps.logger,
    name: 'schedule reconciliation',
    // Temporal was away: check the shard Schedules again on the next pass.
    onError: () => {
      state.shardsEnsuredAt = -Infinity;
    },
  });
}
