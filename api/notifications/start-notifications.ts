import type { Client } from '@temporalio/client';
import type { NotificationConfig } from '../../core/config';
import { withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  NOTIFICATION_LANE_WORKFLOW,
  notificationLaneWorkflowId,
  notificationsDueSignal,
  type NotificationLaneInput,
} from '../../workflows/notifications/contracts';
import { webhookTaskQueueFor } from '../../workflows/webhooks/contracts';
import type { TaskQueues } from '../../orchestration/task-queues';

export interface NotificationLaneDeps {
  temporal: Client;
  /** The tenant's base task queue: lanes run on it, their passes on the outbound (`-webhooks`) companion. */
  taskQueues: TaskQueues;
  notifications: Pick<NotificationConfig, 'laneIdleSeconds' | 'laneBatchSize' | 'smtpConnections' | 'smtpTimeoutMs' | 'chatTimeoutMs' | 'lanePassIntervalMs'>;
  heartbeatTimeoutSeconds: number;
  rpcTimeoutMs?: number;
}

export function notificationLaneInput(
  deps: Pick<NotificationLaneDeps, 'notifications' | 'heartbeatTimeoutSeconds'>,
  tenantId: string,
  taskQueue: string,
  sharedTaskQueue: string,
): NotificationLaneInput {
  const { notifications } = deps;
  // A pass takes rounds for up to max(1 s, 20 intervals); its last round may send a whole batch at the slowest timeout.
  const rounds = Math.ceil(notifications.laneBatchSize / notifications.smtpConnections);
  return {
    tenantId,
    activityTaskQueue: webhookTaskQueueFor(taskQueue),
    idleSeconds: notifications.laneIdleSeconds,
    passTimeoutMs: Math.max(1000, 20 * notifications.lanePassIntervalMs) + rounds * Math.max(notifications.smtpTimeoutMs, notifications.chatTimeoutMs) + 60_000,
    heartbeatTimeoutMs: deps.heartbeatTimeoutSeconds * 1000,
    passesPerRun: 200,
    sharedTaskQueue,
  };
}

/**
 * Wakes a tenant's notification lane (`notification_lane/ten_…`), starting it if it is not running. Called after the
 * rows are committed, so a lane that wakes always finds them; a lost wake-up is made good by the relay's sweep.
 */
export async function wakeNotificationLane(deps: NotificationLaneDeps, tenantId: string): Promise<void> {
  const taskQueue = await deps.taskQueues.forTenant(tenantId);
  const wake = () =>
    deps.temporal.workflow.signalWithStart(NOTIFICATION_LANE_WORKFLOW, {
      taskQueue,
      workflowId: notificationLaneWorkflowId(tenantId),
      args: [notificationLaneInput(deps, tenantId, taskQueue, deps.taskQueues.shared)],
      signal: notificationsDueSignal,
      signalArgs: [],
      typedSearchAttributes: searchAttributesFor(tenantId, 'notification_lane', tenantId),
      memo: { tenant_id: tenantId },
    });
  await (deps.rpcTimeoutMs === undefined ? wake() : withWorkflowEngineDeadline(deps.temporal, deps.rpcTimeoutMs, wake));
}
