import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleSpec,
} from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { IntegrationSchedule } from '../../db/records/integration';
import {
  integrationScheduleTarget,
  markIntegrationScheduleApplied,
  markIntegrationScheduleFailed,
  tryLockIntegrationSchedule,
} from '../../db/repositories/schedule-reconciliation';
import {
  INTEGRATION_SCHEDULED_SYNC_WORKFLOW,
  integrationScheduleId,
  type IntegrationScheduledSyncInput,
} from '../../workflows/integrations/contracts-schedules';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import type { TenantWorkers } from '../../db/repositories/tenants';
import { tenantTaskQueue } from '../../workflows/contracts/task-queues';
import {
  deleteScheduleIfPresent,
  describeScheduleIfPresent,
  workflowEngineUnavailable,
  withWorkflowEngineDeadline,
} from '../../orchestration/workflow-engine';

export { integrationScheduleId };

export interface IntegrationSchedulesDeps {
  db: Knex;
  temporal: Client;
  config: Pick<
    Config,
    | 'temporalTaskQueue'
    | 'temporalRpcTimeoutMs'
    | 'activityRetry'
    | 'integrationSyncHeartbeatTimeoutMs'
    | 'syncFillRateGuard'
    | 'scheduleReconcile'
  >;
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
/** Reconciles a process starts right after writes and runs at once (each holds a database connection meanwhile). */
const AFTER_WRITE_CONCURRENCY = 4;

function specOf(schedule: IntegrationSchedule): ScheduleSpec {
  if (schedule.interval_seconds !== undefined) return { intervals: [{ every: schedule.interval_seconds * 1000 }] };
  return { cronExpressions: [schedule.cron as string], ...(schedule.timezone ? { timezone: schedule.timezone } : {}) };
}

/** Temporal refused the request itself (an invalid spec or action): retrying the same request would not help. */
function refused(error: unknown): boolean {
  return (
    (error as { code?: unknown }).code === GRPC_INVALID_ARGUMENT ||
    (error as { cause?: { code?: unknown } }).cause?.code === GRPC_INVALID_ARGUMENT
  );
}

type ScheduleJob = {
  tenantId: string;
  integrationId: string;
  schedule: IntegrationSchedule;
  paused: boolean;
  tenantWorkers: TenantWorkers;
};

/** The Temporal Schedule of an integration: its spec, the scheduled-sync action, overlap SKIP, memo and paused state. */
function optionsFor(config: IntegrationSchedulesDeps['config'], job: ScheduleJob): ScheduleOptions {
  const scheduleId = integrationScheduleId(job.integrationId);
  const input: IntegrationScheduledSyncInput = {
    tenantId: job.tenantId,
    integrationId: job.integrationId,
    mode: job.schedule.mode,
    sync: {
      heartbeatTimeoutMs: config.integrationSyncHeartbeatTimeoutMs,
      retry: config.activityRetry,
      fillRateGuard: config.syncFillRateGuard,
    },
  };
  return {
    scheduleId,
    spec: specOf(job.schedule),
    action: {
      type: 'startWorkflow',
      workflowType: INTEGRATION_SCHEDULED_SYNC_WORKFLOW,
      // Read with the row, not from a cache: a move re-applies every schedule of the tenant (in its transaction).
      taskQueue: tenantTaskQueue(config.temporalTaskQueue, job.tenantId, job.tenantWorkers),
      workflowId: scheduleId,
      args: [input],
      typedSearchAttributes: searchAttributesFor(job.tenantId, 'integration_schedule', job.integrationId),
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP },
    memo: { tenant_id: job.tenantId, integration_id: job.integrationId },
    typedSearchAttributes: searchAttributesFor(job.tenantId, 'integration_schedule', job.integrationId),
    state: { paused: job.paused, note: job.paused ? 'The integration is paused.' : 'Active.' },
  };
}

/** Creates the integration's schedule, or replaces its spec, action and paused state if it exists. */
async function putSchedule(
  temporal: Client,
  config: IntegrationSchedulesDeps['config'],
  job: ScheduleJob,
): Promise<void> {
  const options = optionsFor(config, job);
  try {
    await temporal.schedule.create(options);
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    const { scheduleId: _id, memo: _memo, ...update } = options;
    await temporal.schedule
      .getHandle(options.scheduleId)
      .update(() => ({ ...update, state: { paused: job.paused, note: options.state?.note } }));
  }
}

/** The back-off after `attempts` failed attempts: the reconcile interval doubled each time, up to the maximum. */
function backoffSeconds(config: IntegrationSchedulesDeps['config'], attempts: number): number {
  return Math.min(
    config.scheduleReconcile.maxBackoffSeconds,
    config.scheduleReconcile.intervalSeconds * 2 ** Math.min(attempts, 20),
  );
}

/**
 * One Temporal Schedule per integration (`integration_schedule/int_…`, with TenantId / ResourceType / ResourceId search
 * attributes and a memo, so operators find it by tenant and integration). Its action starts the scheduled-sync
 * workflow with overlap policy SKIP. The desired state is the integration's row (schedule, status, deleted_at), whose
 * `schedule_generation` every write that changes it bumps in its own transaction; `reconcile` makes Temporal match
 * the row and records the generation it matched. The user's write never waits for Temporal: the API reconciles right
 * after the commit (best effort, not awaited), and the worker's reconciler retries every lagging row with back-off.
 */
export function createIntegrationSchedules(deps: IntegrationSchedulesDeps) {
  const { db, temporal, config, logger } = deps;
  const deadline = <T>(work: () => Promise<T>) =>
    withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);
  const unavailable = (error: unknown): never => {
    logger.error({ err: error }, 'could not read an integration schedule');
    throw workflowEngineUnavailable(
      'The workflow engine could not be reached to describe the schedule. Retry shortly.',
    );
  };

  /**
   * Makes Temporal match the integration's row and records the generation it matched, unless a write moved the
   * generation on meanwhile (then it stays pending for the next pass). Under a per-integration advisory lock, so two
   * processes never apply two generations out of order; one that finds the lock taken leaves it to the holder.
   */
  const reconcile = async (integrationId: string): Promise<'synced' | 'pending' | 'error' | 'busy' | 'moved'> =>
    db.transaction(async (trx) => {
      if (!(await tryLockIntegrationSchedule(trx, integrationId))) return 'busy';
      const target = await integrationScheduleTarget(trx, integrationId);
      if (!target || target.schedule_generation === target.schedule_applied_generation) return 'synced';
      const generation = target.schedule_generation;
      try {
        await deadline(async () => {
          if (target.deleted_at !== null || target.schedule === null)
            await deleteScheduleIfPresent(temporal, integrationScheduleId(integrationId));
          else
            await putSchedule(temporal, config, {
              tenantId: target.tenant_id,
              integrationId,
              schedule: target.schedule,
              paused: target.status === 'paused',
              tenantWorkers: target.tenant_workers,
            });
        });
      } catch (error) {
        const status = refused(error) ? 'error' : 'pending';
        const message =
          status === 'error'
            ? `Temporal refused the schedule: ${(error as Error).message}`
            : `The workflow engine could not be reached: ${(error as Error).message}`;
        logger.warn(
          { err: error, integration_id: integrationId, generation },
          'could not reconcile an integration schedule; retrying later',
        );
        await markIntegrationScheduleFailed(trx, integrationId, generation, {
          status,
          error: message,
          retryInSeconds: backoffSeconds(config, target.schedule_attempts),
        });
        return status;
      }
      return (await markIntegrationScheduleApplied(trx, integrationId, generation)) ? 'synced' : 'moved';
    });

  let afterWriteInFlight = 0;

  return {
    reconcile,

    /**
     * Right after a write's commit, not awaited by the response: reconciles, trying again a few times if another
     * process held the lock or a write moved the generation on. Whatever is left, the worker's reconciler does.
     */
    reconcileSoon(integrationId: string): void {
      // Each attempt holds a database connection while it waits for Temporal: a slow Temporal must not drain the
      // API's pool, so past a few at once the worker's reconciler is left to do it.
      if (afterWriteInFlight >= AFTER_WRITE_CONCURRENCY) return;
      afterWriteInFlight++;
      void (async () => {
        for (let attempt = 0; attempt < 3; attempt++) {
          const outcome = await reconcile(integrationId);
          if (outcome !== 'busy' && outcome !== 'moved') return;
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      })()
        .catch((error: unknown) =>
          logger.warn(
            { err: error, integration_id: integrationId },
            'could not reconcile an integration schedule after a write',
          ),
        )
        .finally(() => {
          afterWriteInFlight--;
        });
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
          recentRuns: description.info.recentActions.map((action) => ({
            scheduledAt: action.scheduledAt,
            takenAt: action.takenAt,
            workflowId: action.action.workflow.workflowId,
          })),
          runsTaken: description.info.numActionsTaken,
          runsSkippedOverlap: description.info.numActionsSkippedOverlap,
        };
      } catch (error) {
        return unavailable(error);
      }
    },
  };
}

export type IntegrationSchedules = ReturnType<typeof createIntegrationSchedules>;
