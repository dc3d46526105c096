/** The integration-sync workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import type { RetrySettings } from './activity-retry';
import { workflowIdFor } from './search-attributes';

export const INTEGRATION_SYNC_WORKFLOW = 'integrationSyncWorkflow';

export function integrationSyncWorkflowId(syncId: string): string {
  return workflowIdFor('integration_sync', syncId);
}

export interface IntegrationSyncInput {
  tenantId: string;
  syncId: string;
  /** How long one attempt may read before it is considered lost. */
  runTimeoutMs?: number;
  /** An attempt that stops heartbeating (once per committed page) for this long is retried elsewhere (a dead worker). */
  heartbeatTimeoutMs?: number;
  retry?: RetrySettings;
}

export interface RunIntegrationSyncInput {
  tenantId: string;
  syncId: string;
}

export interface FailIntegrationSyncInput {
  tenantId: string;
  syncId: string;
  detail: string;
}
