import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { temporal as temporalProto } from '@temporalio/proto';
import { withdrawQueuedRun } from '../../db/repositories/scenario-run-queue';
import { scenarioRunLaneWorkflowId } from '../../workflows/scenarios/contracts-run-lane';
import {
  call,
  createTestTenant,
  startTestStack,
  useTestStackWithTenant,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { staffingScenario as staffing } from '../fixtures/model-bodies';

const { EventType } = temporalProto.api.enums.v1;

async function laneSignals(stack: TestStack, tenantId: string): Promise<number> {
  const history = await stack.temporal.workflow.getHandle(scenarioRunLaneWorkflowId(tenantId)).fetchHistory();
  return (history.events ?? []).filter((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED).length;
}

async function queued(stack: TestStack, tenantId: string): Promise<number> {
  const result = await stack.db('scenario_run_queue').where({ tenant_id: tenantId }).count<{ count: string }[]>();
  return Number(result[0]?.count);
}

async function pollUntilDone(stack: TestStack, key: string, id: string) {
  for (;;) {
    const response = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}`, { key });
    assert.equal(response.status, 200);
    if (response.body.status !== 'running') return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scenario runs through the tenant run lane (SCENARIO_RUN_MODE=lane)', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant(
    {
      worker: true,
      env: {
        SCENARIO_RUN_MODE: 'lane',
        // Long enough for a loaded machine to answer a single create with its outcome; the tests that expect a 202
        // (nothing runs the run) wait this long.
        SCENARIO_SYNC_WAIT_MS: '5000',
        SCENARIO_LANE_LEASE_SECONDS: '5',
        RUN_RECOVERY_GRACE_SECONDS: '3600',
      },
    },
    (started) => ({ stack, tenant } = started),
  );

  it('answers 201 with the stored result; the scenario names its lane run; nothing stays queued', async () => {
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: staffing(100) });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.status, 'completed');
    assert.equal(response.body.metrics.required_agents, 8);
    const laneId = scenarioRunLaneWorkflowId(tenant.id);
    assert.equal(response.body.workflow_id, laneId);
    const lane = await stack.temporal.workflow.getHandle(laneId).describe();
    assert.equal(lane.runId, response.body.run_id, 'the run id is the lane run that executed it');
    assert.equal(lane.searchAttributes.ResourceType?.[0], 'scenario_run_lane');
    const started = response.body.audit_trail.find((e: { event: string }) => e.event === 'workflow_started');
    assert.deepEqual(started.details, { workflow_id: laneId, run_id: lane.runId });
    assert.equal(await queued(stack, tenant.id), 0);
    const metrics = await call(stack.baseUrl, 'GET', '/metrics');
    assert.match(metrics.body, /^dms_scenario_runs_waited_total\{path="lane"\} [1-9]/m);
  });

  it('runs concurrent creates of two tenants in their own lanes, each outcome stored once with one event', async () => {
    const other = await createTestTenant(stack.db);
    const creates = [tenant, other].flatMap((t) =>
      Array.from({ length: 12 }, async (_, i) => {
        const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: t.key, body: staffing(60 + i) });
        // Answered with the outcome, or (on a machine too loaded to run 24 models within the sync wait) 202 to poll.
        assert.ok([201, 202].includes(response.status), JSON.stringify(response.body));
        return { body: response.status === 201 ? response.body : await pollUntilDone(stack, t.key, response.body.id) };
      }),
    );
    const responses = await Promise.all(creates);
    for (const response of responses) assert.equal(response.body.status, 'completed');
    const byTenant = (t: TestTenant) => responses.filter((r) => r.body.workflow_id === scenarioRunLaneWorkflowId(t.id));
    assert.equal(byTenant(tenant).length, 12);
    assert.equal(byTenant(other).length, 12);
    const ids = responses.map((r) => r.body.id as string);
    const events = await stack
      .db('events')
      .whereIn('tenant_id', [tenant.id, other.id])
      .where({ type: 'scenario.completed' })
      .whereRaw(`data->'scenario'->>'id' = any(?)`, [ids]);
    assert.equal(events.length, ids.length, 'one scenario.completed event per run');
    // A round stores its outcomes together: each tenant's events still have one sequence number each, none skipped.
    for (const t of [tenant, other]) {
      const sequences = (await stack.db('events').where({ tenant_id: t.id }).orderBy('sequence').pluck('sequence')).map(
        Number,
      );
      assert.deepEqual(
        sequences,
        sequences.map((_, index) => (sequences[0] as number) + index),
      );
    }
  });

  it('needs no Temporal wake-up while a pass is looking, and takes again the runs of a pass that died', async () => {
    const own = await createTestTenant(stack.db);
    // A first run starts the lane (one signal-with-start).
    const first = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(90) });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const signalsBefore = await laneSignals(stack, own.id);
    // Its pass looks for a while after, then clears its mark and the lane waits for a signal.
    for (let i = 0; ; i++) {
      const lane = await stack.db('scenario_run_lanes').where({ tenant_id: own.id }).first();
      if (lane?.pass_until === null) break;
      assert.ok(i < 300, 'the first pass ends');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Pretend a pass is looking (its mark set for an hour) while none is: a create then wakes nothing and waits,
    // answering 202 at its deadline with the run queued.
    await stack
      .db('scenario_run_lanes')
      .where({ tenant_id: own.id })
      .update({ pass_until: stack.db.raw(`now() + interval '1 hour'`) });
    const waiting = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(91) });
    assert.equal(waiting.status, 202, JSON.stringify(waiting.body));
    assert.equal(waiting.body.status, 'running');
    assert.equal(await queued(stack, own.id), 1);
    assert.equal(await laneSignals(stack, own.id), signalsBefore, 'no signal while the mark says a pass is looking');

    // A pass that claimed it and died: the claim runs out and the next pass takes it.
    await stack
      .db('scenario_run_queue')
      .where({ scenario_id: waiting.body.id })
      .update({ claimed_until: stack.db.raw(`now() + interval '2 seconds'`) });
    await stack.db('scenario_run_lanes').where({ tenant_id: own.id }).update({ pass_until: null });
    const third = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(92) });
    assert.equal(third.status, 201, JSON.stringify(third.body));
    assert.equal(await laneSignals(stack, own.id), signalsBefore + 1, 'the mark cleared: the create woke the lane');
    const recovered = await pollUntilDone(stack, own.key, waiting.body.id);
    assert.equal(recovered.status, 'completed');
    assert.equal(recovered.workflow_id, scenarioRunLaneWorkflowId(own.id));
    assert.equal(await queued(stack, own.id), 0);
  });

  it('drops a queued run that was superseded (deleted, or re-run) without storing anything for it', async () => {
    const own = await createTestTenant(stack.db);
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(95) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // A stale row for run 1 of a scenario now at run 2 (as after a re-run while it waited).
    await stack.db('scenarios').where({ id: created.body.id }).update({ run_number: 2, status: 'running' });
    await stack.db('scenario_run_queue').insert({ scenario_id: created.body.id, run_number: 1, tenant_id: own.id });
    const next = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(96) });
    assert.equal(next.status, 201, JSON.stringify(next.body));
    for (let i = 0; (await queued(stack, own.id)) > 0; i++) {
      assert.ok(i < 100, 'the stale run leaves the queue');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const scenario = await stack.db('scenarios').where({ id: created.body.id }).first();
    assert.equal(scenario.status, 'running', 'run 2 is untouched by run 1');
    const events = await stack
      .db('events')
      .where({ tenant_id: own.id, type: 'scenario.completed' })
      .whereRaw(`data->'scenario'->>'id' = ?`, [created.body.id]);
    assert.equal(events.length, 1, 'only the first run was ever stored');
  });

  it('answers each request on the API process that took it when several share one lane', async () => {
    const own = await createTestTenant(stack.db);
    // A second API (its own app, pool and LISTEN connection) on the same task queue and database, no worker of its own.
    const other = await startTestStack({
      env: {
        SCENARIO_RUN_MODE: 'lane',
        SCENARIO_RUNNER: 'false',
        SCENARIO_SYNC_WAIT_MS: '10000',
        TEMPORAL_TASK_QUEUE: stack.config.temporalTaskQueue,
      },
    });
    try {
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          call(i % 2 === 0 ? stack.baseUrl : other.baseUrl, 'POST', '/api/v1/scenarios', {
            key: own.key,
            body: staffing(70 + i),
          }),
        ),
      );
      for (const [i, response] of responses.entries()) {
        assert.equal(response.status, 201, JSON.stringify(response.body));
        assert.equal(response.body.status, 'completed');
        assert.equal(response.body.inputs.arrival_rate_per_hour, 70 + i, 'each request gets its own run');
        assert.equal(response.body.workflow_id, scenarioRunLaneWorkflowId(own.id));
      }
      const metrics = await call(other.baseUrl, 'GET', '/metrics');
      assert.match(metrics.body, /^dms_scenario_runs_waited_total\{path="lane"\} 8$/m);
    } finally {
      await other.close();
    }
  });

  it('keeps runs queued while the worker is down and runs each once when it is back', async () => {
    const own = await createTestTenant(stack.db);
    const first = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(80) });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    await stack.stopWorker();
    const accepted: Array<{ status: number; body: any }> = [];
    try {
      accepted.push(
        ...(await Promise.all(
          [81, 82, 83].map((arrivals) =>
            call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(arrivals) }),
          ),
        )),
      );
      for (const response of accepted) {
        assert.equal(response.status, 202, JSON.stringify(response.body));
        assert.equal(response.body.status, 'running');
      }
      assert.equal(await queued(stack, own.id), 3);
    } finally {
      await stack.startWorker();
    }
    for (const response of accepted) {
      const done = await pollUntilDone(stack, own.key, response.body.id);
      assert.equal(done.status, 'completed');
      assert.equal(done.workflow_id, scenarioRunLaneWorkflowId(own.id));
    }
    assert.equal(await queued(stack, own.id), 0);
    const events = await stack.db('events').where({ tenant_id: own.id, type: 'scenario.completed' });
    assert.equal(events.length, 4, 'each run stored once');
  });

  it('answers an idempotent retry with the same run, queued once', async () => {
    const own = await createTestTenant(stack.db);
    const headers = { 'idempotency-key': 'lane-create-1' };
    const first = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(97), headers });
    const again = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(97), headers });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(again.body.id, first.body.id);
    const count = await stack.db('scenarios').where({ tenant_id: own.id }).count<{ count: string }[]>();
    assert.equal(Number(count[0]?.count), 1);
  });

  it('takes back, when its lane cannot be woken, only a queued run that no pass holds', async () => {
    const own = await createTestTenant(stack.db);
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: own.key, body: staffing(98) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // Until the pass that ran it has ended (after its last look), it would claim (and drop as stale) the rows below.
    for (let i = 0; ; i++) {
      const lane = await stack.db('scenario_run_lanes').where({ tenant_id: own.id }).first();
      const described = await stack.temporal.workflow.getHandle(scenarioRunLaneWorkflowId(own.id)).describe();
      if (lane?.pass_until === null && (described.raw.pendingActivities ?? []).length === 0) break;
      assert.ok(i < 300, 'the pass ends');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const run = (runNumber: number) => ({ scenarioId: created.body.id as string, runNumber });
    const row = (runNumber: number, claimedUntil: string | null) => ({
      scenario_id: created.body.id,
      run_number: runNumber,
      tenant_id: own.id,
      claimed_until: claimedUntil === null ? null : stack.db.raw(claimedUntil),
    });
    await stack
      .db('scenario_run_queue')
      .insert([row(11, null), row(12, `now() + interval '1 minute'`), row(13, `now() - interval '1 second'`)]);
    assert.equal(await withdrawQueuedRun(stack.db, own.id, run(11)), true, 'unclaimed: taken back');
    assert.equal(await withdrawQueuedRun(stack.db, own.id, run(12)), false, 'a live claim: the pass runs it');
    assert.equal(await withdrawQueuedRun(stack.db, own.id, run(13)), true, "a dead pass's claim: taken back");
    assert.equal(await withdrawQueuedRun(stack.db, own.id, run(14)), false, 'gone (stored): not undone');
    const other = await createTestTenant(stack.db);
    assert.equal(await withdrawQueuedRun(stack.db, other.id, run(12)), false, "another tenant's run is not touched");
    const left = await stack.db('scenario_run_queue').where({ tenant_id: own.id }).select('run_number');
    assert.deepEqual(
      left.map((r) => r.run_number),
      [12],
    );
  });
});
