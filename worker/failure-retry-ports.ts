import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import type { FailureRetryPorts } from '../activities/failures/deps';
import { createIntegrationSyncs, integrationSyncWorkflowId } from '../api/integrations/start-syncs';
import { wakeNotificationLane } from '../api/notifications/start-notifications';
import { wakeWebhookLane } from '../api/webhooks/start-deliveries';
import { createTaskQueues } from '../orchestration/task-queues';

/**
 * How the bulk retry's activities set a retried failure going: through each family's own orchestration, the same
 * calls its endpoints make (a redelivery wakes the subscription's lane; a new sync starts its workflow; a notification
 * sent again wakes the tenant's notification lane, as the relay does for a new one).
 */
export function createFailureRetryPorts(deps: {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
}): FailureRetryPorts {
  const { temporal, config, logger } = deps;
  const taskQueues = createTaskQueues(deps.db, {
    sharedTaskQueue: config.temporalTaskQueue,
    cacheSeconds: config.tenantWorkersCacheSeconds,
  });
  const syncs = createIntegrationSyncs({ temporal, taskQueues, config, logger });
  return {
    wakeWebhookLane: (lane) =>
      wakeWebhookLane(
        { temporal, taskQueues, webhooks: config.webhooks, rpcTimeoutMs: config.temporalRpcTimeoutMs },
        lane,
      ),
    async startIntegrationSync(job) {
      // Started already (the activity runs again after the start): its workflow exists, whatever its state.
      try {
        await temporal.workflow.getHandle(integrationSyncWorkflowId(job.syncId)).describe();
        return;
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
      // Nothing to roll back: the sync stays queued, and the activity's retry starts it.
      await syncs.startSync(job, async () => undefined);
    },
    wakeNotificationLane: (tenantId) =>
      wakeNotificationLane(
        {
          temporal,
          taskQueues,
          notifications: config.notifications,
          heartbeatTimeoutSeconds: config.activityHeartbeatTimeoutSeconds,
          rpcTimeoutMs: config.temporalRpcTimeoutMs,
        },
        tenantId,
      ),
  };
}
