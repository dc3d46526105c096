import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import type { FailureRetryPorts } from '../activities/failures/deps';
import { createIntegrationSyncs, integrationSyncWorkflowId } from '../api/integrations/start-syncs';
import { wakeNotificationLane } from '../api/notifications/start-notifications';
import { createModelReplays, modelReplayWorkflowId } from '../api/models/start-replays';
import { findReplay } from '../db/repositories/model-replays';
import { findScenario } from '../db/repositories/scenarios';
import { createScenarioRuns } from '../api/scenarios/start-runs';
import { scenarioRunWorkflowId } from '../workflows/scenarios/contracts-runs';
import { inTenantTransaction } from '../db/tenant-scope';
import { wakeWebhookLane } from '../api/webhooks/start-deliveries';
import { createTaskQueues } from '../orchestration/task-queues';

/**
 * How the bulk retry's activities set a retried failure going: through each family's own orchestration, the same
 * calls its endpoints make (a redelivery wakes the subscription's lane; a new sync starts its workflow; a notification
 * sent again wakes the tenant's notification lane, as the relay does for a new one; a replay made again starts its
 * workflow; a scenario's new run starts its run workflow, on the worker's task queue as the run recovery starts one).
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
  const replays = createModelReplays({ temporal, taskQueues, config, logger });
  const scenarioRuns = createScenarioRuns({ temporal, taskQueues, config, logger });
  /** Whether a workflow was started already (the activity runs again after the start): it exists, whatever its state. */
  const started = async (workflowId: string) => {
    try {
      await temporal.workflow.getHandle(workflowId).describe();
      return true;
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
      return false;
    }
  };
  return {
    wakeWebhookLane: (lane) =>
      wakeWebhookLane(
        { temporal, taskQueues, webhooks: config.webhooks, rpcTimeoutMs: config.temporalRpcTimeoutMs },
        lane,
      ),
    async startIntegrationSync(job) {
      if (await started(integrationSyncWorkflowId(job.syncId))) return;
      // Nothing to roll back: the sync stays queued, and the activity's retry starts it.
      await syncs.startSync(job, async () => undefined);
    },
    async startModelReplay(job) {
      if (await started(modelReplayWorkflowId(job.replayId))) return;
      const replay = await inTenantTransaction(deps.db, job.tenantId, (scope) => findReplay(scope, job.replayId));
      if (!replay) return;
      // Nothing to roll back: the replay stays queued, and the activity's retry starts it.
      await replays.startReplay(
        { tenantId: job.tenantId, replayId: replay.id, total: replay.total, batchSize: replay.batch_size },
        async () => undefined,
      );
    },
    async startScenarioRun(job) {
      const scenario = await inTenantTransaction(deps.db, job.tenantId, (scope) => findScenario(scope, job.scenarioId));
      if (!scenario || scenario.status !== 'running') return;
      if (await started(scenarioRunWorkflowId(scenario.id, scenario.run_number))) return;
      // Nothing to roll back: the run stays stored, and the activity's retry (or the run recovery) starts it.
      await scenarioRuns.startRun(
        {
          tenantId: job.tenantId,
          scenarioId: scenario.id,
          runNumber: scenario.run_number,
          simulated: scenario.simulation !== null,
        },
        async () => undefined,
      );
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
