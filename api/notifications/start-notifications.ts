import type { NotificationConfig } from '../../core/config';
import { wakeLane, type LaneWakeDeps } from '../../orchestration/lanes';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  NOTIFICATION_LANE_WORKFLOW,
  notificationLaneWorkflowId,
  notificationsDueSignal,
  type NotificationLaneInput,
} from '../../workflows/notifications/contracts';
import { outboundTaskQueue } from '../../workflows/contracts/task-queues';
import { lanePassTimeoutMs } from '../../workflows/lanes/contracts';

export interface NotificationLaneDeps extends LaneWakeDeps {
  notifications: Pick<
    NotificationConfig,
    'laneIdleSeconds' | 'laneBatchSize' | 'smtpConnections' | 'smtpTimeoutMs' | 'chatTimeoutMs' | 'lanePassIntervalMs'
  >;
  heartbeatTimeoutSeconds: number;
}

export function notificationLaneInput(
  deps: Pick<NotificationLaneDeps, 'notifications' | 'heartbeatTimeoutSeconds'>,
  tenantId: string,
  taskQueue: string,
  sharedTaskQueue: string,
): NotificationLaneInput {
  const { notifications } = deps;
  return {
    tenantId,
    activityTaskQueue: outboundTaskQueue(taskQueue),
    idleSeconds: notifications.laneIdleSeconds,
    passTimeoutMs: lanePassTimeoutMs({
      passIntervalMs: notifications.lanePassIntervalMs,
      batchSize: notifications.laneBatchSize,
      concurrency: notifications.smtpConnections,
      sendMs: Math.max(notifications.smtpTimeoutMs, notifications.chatTimeoutMs),
    }),
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
  await wakeLane(deps, {
    workflowType: NOTIFICATION_LANE_WORKFLOW,
    workflowId: notificationLaneWorkflowId(tenantId),
    tenantId,
    input: (taskQueue, sharedTaskQueue) => notificationLaneInput(deps, tenantId, taskQueue, sharedTaskQueue),
    wakeSignal: notificationsDueSignal,
    searchAttributes: searchAttributesFor(tenantId, 'notification_lane', tenantId),
    memo: { tenant_id: tenantId },
  });
}
