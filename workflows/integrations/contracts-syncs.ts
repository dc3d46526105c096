/** The integration-sync workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

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
  /** The data-quality guard's settings (absent: the defaults below). */
  fillRateGuard?: FillRateGuard;
}

/**
 * The data-quality guard: at completion, a mapped field whose fill rate fell by more than `dropPercentagePoints`
 * against the previous completed sync of the same integration and stream makes the sync `partially_completed` with a
 * `fill_rate_dropped` warning, when the previous rate was at least `minPreviousPercent` and this sync mapped at least
 * `minRecords` records (a small incremental sync says little about a field's fill rate).
 */
export interface FillRateGuard {
  dropPercentagePoints: number;
  minPreviousPercent: number;
  minRecords: number;
}

export const DEFAULT_FILL_RATE_GUARD: FillRateGuard = {
  dropPercentagePoints: 30,
  minPreviousPercent: 50,
  minRecords: 100,
};

export interface RunIntegrationSyncInput {
  tenantId: string;
  syncId: string;
  fillRateGuard?: FillRateGuard;
}

/** The workflow was cancelled: the sync is marked `cancelled` (if the request that cancelled it has not done so). */
export interface CancelIntegrationSyncInput {
  tenantId: string;
  syncId: string;
}

export interface FailIntegrationSyncInput {
  tenantId: string;
  syncId: string;
  detail: string;
}
