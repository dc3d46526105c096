import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { temporal } from '@temporalio/proto';
import { loadConfig } from '../../core/config';
import { locateTemporalCli } from '../../scripts/stack/temporal';
import { dedicatedTaskQueue } from '../../orchestration/task-queues';
import { decisionApprovalWorkflowId } from '../../workflows/decisions/contracts';
import { integrationSyncWorkflowId } from '../../workflows/integrations/contracts-syncs';
import { integrationScheduleId } from '../../workflows/integrations/contracts-schedules';
import { scenarioBatchWorkflowId } from '../../workflows/scenarios/contracts-batches';
import { scenarioRunLaneWorkflowId } from '../../workflows/scenarios/contracts-run-lane';
import { scenarioRunWorkflowId } from '../../workflows/scenarios/contracts-runs';
import { webhookLaneWorkflowId } from '../../workflows/webhooks/contracts';
import { adminWithEnv } from '../helpers/admin-cli';
import { createSignInClient } from '../helpers/people';
import { saveRecordedHistory } from '../helpers/recorded-histories';
import { waitForPollers } from '../helpers/batch-crash';
import { warehouseIntegration } from '../helpers/operation-fixtures';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { staffingScenario as staffing } from '../fixtures/model-bodies';

const run = promisify(execFile);

/**
 * Dedicated workers (Enterprise): a tenant moved by the admin CLI has every kind of its work started on task queues
 * of its own, polled only by the pool started for it, which operators see in the built-in `TaskQueue` search
 * attribute; a move leaves work in flight where it started (a batch finishes exactly once) and lanes follow it.
 */
describe('dedicated workers', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;
  let acme: TestTenant;
  let neighbour: TestTenant;
  let shared: string;
  let dedicated: string;
  const children: ChildProcess[] = [];

  before(async () => {
    receiver = await startWebhookReceiver();
    stack = await startTestStack({
      worker: true,
      env: {
        TENANT_WORKERS_CACHE_SECONDS: '0',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        EVENT_RELAY_POLL_MS: '200',
        // Lanes stay up between deliveries, so a move has a running lane to carry over.
        WEBHOOK_LANE_IDLE_SECONDS: '600',
        BATCH_CHUNK_SIZE: '5',
        BATCH_CONCURRENCY: '2',
        SCENARIO_SYNC_WAIT_MS: '5000',
      },
    });
    acme = await createTestTenant(stack.db, { name: 'Acme' });
    neighbour = await createTestTenant(stack.db, { name: 'Neighbour' });
    shared = stack.config.temporalTaskQueue;
    dedicated = dedicatedTaskQueue(shared, acme.id);
  });
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    await stack?.close();
    await receiver?.close();
  });

  const admin = (...args: string[]) => adminWithEnv({ ...process.env, TEMPORAL_TASK_QUEUE: shared }, ...args);
  const api = async (who: TestTenant, method: string, path: string, body?: unknown) => {
    const response = await call(stack.baseUrl, method, `/api/v1${path}`, { key: who.key, body });
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const queueOf = async (workflowId: string, runId?: string) =>
    (await stack.temporal.workflow.getHandle(workflowId, runId).describe()).taskQueue;
  const move = async (tenant: TestTenant, to: 'dedicated' | 'shared') => {
    const moved = await admin('tenant', 'workers', '--tenant', tenant.id, '--move', to);
    assert.equal(moved.code, 0, moved.stderr);
    return JSON.parse(moved.stdout);
  };
  const subscribe = async (who: TestTenant, path: string) =>
    (await api(who, 'POST', '/webhooks', {
      url: `http://127.0.0.1:${receiver.port}${path}`,
      event_types: ['scenario.completed'],
    })) as { id: string };
  /** An integration reading the test's own Postgres (its `people` stream), mapped so it can sync. */
  const warehouse = async (who: TestTenant, extra: Record<string, unknown> = {}) => {
    const integration = await api(who, 'POST', '/integrations', { ...warehouseIntegration(), ...extra });
    await api(who, 'PUT', `/integrations/${integration.id}/field-mappings`, {
      stream: 'people',
      target: 'employees',
      fields: { employee_id: { source: 'id' } },
    });
    return integration as { id: string };
  };
  /** The task queue a Temporal Schedule's action starts its workflows on. */
  const scheduleQueue = async (integrationId: string) => {
    // Not there yet (the reconciler has not applied it): undefined, to be asked again.
    const described = await stack.temporal.schedule
      .getHandle(integrationScheduleId(integrationId))
      .describe()
      .catch(() => undefined);
    return described?.action.type === 'startWorkflow' ? described.action.taskQueue : undefined;
  };
  const batchDone = (who: TestTenant, id: string) =>
    waitFor(
      `batch ${id} to finish`,
      async () => {
        const batch = await api(who, 'GET', `/scenarios/batches/${id}`);
        return batch.status !== 'running' ? batch : undefined;
      },
      180_000,
    );

  const pollScenario = (who: TestTenant, id: string) =>
    waitFor(
      `scenario ${id} to finish`,
      async () => {
        const scenario = await api(who, 'GET', `/scenarios/${id}`);
        return scenario.status !== 'running' ? scenario : undefined;
      },
      120_000,
    );

  it('is moved by the admin CLI (enterprise only, usage errors named), shown without --move, and audited', async () => {
    const before = await admin('tenant', 'workers', '--tenant', acme.id);
    assert.equal(before.code, 0, before.stderr);
    assert.deepEqual(JSON.parse(before.stdout), {
      object: 'dedicated_workers',
      tenant_id: acme.id,
      workers: 'shared',
      task_queue: shared,
      changed_at: null,
    });

    const moved = await move(acme, 'dedicated');
    assert.equal(moved.workers, 'dedicated');
    assert.equal(moved.task_queue, dedicated);
    assert.equal(moved.previous_workers, 'shared');
    assert.equal(moved.previous_task_queue, shared);
    assert.ok(!Number.isNaN(Date.parse(moved.changed_at)));

    const starter = await createTestTenant(stack.db, { plan: 'starter' });
    for (const [args, message] of [
      [['--tenant', starter.id, '--move', 'dedicated'], /enterprise feature/],
      [['--tenant', acme.id, '--move', 'elsewhere'], /--move must be dedicated or shared/],
      [['--tenant', 'ten_nosuchtenant'], /tenant/],
    ] as const) {
      const refused = await admin('tenant', 'workers', ...args);
      assert.equal(refused.code, 2, `${args.join(' ')}: ${refused.stdout}`);
      assert.match(JSON.parse(refused.stderr).error, message);
    }
    const audit = await api(acme, 'GET', '/audit-log?action=dedicated_workers.updated');
    assert.equal(audit.data.length, 1);
    assert.deepEqual(audit.data[0].payload, { workers: 'dedicated', previous: 'shared', schedules_reapplied: 0 });
    assert.equal(audit.data[0].resource_type, 'dedicated_workers');
    assert.equal(audit.data[0].resource_id, acme.id);
  });

  it("starts every kind of the tenant's work on its own queues, run by its pool; a neighbour's stays on the shared ones", async () => {
    const pool = await stack.startTenantWorkers(acme.id);
    const hook = await subscribe(acme, '/acme');

    // A quick run, a simulation, a batch, a sync, the webhook lane and an approval.
    const quick = await api(acme, 'POST', '/scenarios', staffing(120));
    const simulated = await api(acme, 'POST', '/scenarios', {
      ...staffing(130),
      uncertainty: { arrival_rate_per_hour: { dist: 'uniform', min: 120, max: 140 } },
      simulation: { runs: 200, seed: 1 },
    });
    const batch = await api(acme, 'POST', '/scenarios/batch', { items: [staffing(100), staffing(200), staffing(300)] });
    const integration = await warehouse(acme);
    const sync = await api(acme, 'POST', `/integrations/${integration.id}/syncs`, { mode: 'full' });
    const reviewer = await api(acme, 'POST', '/users', {
      email: `reviewer-${crypto.randomBytes(4).toString('hex')}@example.com`,
      display_name: 'Reviewer',
      role: 'approver',
    });
    const policy = await api(acme, 'POST', '/approval-policies', {
      name: 'one step',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [reviewer.id] }, sla: 'P1D' }],
    });
    const decision = await api(acme, 'POST', '/decisions', {
      title: 'Dedicated',
      options: [{ label: 'Go' }, { label: 'Wait' }],
      chosen_option: 'opt_1',
    });
    await api(acme, 'POST', `/decisions/${decision.id}/submit`, { approval_policy_id: policy.id });
    const neighbours = await api(neighbour, 'POST', '/scenarios', staffing(120));

    // Everything finishes, run by the tenant's pool (the shared worker never polls its queues).
    await waitFor(
      'the simulation to complete',
      async () => (await api(acme, 'GET', `/scenarios/${simulated.id}`)).status === 'completed',
      120_000,
    );
    assert.equal((await batchDone(acme, batch.id)).status, 'completed');
    const synced = await waitFor(
      'the sync to finish',
      async () => {
        const current = await api(acme, 'GET', `/integrations/${integration.id}/syncs/${sync.id}`);
        return current.status !== 'syncing' && current.status !== 'queued' ? current : undefined;
      },
      120_000,
    );
    assert.equal(synced.status, 'completed', JSON.stringify(synced));
    await receiver.waitFor((all) => all.some((r) => r.path === '/acme'), 60_000, "the tenant's webhook");
    const quickDone = await api(acme, 'GET', `/scenarios/${quick.id}`);
    assert.equal(quickDone.status, 'completed');
    // Quick runs go through the tenant's run lane (SCENARIO_RUN_MODE=lane, the default), itself on the tenant's queue.
    assert.equal(quickDone.workflow_id, scenarioRunLaneWorkflowId(acme.id));
    assert.equal(
      (await api(neighbour, 'GET', `/scenarios/${neighbours.id}`)).workflow_id,
      scenarioRunLaneWorkflowId(neighbour.id),
    );

    const placements = {
      quick: await queueOf(scenarioRunLaneWorkflowId(acme.id)),
      simulated: await queueOf(scenarioRunWorkflowId(simulated.id, 1)),
      batch: await queueOf(scenarioBatchWorkflowId(batch.id)),
      sync: await queueOf(integrationSyncWorkflowId(sync.id)),
      lane: await queueOf(webhookLaneWorkflowId(hook.id)),
      approval: await queueOf(decisionApprovalWorkflowId(decision.id)),
      neighbour: await queueOf(scenarioRunLaneWorkflowId(neighbour.id)),
    };
    assert.deepEqual(placements, {
      quick: dedicated,
      simulated: dedicated,
      batch: dedicated,
      sync: dedicated,
      lane: dedicated,
      approval: dedicated,
      neighbour: shared,
    });

    // What operators see: the tenant's workflows by TaskQueue, with the Temporal CLI, and none on the shared queues.
    const cli = await locateTemporalCli(loadConfig(), () => undefined);
    assert.ok(cli, 'the Temporal CLI is built by the test command');
    const list = async (query: string) => {
      const { stdout } = await run(cli, [
        'workflow',
        'list',
        '--address',
        process.env.TEMPORAL_ADDRESS as string,
        '--query',
        query,
        '--output',
        'json',
      ]);
      return (JSON.parse(stdout || '[]') as Array<{ execution: { workflowId: string } }>).map(
        (w) => w.execution.workflowId,
      );
    };
    const expected = [
      scenarioBatchWorkflowId(batch.id),
      integrationSyncWorkflowId(sync.id),
      webhookLaneWorkflowId(hook.id),
      decisionApprovalWorkflowId(decision.id),
      scenarioRunWorkflowId(simulated.id, 1),
      scenarioRunLaneWorkflowId(acme.id),
    ];
    const listed = await waitFor(
      "the visibility store to list the tenant's work on its queue",
      async () => {
        const ids = await list(`TenantId="${acme.id}" AND TaskQueue="${dedicated}"`);
        return expected.every((id) => ids.includes(id)) ? ids : undefined;
      },
      60_000,
    );
    assert.ok(listed.length >= expected.length);
    assert.deepEqual(await list(`TenantId="${acme.id}" AND TaskQueue="${shared}"`), []);
    assert.deepEqual(await list(`TenantId="${acme.id}" AND TaskQueue="${shared}-scenario-runs"`), []);
    assert.deepEqual(await list(`TaskQueue="${`${dedicated}-scenario-runs`}"`), [], 'no workflow per quick run');
    await pool.stop();
  });

  it('finishes a batch in flight where it started, exactly once, while new work and the lane move to the new queues', async () => {
    const mover = await createTestTenant(stack.db, { name: 'Mover' });
    const moverQueue = dedicatedTaskQueue(shared, mover.id);
    const hook = await subscribe(mover, '/mover');
    await api(mover, 'POST', '/scenarios', staffing(150));
    await receiver.waitFor((all) => all.some((r) => r.path === '/mover'), 60_000, 'the first delivery');
    const laneBefore = await stack.temporal.workflow.getHandle(webhookLaneWorkflowId(hook.id)).describe();
    assert.equal(laneBefore.taskQueue, shared);
    const scheduled = await warehouse(mover, { schedule: { interval_seconds: 3600, mode: 'full' } });
    assert.equal(await waitFor('the schedule to be applied', () => scheduleQueue(scheduled.id)), shared);

    // The batch is started while the shared worker is down, so it is certainly in flight when the tenant moves.
    await stack.stopWorker();
    const total = 40;
    const batch = await api(mover, 'POST', '/scenarios/batch', {
      items: Array.from({ length: total }, (_, i) => staffing(100 + i)),
    });
    const moved = await move(mover, 'dedicated');
    assert.equal(moved.task_queue, moverQueue);
    // No worker has run any of it yet: the batch is in flight, whole, at the move.
    const atMove = await api(mover, 'GET', `/scenarios/batches/${batch.id}`);
    assert.equal(atMove.status, 'running');
    assert.equal(atMove.progress.completed, 0);
    // The move re-applied the tenant's schedule in its transaction; the reconciler points its action at the new queue.
    const moveRecord = await stack
      .db('audit_log')
      .where({ tenant_id: mover.id, action: 'dedicated_workers.updated' })
      .first();
    assert.equal(moveRecord.payload.schedules_reapplied, 1);
    const pool = await stack.startTenantWorkers(mover.id);
    await stack.startWorker();
    await waitFor(
      'the schedule to start its syncs on the new queue',
      async () => (await scheduleQueue(scheduled.id)) === moverQueue,
    );

    // New work goes to the tenant's queues at once (the cache is 0 s here).
    const after = await api(mover, 'POST', '/scenarios', staffing(160));
    const done = await batchDone(mover, batch.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.progress.completed, total);
    assert.equal(
      await queueOf(scenarioBatchWorkflowId(batch.id)),
      shared,
      'the batch finished on the queue it started on',
    );
    // The tenant's run lane ran it (on the old queue if a pass was under way) and goes on from the new one.
    assert.equal((await pollScenario(mover, after.id)).status, 'completed');
    await waitFor(
      "the tenant's run lane to go on from its new queue",
      async () => (await queueOf(scenarioRunLaneWorkflowId(mover.id))) === moverQueue,
      60_000,
    );
    // Exactly once: one scenario per item, no item with two.
    const scenarios = await stack.db('scenarios').where({ batch_id: batch.id }).count('* as n').first();
    assert.equal(Number(scenarios?.n), total);
    const items = await stack
      .db('scenario_batch_items')
      .where({ batch_id: batch.id })
      .whereNotNull('scenario_id')
      .select('scenario_id');
    assert.equal(new Set(items.map((item: { scenario_id: string }) => item.scenario_id)).size, total);

    // The running lane delivers the next event, then goes on from the tenant's queue (continue-as-new).
    const deliveredBefore = receiver.received.filter((r) => r.path === '/mover').length;
    await api(mover, 'POST', '/scenarios', staffing(165));
    await receiver.waitFor(
      (all) => all.filter((r) => r.path === '/mover').length > deliveredBefore,
      60_000,
      'a delivery after the move',
    );
    const laneAfter = await waitFor("the lane to continue on the tenant's queue", async () => {
      const described = await stack.temporal.workflow.getHandle(webhookLaneWorkflowId(hook.id)).describe();
      return described.taskQueue === moverQueue ? described : undefined;
    });
    assert.equal(laneAfter.status.name, 'RUNNING');
    const firstRun = await stack.temporal.workflow
      .getHandle(webhookLaneWorkflowId(hook.id), laneBefore.runId)
      .describe();
    assert.equal(firstRun.status.name, 'CONTINUED_AS_NEW');
    assert.equal(firstRun.taskQueue, shared);

    // And back: the next run starts on the shared queues again.
    await move(mover, 'shared');
    const back = await api(mover, 'POST', '/scenarios', staffing(170));
    await waitFor(
      'the run after moving back',
      async () => (await api(mover, 'GET', `/scenarios/${back.id}`)).status === 'completed',
      60_000,
    );
    await waitFor(
      "the tenant's run lane to go on from the shared queue",
      async () => (await queueOf(scenarioRunLaneWorkflowId(mover.id))) === shared,
      60_000,
    );
    await pool.stop();
  });

  it('asks an approval under way to follow the tenant to its queue, where it is decided without the old pool', async () => {
    const approving = await createTestTenant(stack.db, { name: 'Approving' });
    const approvingQueue = dedicatedTaskQueue(shared, approving.id);
    const people = await createSignInClient(stack, approving.key, ['decisions:read', 'decisions:write']);
    const approver = await people.person('approver', approving.id, 'approver');
    const policy = await api(approving, 'POST', '/approval-policies', {
      name: 'one step',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [approver.id] }, sla: 'P1D' }],
    });
    const decision = await api(approving, 'POST', '/decisions', {
      title: 'Under way',
      options: [{ label: 'Go' }, { label: 'Wait' }],
      chosen_option: 'opt_1',
    });
    await api(approving, 'POST', `/decisions/${decision.id}/submit`, { approval_policy_id: policy.id });
    const workflowId = decisionApprovalWorkflowId(decision.id);
    const before = await stack.temporal.workflow.getHandle(workflowId).describe();
    assert.equal(before.taskQueue, shared);

    const pool = await stack.startTenantWorkers(approving.id);
    try {
      await move(approving, 'dedicated');
      // The reconciler asks the run to move; it continues as new on the tenant's queue with its state.
      const relocated = await waitFor("the approval to continue on the tenant's queue", async () => {
        const described = await stack.temporal.workflow.getHandle(workflowId).describe();
        return described.taskQueue === approvingQueue ? described : undefined;
      });
      assert.equal(relocated.status.name, 'RUNNING');
      const firstRun = await stack.temporal.workflow.getHandle(workflowId, before.runId).describe();
      assert.equal(firstRun.status.name, 'CONTINUED_AS_NEW');
      assert.equal(firstRun.taskQueue, shared);
      // With RECORD_APPROVAL_RELOCATION_HISTORY=1 the relocated run is saved for test/workflows/replay.test.ts.
      if (process.env.RECORD_APPROVAL_RELOCATION_HISTORY)
        saveRecordedHistory(
          await stack.temporal.workflow.getHandle(workflowId, before.runId).fetchHistory(),
          'decision-approval-relocated.json',
        );
      const pending = await api(approving, 'GET', `/decisions/${decision.id}`);
      assert.equal(pending.status, 'pending_approval');
      // The move is swept once no process can still start the tenant's approvals on the old queue.
      await waitFor('the sweep of the move to be recorded', async () => {
        const row = await stack
          .db('tenants')
          .where({ id: approving.id })
          .first('approvals_relocated_at', 'workers_changed_at');
        return row.approvals_relocated_at && row.approvals_relocated_at >= row.workers_changed_at ? row : undefined;
      });

      // The old pool is no longer needed for it: with the shared worker stopped, the tenant's pool decides it.
      await stack.stopWorker();
      const approved = await call(stack.baseUrl, 'POST', `/api/v1/decisions/${decision.id}/approve`, {
        headers: { authorization: `Bearer ${approver.token}` },
        body: { expected_step: 1, comment: 'After the move.' },
      });
      assert.ok(
        approved.status === 200 || approved.status === 202,
        `${approved.status} ${JSON.stringify(approved.body)}`,
      );
      await waitFor(
        'the decision to be approved',
        async () => (await api(approving, 'GET', `/decisions/${decision.id}`)).status === 'approved',
      );
      const history = await api(approving, 'GET', `/decisions/${decision.id}/history`);
      assert.deepEqual(
        history.data.filter(
          (entry: { action: string }) =>
            entry.action === 'decision.submitted' || entry.action === 'decision.step.approved',
        ).length,
        2,
        JSON.stringify(history.data),
      );
    } finally {
      await stack.startWorker();
      await pool.stop();
    }
  });

  it('runs a worker process for one tenant (WORKER_TENANT) on its queues only, and an API process reserved for it refuses every other key as unknown', async () => {
    const worker = await spawnWorkerProcess(stack, { WORKER_TENANT: acme.id });
    children.push(worker);
    await waitForPollers(stack.temporal, dedicated, [worker]);
    await waitForPollers(stack.temporal, `${dedicated}-scenario-runs`, [worker]);
    const { TaskQueueType } = temporal.api.enums.v1;
    const sharedPollers = await stack.temporal.workflowService.describeTaskQueue({
      namespace: stack.config.temporalNamespace,
      taskQueue: { name: shared },
      taskQueueType: TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    assert.ok(
      !(sharedPollers.pollers ?? []).some((poller) => poller.identity?.startsWith(`${worker.pid}@`)),
      "the tenant's pool does not poll the shared queue",
    );

    const reserved = await spawnApiProcess(stack, { API_RESERVED_TENANT: acme.id, SCENARIO_RUNNER: 'false' });
    children.push(reserved.child);
    const own = await call(reserved.baseUrl, 'GET', '/api/v1/me', { key: acme.key });
    assert.equal(own.status, 200);
    assert.equal(own.body.tenant_id, acme.id);
    const other = await call(reserved.baseUrl, 'GET', '/api/v1/me', { key: neighbour.key });
    const unknown = await call(reserved.baseUrl, 'GET', '/api/v1/me', {
      key: `dms_${'0'.repeat(26)}_${'A'.repeat(43)}`,
    });
    const strip = (answer: typeof other) => {
      const { request_id: _id, instance: _instance, ...rest } = answer.body as Record<string, unknown>;
      return { status: answer.status, challenge: answer.headers.get('www-authenticate'), body: rest };
    };
    assert.equal(other.status, 401);
    assert.deepEqual(strip(other), strip(unknown));
  });
});
