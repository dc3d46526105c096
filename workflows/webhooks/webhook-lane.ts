import { condition, continueAsNew, makeContinueAsNewFunc, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { tenantTaskQueue } from '../contracts/task-queues';
import { deliveriesDueSignal, webhookTaskQueueFor, type WebhookLaneInput } from './contracts';

/**
 * A subscription's delivery lane (`webhook_lane/whk_…`): one workflow delivers everything owed to one endpoint.
 * Postgres holds every delivery's state (due time, attempts, outcome); this workflow only knows "something may be
 * due". Each pass is one activity that, in rounds, claims the endpoint's due deliveries, sends them with bounded
 * concurrency, records each attempt and schedules failed ones by the subscription's retry policy. It keeps taking
 * what becomes due for a short while, so a steady trickle costs Temporal one pass per couple of seconds rather than
 * one per event, and answers when the lane should look again. Between passes the lane sleeps until its earliest due
 * delivery or a `deliveriesDue` signal, whichever comes first; with nothing open it ends after `idleSeconds` (the next
 * delivery starts it again). A lost signal loses nothing: the rows are in Postgres, the lane looks at them on every
 * wake-up, and the relay's sweep wakes lanes whose deliveries are overdue.
 */
export async function webhookLaneWorkflow(input: WebhookLaneInput): Promise<void> {
  const { deliverDueWebhooks } = proxyActivities<Activities>({
    taskQueue: input.activityTaskQueue,
    startToCloseTimeout: input.passTimeoutMs,
    heartbeatTimeout: input.heartbeatTimeoutMs,
    // A pass fails only when Postgres or the worker does: retry it without limit, never drop the lane.
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
  });
  const idleMs = input.idleSeconds * 1000;
  // Every run (the first, and each after continue-as-new) starts by looking: a wake-up may be in flight.
  let woken = true;
  setHandler(deliveriesDueSignal, () => {
    woken = true;
  });
  for (let pass = 0; pass < input.passesPerRun && !workflowInfo().continueAsNewSuggested; pass++) {
    woken = false;
    const result = await deliverDueWebhooks({ tenantId: input.tenantId, subscriptionId: input.subscriptionId, workflowId: workflowInfo().workflowId });
    // The tenant moved between shared and dedicated workers: what this pass took is done; the rest goes with the lane.
    const wanted = input.sharedTaskQueue && result.tenantWorkers ? tenantTaskQueue(input.sharedTaskQueue, input.tenantId, result.tenantWorkers) : undefined;
    if (wanted && wanted !== workflowInfo().taskQueue) {
      await makeContinueAsNewFunc<typeof webhookLaneWorkflow>({ taskQueue: wanted })({ ...input, activityTaskQueue: webhookTaskQueueFor(wanted) });
    }
    if (result.nextDueInMs === null) {
      if (!(await condition(() => woken, idleMs))) return;
    } else if (result.nextDueInMs > 0) {
      await condition(() => woken, Math.min(result.nextDueInMs, idleMs));
    }
    woken = true;
  }
  await continueAsNew<typeof webhookLaneWorkflow>(input);
}
