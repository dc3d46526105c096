/**
 * Long-lived workflows (webhook and notification lanes, approvals) follow their tenant's workers: after a move between
 * shared and dedicated workers (orchestration/task-queues.ts) a run continues as new on the tenant's task queue, so
 * the old pool can stop. Workflow code: no Node built-ins.
 */
import { makeContinueAsNewFunc, workflowInfo, type Workflow } from '@temporalio/workflow';
import { tenantTaskQueue, type TenantWorkers } from './task-queues';

/**
 * The base task queue a tenant's run belongs on, when the run can know it: it was started with the shared queue's name
 * (runs started before that have none) and has read where the tenant's work runs now.
 */
export function tenantQueueOf(
  sharedTaskQueue: string | undefined,
  tenantId: string,
  workers: TenantWorkers | undefined,
): string | undefined {
  return sharedTaskQueue && workers ? tenantTaskQueue(sharedTaskQueue, tenantId, workers) : undefined;
}

/** Whether this run should move: it knows the tenant's queue and runs on another. */
export function mustFollowTenant(wanted: string | undefined): wanted is string {
  return wanted !== undefined && wanted !== workflowInfo().taskQueue;
}

/**
 * Continues as new on `wanted` (with the arguments made for that queue) when this run is elsewhere; returns (and does
 * nothing) when it already runs there. What the run had done is done; the rest goes on from the tenant's queue.
 */
export async function followTenantQueue<F extends Workflow>(
  wanted: string | undefined,
  argsFor: (taskQueue: string) => Parameters<F>,
): Promise<void> {
  if (!mustFollowTenant(wanted)) return;
  await makeContinueAsNewFunc<F>({ taskQueue: wanted })(...argsFor(wanted));
}
