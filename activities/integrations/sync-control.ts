import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import {
  findSyncOfScheduledWorkflow,
  markSyncCancelled,
  requestSync,
} from '../../db/repositories/integration-sync-control';
import { findIntegration } from '../../db/repositories/integrations';
import { assertQuotaLeft } from '../../db/repositories/usage-quotas';
import { AppError } from '../../core/app-error';
import { inTenantTransaction } from '../../db/tenant-scope';
import type {
  RequestScheduledSyncInput,
  RequestScheduledSyncResult,
} from '../../workflows/integrations/contracts-schedules';
import {
  integrationSyncWorkflowId,
  type CancelIntegrationSyncInput,
} from '../../workflows/integrations/contracts-syncs';

/** Who requests the syncs a schedule starts. */
export const SCHEDULE_ACTOR = { type: 'system', id: 'integration_schedule' } as const;

/** The page size of scheduled syncs (a manual sync may choose its own). */
const SCHEDULED_PAGE_SIZE = 1000;

export function createIntegrationSyncControlActivities(deps: { db: Knex; logger: Logger }) {
  const { db } = deps;
  return {
    /** The sync workflow was cancelled: the sync is marked so, unless the request that cancelled it already did. */
    async cancelIntegrationSync(input: CancelIntegrationSyncInput): Promise<void> {
      await inTenantTransaction(db, input.tenantId, (scope) => markSyncCancelled(scope, input.syncId, null));
    },

    /**
     * A scheduled run: stores the sync to run, unless the integration is paused, gone or unscheduled since (the
     * schedule lags the database only if a change's commit failed after Temporal took it), one of its syncs is already
     * queued or running (the scheduled run records nothing), it has no field mapping yet, or the tenant's volume quota
     * of records synced is used up under its `refuse` policy (the sync stored is rolled back).
     */
    async requestScheduledIntegrationSync(input: RequestScheduledSyncInput): Promise<RequestScheduledSyncResult> {
      const result = await inTenantTransaction(
        db,
        input.tenantId,
        async (scope): Promise<RequestScheduledSyncResult> => {
          const integration = await findIntegration(scope, input.integrationId, { forUpdate: true });
          if (!integration) return { skipped: 'integration_gone' };
          const stored = await findSyncOfScheduledWorkflow(scope, input.scheduledWorkflowId);
          if (stored) return { syncId: stored.id };
          if (integration.status === 'paused') return { skipped: 'integration_paused' };
          if (!integration.schedule) return { skipped: 'no_schedule' };
          const outcome = await requestSync(scope, {
            integrationId: input.integrationId,
            mode: input.mode,
            pageSize: SCHEDULED_PAGE_SIZE,
            actor: SCHEDULE_ACTOR,
            trigger: 'schedule',
            scheduledWorkflowId: input.scheduledWorkflowId,
            workflowIdOf: integrationSyncWorkflowId,
          });
          if (outcome.kind === 'created') {
            await assertQuotaLeft(scope, 'records_synced');
            return { syncId: outcome.sync.id };
          }
          return { skipped: outcome.kind === 'running' ? 'sync_running' : 'no_field_mapping' };
        },
      ).catch((error: unknown): RequestScheduledSyncResult => {
        if (error instanceof AppError && error.code === 'usage_quota_exceeded')
          return { skipped: 'usage_quota_exceeded' };
        throw error;
      });
      if (result.skipped)
        deps.logger.info(
          { tenant_id: input.tenantId, integration_id: input.integrationId, reason: result.skipped },
          'scheduled integration sync skipped',
        );
      return result;
    },
  };
}
