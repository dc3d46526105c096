import type { DeliverDueNotificationsInput } from '../../workflows/notifications/contracts';
import { deliverDueNotifications, type NotificationActivityDeps } from './lane-pass';

export type { NotificationActivityDeps };

/** The notification lanes' activity: a pass of a tenant's lane (lane-pass.ts). */
export function createNotificationActivities(deps: NotificationActivityDeps) {
  return {
    deliverDueNotifications: (input: DeliverDueNotificationsInput) => deliverDueNotifications(deps, input),
  };
}
