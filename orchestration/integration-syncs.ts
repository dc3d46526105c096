import type { Client } from '@temporalio/client';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import { INTEGRATION_SYNC_WORKFLOW, integrationSyncWorkflowId, type IntegrationSyncInput } from '../workflows/contracts/integration-syncs';
import { searchAttributesFor } from '../workflows/contracts/search-attributes';
import { startOrRollBack, withWorkflowEngineDeadline } from './workflow-engine';

export { integrationSyncWorkflowId };

export interface IntegrationSyncsDeps {
  temporal: Client;
  config: Pick<Config, 'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'activityRetry' | 'integrationSyncHeartbeatTimeoutMs'>;
  logger: Logger;
}

/** Starting integration-sync workflows (one per sync, on the main task queue the worker polls). */
export function createIntegrationSyncs(deps: IntegrationSyncsDeps) {
  const { temporal, config } = deps;
  return {
    /** Starts the workflow of a stored sync; if Temporal refuses, `rollBack` removes the sync and the answer is 503. */
    async startSync(job: { tenantId: string; syncId: string }, rollBack: () => Promise<void>): Promise<void> {
      const input: IntegrationSyncInput = {
        tenantId: job.tenantId,
        syncId: job.syncId,
        heartbeatTimeoutMs: config.integrationSyncHeartbeatTimeoutMs,
        retry: config.activityRetry,
      };
      await startOrRollBack({
        start: () =>
          withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
            temporal.workflow.start(INTEGRATION_SYNC_WORKFLOW, {
              taskQueue: config.temporalTaskQueue,
              workflowId: integrationSyncWorkflowId(job.syncId),
              args: [input],
              typedSearchAttributes: searchAttributesFor(job.tenantId, 'integration_sync', job.syncId),
            }),
          ),
        rollBack,
        logger: deps.logger,
        subject: { sync_id: job.syncId },
        detail: 'The sync could not be started; nothing was stored. Retry shortly.',
      });
    },
  };
}
