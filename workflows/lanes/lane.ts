import {
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  workflowInfo,
  type SignalDefinition,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { followTenantQueue, tenantQueueOf } from '../contracts/follow-tenant-queue';
import { outboundTaskQueue } from '../contracts/task-queues';
import type { LaneInput, LanePassResult } from './contracts';

/** What makes a lane one kind of lane: its wake-up signal, its pass, and how long it may sleep. */
export interface LaneKind<I extends LaneInput> {
  /** The "something may be due" signal (sent with start by the relay and the use cases). */
  wakeSignal: SignalDefinition<[]>;
  /** One pass: the lane's activity, called with what it needs from the input. */
  pass: (activities: Activities, input: I) => Promise<LanePassResult>;
  /**
   * Whether a sleep until the next due item is cut to `idleSeconds` (webhook retries: look again at least that often)
   * or not (digests wait for their hour: a durable timer until then).
   */
  sleepAtMostIdle: boolean;
}

/**
 * The lane loop, for webhook and notification lanes alike. Postgres holds every item's state (due time, attempts,
 * outcome); the lane only knows "something may be due". Each pass is one activity that claims what is due, sends it
 * and records each outcome, and answers when the lane should look again. Between passes the lane sleeps until then or
 * until its wake-up signal, whichever comes first; with nothing open it ends after `idleSeconds` (the next item starts
 * it again). After `passesPerRun` passes (or when Temporal suggests it) it continues as new, and after a pass that
 * finds its tenant on other workers it continues as new on the tenant's queue. A lost signal loses nothing: the rows
 * are in Postgres, the lane looks at them on every wake-up, and the relay's sweep wakes lanes with overdue items.
 *
 * The command sequence is the one each lane had before this loop was shared (recorded histories replay it).
 */
export async function runLane<I extends LaneInput>(kind: LaneKind<I>, input: I): Promise<void> {
  const activities = proxyActivities<Activities>({
    taskQueue: input.activityTaskQueue,
    startToCloseTimeout: input.passTimeoutMs,
    heartbeatTimeout: input.heartbeatTimeoutMs,
    // A pass fails only when Postgres or the worker does: retry it without limit, never drop the lane.
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
  });
  const idleMs = input.idleSeconds * 1000;
  // Every run (the first, and each after continue-as-new) starts by looking: a wake-up may be in flight.
  let woken = true;
  setHandler(kind.wakeSignal, () => {
    woken = true;
  });
  for (let pass = 0; pass < input.passesPerRun && !workflowInfo().continueAsNewSuggested; pass++) {
    woken = false;
    const result = await kind.pass(activities, input);
    // The tenant moved between shared and dedicated workers: what this pass took is done; the rest goes with the lane.
    await followTenantQueue<(input: I) => Promise<void>>(
      tenantQueueOf(input.sharedTaskQueue, input.tenantId, result.tenantWorkers),
      (taskQueue) => [{ ...input, activityTaskQueue: outboundTaskQueue(taskQueue) }],
    );
    if (result.nextDueInMs === null) {
      if (!(await condition(() => woken, idleMs))) return;
    } else if (result.nextDueInMs > 0) {
      await condition(() => woken, kind.sleepAtMostIdle ? Math.min(result.nextDueInMs, idleMs) : result.nextDueInMs);
    }
    woken = true;
  }
  await continueAsNew<(input: I) => Promise<void>>(input);
}
