import { notFound } from '../../core/app-error';
import { findIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegrationId } from './integration-connections';
import { presentSchedule } from './integration-schedule';
import type { IntegrationUseCaseDeps } from './deps';
import { integrationScheduleId } from './start-schedules';

/**
 * The schedule as Temporal runs it: paused or not, the next run times, the recent runs, and whether Temporal matches
 * the integration yet (`schedule_status`). 404 without a schedule.
 */
export async function getIntegrationSchedule(
  { db, schedules }: IntegrationUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
) {
  requireIntegrationId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
  if (!record) throw notFound('integration', id);
  if (!record.schedule) throw notFound('schedule of integration', id);
  const state = await schedules.describe(id);
  return {
    object: 'integration_schedule' as const,
    integration_id: id,
    schedule_id: integrationScheduleId(id),
    ...(presentSchedule(record.schedule) as NonNullable<ReturnType<typeof presentSchedule>>),
    schedule_status: record.schedule_status,
    schedule_error: record.schedule_error,
    paused: state?.paused ?? record.status === 'paused',
    next_run_times: (state?.nextRunTimes ?? []).map((time) => time.toISOString()),
    recent_runs: (state?.recentRuns ?? []).map((run) => ({
      scheduled_at: run.scheduledAt.toISOString(),
      started_at: run.takenAt.toISOString(),
      workflow_id: run.workflowId,
    })),
    runs_started: state?.runsTaken ?? 0,
    runs_skipped_overlap: state?.runsSkippedOverlap ?? 0,
  };
}
