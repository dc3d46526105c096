import { WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { temporal as proto } from '@temporalio/proto';
import type { Knex } from 'knex';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import { findEvent } from '../db/repositories/events';
import { findSubscription, handDeliveryToLane, markDeliveryFailed } from '../db/repositories/webhooks';
import { inTenantTransaction } from '../db/tenant-scope';
import { wakeWebhookLane } from '../api/webhooks/start-deliveries';
import type { TaskQueues } from '../orchestration/task-queues';
import { withWorkflowEngineDeadline } from '../orchestration/workflow-engine';
import { KPI_SCHEDULED_CHECK_WORKFLOW, type KpiScheduledCheckInput } from '../workflows/kpis/contracts';
import {
  WEBHOOK_DELIVERY_WORKFLOW,
  webhookLaneWorkflowId,
  type WebhookDeliveryInput,
} from '../workflows/webhooks/contracts';

export interface LegacyWorkflowDrainDeps {
  db: Knex;
  temporal: Client;
  logger: Logger;
  taskQueues: TaskQueues;
  config: Pick<Config, 'temporalRpcTimeoutMs' | 'webhooks'>;
  /** Only for tests, where several stacks share one database and one Temporal: the tenants whose runs this drains. */
  tenantIds?: () => readonly string[];
  /** Only for tests: how old a per-KPI check must be to be retired (KPI_CHECK_STUCK_AFTER_MS). */
  kpiCheckStuckAfterMs?: number;
}

/** Runs handled per type and pass; the rest wait for the next pass. */
const RUNS_PER_PASS = 50;
/**
 * A per-KPI check is one evaluation (seconds); one running longer than this is retrying an evaluation that keeps
 * failing, which the shards now do on every tick anyway. Younger ones are left to finish.
 */
const KPI_CHECK_STUCK_AFTER_MS = 10 * 60_000;

const ATTEMPT_IN_FLIGHT = proto.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED;

/**
 * Retires the running executions of the workflows of before the lanes and the batched KPI checks (their plan and
 * dates: docs/webhooks-and-events.md, "Retiring the per-delivery workflows"):
 *
 * - a per-delivery webhook run (`webhookDeliveryWorkflow`) between attempts hands its delivery to the subscription's
 *   lane (the row, with the attempts made so far, becomes the lane's and due now; the lane is woken) and is then
 *   terminated with the reason. A run with an attempt in flight is left for the next pass, so the attempt it is
 *   making is not made twice; a run whose event or subscription is gone has its delivery failed, as it would have.
 *   The hand-over comes first: if this process dies in between, the next pass finds the run again and repeats it
 *   (nothing is handed twice: the row is the same one).
 * - a per-KPI check (`kpiScheduledCheckWorkflow`) running for more than ten minutes is terminated: the evaluation
 *   shards make the same time-based checks on every tick.
 *
 * Safe in several processes at once (terminating an ended run is a no-op). Answers how many runs it retired.
 */
export async function drainLegacyWorkflows(
  deps: LegacyWorkflowDrainDeps,
): Promise<{ webhookDeliveries: number; kpiChecks: number }> {
  const deadline = <T>(work: () => Promise<T>) =>
    withWorkflowEngineDeadline(deps.temporal, deps.config.temporalRpcTimeoutMs, work);
  const tenantIds = deps.tenantIds?.();
  const running = async (query: string) =>
    deadline(async () => {
      const found: Array<{ workflowId: string; runId: string }> = [];
      for await (const execution of deps.temporal.workflow.list({ query })) {
        found.push({ workflowId: execution.workflowId, runId: execution.runId });
        if (found.length >= RUNS_PER_PASS) break;
      }
      return found;
    });
  const terminate = async (handle: WorkflowHandle, reason: string) => {
    try {
      await deadline(() => handle.terminate(reason));
    } catch (error) {
      // It ended meanwhile (or another process retired it).
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  };

  let webhookDeliveries = 0;
  for (const run of await running(`WorkflowType="${WEBHOOK_DELIVERY_WORKFLOW}" AND ExecutionStatus="Running"`)) {
    const handle = deps.temporal.workflow.getHandle(run.workflowId, run.runId);
    const input = await startInputOf<WebhookDeliveryInput>(handle, deadline);
    if (!input || (tenantIds && !tenantIds.includes(input.tenantId))) continue;
    const { raw } = await deadline(() => handle.describe());
    if ((raw.pendingActivities ?? []).some((activity) => activity.state === ATTEMPT_IN_FLIGHT)) continue;
    const handed = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
      if (!(await findEvent(scope, input.eventId)) || !(await findSubscription(scope, input.subscriptionId))) {
        await markDeliveryFailed(scope, run.workflowId, 'The event or the subscription no longer exists.');
        return false;
      }
      return handDeliveryToLane(scope, {
        subscriptionId: input.subscriptionId,
        eventId: input.eventId,
        eventType: input.eventType,
        workflowId: run.workflowId,
        redeliveryOf: input.redeliveryOf ?? null,
      });
    });
    const lane = webhookLaneWorkflowId(input.subscriptionId);
    if (handed)
      await wakeWebhookLane(
        {
          temporal: deps.temporal,
          taskQueues: deps.taskQueues,
          webhooks: deps.config.webhooks,
          rpcTimeoutMs: deps.config.temporalRpcTimeoutMs,
        },
        input,
      );
    await terminate(
      handle,
      handed
        ? `Retired: its delivery was handed to the subscription's lane (${lane}).`
        : 'Retired: its delivery had nothing left to send.',
    );
    deps.logger.info(
      { workflow_id: run.workflowId, tenant_id: input.tenantId, lane, handed },
      'retired a per-delivery webhook workflow',
    );
    webhookDeliveries++;
  }

  let kpiChecks = 0;
  const stuckSince = new Date(Date.now() - (deps.kpiCheckStuckAfterMs ?? KPI_CHECK_STUCK_AFTER_MS)).toISOString();
  for (const run of await running(
    `WorkflowType="${KPI_SCHEDULED_CHECK_WORKFLOW}" AND ExecutionStatus="Running" AND StartTime < "${stuckSince}"`,
  )) {
    const handle = deps.temporal.workflow.getHandle(run.workflowId, run.runId);
    const input = await startInputOf<KpiScheduledCheckInput>(handle, deadline);
    if (!input || (tenantIds && !tenantIds.includes(input.tenantId))) continue;
    await terminate(handle, 'Retired: the KPI evaluation shards make its checks on every tick.');
    deps.logger.info(
      { workflow_id: run.workflowId, tenant_id: input.tenantId, kpi_id: input.kpiId },
      'retired a per-KPI check workflow',
    );
    kpiChecks++;
  }
  return { webhookDeliveries, kpiChecks };
}

/** The single argument a run was started with (the first event of its history). */
async function startInputOf<T>(
  handle: WorkflowHandle,
  deadline: <R>(work: () => Promise<R>) => Promise<R>,
): Promise<T | undefined> {
  try {
    const history = await deadline(() => handle.fetchHistory());
    const payload = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
    return payload ? defaultPayloadConverter.fromPayload<T>(payload) : undefined;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return undefined;
    throw error;
  }
}
