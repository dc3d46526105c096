import { workflowInfo } from '@temporalio/workflow';
import { runLane } from '../lanes/lane';
import { deliveriesDueSignal, type WebhookLaneInput } from './contracts';

/**
 * A subscription's delivery lane (`webhook_lane/whk_…`): one workflow delivers everything owed to one endpoint, in the
 * shared lane loop (../lanes/lane.ts). Each pass (`deliverDueWebhooks`) claims the endpoint's due deliveries in rounds,
 * sends them with bounded concurrency, records each attempt and schedules failed ones by the subscription's retry
 * policy. It keeps taking what becomes due for a short while, so a steady trickle costs Temporal one pass per couple
 * of seconds rather than one per event. Between passes the lane sleeps until its earliest due delivery (at most
 * `idleSeconds`) or a `deliveriesDue` signal.
 */
export async function webhookLaneWorkflow(input: WebhookLaneInput): Promise<void> {
  await runLane(
    {
      wakeSignal: deliveriesDueSignal,
      pass: (activities, lane) =>
        activities.deliverDueWebhooks({
          tenantId: lane.tenantId,
          subscriptionId: lane.subscriptionId,
          workflowId: workflowInfo().workflowId,
        }),
      sleepAtMostIdle: true,
    },
    input,
  );
}
