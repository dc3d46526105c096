/** The notification lanes' contract, shared by the worker, the API and the workflows (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import { workflowIdFor } from '../contracts/search-attributes';
import type { TenantWorkers } from '../contracts/task-queues';

/** The lane workflow's type name, so callers can start it without importing workflow code. */
export const NOTIFICATION_LANE_WORKFLOW = 'notificationLaneWorkflow';

/**
 * One lane per tenant (`notification_lane/ten_…`): the workflow that sends everything owed to that tenant's people
 * and chat destinations. Postgres holds every notification's state; the lane only knows "something may be due".
 */
export function notificationLaneWorkflowId(tenantId: string): string {
  return workflowIdFor('notification_lane', tenantId);
}

/** "Notifications may be due": sent (with start) by the relay after it commits notification rows, and by use cases. */
export const notificationsDueSignal = defineSignal('notificationsDue');

export interface NotificationLaneInput {
  tenantId: string;
  /** The task queue its passes run on (the outbound companion queue shared with webhook lanes). */
  activityTaskQueue: string;
  idleSeconds: number;
  passTimeoutMs: number;
  heartbeatTimeoutMs: number;
  passesPerRun: number;
  /** The shared base task queue: with it the lane follows its tenant's moves (see WebhookLaneInput). */
  sharedTaskQueue?: string;
}

export interface DeliverDueNotificationsInput {
  tenantId: string;
}

export interface DeliverDueNotificationsResult {
  sent: number;
  retrying: number;
  failed: number;
  digests: number;
  /** Milliseconds until the next open notification is due (0: now); null: nothing open. */
  nextDueInMs: number | null;
  /** Where the tenant's work now runs, read at the end of the pass. */
  tenantWorkers?: TenantWorkers;
}
