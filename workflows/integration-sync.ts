import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DEFAULT_RETRY } from './contracts/activity-retry';
import type { IntegrationSyncInput } from './contracts/integration-syncs';

/**
 * One integration sync: a single activity reads the source page by page and commits each page (records, rejections,
 * counts and the read state) in one transaction, heartbeating after each. A retried attempt resumes from the state
 * of the last committed page, so a worker dying mid-sync costs at most one page of work, never a duplicate. When
 * every attempt has failed the sync is marked failed, with the source's reason.
 */
export async function integrationSyncWorkflow(input: IntegrationSyncInput): Promise<void> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { runIntegrationSync } = proxyActivities<Activities>({
    startToCloseTimeout: input.runTimeoutMs ?? 6 * 3_600_000,
    heartbeatTimeout: input.heartbeatTimeoutMs ?? 120_000,
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      maximumAttempts: retry.maximumAttempts,
      backoffCoefficient: 2,
      nonRetryableErrorTypes: ['ConnectorError'],
    },
  });
  const { failIntegrationSync } = proxyActivities<Activities>({ startToCloseTimeout: 30_000 });
  try {
    await runIntegrationSync({ tenantId: input.tenantId, syncId: input.syncId });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const cause = error.cause;
    // A source's own refusal (unreachable, rejected credentials, malformed page) is the client's to see; anything
    // else stays in the workflow history for operators.
    const detail = cause instanceof ApplicationFailure && cause.type === 'ConnectorError' ? cause.message : 'The sync could not be completed; start a new one.';
    await failIntegrationSync({ tenantId: input.tenantId, syncId: input.syncId, detail });
  }
}
