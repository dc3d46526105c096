import type { Client } from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';
import type { SignalDefinition } from '@temporalio/workflow';
import type { LaneInput } from '../workflows/lanes/contracts';
import type { TaskQueues } from './task-queues';
import { withWorkflowEngineDeadline } from './workflow-engine';

export interface LaneWakeDeps {
  temporal: Client;
  /** The tenant's base task queue: lanes run on it, their passes on its outbound (`-webhooks`) companion. */
  taskQueues: TaskQueues;
  /** A deadline for the call; without one the SDK retries an unreachable server for about 20 seconds. */
  rpcTimeoutMs?: number;
}

/** One lane to wake (a webhook subscription's, a tenant's notification lane): what starts it if it is not running. */
export interface LaneToWake<I extends LaneInput> {
  workflowType: string;
  workflowId: string;
  tenantId: string;
  /** Its input on the tenant's base queue, with the shared queue's name (the lane follows its tenant's moves). */
  input: (taskQueue: string, sharedTaskQueue: string) => I;
  wakeSignal: SignalDefinition<[]>;
  searchAttributes: SearchAttributePair[];
  memo: Record<string, unknown>;
}

/**
 * Wakes a lane, starting it on its tenant's queue if it is not running (signal-with-start): something may be due.
 * Called after the rows are committed, so a lane that wakes always finds them; a wake-up that never arrives is made
 * good by the relay's sweep.
 */
export async function wakeLane<I extends LaneInput>(deps: LaneWakeDeps, lane: LaneToWake<I>): Promise<void> {
  const taskQueue = await deps.taskQueues.forTenant(lane.tenantId);
  const wake = () =>
    deps.temporal.workflow.signalWithStart(lane.workflowType, {
      taskQueue,
      workflowId: lane.workflowId,
      args: [lane.input(taskQueue, deps.taskQueues.shared)],
      signal: lane.wakeSignal,
      signalArgs: [],
      typedSearchAttributes: lane.searchAttributes,
      memo: lane.memo,
    });
  await (deps.rpcTimeoutMs === undefined ? wake() : withWorkflowEngineDeadline(deps.temporal, deps.rpcTimeoutMs, wake));
}
