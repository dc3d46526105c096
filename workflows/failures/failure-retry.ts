import { ActivityFailure, condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import { cancelFailureRetrySignal, type FailureRetryInput } from './contracts';

const DEFAULT_ROUNDS_PER_RUN = 200;

/**
 * Retries a fixed list of failures, a few at a time, each through its family's own path (a redelivery, a new sync),
 * then follows the new attempts until each has an outcome. Every item's state is in Postgres: an item is marked
 * started in the transaction that asks for its retry, so an activity retried after its worker died never retries it
 * twice, and this workflow carries nothing but ids.
 */
export async function failureRetryWorkflow(input: FailureRetryInput): Promise<void> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { nextFailureRetryItems, retryFailureItem, settleFailureRetry, finishFailureRetry } =
    proxyActivities<Activities>({
      startToCloseTimeout: 30_000,
      retry: {
        initialInterval: retry.initialIntervalMs,
        maximumInterval: retry.maximumIntervalMs,
        maximumAttempts: retry.maximumAttempts,
        backoffCoefficient: 2,
      },
    });
  let cancelled = input.cancelled ?? false;
  setHandler(cancelFailureRetrySignal, () => {
    cancelled = true;
  });

  const { tenantId, retryId } = input;
  for (let round = 0; ; round++) {
    if (round >= (input.roundsPerRun ?? DEFAULT_ROUNDS_PER_RUN))
      await continueAsNew<typeof failureRetryWorkflow>({ ...input, cancelled });
    if (!cancelled) {
      const failureIds = await nextFailureRetryItems({ tenantId, retryId, limit: input.concurrency });
      const outcomes = await Promise.allSettled(
        failureIds.map((failureId) => retryFailureItem({ tenantId, retryId, failureId })),
      );
      // An item whose retry failed on every attempt (not a family's refusal: those are the item's outcome) ends the
      // retry as failed; the items not started yet are not tried.
      const broken = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (broken) {
        if (!(broken.reason instanceof ActivityFailure)) throw broken.reason;
        await finishFailureRetry({ tenantId, retryId, outcome: 'failed' });
        return;
      }
    }
    const progress = await settleFailureRetry({ tenantId, retryId });
    if (progress.started === 0 && (cancelled || progress.pending === 0)) break;
    // Items still pending start at once; started ones are looked at again after the interval (or a cancel).
    if (progress.pending === 0 || cancelled) await condition(() => cancelled, input.pollIntervalMs);
  }
  await finishFailureRetry({ tenantId, retryId, outcome: cancelled ? 'cancelled' : 'completed' });
}
