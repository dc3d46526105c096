import { ActivityFailure, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import { cancelReplaySignal, type ModelReplayInput } from './contracts-replays';

const DEFAULT_BATCHES_PER_RUN = 100;

/**
 * Replays a fixed snapshot of a model's live runs against another version, batch by batch with bounded concurrency.
 * Each batch activity commits its partial aggregates together with the mark that the batch is done, so a batch
 * retried after its worker died counts its runs once; the last activity merges the batches into the report.
 */
export async function modelReplayWorkflow(input: ModelReplayInput): Promise<void> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { replayModelBatch } = proxyActivities<Activities>({
    startToCloseTimeout: input.batchTimeoutMs ?? 300_000,
    ...(input.heartbeatTimeoutMs ? { heartbeatTimeout: input.heartbeatTimeoutMs } : {}),
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
    },
  });
  const { finishModelReplay } = proxyActivities<Activities>({
    startToCloseTimeout: 120_000,
    retry: { maximumAttempts: retry.maximumAttempts },
  });
  let cancelled = false;
  setHandler(cancelReplaySignal, () => {
    cancelled = true;
  });

  const batches = Math.ceil(input.total / input.batchSize);
  const inFlight = new Set<Promise<void>>();
  let failed = false;
  let nextBatch = input.nextBatch ?? 0;
  let batchesThisRun = 0;
  while (nextBatch < batches && !cancelled && !failed) {
    if (batchesThisRun >= (input.batchesPerRun ?? DEFAULT_BATCHES_PER_RUN)) {
      await Promise.all(inFlight);
      if (cancelled || failed) break;
      await continueAsNew<typeof modelReplayWorkflow>({ ...input, nextBatch });
    }
    const batchIndex = nextBatch++;
    batchesThisRun++;
    const fromIndex = batchIndex * input.batchSize;
    const toIndex = Math.min(input.total, fromIndex + input.batchSize);
    const batch: Promise<void> = replayModelBatch({
      tenantId: input.tenantId,
      replayId: input.replayId,
      batchIndex,
      fromIndex,
      toIndex,
    })
      .catch((error: unknown) => {
        // Every attempt failed (not a run's own failure: those are in the report): the replay fails as a whole.
        if (!(error instanceof ActivityFailure)) throw error;
        failed = true;
      })
      .then(() => {
        inFlight.delete(batch);
      });
    inFlight.add(batch);
    if (inFlight.size >= input.concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await finishModelReplay({
    tenantId: input.tenantId,
    replayId: input.replayId,
    outcome: failed ? 'failed' : cancelled ? 'cancelled' : 'completed',
  });
}
