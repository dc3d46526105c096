import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import {
  cancelFailureRetrySignal,
  FAILURE_RETRY_WORKFLOW,
  failureRetryWorkflowId,
  type FailureRetryInput,
} from '../../workflows/failures/contracts';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import { startOrRollBack, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';

export { failureRetryWorkflowId };

/** Items a retry asks its families for at once. */
const RETRY_CONCURRENCY = 5;
/** How often the retry looks at its items' new attempts. */
const RETRY_POLL_INTERVAL_MS = 1000;

export interface FailureRetriesDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<Config, 'temporalRpcTimeoutMs' | 'activityRetry'>;
  logger: Logger;
}

/** Starting and cancelling failure-retry workflows (one per bulk retry). */
export function createFailureRetries(deps: FailureRetriesDeps) {
  const { temporal, config } = deps;
  return {
    /** Starts the workflow of a stored retry; if Temporal refuses, `rollBack` removes the retry and the answer is 503. */
    async startRetry(retry: { tenantId: string; retryId: string }, rollBack: () => Promise<void>): Promise<void> {
      const input: FailureRetryInput = {
        tenantId: retry.tenantId,
        retryId: retry.retryId,
        concurrency: RETRY_CONCURRENCY,
        pollIntervalMs: RETRY_POLL_INTERVAL_MS,
        retry: config.activityRetry,
      };
      await startOrRollBack({
        start: async () => {
          const taskQueue = await deps.taskQueues.forTenant(retry.tenantId);
          return withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
            temporal.workflow.start(FAILURE_RETRY_WORKFLOW, {
              taskQueue,
              workflowId: failureRetryWorkflowId(retry.retryId),
              args: [input],
              typedSearchAttributes: searchAttributesFor(retry.tenantId, 'failure_retry', retry.retryId),
            }),
          );
        },
        rollBack,
        logger: deps.logger,
        subject: { failure_retry_id: retry.retryId },
        detail: 'The retry could not be started; nothing was stored. Retry shortly.',
      });
    },

    /** Asks the retry's workflow to start no further items. */
    async cancelRetry(workflowId: string): Promise<void> {
      await withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, () =>
        temporal.workflow.getHandle(workflowId).signal(cancelFailureRetrySignal),
      );
    },
  };
}

export type FailureRetries = ReturnType<typeof createFailureRetries>;
