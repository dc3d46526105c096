import { continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import { cancelBatchSignal, type ScenarioBatchInput } from './contracts-batches';

/** Chunks handed out by one workflow run before it continues as new, keeping every history far below its limits. */
const DEFAULT_CHUNKS_PER_RUN = 100;

/**
 * Runs a batch's items in chunks with bounded concurrency. Item results are written by the chunk activity in the
 * same transaction that marks the items done, so a retried chunk (after a worker restart) runs only what is left.
 */
export async function scenarioBatchWorkflow(input: ScenarioBatchInput): Promise<void> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { runBatchChunk, finishScenarioBatch } = proxyActivities<Activities>({
    startToCloseTimeout: input.chunkTimeoutMs ?? 120_000,
    // A dead worker's chunk moves to a live worker after this, not after the whole start-to-close timeout.
    ...(input.heartbeatTimeoutMs ? { heartbeatTimeout: input.heartbeatTimeoutMs } : {}),
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
    },
  });
  let cancelled = false;
  setHandler(cancelBatchSignal, () => {
    cancelled = true;
  });

  const workflowId = workflowInfo().workflowId;
  const inFlight = new Set<Promise<void>>();
  let nextIndex = input.nextIndex ?? 0;
  let chunksThisRun = 0;
  while (nextIndex < input.total && !cancelled) {
    if (chunksThisRun >= (input.chunksPerRun ?? DEFAULT_CHUNKS_PER_RUN)) {
      await Promise.all(inFlight);
      if (cancelled) break;
      await continueAsNew<typeof scenarioBatchWorkflow>({ ...input, nextIndex });
    }
    const fromIndex = nextIndex;
    const toIndex = Math.min(input.total, fromIndex + input.chunkSize);
    nextIndex = toIndex;
    chunksThisRun++;
    const chunk: Promise<void> = runBatchChunk({
      tenantId: input.tenantId,
      batchId: input.batchId,
      fromIndex,
      toIndex,
      workflowId,
    }).then(() => {
      inFlight.delete(chunk);
    });
    inFlight.add(chunk);
    if (inFlight.size >= input.concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await finishScenarioBatch({ tenantId: input.tenantId, batchId: input.batchId, cancelled });
}
