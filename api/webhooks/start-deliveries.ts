import type { Client } from '@temporalio/client';
import type { WebhookConfig } from '../../core/config';
import type { Logger } from '../../core/logger';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  deliveriesDueSignal,
  WEBHOOK_LANE_WORKFLOW,
  webhookLaneWorkflowId,
  webhookTaskQueueFor,
  type WebhookLaneInput,
} from '../../workflows/webhooks/contracts';
import { startOrRollBack, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';
import type { TaskQueues } from '../../orchestration/task-queues';

export { webhookLaneWorkflowId };

/**
 * One attempt's HTTP timeout plus this margin bounds each round of a lane pass: the pass also reads its batch before
 * sending and records the outcomes after; without the margin a slow endpoint would time the pass out in Temporal
 * before its outcomes are recorded, and the deliveries would be sent again with no trace of why.
 */
export const ATTEMPT_RECORDING_MARGIN_MS = 5000;

export interface WebhookDeliveriesDeps {
  temporal: Client;
  /** The tenant's base task queue: lane workflows run on it, their passes on its `-webhooks` companion. */
  taskQueues: TaskQueues;
  webhooks: Pick<
    WebhookConfig,
    'timeoutMs' | 'laneBatchSize' | 'laneConcurrency' | 'laneIdleSeconds' | 'laneHeartbeatTimeoutSeconds' | 'lanePassesPerRun' | 'lanePassIntervalMs'
  >;
  /** A deadline for each call; without one the SDK retries an unreachable server for about 20 seconds. */
  rpcTimeoutMs?: number;
}

export function webhookLaneInput(
  deps: Pick<WebhookDeliveriesDeps, 'webhooks'>,
  lane: { tenantId: string; subscriptionId: string },
  taskQueue: string,
  sharedTaskQueue: string,
): WebhookLaneInput {
  const { webhooks } = deps;
  // A pass takes new rounds for up to max(1 s, 20 × WEBHOOK_LANE_PASS_INTERVAL_MS); its last round may take a batch
  // of attempts at the HTTP timeout.
  const rounds = Math.ceil(webhooks.laneBatchSize / webhooks.laneConcurrency);
  return {
    tenantId: lane.tenantId,
    subscriptionId: lane.subscriptionId,
    activityTaskQueue: webhookTaskQueueFor(taskQueue),
    idleSeconds: webhooks.laneIdleSeconds,
    passTimeoutMs: Math.max(1000, 20 * webhooks.lanePassIntervalMs) + rounds * (webhooks.timeoutMs + ATTEMPT_RECORDING_MARGIN_MS) + 60_000,
    heartbeatTimeoutMs: webhooks.laneHeartbeatTimeoutSeconds * 1000,
    passesPerRun: webhooks.lanePassesPerRun,
    sharedTaskQueue,
  };
}

/**
 * Wakes a subscription's lane (`webhook_lane/whk_…`), starting it if it is not running: deliveries may be due. Called
 * after the rows are committed (by the relay, a redelivery, the relay's sweep), so a lane that wakes always finds them;
 * a wake-up that never arrives is made good by the sweep.
 */
export async function wakeWebhookLane(deps: WebhookDeliveriesDeps, lane: { tenantId: string; subscriptionId: string }): Promise<void> {
  const taskQueue = await deps.taskQueues.forTenant(lane.tenantId);
  const wake = () =>
    deps.temporal.workflow.signalWithStart(WEBHOOK_LANE_WORKFLOW, {
      taskQueue,
      workflowId: webhookLaneWorkflowId(lane.subscriptionId),
      args: [webhookLaneInput(deps, lane, taskQueue, deps.taskQueues.shared)],
      signal: deliveriesDueSignal,
      signalArgs: [],
      typedSearchAttributes: searchAttributesFor(lane.tenantId, 'webhook_lane', lane.subscriptionId),
      memo: { tenant_id: lane.tenantId, webhook_id: lane.subscriptionId },
    });
  await (deps.rpcTimeoutMs === undefined ? wake() : withWorkflowEngineDeadline(deps.temporal, deps.rpcTimeoutMs, wake));
}

/**
 * A redelivery asked for by a client: its delivery row is committed, due now; if Temporal cannot take the wake-up,
 * the row is marked failed (never left "pending" for a lane nobody woke) and the answer is 503.
 */
export async function wakeLaneForRedelivery(
  deps: WebhookDeliveriesDeps & { logger: Logger },
  redelivery: { tenantId: string; subscriptionId: string; deliveryId: string },
  markFailed: () => Promise<void>,
): Promise<void> {
  await startOrRollBack({
    start: () => wakeWebhookLane(deps, redelivery),
    rollBack: markFailed,
    logger: deps.logger,
    subject: { webhook_delivery_id: redelivery.deliveryId },
    detail: 'The redelivery could not be started; retry shortly.',
  });
}
