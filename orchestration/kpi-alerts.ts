import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import {
  KPI_ALERT_EVALUATION_WORKFLOW,
  KPI_SCHEDULED_CHECK_WORKFLOW,
  kpiEvaluationWorkflowId,
  kpiScheduleId,
  pointsRecordedSignal,
  type KpiAlertEvaluationInput,
  type KpiScheduledCheckInput,
} from '../workflows/contracts/kpi-alerts';
import { searchAttributesFor } from '../workflows/contracts/search-attributes';
import { deleteScheduleIfPresent, describeScheduleIfPresent, workflowEngineUnavailable, withWorkflowEngineDeadline } from './workflow-engine';

export { kpiEvaluationWorkflowId, kpiScheduleId };

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

export interface KpiScheduleState {
  scheduleId: string;
  paused: boolean;
  note: string | null;
  intervalSeconds: number;
  nextRunTimes: Date[];
  runsTaken: number;
}

/**
 * One Temporal Schedule per KPI that needs one (`kpi_schedule/kpi_…`, every KPI_ALERT_CHECK_INTERVAL_SECONDS, with
 * TenantId / ResourceType / ResourceId search attributes and a memo naming the tenant and KPI): `dataset` KPIs (their
 * aggregate recomputed) and KPIs with time-based alert checks. Paused while the KPI is paused, deleted when nothing
 * needs it or the KPI is archived or deleted. Called inside the transaction of the change,
 * so a Temporal outage rolls the change back (503).
 */
export function createKpiAlertSchedules(deps: { temporal: Client; config: Pick<Config, 'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'kpiAlerts' | 'activityHeartbeatTimeoutSeconds'>; logger: Logger }) {
  const { temporal, config, logger } = deps;
  const deadline = <T>(work: () => Promise<T>) => withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);
  const fail = (error: unknown, kpiId: string): never => {
    logger.error({ err: error, kpi_id: kpiId }, 'could not change a KPI schedule');
    throw workflowEngineUnavailable('The KPI\'s schedule could not be changed in the workflow engine; nothing was changed. Retry shortly.');
  };
  const note = (paused: boolean) =>
    paused ? 'The KPI is paused: no recomputation, no time-based alert checks.' : 'Active: dataset recomputation (dataset KPIs), no_data and re-notification checks.';

  const remove = async (kpiId: string) => {
    try {
      await deadline(() => deleteScheduleIfPresent(temporal, kpiScheduleId(kpiId)));
    } catch (error) {
      fail(error, kpiId);
    }
  };

  return {
    /** Makes Temporal match the KPI: a schedule (paused or not) when `needed`, none otherwise. */
    async sync(job: { tenantId: string; kpiId: string; needed: boolean; paused: boolean }): Promise<void> {
      if (!job.needed) return remove(job.kpiId);
      const scheduleId = kpiScheduleId(job.kpiId);
      const input: KpiScheduledCheckInput = { tenantId: job.tenantId, kpiId: job.kpiId, heartbeatTimeoutSeconds: config.activityHeartbeatTimeoutSeconds };
      const action = {
        type: 'startWorkflow' as const,
        workflowType: KPI_SCHEDULED_CHECK_WORKFLOW,
        taskQueue: config.temporalTaskQueue,
        workflowId: scheduleId,
        args: [input],
        typedSearchAttributes: searchAttributesFor(job.tenantId, 'kpi_schedule', job.kpiId),
      };
      const spec = { intervals: [{ every: config.kpiAlerts.checkIntervalSeconds * 1000 }] };
      try {
        await deadline(async () => {
          try {
            await temporal.schedule.create({
              scheduleId,
              spec,
              action,
              policies: { overlap: ScheduleOverlapPolicy.SKIP },
              memo: { tenant_id: job.tenantId, kpi_id: job.kpiId },
              typedSearchAttributes: searchAttributesFor(job.tenantId, 'kpi_schedule', job.kpiId),
              state: { paused: job.paused, note: note(job.paused) },
            });
          } catch (error) {
            if (!(error instanceof ScheduleAlreadyRunning)) throw error;
            const handle = temporal.schedule.getHandle(scheduleId);
            const description = await handle.describe();
            if (description.state.paused !== job.paused) await (job.paused ? handle.pause(note(true)) : handle.unpause(note(false)));
          }
        });
      } catch (error) {
        fail(error, job.kpiId);
      }
    },

    remove,

    async describe(kpiId: string): Promise<KpiScheduleState | undefined> {
      const scheduleId = kpiScheduleId(kpiId);
      try {
        const description = await deadline(() => describeScheduleIfPresent(temporal, scheduleId));
        if (!description) return undefined;
        return {
          scheduleId,
          paused: description.state.paused,
          note: description.state.note ?? null,
          intervalSeconds: config.kpiAlerts.checkIntervalSeconds,
          nextRunTimes: description.info.nextActionTimes,
          runsTaken: description.info.numActionsTaken,
        };
      } catch (error) {
        return fail(error, kpiId);
      }
    },
  };
}

export type KpiAlertSchedules = ReturnType<typeof createKpiAlertSchedules>;
