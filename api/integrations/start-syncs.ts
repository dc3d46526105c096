import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import {
  INTEGRATION_SYNC_WORKFLOW,
  integrationSyncWorkflowId,
  type IntegrationSyncInput,
} from '../../workflows/integrations/contracts-syncs';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  startOrRollBack,
  withWorkflowEngineDeadline,
  workflowEngineUnavailable,
} from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';

export { integrationSyncWorkflowId };

export interface IntegrationSyncsDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<
    Config,
    'temporalRpcTimeoutMs' | 'activityRetry' | 'integrationSyncHeartbeatTimeoutMs' | 'syncFillRateGuard'
  >;
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
        fillRateGuard: config.syncFillRateGuard,
      };
      await startOrRollBack({
        start: async () => {
          const taskQueue = await deps.taskQueues.forTenant(job.tenantId);
          return withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
            temporal.workflow.start(INTEGRATION_SYNC_WORKFLOW, {
              taskQueue,
              workflowId: integrationSyncWorkflowId(job.syncId),
              args: [input],
              typedSearchAttributes: searchAttributesFor(job.tenantId, 'integration_sync', job.syncId),
            }),
          );
        },
        rollBack,
        logger: deps.logger,
        subject: { sync_id: job.syncId },
        detail: 'The sync could not be started; nothing was stored. Retry shortly.',
      });
    },

    /**
     * Requests cancellation of a sync's workflow (its activity learns it through its heartbeat and stops between
     * pages). A workflow Temporal no longer knows has nothing left to stop. Temporal unreachable: 503 (the caller's
     * transaction, which marked the sync cancelled, rolls back).
     */
    async cancelSync(workflowId: string): Promise<void> {
      try {
        await withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
          temporal.workflow.getHandle(workflowId).cancel(),
        );
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return;
        deps.logger.error({ err: error, workflow_id: workflowId }, 'could not cancel a sync workflow');
        throw workflowEngineUnavailable(
          'The sync could not be cancelled in the workflow engine; nothing was changed. Retry shortly.',
        );
      }
    },
  };
}
