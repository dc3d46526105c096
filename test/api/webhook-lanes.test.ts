import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { temporal } from '@temporalio/proto';
import { newId } from '../../core/ids';
import { markEventsDispatched, recordEvent } from '../../db/repositories/events';
import { insertLaneDeliveries } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import { webhookLaneWorkflowId } from '../../api/webhooks/start-deliveries';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { saveRecordedHistory } from '../helpers/recorded-histories';

const SLOW_MS = 1500;
const LANE_CONCURRENCY = 4;

/**
 * Webhook lanes (one delivery workflow per subscription): isolation of a slow endpoint, retries and continue-as-new
 * in the lane's own history (recorded for the replay test), and the relay's sweep for a lost wake-up.
 */
describe('webhook lanes', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startTestStack({
      worker: true,
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_RETRY_UNIT_MS: '1',
        WEBHOOK_TIMEOUT_MS: '10000',
        EVENT_RELAY_POLL_MS: '200',
        WEBHOOK_LANE_BATCH_SIZE: '20',
        WEBHOOK_LANE_CONCURRENCY: String(LANE_CONCURRENCY),
        WEBHOOK_LANE_PASSES_PER_RUN: '2',
        WEBHOOK_LANE_IDLE_SECONDS: '2',
        WEBHOOK_LANE_SWEEP_SECONDS: '1',
      },
    });
  });
  after(async () => {
    await stack.close();
    await receiver.close();
  });

  const subscribe = async (
    who: TestTenant,
    pathName: string,
    eventTypes: string[],
    extra: Record<string, unknown> = {},
  ) => {
    const response = await call(stack.baseUrl, 'POST', '/api/v1/webhooks', {
      key: who.key,
      body: { url: `http://127.0.0.1:${receiver.port}${pathName}`, event_types: eventTypes, ...extra },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as { id: string };
  };

  const emit = (who: TestTenant, count: number) =>
    inTenantTransaction(stack.db, who.id, async (scope) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const event = await recordEvent(scope, 'scenario.deleted', {
          scenario: { id: `scn_lane_${i}`, deleted_at: new Date().toISOString() },
          actor: { type: 'system', id: 'test' },
        });
        ids.push(event.id);
      }
      return ids;
    });

  it('one slow endpoint slows only its own lane', async () => {
    const slowTenant = await createTestTenant(stack.db);
    const fastTenants = [await createTestTenant(stack.db), await createTestTenant(stack.db)];
    receiver.on('/slow', () => ({ status: 200, delayMs: SLOW_MS }));
    await subscribe(slowTenant, '/slow', ['scenario.deleted']);
    for (const [index, tenant] of fastTenants.entries())
      await subscribe(tenant, `/fast-${index}`, ['scenario.deleted']);

    const events = 40;
    const committedAt = new Map<string, number>();
    for (const tenant of [slowTenant, ...fastTenants]) {
      for (const id of await emit(tenant, events)) committedAt.set(id, Date.now());
    }
    const fastPaths = fastTenants.map((_, index) => `/fast-${index}`);
    await receiver.waitFor(
      (all) => all.filter((r) => fastPaths.includes(r.path)).length >= events * fastTenants.length,
      30_000,
      'the fast endpoints',
    );
    const slowSoFar = receiver.at('/slow').length;
    // 40 events at 4 in flight and 1.5 s each take 15 s: the fast lanes are done long before.
    assert.ok(
      slowSoFar < events / 2,
      `the slow lane has delivered ${slowSoFar} of ${events} while the fast ones finished`,
    );
    const lags = fastPaths
      .flatMap((p) => receiver.at(p).map((r) => r.receivedAt - (committedAt.get(r.json.id) as number)))
      .sort((a, b) => a - b);
    const worst = lags[lags.length - 1] as number;
    // Queued behind the slow endpoint, a fast delivery would wait for the slow lane's whole backlog (40 events, 4 in
    // flight, 1.5 s each: 15 s). The bound is that rule, not a speed a loaded machine could miss.
    const slowBacklogMs = (events / LANE_CONCURRENCY) * SLOW_MS;
    assert.ok(
      worst < slowBacklogMs / 2,
      `fast lanes' worst lag ${worst} ms, against the slow lane's backlog of ${slowBacklogMs} ms`,
    );
  });

  it('retries in the lane, continues as new, and shows the lane in Temporal under its search attributes', async () => {
    const tenant = await createTestTenant(stack.db);
    receiver.on('/flaky-lane', (_request, count) => (count <= 2 ? { status: 500 } : { status: 204 }));
    const hook = await subscribe(tenant, '/flaky-lane', ['webhook.test'], {
      retry_policy: {
        schedule: 'exponential',
        initial_interval_ms: 200,
        backoff_coefficient: 2,
        max_interval_ms: 1000,
        max_attempts: 5,
      },
    });
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key })).status,
      202,
    );
    let delivery: any;
    const deadline = Date.now() + 30_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 150));
      [delivery] = (
        await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key: tenant.key })
      ).body.data;
    } while (delivery?.status !== 'succeeded' && Date.now() < deadline);
    assert.deepEqual(
      delivery.attempts.map((a: any) => a.response_status),
      [500, 500, 204],
    );
    assert.equal(delivery.workflow_id, `webhook_lane/${hook.id}`, 'the delivery names the workflow responsible for it');
    assert.equal(delivery.next_attempt_at, null);
    const gaps = receiver
      .at('/flaky-lane')
      .map((r, i, all) => (i === 0 ? 0 : r.receivedAt - (all[i - 1] as { receivedAt: number }).receivedAt));
    assert.ok((gaps[1] as number) >= 190 && (gaps[2] as number) >= 390, `exponential backoff: ${gaps.join(', ')}`);

    // The delivery names its lane; operators find the lane by tenant and subscription.
    const laneId = webhookLaneWorkflowId(hook.id);
    assert.equal(laneId, `webhook_lane/${hook.id}`);
    const row = await stack.db('webhook_deliveries').where({ id: delivery.id }).first();
    assert.equal(row.workflow_id, laneId);
    assert.equal(row.next_attempt_at, null);
    // Two passes make a run here: after the two failed attempts the lane continued as new, and the next run succeeded.
    const query = `TenantId = "${tenant.id}" AND ResourceType = "webhook_lane" AND ResourceId = "${hook.id}"`;
    const runs: Array<{ workflowId: string; runId: string; status: { name: string } }> = [];
    const listed = Date.now() + 20_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 300));
      runs.length = 0;
      for await (const execution of stack.temporal.workflow.list({ query })) runs.push(execution);
    } while (!runs.some((r) => r.status.name === 'CONTINUED_AS_NEW') && Date.now() < listed);
    assert.ok(runs.every((r) => r.workflowId === laneId));
    const continued = runs.find((r) => r.status.name === 'CONTINUED_AS_NEW');
    assert.ok(continued, JSON.stringify(runs.map((r) => r.status.name)));

    // With nothing left to deliver, the continued run ends after WEBHOOK_LANE_IDLE_SECONDS (2 s here).
    const idle = Date.now() + 20_000;
    let latest: string | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 300));
      latest = (await stack.temporal.workflow.getHandle(laneId).describe()).status.name;
    } while (latest !== 'COMPLETED' && Date.now() < idle);
    assert.equal(latest, 'COMPLETED', 'an idle lane ends');
    const finalRuns: unknown[] = [];
    for await (const execution of stack.temporal.workflow.list({ query })) finalRuns.push(execution);
    assert.equal(finalRuns.length, 2, 'the run that continued as new, and the one that went idle');

    const history = await stack.temporal.workflow.getHandle(laneId, continued.runId).fetchHistory();
    const types = (history.events ?? []).map((e) => String(e.eventType));
    assert.equal(
      types.filter((t) => t === String(temporal.api.enums.v1.EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED)).length,
      2,
    );
    assert.equal(types.at(-1), String(temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW));
    // With RECORD_WEBHOOK_LANE_HISTORY=1 the run is saved for test/workflows/replay.test.ts (commit the file).
    if (process.env.RECORD_WEBHOOK_LANE_HISTORY) {
      saveRecordedHistory(history, 'webhook-lane-retried-continued.json');
    }
  });

  it('names the running lane of a retrying delivery, with its next attempt; deleting the subscription fails it', async () => {
    const tenant = await createTestTenant(stack.db);
    receiver.on('/down-lane', () => ({ status: 503 }));
    const hook = await subscribe(tenant, '/down-lane', ['webhook.test'], {
      retry_policy: { schedule: 'exponential', initial_interval_ms: 60_000, max_interval_ms: 60_000, max_attempts: 3 },
    });
    const sent = Date.now();
    await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${hook.id}/test`, { key: tenant.key });
    let delivery: any;
    const deadline = Date.now() + 20_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 150));
      [delivery] = (
        await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${hook.id}/deliveries?status=retrying`, { key: tenant.key })
      ).body.data;
    } while (!delivery && Date.now() < deadline);
    assert.ok(delivery, 'the delivery is retrying');
    assert.equal(delivery.attempt_count, 1);
    const due = Date.parse(delivery.next_attempt_at) - sent;
    assert.ok(due >= 55_000 && due <= 80_000, `next attempt due in ${due} ms`);
    assert.equal(delivery.workflow_id, webhookLaneWorkflowId(hook.id));
    const lane = await stack.temporal.workflow.getHandle(delivery.workflow_id).describe();
    assert.equal(lane.status.name, 'RUNNING', 'a lane with a retrying delivery is running (asleep until it is due)');

    assert.equal((await call(stack.baseUrl, 'DELETE', `/api/v1/webhooks/${hook.id}`, { key: tenant.key })).status, 204);
    // The lane looks at least every WEBHOOK_LANE_IDLE_SECONDS (2 s here): it fails the open delivery and ends.
    const ended = Date.now() + 20_000;
    let row: any;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      row = await stack.db('webhook_deliveries').where({ id: delivery.id }).first();
    } while (row.status !== 'failed' && Date.now() < ended);
    assert.equal(row.status, 'failed');
    assert.equal(row.next_attempt_at, null);
    assert.match(row.last_error, /no longer exists/);
    assert.equal(receiver.at('/down-lane').length, 1, 'no attempt after the delete');
  });

  it('delivers what the relay committed even if no lane was woken for it (the sweep)', async () => {
    const tenant = await createTestTenant(stack.db);
    const hook = await subscribe(tenant, '/unwoken', ['scenario.deleted']);
    // What the relay's transaction writes, without the wake-up that follows its commit (as if it died in between).
    const eventId = await inTenantTransaction(stack.db, tenant.id, async (scope) => {
      const event = await recordEvent(scope, 'scenario.deleted', {
        scenario: { id: 'scn_unwoken', deleted_at: new Date().toISOString() },
        actor: { type: 'system', id: 'test' },
      });
      await markEventsDispatched(scope.trx, [event.id]);
      return event.id;
    });
    await stack.db.transaction((trx) =>
      insertLaneDeliveries(trx, [
        {
          id: newId('webhookDelivery'),
          tenant_id: tenant.id,
          subscription_id: hook.id,
          event_id: eventId,
          event_type: 'scenario.deleted',
          workflow_id: webhookLaneWorkflowId(hook.id),
        },
      ]),
    );
    const [received] = await receiver
      .waitFor((all) => all.some((r) => r.path === '/unwoken'), 15_000, 'the unwoken delivery')
      .then(() => receiver.at('/unwoken'));
    assert.equal(received?.json.id, eventId);
  });
});
