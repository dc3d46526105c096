import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import {
  KPI_ALERT_EVALUATION_WORKFLOW,
  KPI_EVALUATION_SHARD_WORKFLOW,
  kpiEvaluationScheduleId,
  kpiEvaluationSchedulePrefix,
  kpiEvaluationWorkflowId,
  kpiScheduleId,
  pointsRecordedSignal,
  type KpiAlertEvaluationInput,
  type KpiEvaluationShardInput,
} from '../../workflows/kpis/contracts';
import { searchAttributesFor, systemSearchAttributesFor } from '../../workflows/contracts/search-attributes';
import { deleteScheduleIfPresent, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';

export { kpiEvaluationScheduleId, kpiEvaluationWorkflowId, kpiScheduleId };

/**
 * Wakes the KPI's evaluation workflow (`kpi/kpi_…`), starting it if it is not running: points were stored, from
 * `from` on. Called by the outbox relay for every committed `kpi.value.recorded` event, so a point and the request to
 * evaluate it cannot part: if Temporal is down the event stays undispatched and the relay tries again.
 */
export async function requestKpiEvaluation(
  deps: { temporal: Client; taskQueue: string; idleSeconds: number; heartbeatTimeoutSeconds?: number },
  job: { tenantId: string; kpiId: string; from: string },
): Promise<void> {
  const input: KpiAlertEvaluationInput = {
    tenantId: job.tenantId,
    kpiId: job.kpiId,
    idleSeconds: deps.idleSeconds,
    ...(deps.heartbeatTimeoutSeconds ? { heartbeatTimeoutSeconds: deps.heartbeatTimeoutSeconds } : {}),
  };
  await deps.temporal.workflow.signalWithStart(KPI_ALERT_EVALUATION_WORKFLOW, {
    workflowId: kpiEvaluationWorkflowId(job.kpiId),
    taskQueue: deps.taskQueue,
    args: [input],
    signal: pointsRecordedSignal,
    signalArgs: [{ from: job.from }],
    typedSearchAttributes: searchAttributesFor(job.tenantId, 'kpi', job.kpiId),
    memo: { tenant_id: job.tenantId, kpi_id: job.kpiId },
  });
}

/**
 * The KPI evaluation shards' Temporal Schedules (`kpi_evaluation/<task queue>/shard-<n>`, every
 * KPI_ALERT_CHECK_INTERVAL_SECONDS, overlap SKIP, search attributes ResourceType=kpi_evaluation and ResourceId=shard-<n>):
 * each tick starts one run that evaluates every due KPI of its shard. A KPI write never touches Temporal: whether and
 * how a KPI is checked is read from its row at each tick. Made to match the configuration by the schedule reconciler.
 */
export function createKpiEvaluationSchedules(deps: {
  temporal: Client;
  config: Pick<Config, 'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'kpiAlerts'>;
  logger: Logger;
}) {
  const { temporal, config, logger } = deps;
  const deadline = <T>(work: () => Promise<T>) =>
    withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);
  const shards = config.kpiAlerts.evaluationShards;
  const everyMs = config.kpiAlerts.checkIntervalSeconds * 1000;

  const inputOf = (shard: number): KpiEvaluationShardInput => ({
    shard,
    shardCount: shards,
    batchSize: config.kpiAlerts.evaluationBatchSize,
    maxBatches: config.kpiAlerts.evaluationMaxBatchesPerTick,
    heartbeatTimeoutSeconds: config.kpiAlerts.evaluationHeartbeatTimeoutSeconds,
    batchTimeoutSeconds: config.kpiAlerts.evaluationBatchTimeoutSeconds,
  });

  const ensureShard = async (shard: number) => {
    const scheduleId = kpiEvaluationScheduleId(config.temporalTaskQueue, shard);
    const attributes = systemSearchAttributesFor('kpi_evaluation', `shard-${shard}`);
    const action = {
      type: 'startWorkflow' as const,
      workflowType: KPI_EVALUATION_SHARD_WORKFLOW,
      taskQueue: config.temporalTaskQueue,
      workflowId: scheduleId,
      args: [inputOf(shard)],
      typedSearchAttributes: attributes,
    };
    const spec = { intervals: [{ every: everyMs }] };
    const note = `KPI time-based checks, shard ${shard} of ${shards}.`;
    try {
      await temporal.schedule.create({
        scheduleId,
        spec,
        action,
        policies: { overlap: ScheduleOverlapPolicy.SKIP },
        memo: { shard, shard_count: shards },
        typedSearchAttributes: attributes,
        state: { note },
      });
      logger.info({ schedule_id: scheduleId }, 'created a KPI evaluation shard schedule');
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      const handle = temporal.schedule.getHandle(scheduleId);
      const description = await handle.describe();
      const interval = description.spec.intervals?.[0];
      const current =
        description.action.type === 'startWorkflow'
          ? (description.action.args?.[0] as KpiEvaluationShardInput | undefined)
          : undefined;
      if (
        interval?.every === everyMs &&
        JSON.stringify(current) === JSON.stringify(inputOf(shard)) &&
        !description.state.paused
      )
        return;
      await handle.update((previous) => ({
        ...previous,
        spec,
        action,
        state: { ...previous.state, paused: false, note },
      }));
      logger.info({ schedule_id: scheduleId }, 'updated a KPI evaluation shard schedule');
    }
  };

  return {
    /**
     * Every shard's Schedule exists with the configured interval and batch settings; with `deleteExtra`, shards beyond
     * the configured count (it was lowered) are deleted. Runs where every worker runs the reconciler: concurrent calls converge.
     */
    async ensureShards(options: { deleteExtra: boolean }): Promise<void> {
      await deadline(async () => {
        for (let shard = 0; shard < shards; shard++) await ensureShard(shard);
        // Listing reads every schedule of the namespace: done once per process (the count only changes with a restart).
        if (!options.deleteExtra) return;
        const prefix = kpiEvaluationSchedulePrefix(config.temporalTaskQueue);
        for await (const schedule of temporal.schedule.list({ pageSize: 1000 })) {
          if (!schedule.scheduleId.startsWith(prefix)) continue;
          const shard = Number(schedule.scheduleId.slice(prefix.length));
          if (Number.isInteger(shard) && shard < shards) continue;
          await deleteScheduleIfPresent(temporal, schedule.scheduleId);
          logger.info(
            { schedule_id: schedule.scheduleId },
            'deleted a KPI evaluation shard schedule beyond KPI_EVALUATION_SHARDS',
          );
        }
      });
    },

    /** Deletes a KPI's Schedule of before batched evaluation (`kpi_schedule/kpi_…`); already gone counts as done. */
    async deleteLegacySchedule(kpiId: string): Promise<void> {
      await deadline(() => deleteScheduleIfPresent(temporal, kpiScheduleId(kpiId)));
    },
  };
}

export type KpiEvaluationSchedules = ReturnType<typeof createKpiEvaluationSchedules>;
