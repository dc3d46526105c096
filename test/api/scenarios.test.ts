import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { BUILTIN_MODELS } from '../../decision/builtin';
import { scenarioRunLaneWorkflowId } from '../../workflows/scenarios/contracts-run-lane';
import {
  call,
  createTestTenant,
  startTestStack,
  type TestStack,
  type TestTenant,
  useTestStackWithTenant,
} from '../helpers/stack';

const STAFFING = 'mdl_service_queue_staffing';
const WORKFORCE = 'mdl_workforce_cost_projection';
const staffingInputs = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};

/** The lane run that the run's `workflow_started` audit event names. */
const executedBy = (scenario: { audit_trail: Array<{ event: string; details: Record<string, unknown> }> }) =>
  scenario.audit_trail.filter((e) => e.event === 'workflow_started').at(-1)?.details;

const exampleOf = (key: string) =>
  ((BUILTIN_MODELS.find((m) => m.key === key)?.inputSchema.examples as any[]) ?? [])[0];

async function pollUntilDone(stack: TestStack, key: string, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}`, { key });
    assert.equal(response.status, 200);
    if (response.body.status !== 'running') return response.body;
    if (Date.now() > deadline) throw new Error(`scenario ${id} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** dms_scenario_runs_waited_total by path, from the Prometheus text. */
function runWaits(metrics: { body: string }): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const match of metrics.body.matchAll(/^dms_scenario_runs_waited_total\{path="(\w+)"\} (\d+)$/gm))
    counts[match[1] as string] = Number(match[2]);
  return counts;
}

describe('scenarios', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({ worker: true }, (started) => ({ stack, tenant } = started));

  it("runs a model in the tenant's run lane (Temporal) and answers 201 with results, notes and an audit trail", async () => {
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: staffingInputs, name: 'Support desk', tags: ['q3', 'support'] },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const scenario = response.body;
    assert.match(scenario.id, /^scn_[0-9a-z]{26}$/);
    assert.equal(response.headers.get('location'), `/api/v1/scenarios/${scenario.id}`);
    assert.equal(scenario.status, 'completed');
    assert.equal(scenario.model_version, '1.0.0');
    // Hand-computed (Erlang C): 100 calls/h × 180 s = 5 Erlangs; 8 agents reach 88.0 % within 20 s; 8 / (1 − 0.3) → 12 scheduled.
    assert.equal(scenario.metrics.required_agents, 8);
    assert.equal(scenario.metrics.scheduled_agents, 12);
    assert.ok(Math.abs(scenario.metrics.service_level - 0.88) < 0.001, String(scenario.metrics.service_level));
    assert.equal(scenario.inputs.max_occupancy, 0.85, 'defaults applied and shown');
    assert.equal(scenario.inputs.shrinkage, 0.3);
    assert.ok(scenario.notes.some((n: any) => n.kind === 'default_applied' && n.input === 'shrinkage'));
    assert.ok(
      Array.isArray(scenario.decision_structure.alternatives) && scenario.decision_structure.alternatives.length > 0,
    );
    assert.ok(Array.isArray(scenario.decision_structure.derivation));
    assert.deepEqual(
      scenario.audit_trail.map((e: any) => e.event),
      ['received', 'validated', 'workflow_started', 'model_executed', 'result_stored'],
    );
    assert.deepEqual(
      scenario.audit_trail.map((e: any) => e.sequence),
      [1, 2, 3, 4, 5],
    );
    for (const event of scenario.audit_trail) assert.deepEqual(event.actor, { type: 'api_key', id: tenant.keyId });
    const executed = scenario.audit_trail.find((e: any) => e.event === 'model_executed');
    assert.equal(executed.details.inputs_sha256, sha256Hex(canonicalJson(scenario.inputs)));
    assert.equal(executed.details.model_version, '1.0.0');
    assert.equal(scenario.inputs_sha256, executed.details.inputs_sha256);
    const times = scenario.audit_trail.map((e: any) => Date.parse(e.at));
    assert.deepEqual(
      [...times].sort((a, b) => a - b),
      times,
      'events are in time order',
    );
    // The run names the run of the tenant's lane that executed it (SCENARIO_RUN_MODE=lane, the default).
    assert.equal(scenario.workflow_id, scenarioRunLaneWorkflowId(tenant.id));
    assert.ok(scenario.run_id);
    assert.deepEqual(executedBy(scenario), { workflow_id: scenario.workflow_id, run_id: scenario.run_id });

    const fetched = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${scenario.id}`, { key: tenant.key });
    assert.deepEqual(fetched.body, scenario);

    // Operators find the lane run from the scenario, and the lane by tenant; its history has the pass that ran it.
    const description = await stack.temporal.workflow.getHandle(scenario.workflow_id, scenario.run_id).describe();
    assert.equal(description.type, 'scenarioRunLaneWorkflow');
    assert.deepEqual(description.searchAttributes.TenantId, [tenant.id]);
    assert.deepEqual(description.searchAttributes.ResourceType, ['scenario_run_lane']);
    assert.deepEqual(description.searchAttributes.ResourceId, [tenant.id]);
    const history = await stack.temporal.workflow.getHandle(scenario.workflow_id, scenario.run_id).fetchHistory();
    assert.ok(
      (history.events ?? []).some(
        (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'runQueuedScenarios',
      ),
      'a pass of the lane ran it',
    );
  });

  it('with SCENARIO_RUN_MODE=workflow, runs each quick run as a workflow of its own that operators find by resource', async () => {
    const own = await startTestStack({ worker: true, env: { SCENARIO_RUN_MODE: 'workflow' } });
    try {
      const response = await call(own.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: { model_id: STAFFING, inputs: staffingInputs },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const scenario = response.body;
      assert.equal(scenario.metrics.required_agents, 8);
      assert.equal(scenario.workflow_id, `scenario/${scenario.id}/run-1`);
      assert.ok(scenario.run_id);
      // (The 201 comes once the outcome is stored; the workflow closes right after.)
      const run = own.temporal.workflow.getHandle(scenario.workflow_id);
      assert.deepEqual(await run.result(), { scenarioId: scenario.id, status: 'completed' });
      const description = await run.describe();
      assert.deepEqual(description.searchAttributes.TenantId, [tenant.id]);
      assert.deepEqual(description.searchAttributes.ResourceType, ['scenario']);
      assert.deepEqual(description.searchAttributes.ResourceId, [scenario.id]);
      assert.equal(description.status.name, 'COMPLETED');

      // Quick runs in the API process that took the request (eager start), simulations on the worker.
      for (let i = 0; i < 100 && (await call(own.baseUrl, 'GET', '/ready')).body.checks.scenario_runner !== 'ok'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const localRuns = async () => runWaits(await call(own.baseUrl, 'GET', '/metrics')).local ?? 0;
      const before = await localRuns();
      const quick = await call(own.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: { model_id: STAFFING, inputs: staffingInputs },
      });
      assert.equal(quick.status, 201, JSON.stringify(quick.body));
      assert.equal(await localRuns(), before + 1, "the result came from this process's runner");
      await own.temporal.workflow.getHandle(quick.body.workflow_id).result();
      const quickRun = await own.temporal.workflow.getHandle(quick.body.workflow_id).describe();
      assert.equal(quickRun.taskQueue, `${own.config.temporalTaskQueue}-scenario-runs`);
      assert.equal(quickRun.status.name, 'COMPLETED');
    } finally {
      await own.close();
    }
  });

  it('runs simulations on the worker as a workflow of their own, never in the API process', async () => {
    const simulated = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: {
        model_id: STAFFING,
        inputs: staffingInputs,
        uncertainty: { arrival_rate_per_hour: { dist: 'uniform', min: 80, max: 120 } },
        simulation: { runs: 200, seed: 1 },
      },
    });
    assert.equal(simulated.status, 201, JSON.stringify(simulated.body));
    assert.equal(simulated.body.simulation.results.runs, 200);
    assert.equal(simulated.body.workflow_id, `scenario/${simulated.body.id}/run-1`);
    assert.equal(
      runWaits(await call(stack.baseUrl, 'GET', '/metrics')).local ?? 0,
      0,
      'nothing ran in the API process',
    );
    const simulatedRun = await stack.temporal.workflow.getHandle(simulated.body.workflow_id).describe();
    assert.equal(simulatedRun.taskQueue, stack.config.temporalTaskQueue);
    assert.deepEqual(simulatedRun.searchAttributes.ResourceType, ['scenario']);
  });

  it('with SCENARIO_RUN_MODE=workflow and without the runner (SCENARIO_RUNNER=false) quick runs go through the task queue to the worker', async () => {
    const plain = await startTestStack({
      worker: true,
      env: { SCENARIO_RUN_MODE: 'workflow', SCENARIO_RUNNER: 'false' },
    });
    try {
      const ready = await call(plain.baseUrl, 'GET', '/ready');
      assert.equal(ready.body.checks.scenario_runner, 'disabled');
      const response = await call(plain.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: { model_id: STAFFING, inputs: staffingInputs },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.status, 'completed');
      assert.equal(response.body.metrics.required_agents, 8);
      assert.deepEqual(runWaits(await call(plain.baseUrl, 'GET', '/metrics')), { temporal: 1 });
    } finally {
      await plain.close();
    }
  });

  it('runs every built-in model over HTTP with the same results as evaluating it in-process', async () => {
    for (const model of BUILTIN_MODELS) {
      const inputs = exampleOf(model.key);
      const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: { model_id: `mdl_${model.key}`, inputs },
      });
      assert.equal(response.status, 201, `${model.key}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(response.body.metrics, model.evaluate(response.body.inputs).metrics, model.key);
    }
  });

  it('refuses invalid inputs with 422 naming each field, storing nothing and starting nothing', async () => {
    const own = await createTestTenant(stack.db);
    const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: own.key,
      body: {
        model_id: STAFFING,
        inputs: {
          arrival_rate_per_hour: -5,
          average_handle_time_seconds: 'slow',
          target_answer_time_seconds: 20,
          surprise: 1,
        },
      },
    });
    assert.equal(response.status, 422);
    assert.equal(response.body.code, 'validation_failed');
    const paths = response.body.errors.map((e: any) => e.path).sort();
    assert.deepEqual(paths, [
      '/inputs/arrival_rate_per_hour',
      '/inputs/average_handle_time_seconds',
      '/inputs/surprise',
    ]);
    assert.equal((await stack.db('scenarios').where({ tenant_id: own.id }).count('* as n').first())?.n, 0);
    // The validate endpoint gives the very same errors.
    const validation = await call(stack.baseUrl, 'POST', `/api/v1/models/${STAFFING}/validate`, {
      key: own.key,
      body: {
        inputs: {
          arrival_rate_per_hour: -5,
          average_handle_time_seconds: 'slow',
          target_answer_time_seconds: 20,
          surprise: 1,
        },
      },
    });
    assert.equal(validation.status, 200);
    assert.equal(validation.body.valid, false);
    assert.deepEqual(validation.body.errors, response.body.errors);
    const workflows = [];
    for await (const workflow of stack.temporal.workflow.list({ query: `TenantId = "${own.id}"` }))
      workflows.push(workflow);
    assert.equal(workflows.length, 0);

    const unknownModel = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: own.key,
      body: { model_id: 'mdl_nothing_here', inputs: {} },
    });
    assert.equal(unknownModel.status, 422);
    assert.equal(unknownModel.body.errors[0].path, '/model_id');
    const badVersion = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: own.key,
      body: { model_id: STAFFING, model_version: '9.9.9', inputs: staffingInputs },
    });
    assert.equal(badVersion.status, 422);
    assert.equal(badVersion.body.errors[0].path, '/model_version');
    const missing = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: own.key,
      body: { inputs: staffingInputs },
    });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.errors, [{ path: '/model_id', message: 'is required' }]);
  });

  it('answers 202 for a run that outlasts the synchronous wait, and the client polls it to completion', async () => {
    const slow = await startTestStack({ worker: true, env: { SCENARIO_SYNC_WAIT_MS: '100' } });
    try {
      const body = {
        model_id: WORKFORCE,
        inputs: { ...exampleOf('workforce_cost_projection'), quarters: 20 },
        uncertainty: {
          quarterly_attrition_rate: { dist: 'triangular', min: 0.02, mode: 0.04, max: 0.08 },
          average_annual_salary: { dist: 'normal', mean: 85000, sd: 15000, min: 40000 },
          planned_hires_per_quarter: { dist: 'uniform', min: 4, max: 6 },
        },
        simulation: { runs: 60000, seed: 42 },
      };
      const accepted = await call(slow.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body });
      assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
      assert.equal(accepted.body.status, 'running');
      assert.equal(accepted.headers.get('location'), `/api/v1/scenarios/${accepted.body.id}`);
      const done = await pollUntilDone(slow, tenant.key, accepted.body.id, 120_000);
      assert.equal(done.status, 'completed');
      const results = done.simulation.results;
      assert.equal(results.runs, 60000);
      assert.equal(results.seed, 42);
      const cost = results.metrics.total_cost;
      assert.ok(cost.p5 < cost.p50 && cost.p50 < cost.p95, JSON.stringify(cost));
      assert.ok(Math.abs(cost.mean - cost.p50) / cost.mean < 0.05);
      // Salary (sd 18 % of its mean) moves total cost far more than attrition or one hire a quarter more or less.
      assert.equal(results.sensitivity.total_cost[0].input, 'average_annual_salary');
      assert.ok(done.notes.some((n: any) => n.kind === 'info' && /seed 42/.test(n.message)));
    } finally {
      await slow.close();
    }
  });

  it("reproduces a seeded simulation exactly and uses a distribution's central value when the input is omitted", async () => {
    const { quarterly_attrition_rate: _omitted, ...inputs } = exampleOf('workforce_cost_projection');
    const body = {
      model_id: WORKFORCE,
      inputs,
      uncertainty: { quarterly_attrition_rate: { dist: 'triangular', min: 0.02, mode: 0.05, max: 0.08 } },
      simulation: { runs: 500, seed: 7 },
    };
    const first = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body });
    const second = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.inputs.quarterly_attrition_rate, 0.05);
    assert.deepEqual(first.body.simulation.results, second.body.simulation.results);
    const badUncertainty = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: {
        ...body,
        uncertainty: {
          quarterly_attrition_rate: { dist: 'triangular', min: 0.1, mode: 0.05, max: 0.08 },
          nonsense: { dist: 'uniform', min: 0, max: 1 },
        },
      },
    });
    assert.equal(badUncertainty.status, 422);
    assert.deepEqual(badUncertainty.body.errors.map((e: any) => e.path).sort(), [
      '/uncertainty/nonsense',
      '/uncertainty/quarterly_attrition_rate',
    ]);
  });

  it('updates metadata in place and re-runs on new inputs, keeping the previous run in the history', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: staffingInputs },
    });
    const id = created.body.id;
    const renamed = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { name: 'Renamed', tags: ['x'] },
    });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'Renamed');
    assert.equal(renamed.body.run_number, 1);
    assert.deepEqual(renamed.body.metrics, created.body.metrics);

    const rerun = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { inputs: { ...staffingInputs, arrival_rate_per_hour: 200 } },
    });
    assert.equal(rerun.status, 200, JSON.stringify(rerun.body));
    assert.equal(rerun.body.run_number, 2);
    assert.equal(rerun.body.status, 'completed');
    assert.ok(rerun.body.metrics.required_agents > created.body.metrics.required_agents);
    assert.equal(rerun.body.workflow_id, scenarioRunLaneWorkflowId(tenant.id));
    assert.deepEqual(executedBy(rerun.body), { workflow_id: rerun.body.workflow_id, run_id: rerun.body.run_id });
    const runs = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}/runs`, { key: tenant.key });
    assert.deepEqual(
      runs.body.data.map((r: any) => [r.run_number, r.current]),
      [
        [2, true],
        [1, false],
      ],
    );
    assert.deepEqual(runs.body.data[1].metrics, created.body.metrics);

    const invalid = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { inputs: { arrival_rate_per_hour: 'lots' } },
    });
    assert.equal(invalid.status, 422);
    const unchanged = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}`, { key: tenant.key });
    assert.equal(unchanged.body.run_number, 2, 'a refused re-run changes nothing');
    const empty = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, { key: tenant.key, body: {} });
    assert.equal(empty.status, 422);
  });

  it('PATCH merges inputs (RFC 7396): one changed input re-runs with the others kept; null removes one and its default applies again', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: { ...staffingInputs, shrinkage: 0.2 } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;

    const oneInput = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { inputs: { arrival_rate_per_hour: 120 } },
    });
    assert.equal(oneInput.status, 200, JSON.stringify(oneInput.body));
    assert.equal(oneInput.body.run_number, 2);
    assert.deepEqual(oneInput.body.inputs, {
      ...staffingInputs,
      arrival_rate_per_hour: 120,
      shrinkage: 0.2,
      max_occupancy: 0.85,
    });
    assert.ok(oneInput.body.metrics.required_agents > created.body.metrics.required_agents);
    assert.ok(
      oneInput.body.notes.some((n: any) => n.kind === 'default_applied' && n.input === 'max_occupancy'),
      "a default the first run filled in is filled in again, not taken as the client's value",
    );

    const removed = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { inputs: { shrinkage: null } },
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(removed.body.inputs.shrinkage, 0.3, 'null removed the input; the model default applies');
    assert.equal(removed.body.inputs.arrival_rate_per_hour, 120);
    assert.ok(removed.body.notes.some((n: any) => n.kind === 'default_applied' && n.input === 'shrinkage'));

    const requiredRemoved = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { inputs: { arrival_rate_per_hour: null } },
    });
    assert.equal(requiredRemoved.status, 422, JSON.stringify(requiredRemoved.body));
    assert.deepEqual(
      requiredRemoved.body.errors.map((e: any) => e.path),
      ['/inputs/arrival_rate_per_hour'],
    );
    const runs = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}/runs`, { key: tenant.key });
    assert.equal(runs.body.data.length, 3, 'the refused patch started no run');
  });

  it("PATCH merges uncertainty by input name: a distribution replaces that input's whole, null removes it (and the simulation with the last)", async () => {
    const { quarterly_attrition_rate: _omitted, ...inputs } = exampleOf('workforce_cost_projection');
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: {
        model_id: WORKFORCE,
        inputs,
        uncertainty: { quarterly_attrition_rate: { dist: 'triangular', min: 0.02, mode: 0.05, max: 0.08 } },
        simulation: { runs: 200, seed: 3 },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;

    const replaced = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { uncertainty: { quarterly_attrition_rate: { dist: 'uniform', min: 0.02, max: 0.06 } } },
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.deepEqual(replaced.body.uncertainty, {
      quarterly_attrition_rate: { dist: 'uniform', min: 0.02, max: 0.06 },
    });
    assert.equal(
      replaced.body.inputs.quarterly_attrition_rate,
      0.04,
      "the base run takes the new distribution's central value",
    );
    assert.equal(replaced.body.simulation.seed, 3, 'simulation settings are kept');

    const certain = await call(stack.baseUrl, 'PATCH', `/api/v1/scenarios/${id}`, {
      key: tenant.key,
      body: { inputs: { quarterly_attrition_rate: 0.03 }, uncertainty: { quarterly_attrition_rate: null } },
    });
    assert.equal(certain.status, 200, JSON.stringify(certain.body));
    assert.equal(certain.body.uncertainty, null);
    assert.equal(certain.body.simulation, null);
    assert.equal(certain.body.inputs.quarterly_attrition_rate, 0.03);
    assert.equal(certain.body.inputs.average_annual_salary, inputs.average_annual_salary);
  });

  it('deletes softly: gone from reads and lists, with an audit event kept', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: staffingInputs, tags: ['to-delete'] },
    });
    const removed = await call(stack.baseUrl, 'DELETE', `/api/v1/scenarios/${created.body.id}`, { key: tenant.key });
    assert.equal(removed.status, 204);
    assert.equal(
      (await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${created.body.id}`, { key: tenant.key })).status,
      404,
    );
    assert.equal(
      (await call(stack.baseUrl, 'DELETE', `/api/v1/scenarios/${created.body.id}`, { key: tenant.key })).status,
      404,
    );
    const listed = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?tag=to-delete', { key: tenant.key });
    assert.deepEqual(listed.body.data, []);
    const row = await stack.db('scenarios').where({ id: created.body.id }).first();
    assert.ok(row.deleted_at);
    assert.equal(row.audit_trail[row.audit_trail.length - 1].event, 'deleted');
  });

  it('lists with filters and pagination', async () => {
    const own = await createTestTenant(stack.db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
        key: own.key,
        body: {
          model_id: i < 3 ? STAFFING : WORKFORCE,
          inputs: i < 3 ? staffingInputs : exampleOf('workforce_cost_projection'),
          tags: i % 2 === 0 ? ['even'] : ['odd'],
        },
      });
      ids.push(response.body.id);
    }
    const page1 = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?limit=2', { key: own.key });
    const page2 = await call(stack.baseUrl, 'GET', `/api/v1/scenarios?limit=2&cursor=${page1.body.next_cursor}`, {
      key: own.key,
    });
    const page3 = await call(stack.baseUrl, 'GET', `/api/v1/scenarios?limit=2&cursor=${page2.body.next_cursor}`, {
      key: own.key,
    });
    assert.deepEqual(
      [...page1.body.data, ...page2.body.data, ...page3.body.data].map((s: any) => s.id),
      [...ids].reverse(),
    );
    assert.equal(page3.body.next_cursor, null);
    const byModel = await call(stack.baseUrl, 'GET', `/api/v1/scenarios?model_id=${WORKFORCE}`, { key: own.key });
    assert.deepEqual(
      byModel.body.data.map((s: any) => s.id),
      [ids[4], ids[3]],
    );
    const byTag = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?tag=even', { key: own.key });
    assert.deepEqual(
      byTag.body.data.map((s: any) => s.id),
      [ids[4], ids[2], ids[0]],
    );
    const byStatus = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?status=completed&limit=100', { key: own.key });
    assert.equal(byStatus.body.data.length, 5);
    const future = await call(
      stack.baseUrl,
      'GET',
      `/api/v1/scenarios?created_after=${new Date(Date.now() + 60_000).toISOString()}`,
      { key: own.key },
    );
    assert.deepEqual(future.body.data, []);
    const past = await call(
      stack.baseUrl,
      'GET',
      `/api/v1/scenarios?created_before=${new Date(Date.now() + 60_000).toISOString()}&limit=100`,
      { key: own.key },
    );
    assert.equal(past.body.data.length, 5);
    const badStatus = await call(stack.baseUrl, 'GET', '/api/v1/scenarios?status=weird', { key: own.key });
    assert.equal(badStatus.status, 400);
    assert.equal(badStatus.body.errors[0].path, '/query/status');
  });

  it('compares scenarios: side by side, deltas against a baseline, best per declared direction, non-comparable metrics', async () => {
    const run = async (model_id: string, inputs: Record<string, unknown>) =>
      (await call(stack.baseUrl, 'POST', '/api/v1/scenarios', { key: tenant.key, body: { model_id, inputs } })).body;
    const low = await run(STAFFING, staffingInputs);
    const high = await run(STAFFING, { ...staffingInputs, arrival_rate_per_hour: 300 });
    const other = await run(WORKFORCE, exampleOf('workforce_cost_projection'));
    const comparison = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/compare', {
      key: tenant.key,
      body: { scenario_ids: [low.id, high.id], baseline_id: low.id },
    });
    assert.equal(comparison.status, 200, JSON.stringify(comparison.body));
    const agents = comparison.body.metrics.find((m: any) => m.metric === 'required_agents');
    assert.deepEqual(agents.values, { [low.id]: low.metrics.required_agents, [high.id]: high.metrics.required_agents });
    assert.equal(agents.absolute_delta[high.id], high.metrics.required_agents - low.metrics.required_agents);
    assert.equal(agents.relative_delta[low.id], 0);
    assert.equal(comparison.body.not_comparable.length, 0);

    const mixed = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/compare', {
      key: tenant.key,
      body: { scenario_ids: [low.id, other.id] },
    });
    assert.equal(mixed.status, 200);
    assert.ok(mixed.body.not_comparable.some((m: any) => m.metric === 'required_agents'));
    assert.ok(mixed.body.not_comparable.some((m: any) => m.metric === 'total_cost'));

    const tooFew = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/compare', {
      key: tenant.key,
      body: { scenario_ids: [low.id] },
    });
    assert.equal(tooFew.status, 422);
    const missing = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/compare', {
      key: tenant.key,
      body: { scenario_ids: [low.id, 'scn_01jd2x0m3f8q4w7e5r6t9y2v1a'] },
    });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.errors[0].path, '/scenario_ids/1');
  });

  it('keeps every scenario endpoint tenant-private', async () => {
    const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
      key: tenant.key,
      body: { model_id: STAFFING, inputs: staffingInputs },
    });
    const other = await createTestTenant(stack.db);
    const id = created.body.id;
    const absent = 'scn_01jd2x0m3f8q4w7e5r6t9y2v1a';
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'mine now' }],
      ['DELETE', '', undefined],
      ['GET', '/runs', undefined],
    ] as const) {
      const foreign = await call(stack.baseUrl, method, `/api/v1/scenarios/${id}${path}`, { key: other.key, body });
      const nothing = await call(stack.baseUrl, method, `/api/v1/scenarios/${absent}${path}`, { key: other.key, body });
      assert.equal(foreign.status, 404, `${method} ${path}`);
      assert.equal(foreign.body.code, nothing.body.code);
    }
    const compare = await call(stack.baseUrl, 'POST', '/api/v1/scenarios/compare', {
      key: other.key,
      body: { scenario_ids: [id, absent] },
    });
    assert.equal(compare.status, 422);
    assert.equal(compare.body.errors[0].message, `no scenario "${id}" exists`);
    assert.deepEqual((await call(stack.baseUrl, 'GET', '/api/v1/scenarios', { key: other.key })).body.data, []);
    const stillThere = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}`, { key: tenant.key });
    assert.equal(stillThere.body.name, null);
  });
});
