import {
  ChildWorkflowFailure,
  executeChild,
  isCancellation,
  ParentClosePolicy,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { IntegrationScheduledSyncInput } from './contracts-schedules';
import { INTEGRATION_SYNC_WORKFLOW, integrationSyncWorkflowId } from './contracts-syncs';
import { searchAttributesFor } from '../contracts/search-attributes';
import type { integrationSyncWorkflow } from './integration-sync';

/**
 * What an integration's Temporal Schedule starts: stores a sync (as a manual request would, honouring "one sync at a
 * time": if one is running, this run records nothing) and runs it as the usual sync workflow (`integration_sync/syn_…`,
 * so it is cancelled and found like any other), waiting for it so the schedule's SKIP overlap policy covers the sync.
 */
export async function integrationScheduledSyncWorkflow(
  input: IntegrationScheduledSyncInput,
): Promise<{ syncId: string | null; skipped: string | null }> {
  const { requestScheduledIntegrationSync } = proxyActivities<Activities>({
    startToCloseTimeout: 30_000,
    retry: { maximumAttempts: 10 },
  });
  const requested = await requestScheduledIntegrationSync({
    tenantId: input.tenantId,
    integrationId: input.integrationId,
    mode: input.mode,
    scheduledWorkflowId: workflowInfo().workflowId,
  });
  if (requested.skipped !== undefined) return { syncId: null, skipped: requested.skipped };
  try {
    // By its type name (the contract's), as every caller starts it; the same command as passing the function.
    await executeChild<typeof integrationSyncWorkflow>(INTEGRATION_SYNC_WORKFLOW, {
      workflowId: integrationSyncWorkflowId(requested.syncId),
      args: [{ ...input.sync, tenantId: input.tenantId, syncId: requested.syncId }],
      typedSearchAttributes: searchAttributesFor(input.tenantId, 'integration_sync', requested.syncId),
      // The sync runs to its end even if this run is terminated (deleting a schedule leaves its runs alone anyway).
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    // A cancelled sync is an outcome, not a failure of the schedule.
    if (!(error instanceof ChildWorkflowFailure && isCancellation(error.cause))) throw error;
  }
  return { syncId: requested.syncId, skipped: null };
}
