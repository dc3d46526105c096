/** The contract of integration schedules (Temporal Schedules) and the workflow each scheduled action starts. */
import type { IntegrationSyncInput } from './contracts-syncs';
import { workflowIdFor } from '../contracts/search-attributes';

export const INTEGRATION_SCHEDULED_SYNC_WORKFLOW = 'integrationScheduledSyncWorkflow';

/**
 * One Temporal Schedule per integration, named after it (`integration_schedule/int_…`). The workflows it starts get
 * the same id plus the scheduled time, which Temporal appends.
 */
export function integrationScheduleId(integrationId: string): string {
  return workflowIdFor('integration_schedule', integrationId);
}

export interface IntegrationScheduledSyncInput {
  tenantId: string;
  integrationId: string;
  mode: 'full' | 'incremental';
  /** Settings of the sync workflow it starts (heartbeat timeout, retries, fill-rate guard), fixed when the schedule was written. */
  sync: Omit<IntegrationSyncInput, 'tenantId' | 'syncId'>;
}

export interface RequestScheduledSyncInput {
  tenantId: string;
  integrationId: string;
  mode: 'full' | 'incremental';
  /** The scheduled workflow's id (unique per scheduled action): a retried request returns the sync it already stored. */
  scheduledWorkflowId: string;
}

/** Either the sync to run or why this scheduled run records nothing. */
export type RequestScheduledSyncResult =
  | { syncId: string; skipped?: undefined }
  | {
      syncId?: undefined;
      skipped:
        | 'sync_running'
        | 'integration_paused'
        | 'integration_gone'
        | 'no_schedule'
        | 'no_field_mapping'
        | 'usage_quota_exceeded';
    };
