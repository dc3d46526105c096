import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  cancelBatchSignal,
  SCENARIO_BATCH_WORKFLOW,
  scenarioBatchWorkflowId,
  type ScenarioBatchInput,
} from '../../workflows/scenarios/contracts-batches';
import { startOrRollBack, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';

export { scenarioBatchWorkflowId };

export interface ScenarioBatchesDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<
    Config,
    | 'temporalRpcTimeoutMs'
    | 'activityRetry'
    | 'batchChunkSize'
    | 'batchConcurrency'
    | 'batchChunkTimeoutMs'
    | 'batchChunksPerRun'
    | 'activityHeartbeatTimeoutSeconds'
  >;
  logger: Logger;
}

/** Starting and cancelling batch workflows. */
export function createScenarioBatches(deps: ScenarioBatchesDeps) {
  const { temporal, config } = deps;
  return {
    /** Starts the workflow of a stored batch; if Temporal refuses, `rollBack` removes the batch and the answer is 503. */
    async startBatch(
      batch: { tenantId: string; batchId: string; total: number },
      rollBack: () => Promise<void>,
    ): Promise<void> {
      const input: ScenarioBatchInput = {
        tenantId: batch.tenantId,
        batchId: batch.batchId,
        total: batch.total,
        chunkSize: config.batchChunkSize,
        concurrency: config.batchConcurrency,
        chunkTimeoutMs: config.batchChunkTimeoutMs,
        heartbeatTimeoutMs: config.activityHeartbeatTimeoutSeconds * 1000,
        chunksPerRun: config.batchChunksPerRun,
        retry: config.activityRetry,
      };
      await startOrRollBack({
        start: async () => {
          const taskQueue = await deps.taskQueues.forTenant(batch.tenantId);
          return withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
            temporal.workflow.start(SCENARIO_BATCH_WORKFLOW, {
              taskQueue,
              workflowId: scenarioBatchWorkflowId(batch.batchId),
              args: [input],
              typedSearchAttributes: searchAttributesFor(batch.tenantId, 'scenario_batch', batch.batchId),
            }),
          );
        },
        rollBack,
        logger: deps.logger,
        subject: { batch_id: batch.batchId },
        detail: 'The batch could not be started; nothing was stored. Retry shortly.',
      });
    },

    /** Asks the batch workflow to stop handing out chunks; an unreachable Temporal is a 503 (the error handler's). */
    async cancelBatch(workflowId: string): Promise<void> {
      await withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
        temporal.workflow.getHandle(workflowId).signal(cancelBatchSignal),
      );
    },
  };
}

export type ScenarioBatches = ReturnType<typeof createScenarioBatches>;
