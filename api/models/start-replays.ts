import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import {
  cancelReplaySignal,
  MODEL_REPLAY_WORKFLOW,
  modelReplayWorkflowId,
  type ModelReplayInput,
} from '../../workflows/models/contracts-replays';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import { startOrRollBack, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';

export { modelReplayWorkflowId };

export interface ModelReplaysDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<Config, 'temporalRpcTimeoutMs' | 'activityRetry' | 'activityHeartbeatTimeoutSeconds' | 'modelReplay'>;
  logger: Logger;
}

/** Starting and cancelling model-replay workflows (one per replay, on the main task queue the worker polls). */
export function createModelReplays(deps: ModelReplaysDeps) {
  const { temporal, config } = deps;
  return {
    /** Starts the workflow of a stored replay; if Temporal refuses, `rollBack` removes the replay and the answer is 503. */
    async startReplay(
      replay: { tenantId: string; replayId: string; total: number; batchSize: number },
      rollBack: () => Promise<void>,
    ): Promise<void> {
      const input: ModelReplayInput = {
        tenantId: replay.tenantId,
        replayId: replay.replayId,
        total: replay.total,
        batchSize: replay.batchSize,
        concurrency: config.modelReplay.concurrency,
        batchTimeoutMs: config.modelReplay.batchTimeoutMs,
        heartbeatTimeoutMs: config.activityHeartbeatTimeoutSeconds * 1000,
        retry: config.activityRetry,
      };
      await startOrRollBack({
        start: async () => {
          const taskQueue = await deps.taskQueues.forTenant(replay.tenantId);
          return withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
            temporal.workflow.start(MODEL_REPLAY_WORKFLOW, {
              taskQueue,
              workflowId: modelReplayWorkflowId(replay.replayId),
              args: [input],
              typedSearchAttributes: searchAttributesFor(replay.tenantId, 'model_replay', replay.replayId),
            }),
          );
        },
        rollBack,
        logger: deps.logger,
        subject: { replay_id: replay.replayId },
        detail: 'The replay could not be started; nothing was stored. Retry shortly.',
      });
    },

    /** Asks the replay's workflow to stop handing out batches. */
    async cancelReplay(workflowId: string): Promise<void> {
      await withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
        temporal.workflow.getHandle(workflowId).signal(cancelReplaySignal),
      );
    },
  };
}

export type ModelReplays = ReturnType<typeof createModelReplays>;
