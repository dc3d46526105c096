import { condition, continueAsNew, makeContinueAsNewFunc, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { outboundTaskQueue, tenantTaskQueue } from '../contracts/task-queues';
import { notificationsDueSignal, type NotificationLaneInput } from './contracts';

/**
 * A tenant's notification lane (`notification_lane/ten_…`), shaped like the webhook lanes: each pass is one activity
 * that assembles the digests that are due, claims the due notifications in batches, sends them over a pool of SMTP
 * connections (and chat webhooks), and records each outcome. Between passes the lane sleeps until the next
 * notification is due or a `notificationsDue` signal arrives; with nothing open it ends after `idleSeconds`. A lost
 * signal loses nothing: the rows are in Postgres and the relay's sweep wakes lanes with overdue notifications.
 */
export async function notificationLaneWorkflow(input: NotificationLaneInput): Promise<void> {
  const { deliverDueNotifications } = proxyActivities<Activities>({
    taskQueue: input.activityTaskQueue,
    startToCloseTimeout: input.passTimeoutMs,
    heartbeatTimeout: input.heartbeatTimeoutMs,
    // A pass fails only when Postgres or the worker does: retry it without limit, never drop the lane.
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
  });
  const idleMs = input.idleSeconds * 1000;
  let woken = true;
  setHandler(notificationsDueSignal, () => {
    woken = true;
  });
  for (let pass = 0; pass < input.passesPerRun && !workflowInfo().continueAsNewSuggested; pass++) {
    woken = false;
    const result = await deliverDueNotifications({ tenantId: input.tenantId });
    // The tenant moved between shared and dedicated workers: the lane goes on from its new queue (see webhook lanes).
    const wanted = input.sharedTaskQueue && result.tenantWorkers ? tenantTaskQueue(input.sharedTaskQueue, input.tenantId, result.tenantWorkers) : undefined;
    if (wanted && wanted !== workflowInfo().taskQueue) {
      await makeContinueAsNewFunc<typeof notificationLaneWorkflow>({ taskQueue: wanted })({ ...input, activityTaskQueue: outboundTaskQueue(wanted) });
    }
    if (result.nextDueInMs === null) {
      if (!(await condition(() => woken, idleMs))) return;
    } else if (result.nextDueInMs > 0) {
      // Digests wait for their hour: sleep until then (a durable timer), or until woken.
      await condition(() => woken, result.nextDueInMs);
    }
    woken = true;
  }
  await continueAsNew<typeof notificationLaneWorkflow>(input);
}
