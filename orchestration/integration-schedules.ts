import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleOptions, type ScheduleSpec } from '@temporalio/client';
import { validationFailed } from '../core/app-error';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import type { IntegrationSchedule } from '../db/records/integration';
import { INTEGRATION_SCHEDULED_SYNC_WORKFLOW, integrationScheduleId, type IntegrationScheduledSyncInput } from '../workflows/contracts/integration-schedules';
import { searchAttributesFor } from '../workflows/contracts/search-attributes';
import { deleteScheduleIfPresent, describeScheduleIfPresent, workflowEngineUnavailable, withWorkflowEngineDeadline } from './workflow-engine';

export { integrationScheduleId };

export interface IntegrationSchedulesDeps {
  temporal: Client;
  config: Pick<Config, 'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'activityRetry' | 'integrationSyncHeartbeatTimeoutMs' | 'syncFillRateGuard'>;
  logger: Logger;
}

/** What GET /integrations/{id}/schedule shows of the Temporal Schedule. */
export interface ScheduleState {
  scheduleId: string;
  paused: boolean;
  note: string | null;
  nextRunTimes: Date[];
  recentRuns: Array<{ scheduledAt: Date; takenAt: Date; workflowId: string }>;
  runsTaken: number;
  runsSkippedOverlap: number;
}

const GRPC_INVALID_ARGUMENT = 3;

function specOf(schedule: IntegrationSchedule): ScheduleSpec {
  if (schedule.interval_seconds !== undefined) return { intervals: [{ every: schedule.interval_seconds * 1000 }] };
  return { cronExpressions: [schedule.cron as string], ...(schedule.timezone ? { timezone: schedule.timezone } : {}) };
}

/**
 * One Temporal Schedule per integration (`integration_schedule/int_…`, with TenantId / ResourceType / ResourceId search
 * attributes and a memo, so operators find it by tenant and integration). Its action starts the scheduled-sync
 * workflow with overlap policy SKIP. Callers make these calls inside the database transaction of the change, so a
 * Temporal outage rolls the change back: the answer is 503 and nothing is half-written.
 */
export function createIntegrationSchedules(deps: IntegrationSchedulesDeps) {
  const { temporal, config, logger } = deps;
  const deadline = <T>(work: () => Promise<T>) => withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);

  /** Temporal refused or could not be reached: a cron it cannot parse is the client's (422), anything else a 503. */
  const translate = (error: unknown, subject: Record<string, string>): never => {
    if ((error as { code?: unknown }).code === GRPC_INVALID_ARGUMENT || (error as { cause?: { code?: unknown } }).cause?.code === GRPC_INVALID_ARGUMENT) {
      throw validationFailed([{ path: '/schedule', message: `Temporal refused the schedule: ${(error as Error).message}` }], 'The schedule is not valid.');
    }
    logger.error({ err: error, ...subject }, 'could not change an integration schedule');
    throw workflowEngineUnavailable('The schedule could not be changed in the workflow engine; nothing was changed. Retry shortly.');
  };

  const optionsFor = (job: { tenantId: string; integrationId: string; schedule: IntegrationSchedule; paused: boolean }): ScheduleOptions => {
    const scheduleId = integrationScheduleId(job.integrationId);
    const input: IntegrationScheduledSyncInput = {
      tenantId: job.tenantId,
      integrationId: job.integrationId,
      mode: job.schedule.mode,
      sync: { heartbeatTimeoutMs: config.integrationSyncHeartbeatTimeoutMs, retry: config.activityRetry, fillRateGuard: config.syncFillRateGuard },
    };
    return {
      scheduleId,
      spec: specOf(job.schedule),
      action: {
        type: 'startWorkflow',
        workflowType: INTEGRATION_SCHEDULED_SYNC_WORKFLOW,
        taskQueue: config.temporalTaskQueue,
        workflowId: scheduleId,
        args: [input],
        typedSearchAttributes: searchAttributesFor(job.tenantId, 'integration_schedule', job.integrationId),
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      memo: { tenant_id: job.tenantId, integration_id: job.integrationId },
      typedSearchAttributes: searchAttributesFor(job.tenantId, 'integration_schedule', job.integrationId),
      state: { paused: job.paused, note: job.paused ? 'The integration is paused.' : 'Active.' },
    };
  };

  return {
    /** Creates the integration's schedule, or replaces its spec, action and paused state if it exists. */
    async put(job: { tenantId: string; integrationId: string; schedule: IntegrationSchedule; paused: boolean }): Promise<void> {
      const options = optionsFor(job);
      try {
        await deadline(async () => {
          try {
            await temporal.schedule.create(options);
          } catch (error) {
            if (!(error instanceof ScheduleAlreadyRunning)) throw error;
            const { scheduleId: _id, memo: _memo, ...update } = options;
            await temporal.schedule.getHandle(options.scheduleId).update(() => ({ ...update, state: { paused: job.paused, note: options.state?.note } }));
          }
        });
      } catch (error) {
        translate(error, { integration_id: job.integrationId });
      }
    },

    async setPaused(integrationId: string, paused: boolean): Promise<void> {
      try {
        await deadline(() => {
          const handle = temporal.schedule.getHandle(integrationScheduleId(integrationId));
          return paused ? handle.pause('The integration is paused.') : handle.unpause('Active.');
        });
      } catch (error) {
        translate(error, { integration_id: integrationId });
      }
    },

    /** Deletes the schedule (already gone counts as done). Syncs it started run on. */
    async remove(integrationId: string): Promise<void> {
      try {
        await deadline(() => deleteScheduleIfPresent(temporal, integrationScheduleId(integrationId)));
      } catch (error) {
        translate(error, { integration_id: integrationId });
      }
    },

    /** The schedule as Temporal runs it; undefined if Temporal has none (the database says otherwise only after a failed commit). */
    async describe(integrationId: string): Promise<ScheduleState | undefined> {
      const scheduleId = integrationScheduleId(integrationId);
      try {
        const description = await deadline(() => describeScheduleIfPresent(temporal, scheduleId));
        if (!description) return undefined;
        return {
          scheduleId,
          paused: description.state.paused,
          note: description.state.note ?? null,
          nextRunTimes: description.info.nextActionTimes,
          recentRuns: description.info.recentActions.map((action) => ({ scheduledAt: action.scheduledAt, takenAt: action.takenAt, workflowId: action.action.workflow.workflowId })),
          runsTaken: description.info.numActionsTaken,
          runsSkippedOverlap: description.info.numActionsSkippedOverlap,
        };
      } catch (error) {
        return translate(error, { integration_id: integrationId });
      }
    },
  };
}

export type IntegrationSchedules = ReturnType<typeof createIntegrationSchedules>;
