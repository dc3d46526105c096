import { ApplicationFailure } from '@temporalio/activity';
import { AppError } from '../../core/app-error';
import {
  countFailureRetryItems,
  findFailureRetry,
  finishFailureRetry,
  lockFailureRetryItem,
  markFailureRetryRunning,
  nextPendingFailureRetryItems,
  settleFailureRetryItem,
  startedFailureRetryItems,
} from '../../db/repositories/failure-retries';
import { inTenantTransaction } from '../../db/tenant-scope';
import type {
  FailureRetryProgress,
  FinishFailureRetryInput,
  NextFailureRetryItemsInput,
  RetryFailureItemInput,
} from '../../workflows/failures/contracts';
import type { FailureRetryActivityDeps } from './deps';
import {
  enableSubscriptionAgain,
  requestNotificationAgain,
  requestRedelivery,
  requestReplayAgain,
  requestSyncAgain,
  startOf,
  type RetryStart,
} from './item-retries';
import { requestKpiCheckAgain, requestScenarioRunAgain } from './run-retries';
import { evaluateKpiAlertsInScope } from '../kpis/alerts';
import { markKpiChecked, markKpiCheckFailed } from '../../db/repositories/kpi-evaluation';

/** Where a retried item's new attempt stands, by its family's own status names. */
const SUCCEEDED = new Set(['succeeded', 'completed', 'sent']);
const FAILED = new Set(['failed', 'partially_completed', 'cancelled', 'gone']);

export function createFailureRetryActivities(deps: FailureRetryActivityDeps) {
  const { db } = deps;

  async function setGoing(start: RetryStart): Promise<void> {
    const ports = deps.failureRetries;
    if (!ports)
      throw ApplicationFailure.nonRetryable('This worker cannot set retries going.', 'FailureRetriesNotWired');
    if (start.kind === 'webhook_lane') await ports.wakeWebhookLane(start);
    else if (start.kind === 'notification_lane') await ports.wakeNotificationLane(start.tenantId);
    else if (start.kind === 'model_replay') await ports.startModelReplay(start);
    else if (start.kind === 'scenario_run') await ports.startScenarioRun(start);
    else if (start.kind === 'kpi_check') await checkKpiNow(start);
    else await ports.startIntegrationSync(start);
  }

  /**
   * A KPI's time-based checks, now, as a tick of its shard makes them (in their own transaction, under the KPI's lock):
   * marked checked, or, when the check fails, marked with its error as a tick marks it. Run again, it checks again.
   */
  async function checkKpiNow(start: { tenantId: string; kpiId: string; retryId: string }): Promise<void> {
    const now = new Date();
    const tick = `failure_retry/${start.retryId}`;
    try {
      await inTenantTransaction(db, start.tenantId, async (scope) => {
        const result = await evaluateKpiAlertsInScope(
          scope,
          { kpiId: start.kpiId, from: null, trigger: 'schedule' },
          now,
        );
        if (result.evaluated) await markKpiChecked(scope, start.kpiId, tick, now);
      });
    } catch (error) {
      deps.logger.warn({ err: error, kpi_id: start.kpiId, tenant_id: start.tenantId }, "a KPI's retried check failed");
      await markKpiCheckFailed(db, start.kpiId, tick, now, error instanceof Error ? error.message : String(error));
    }
  }

  return {
    /** The next items still to retry, in their order. */
    async nextFailureRetryItems(input: NextFailureRetryItemsInput): Promise<string[]> {
      return inTenantTransaction(db, input.tenantId, async (scope) => {
        await markFailureRetryRunning(scope, input.retryId);
        const items = await nextPendingFailureRetryItems(scope, input.retryId, input.limit);
        return items.map((item) => item.failure_id);
      });
    },

    /**
     * Retries one item through its family's path. The item is marked started in the transaction that stores the new
     * attempt, so this activity run again (its worker died, Temporal was slow to answer) sets the same attempt going
     * again instead of making another one.
     */
    async retryFailureItem(input: RetryFailureItemInput): Promise<void> {
      const start = await inTenantTransaction(db, input.tenantId, async (scope) => {
        const item = await lockFailureRetryItem(scope, input.retryId, input.failureId);
        if (!item || (item.status !== 'pending' && item.status !== 'started')) return undefined;
        if (item.status === 'started') return startOf(scope, item);
        const retry = await findFailureRetry(scope, input.retryId);
        if (!retry) return undefined;
        if (item.kind === 'webhook_delivery') return requestRedelivery(scope, item, retry.created_by);
        if (item.kind === 'integration_sync') return requestSyncAgain(scope, item, retry.created_by);
        if (item.kind === 'notification') return requestNotificationAgain(scope, item);
        if (item.kind === 'webhook_subscription') return enableSubscriptionAgain(scope, item, retry.created_by);
        if (item.kind === 'model_replay') return requestReplayAgain(scope, item, retry.created_by);
        if (item.kind === 'kpi_check') return requestKpiCheckAgain(scope, item);
        if (item.kind === 'scenario' || item.kind === 'batch_item')
          return requestScenarioRunAgain(scope, item, retry.created_by, deps.catalogue);
        // A kind this worker does not know (written by a newer version of the service): its retry fails, saying so.
        await settleFailureRetryItem(scope, item.retry_id, item.failure_id, {
          status: 'failed',
          error: { code: 'not_retryable', message: `A ${String(item.kind)} failure cannot be retried by this worker.` },
        });
        return undefined;
      }).catch(async (error: unknown) => {
        // The family refused the retry (a used-up volume quota): the item failed, with the family's own reason.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        await inTenantTransaction(db, input.tenantId, (scope) =>
          settleFailureRetryItem(scope, input.retryId, input.failureId, {
            status: 'failed',
            error: { code: error.code, message: error.detail },
          }),
        );
        return undefined;
      });
      if (start) await setGoing(start);
    },

    /** Records the outcome of every retried item whose new attempt has one; answers what is left. */
    async settleFailureRetry(input: { tenantId: string; retryId: string }): Promise<FailureRetryProgress> {
      return inTenantTransaction(db, input.tenantId, async (scope) => {
        for (const item of await startedFailureRetryItems(scope, input.retryId)) {
          if (SUCCEEDED.has(item.attempt_status))
            await settleFailureRetryItem(scope, input.retryId, item.failure_id, { status: 'succeeded', error: null });
          else if (FAILED.has(item.attempt_status))
            await settleFailureRetryItem(scope, input.retryId, item.failure_id, {
              status: 'failed',
              error: {
                code:
                  item.attempt_code ?? (item.attempt_status === 'gone' ? 'not_found' : `retry_${item.attempt_status}`),
                message: item.attempt_message ?? `The new attempt ended ${item.attempt_status}.`,
              },
            });
        }
        const counts = await countFailureRetryItems(scope, input.retryId);
        return { pending: counts.pending, started: counts.started };
      });
    },

    async finishFailureRetry(input: FinishFailureRetryInput): Promise<void> {
      await inTenantTransaction(db, input.tenantId, (scope) => finishFailureRetry(scope, input.retryId, input.outcome));
    },
  };
}
