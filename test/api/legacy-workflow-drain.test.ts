import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../core/logger';
import { recordEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createTaskQueues } from '../../orchestration/task-queues';
import { drainLegacyWorkflows, type LegacyWorkflowDrainDeps } from '../../worker/legacy-workflows';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import { KPI_SCHEDULED_CHECK_WORKFLOW } from '../../workflows/kpis/contracts';
import {
  WEBHOOK_DELIVERY_WORKFLOW,
  webhookDeliveryWorkflowId,
  webhookLaneWorkflowId,
  webhookTaskQueueFor,
  type WebhookDeliveryInput,
} from '../../workflows/webhooks/contracts';
import { call, createTestTenant, startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Retiring the workflows of before the lanes and the batched KPI checks (worker/legacy-workflows.ts), against the real
 * Temporal: a per-delivery webhook run waiting between attempts hands its delivery to the subscription's lane and
 * ends, and the delivery is made once; a stuck per-KPI check ends.
 */
describe('legacy workflow drain', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startTestStack({
      worker: true,
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_RETRY_UNIT_MS: '1',
        EVENT_RELAY_POLL_MS: '200',
        WEBHOOK_LANE_IDLE_SECONDS: '2',
      },
    });
  });
  after(async () => {
    await stack.close();
    await receiver.close();
  });

  const drainDeps = (tenantId: string, extra: Partial<LegacyWorkflowDrainDeps> = {}): LegacyWorkflowDrainDeps => ({
    db: stack.db,
    temporal: stack.temporal,
    logger: createLogger('silent', 'dms-test'),
    taskQueues: createTaskQueues(stack.db, { sharedTaskQueue: stack.config.temporalTaskQueue, cacheSeconds: 0 }),
    config: stack.config,
    tenantIds: () => [tenantId],
    ...extra,
  });

  it('a per-delivery webhook run between attempts is handed to the lane, terminated, and its delivery made once', async () => {
    const tenant = await createTestTenant(stack.db);
    let healthy = false;
    const answers: number[] = [];
    receiver.on('/legacy', () => {
      const status = healthy ? 204 : 500;
      answers.push(status);
      return { status };
    });
    // Subscribed to another type than the event's, so the relay never gives the event to the lane by itself.
    const created = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: tenant.key,
      body: {
        url: `http://127.0.0.1:${receiver.port}/legacy`,
        event_types: ['webhook.test'],
        retry_policy: {
          schedule: 'exponential',
          initial_interval_ms: 200,
          backoff_coefficient: 2,
          max_interval_ms: 1000,
          max_attempts: 5,
        },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const hook = created.body as { id: string };
    const event = await inTenantTransaction(stack.db, tenant.id, (scope) =>
      recordEvent(scope, 'scenario.deleted', {
        scenario: { id: 'scn_legacy', deleted_at: new Date().toISOString() },
        actor: { type: 'system', id: 'test' },
      }),
    );

    // A run as the per-delivery design started them: after a failed first attempt it waits an hour for the next.
    const taskQueue = stack.config.temporalTaskQueue;
    const workflowId = webhookDeliveryWorkflowId(event.id, hook.id);
    const input: WebhookDeliveryInput = {
      tenantId: tenant.id,
      eventId: event.id,
      eventType: 'scenario.deleted',
      subscriptionId: hook.id,
      retry: {
        schedule: 'exponential',
        maximumAttempts: 10,
        initialIntervalMs: 3_600_000,
        backoffCoefficient: 2,
        maximumIntervalMs: 3_600_000,
        deadlineMs: 86_400_000,
      },
      attemptTimeoutMs: 15_000,
      activityTaskQueue: webhookTaskQueueFor(taskQueue),
    };
    const legacy = await stack.temporal.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
      taskQueue,
      workflowId,
      args: [input],
      typedSearchAttributes: searchAttributesFor(tenant.id, 'webhook_delivery', event.id),
    });
    const delivery = () => stack.db('webhook_deliveries').where({ tenant_id: tenant.id, event_id: event.id }).first();
    await waitFor('the first attempt recorded', async () => (await delivery())?.status === 'retrying');
    assert.deepEqual(answers, [500]);

    healthy = true;
    // The drain skips a run whose attempt is in flight; the worker's own reconciler may retire it first: either way it ends.
    await waitFor('the legacy run retired', async () => {
      await drainLegacyWorkflows(drainDeps(tenant.id));
      return (await legacy.describe()).status.name === 'TERMINATED';
    });
    const done = await waitFor('the delivery made by the lane', async () => {
      const row = await delivery();
      return row?.status === 'succeeded' ? row : undefined;
    });
    assert.equal(done.workflow_id, webhookLaneWorkflowId(hook.id), 'the lane took the delivery over');
    assert.equal(done.attempts, 2, 'the lane went on from the attempts made before');
    assert.equal(done.next_attempt_at, null);
    const attempts = await stack.db('webhook_delivery_attempts').where({ delivery_id: done.id }).orderBy('attempt');
    assert.deepEqual(
      attempts.map((a: { attempt: number; response_status: number }) => [a.attempt, a.response_status]),
      [
        [1, 500],
        [2, 204],
      ],
    );
    // Nothing sends it again: not the terminated run, not the lane, not a second drain.
    await drainLegacyWorkflows(drainDeps(tenant.id));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.deepEqual(answers, [500, 204]);
    const history = await legacy.fetchHistory();
    const terminated = history.events?.find(
      (e) => e.workflowExecutionTerminatedEventAttributes,
    )?.workflowExecutionTerminatedEventAttributes;
    assert.match(String(terminated?.reason), /handed to the subscription's lane \(webhook_lane\//);
  });

  it('a per-KPI check past its time is terminated; a young one is left to finish', async () => {
    const tenant = await createTestTenant(stack.db);
    // On a queue nobody polls, the run stays open, as one retrying an evaluation that keeps failing would.
    const workflowId = `kpi_schedule/kpi_legacy_${tenant.id}-run`;
    const run = await stack.temporal.workflow.start(KPI_SCHEDULED_CHECK_WORKFLOW, {
      taskQueue: `${stack.config.temporalTaskQueue}-nobody`,
      workflowId,
      args: [{ tenantId: tenant.id, kpiId: 'kpi_legacy' }],
    });
    await waitFor('the run listed', async () => {
      for await (const execution of stack.temporal.workflow.list({ query: `WorkflowId="${workflowId}"` }))
        if (execution.runId === run.firstExecutionRunId) return true;
      return false;
    });
    assert.equal(
      (await drainLegacyWorkflows(drainDeps(tenant.id))).kpiChecks,
      0,
      'younger than ten minutes: left alone',
    );
    assert.equal((await run.describe()).status.name, 'RUNNING');
    await waitFor('the stuck run retired', async () => {
      await drainLegacyWorkflows(drainDeps(tenant.id, { kpiCheckStuckAfterMs: 0 }));
      return (await run.describe()).status.name === 'TERMINATED';
    });
  });
});
