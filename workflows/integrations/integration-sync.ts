import {
  ActivityCancellationType,
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  CancelledFailure,
  isCancellation,
  proxyActivities,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import type { IntegrationSyncInput } from './contracts-syncs';

/**
 * One integration sync: a single activity reads the source page by page and commits each page (records, rejections,
 * counts and the read state) in one transaction, heartbeating after each. A retried attempt resumes from the state
 * of the last committed page, so a worker dying mid-sync costs at most one page of work, never a duplicate. When
 * every attempt has failed the sync is marked failed, with the source's reason.
 *
 * Cancelling the workflow (POST …/syncs/{id}/cancel) cancels the activity, which learns it through its heartbeat and
 * stops between two pages; the workflow waits for it to stop, makes sure the sync is marked `cancelled`, and ends
 * cancelled. Committed pages stay.
 */
export async function integrationSyncWorkflow(input: IntegrationSyncInput): Promise<void> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { runIntegrationSync } = proxyActivities<Activities>({
    startToCloseTimeout: input.runTimeoutMs ?? 6 * 3_600_000,
    heartbeatTimeout: input.heartbeatTimeoutMs ?? 120_000,
    // The workflow ends only once the activity has stopped: no page is committed after the sync shows `cancelled`.
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
      nonRetryableErrorTypes: ['ConnectorError'],
    },
  });
  const { failIntegrationSync, cancelIntegrationSync } = proxyActivities<Activities>({ startToCloseTimeout: 30_000 });
  try {
    await runIntegrationSync({
      tenantId: input.tenantId,
      syncId: input.syncId,
      ...(input.fillRateGuard ? { fillRateGuard: input.fillRateGuard } : {}),
    });
  } catch (error) {
    if (isCancellation(error) || CancellationScope.current().consideredCancelled) {
      await CancellationScope.nonCancellable(() =>
        cancelIntegrationSync({ tenantId: input.tenantId, syncId: input.syncId }),
      );
      throw isCancellation(error) ? error : new CancelledFailure('the sync was cancelled');
    }
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause;
    // A source's own refusal (unreachable, rejected credentials, malformed page) is the client's to see; anything
    // else stays in the workflow history for operators.
    const detail =
      cause instanceof ApplicationFailure &&
      (cause.type === 'ConnectorError' || cause.type === 'ExpressionBudgetExceeded')
        ? cause.message
        : 'The sync could not be completed; start a new one.';
    await failIntegrationSync({ tenantId: input.tenantId, syncId: input.syncId, detail });
  }
}
