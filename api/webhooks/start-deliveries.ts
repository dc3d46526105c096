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
import { wakeLane, type LaneWakeDeps } from '../../orchestration/lanes';
import { startOrRollBack } from '../../orchestration/workflow-engine';
import { lanePassTimeoutMs } from '../../workflows/lanes/contracts';

export { webhookLaneWorkflowId };

/**
 * One attempt's HTTP timeout plus this margin bounds each round of a lane pass: the pass also reads its batch before
 * sending and records the outcomes after; without the margin a slow endpoint would time the pass out in Temporal
 * before its outcomes are recorded, and the deliveries would be sent again with no trace of why.
 */
export const ATTEMPT_RECORDING_MARGIN_MS = 5000;

export interface WebhookDeliveriesDeps extends LaneWakeDeps {
  webhooks: Pick<
    WebhookConfig,
    | 'timeoutMs'
    | 'laneBatchSize'
    | 'laneConcurrency'
    | 'laneIdleSeconds'
    | 'laneHeartbeatTimeoutSeconds'
    | 'lanePassesPerRun'
    | 'lanePassIntervalMs'
  >;
}

export function webhookLaneInput(
  deps: Pick<WebhookDeliveriesDeps, 'webhooks'>,
  lane: { tenantId: string; subscriptionId: string },
  taskQueue: string,
  sharedTaskQueue: string,
): WebhookLaneInput {
  const { webhooks } = deps;
  return {
    tenantId: lane.tenantId,
    subscriptionId: lane.subscriptionId,
    activityTaskQueue: webhookTaskQueueFor(taskQueue),
    idleSeconds: webhooks.laneIdleSeconds,
    passTimeoutMs: lanePassTimeoutMs({
      passIntervalMs: webhooks.lanePassIntervalMs,
      batchSize: webhooks.laneBatchSize,
      concurrency: webhooks.laneConcurrency,
      sendMs: webhooks.timeoutMs + ATTEMPT_RECORDING_MARGIN_MS,
    }),
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
export async function wakeWebhookLane(
  deps: WebhookDeliveriesDeps,
  lane: { tenantId: string; subscriptionId: string },
): Promise<void> {
  await wakeLane(deps, {
    workflowType: WEBHOOK_LANE_WORKFLOW,
    workflowId: webhookLaneWorkflowId(lane.subscriptionId),
    tenantId: lane.tenantId,
    input: (taskQueue, sharedTaskQueue) => webhookLaneInput(deps, lane, taskQueue, sharedTaskQueue),
    wakeSignal: deliveriesDueSignal,
    searchAttributes: searchAttributesFor(lane.tenantId, 'webhook_lane', lane.subscriptionId),
    memo: { tenant_id: lane.tenantId, webhook_id: lane.subscriptionId },
  });
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
