import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { temporal } from '@temporalio/proto';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { staffingScenario as staffing } from '../fixtures/model-bodies';

const STAFFING = 'mdl_service_queue_staffing';

async function waitForBatch(
  stack: TestStack,
  key: string,
  id: string,
  until: (batch: any) => boolean,
  timeoutMs = 180_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${id}`, { key });
    assert.equal(response.status, 200);
    if (until(response.body)) return response.body;
    if (Date.now() > deadline)
      throw new Error(`batch ${id} did not reach the expected state: ${JSON.stringify(response.body.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function assertEveryItemRanExactlyOnce(stack: TestStack, batchId: string, expected: number) {
  const scenarios = await stack.db('scenarios').where({ batch_id: batchId }).count('* as n').first();
  assert.equal(scenarios?.n, expected, 'one scenario per valid item, none twice');
  const items = await stack.db('scenario_batch_items').where({ batch_id: batchId }).whereNotNull('scenario_id');
  assert.equal(items.length, expected);
  assert.equal(new Set(items.map((item: any) => item.scenario_id)).size, expected);
}

describe('scenario batches', () => {
  let stack: TestStack;
  let tenant: TestTenant;

  before(async () => {
    stack = await startTestStack({
      worker: true,
      env: {
        SCENARIO_SYNC_WAIT_MS: '300',
        BATCH_CHUNK_SIZE: '50',
        BATCH_CONCURRENCY: '2',
        BATCH_CHUNKS_PER_RUN: '10',
        BATCH_CHUNK_TIMEOUT_MS: '5000',
        ACTIVITY_RETRY_INITIAL_MS: '200',
        ACTIVITY_RETRY_MAX_MS: '1000',
      },
    });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => stack.close());

  it('runs several models in one request, reports invalid items up front, and compares the results', async () => {
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: {
        compare: true,
        items: [
          { ...staffing(100), name: 'low', tags: ['batch-test'] },
          { ...staffing(200), name: 'mid' },
          { model_id: STAFFING, inputs: { arrival_rate_per_hour: 'many' } },
          { model_id: 'mdl_unknown_model', inputs: {} },
          { ...staffing(400), name: 'high' },
        ],
      },
    });
    assert.equal(response.status, 202, JSON.stringify(response.body));
    assert.equal(response.headers.get('location'), `/api/v1/scenarios/batches/${response.body.id}`);
    assert.equal(response.body.progress.total, 5);
    assert.equal(response.body.progress.invalid, 2);
    assert.deepEqual(
      response.body.invalid_items.map((i: any) => i.index),
      [2, 3],
    );
    assert.ok(
      response.body.invalid_items[0].errors.some((e: any) => e.path === '/items/2/inputs/arrival_rate_per_hour'),
    );
    assert.equal(response.body.invalid_items[1].errors[0].path, '/items/3/model_id');

    const done = await waitForBatch(stack, tenant.key, response.body.id, (b) => b.status !== 'running');
    assert.equal(done.status, 'completed');
    assert.deepEqual(done.progress, {
      total: 5,
      done: 3,
      completed: 3,
      failed: 0,
      invalid: 2,
      cancelled: 0,
      pending: 0,
    });
    assert.equal(done.scenario_ids.length, 3);
    assert.equal(done.comparison.mode, 'full');
    const agents = done.comparison.metrics.find((m: any) => m.metric === 'required_agents');
    assert.deepEqual(agents.best, [done.scenario_ids[0]], 'fewest agents needed for the lowest load');
    const first = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${done.scenario_ids[0]}`, { key: tenant.key });
    assert.equal(first.body.name, 'low');
    assert.equal(first.body.batch_id, response.body.id);
    assert.equal(first.body.metrics.required_agents, 8);
    assert.deepEqual(first.body.tags, ['batch-test']);
    const listed = await call(stack.baseUrl, 'GET', `/api/v1/scenarios?batch_id=${response.body.id}`, {
      key: tenant.key,
    });
    assert.equal(listed.body.data.length, 3);
    const description = await stack.temporal.workflow.getHandle(done.workflow_id).describe();
    assert.deepEqual(description.searchAttributes.ResourceType, ['scenario_batch']);
    assert.deepEqual(description.searchAttributes.TenantId, [tenant.id]);

    const allInvalid = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: { items: [{ model_id: STAFFING, inputs: {} }] },
    });
    assert.equal(allInvalid.status, 422);
  });

  it('completes a 2,000-item batch, every item exactly once', async () => {
    const items = Array.from({ length: 2000 }, (_, i) => staffing(50 + (i % 400)));
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', { key: tenant.key, body: { items } });
    assert.equal(response.status, 202);
    const done = await waitForBatch(stack, tenant.key, response.body.id, (b) => b.status !== 'running');
    assert.equal(done.status, 'completed');
    assert.equal(done.progress.completed, 2000);
    assert.equal(done.scenario_ids.length, 2000);
    await assertEveryItemRanExactlyOnce(stack, response.body.id, 2000);
    // 40 chunks, 10 per workflow run: the batch continued as new three times, each history staying small.
    const runs: Array<{ status: { name: string }; historyLength: number }> = [];
    for await (const execution of stack.temporal.workflow.list({ query: `WorkflowId = "${done.workflow_id}"` }))
      runs.push(execution);
    for (let attempt = 0; runs.length < 4 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      runs.length = 0;
      for await (const execution of stack.temporal.workflow.list({ query: `WorkflowId = "${done.workflow_id}"` }))
        runs.push(execution);
    }
    assert.equal(runs.length, 4, 'one execution per 10 chunks');
    assert.equal(runs.filter((r) => r.status.name === 'CONTINUED_AS_NEW').length, 3);
    for (const execution of runs)
      assert.ok(execution.historyLength < 200, `history of ${execution.historyLength} events`);
  });

  it('survives a worker killed mid-batch: after a restart the batch completes with every item exactly once', async () => {
    await stack.stopWorker();
    const crashing = await spawnWorkerProcess(stack);
    const exited = new Promise((resolve) => crashing.once('exit', resolve));
    try {
      const items = Array.from({ length: 3000 }, (_, i) => staffing(60 + (i % 300)));
      const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
        key: tenant.key,
        body: { items },
      });
      assert.equal(response.status, 202);
      const partway = await waitForBatch(stack, tenant.key, response.body.id, (b) => b.progress.done >= 200, 120_000);
      assert.ok(partway.progress.done < 3000, 'killed while items remain');
      crashing.kill('SIGKILL');
      await exited;
      const frozen = (
        await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${response.body.id}`, { key: tenant.key })
      ).body;
      assert.equal(frozen.status, 'running');
      await stack.startWorker();
      const done = await waitForBatch(stack, tenant.key, response.body.id, (b) => b.status !== 'running');
      assert.equal(done.status, 'completed');
      assert.equal(done.progress.completed, 3000);
      await assertEveryItemRanExactlyOnce(stack, response.body.id, 3000);
    } finally {
      if (crashing.exitCode === null && crashing.signalCode === null) crashing.kill('SIGKILL');
      await stack.startWorker();
    }
  });

  it('finishes a single long scenario run whose worker was killed mid-run, exactly once', async () => {
    await stack.stopWorker();
    const crashing = await spawnWorkerProcess(stack);
    const exited = new Promise((resolve) => crashing.once('exit', resolve));
    try {
      const accepted = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: {
          model_id: 'mdl_workforce_cost_projection',
          inputs: { starting_headcount: 120, average_annual_salary: 85000, quarters: 20 },
          uncertainty: { quarterly_attrition_rate: { dist: 'uniform', min: 0.01, max: 0.08 } },
          simulation: { runs: 100000, seed: 3 },
        },
      });
      // 100,000 simulation runs take seconds; the sync wait here is 300 ms, so the run is still going.
      assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
      const id = accepted.body.id;
      // Kill only once the doomed worker has picked the run up (its workflow task started, the model running).
      const handle = stack.temporal.workflow.getHandle(accepted.body.workflow_id);
      const pickedUp = async () =>
        ((await handle.fetchHistory()).events ?? []).some(
          (e) => String(e.eventType) === '6' || String(e.eventType) === 'EVENT_TYPE_WORKFLOW_TASK_STARTED',
        );
      for (let attempt = 0; !(await pickedUp()) && attempt < 300; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(await pickedUp(), 'the first worker started the run');
      crashing.kill('SIGKILL');
      await exited;
      await stack.startWorker();
      const deadline = Date.now() + 120_000;
      let scenario = accepted.body;
      while (scenario.status === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        scenario = (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}`, { key: tenant.key })).body;
      }
      assert.equal(scenario.status, 'completed');
      assert.equal(scenario.simulation.results.runs, 100000);
      assert.equal(scenario.audit_trail.filter((e: any) => e.event === 'result_stored').length, 1, 'stored once');
    } finally {
      if (crashing.exitCode === null && crashing.signalCode === null) crashing.kill('SIGKILL');
      await stack.startWorker();
    }
  });

  it('with SCENARIO_RUN_MODE=workflow, finishes a quick run whose API process died while running it (eager start): the worker completes it, exactly once', async () => {
    const { EventType } = temporal.api.enums.v1;
    // Hold the tenant's event-sequence row: the run in the API process then blocks just before it can commit.
    await stack.db.raw('insert into event_sequences (tenant_id, last_sequence) values (?, 0) on conflict do nothing', [
      tenant.id,
    ]);
    const blocker = await stack.db.transaction();
    let api: Awaited<ReturnType<typeof spawnApiProcess>> | undefined;
    try {
      // The blocker idles on purpose while the process under test starts, which a loaded machine may take a while to do.
      await blocker.raw('set local idle_in_transaction_session_timeout = 0');
      await blocker.raw('select * from event_sequences where tenant_id = ? for update', [tenant.id]);
      // Eager start is the design of SCENARIO_RUN_MODE=workflow (with the default run lanes the worker runs quick runs).
      api = await spawnApiProcess(stack, {
        SCENARIO_RUN_MODE: 'workflow',
        SCENARIO_SYNC_WAIT_MS: '300',
        SCENARIO_WORKFLOW_TASK_TIMEOUT_MS: '2000',
      });
      const accepted = await call(api.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: staffing(123) });
      assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
      const handle = stack.temporal.workflow.getHandle(accepted.body.workflow_id);
      const description = await handle.describe();
      assert.equal(description.taskQueue, `${stack.config.temporalTaskQueue}-scenario-runs`);
      // The API process took the first workflow task itself (eager start): its worker identity is "<pid>@<host>".
      const apiIdentity = new RegExp(`^${api.child.pid}@`);
      const started =
        (await handle.fetchHistory()).events?.filter(
          (e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED,
        ) ?? [];
      assert.equal(started.length, 1);
      assert.match(started[0]?.workflowTaskStartedEventAttributes?.identity ?? '', apiIdentity);

      const exited = new Promise((resolve) => api?.child.once('exit', resolve));
      api.child.kill('SIGKILL');
      await exited;
      await blocker.commit();

      let scenario = accepted.body;
      const deadline = Date.now() + 60_000;
      while (scenario.status === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        scenario = (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${accepted.body.id}`, { key: tenant.key }))
          .body;
      }
      assert.equal(scenario.status, 'completed');
      assert.ok(scenario.metrics.required_agents > 0, JSON.stringify(scenario.metrics));
      assert.equal(scenario.audit_trail.filter((e: any) => e.event === 'result_stored').length, 1, 'stored once');
      // The result is stored by the local activity before its workflow task completes; a retried (transient) task's
      // started event reaches the history only with that completion, so read the history once the workflow closed.
      await handle.result();
      const events = (await handle.fetchHistory()).events ?? [];
      assert.ok(
        events.some((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT),
        "the dead process's task timed out",
      );
      const finisher = events.filter((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED).at(-1);
      assert.doesNotMatch(
        finisher?.workflowTaskStartedEventAttributes?.identity ?? '',
        apiIdentity,
        'another worker finished it',
      );
      assert.ok(events.some((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED));
    } finally {
      if (!blocker.isCompleted()) await blocker.rollback();
      if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    }
  });

  it('cancels a running batch: items already run keep their scenarios, the rest are never run', async () => {
    const items = Array.from({ length: 3000 }, (_, i) => staffing(60 + (i % 300)));
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', { key: tenant.key, body: { items } });
    await waitForBatch(stack, tenant.key, response.body.id, (b) => b.progress.done >= 100, 120_000);
    const cancelled = await call(stack.baseUrl, 'POST', `/api/v1/scenarios/batches/${response.body.id}/cancel`, {
      key: tenant.key,
    });
    assert.equal(cancelled.status, 202);
    const done = await waitForBatch(stack, tenant.key, response.body.id, (b) => b.status !== 'running');
    assert.equal(done.status, 'cancelled');
    assert.ok(done.progress.cancelled > 0);
    assert.equal(done.progress.completed + done.progress.cancelled, 3000);
    assert.equal(done.progress.pending, 0);
    await assertEveryItemRanExactlyOnce(stack, response.body.id, done.progress.completed);
    const again = await call(stack.baseUrl, 'POST', `/api/v1/scenarios/batches/${response.body.id}/cancel`, {
      key: tenant.key,
    });
    assert.equal(again.status, 409);
  });

  it('keeps batches tenant-private', async () => {
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/batch', {
      key: tenant.key,
      body: { items: [staffing(100)] },
    });
    const other = await createTestTenant(stack.db);
    assert.equal(
      (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/batches/${response.body.id}`, { key: other.key })).status,
      404,
    );
    assert.equal(
      (await call(stack.baseUrl, 'POST', `/api/v1/scenarios/batches/${response.body.id}/cancel`, { key: other.key }))
        .status,
      404,
    );
    assert.equal(
      (
        await call(stack.baseUrl, 'GET', '/api/v1/scenarios/batches/bat_01jd2x0m3f8q4w7e5r6t9y2v1a', {
          key: tenant.key,
        })
      ).status,
      404,
    );
    const listed = await call(stack.baseUrl, 'GET', `/api/v1/scenarios?batch_id=${response.body.id}`, {
      key: other.key,
    });
    assert.deepEqual(listed.body.data, []);
  });
});
