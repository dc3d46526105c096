import { runLane } from '../lanes/lane';
import { notificationsDueSignal, type NotificationLaneInput } from './contracts';

/**
 * A tenant's notification lane (`notification_lane/ten_…`), in the shared lane loop (../lanes/lane.ts): each pass
 * (`deliverDueNotifications`) assembles the digests that are due, claims the due notifications in batches, sends them
 * over a pool of SMTP connections (and chat webhooks), and records each outcome. Between passes the lane sleeps until
 * the next notification is due (digests wait for their hour: a durable timer until then) or a `notificationsDue`
 * signal arrives.
 */
export async function notificationLaneWorkflow(input: NotificationLaneInput): Promise<void> {
  await runLane(
    {
      wakeSignal: notificationsDueSignal,
      pass: (activities, lane) => activities.deliverDueNotifications({ tenantId: lane.tenantId }),
      sleepAtMostIdle: false,
    },
    input,
  );
}
