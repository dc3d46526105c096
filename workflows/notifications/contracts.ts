/** The notification lanes' contract, shared by the worker, the API and the workflows (no Node built-ins here). */
import { defineSignal } from '@temporalio/workflow';
import { workflowIdFor } from '../contracts/search-attributes';
import type { LaneInput, LanePassResult } from '../lanes/contracts';

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

/** A notification lane's input: the lanes' (../lanes/contracts.ts); its passes run on the outbound queue shared with webhook lanes. */
export type NotificationLaneInput = LaneInput;

export interface DeliverDueNotificationsInput {
  tenantId: string;
}

export interface DeliverDueNotificationsResult extends LanePassResult {
  sent: number;
  retrying: number;
  failed: number;
  digests: number;
}
