import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { temporal } from '@temporalio/proto';
import { waitForPollers } from '../helpers/batch-crash';
import { publishForTest } from '../helpers/model-release';
import { seedCompletedRuns } from '../helpers/model-replays';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  useTestStackWithTenant,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { saveRecordedHistory } from '../helpers/recorded-histories';
import { newId } from '../../core/ids';

const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/jdm', name), 'utf8'));

/** The discount model of models.test.ts: tier and quantity → discount.rate and segment, by a decision table. */
const discountModel = (maxQuantity = 100000, graph = fixture('discount-by-tier.json')) => ({
  name: 'Discount policy',
  description: 'Discount by customer tier and order size.',
  category: 'pricing',
  input_schema: {
    type: 'object',
    required: ['tier', 'quantity'],
    properties: {
      tier: { type: 'string', enum: ['gold', 'silver', 'bronze'] },
      quantity: { type: 'integer', minimum: 1, maximum: maxQuantity },
    },
  },
  output_schema: {
    type: 'object',
    required: ['discount.rate', 'segment'],
    properties: { 'discount.rate': { type: 'number' }, segment: { type: 'string' } },
  },
  graph,
  sample_inputs: { tier: 'gold', quantity: 150 },
});

/**
 * The draft: silver bulk orders get 0.15 instead of 0.1, gold orders under 100 units give a number as their segment
 * (which the output schema refuses), and orders above 550 units are no longer valid inputs.
 */
const draftUpload = (graph = fixture('discount-by-tier.json')) => {
  const rules = graph.nodes[1].content.rules as Array<Record<string, string>>;
  (rules.find((rule) => rule._id === 'silver-bulk') as Record<string, string>).rate = '0.15';
  (rules.find((rule) => rule._id === 'gold') as Record<string, string>).segment = '7';
  const { name: _name, description: _description, category: _category, ...upload } = discountModel(550, graph);
  return upload;
};

type Stack = { stack: TestStack; tenant: TestTenant };

/** The graph with `rules` rules that never match before its own: each evaluation scans them all (about 5 ms for 3,000). */
const padded = (rules: number) => {
  const graph = fixture('discount-by-tier.json');
  const padding = Array.from({ length: rules }, (_, i) => ({
    _id: `pad-${i}`,
    tier: '',
    qty: `< ${-i}`,
    rate: '0',
    segment: '"pad"',
  }));
  graph.nodes[1].content.rules = [...padding, ...graph.nodes[1].content.rules];
  return graph;
};

async function createModel({ stack, tenant }: Stack, graph?: unknown): Promise<string> {
  const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
    key: tenant.key,
    body: discountModel(100000, graph),
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

async function replayToEnd(
  { stack, tenant }: Stack,
  modelId: string,
  body: Record<string, unknown>,
  timeoutMs = 120_000,
) {
  const started = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/replays`, { key: tenant.key, body });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  assert.equal(started.headers.get('location'), `/api/v1/models/${modelId}/replays/${started.body.id}`);
  return waitFor(
    'the replay to finish',
    async () => {
      const polled = await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}/replays/${started.body.id}`, {
        key: tenant.key,
      });
      assert.equal(polled.status, 200, JSON.stringify(polled.body));
      return ['queued', 'running'].includes(polled.body.status) ? undefined : polled.body;
    },
    timeoutMs,
  );
}

describe('model replays', () => {
  const given = {} as Stack;
  // Batches of 2: the six runs below take three batches, merged into one report. Run recovery looks every second.
  useTestStackWithTenant(
    {
      worker: true,
      env: { REPLAY_BATCH_SIZE: '2', RUN_RECOVERY_GRACE_SECONDS: '1', RUN_RECOVERY_INTERVAL_SECONDS: '1' },
    },
    (started) => Object.assign(given, started),
  );

  it("replays the published version's completed runs against a draft and reports every change exactly, writing no scenario", async () => {
    const { stack, tenant } = given;
    const modelId = await createModel(given);
    const run = async (inputs: Record<string, unknown>, version?: string) => {
      const created = await call(stack.baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: { model_id: modelId, inputs, ...(version ? { model_version: version } : {}) },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.status, 'completed');
      return created.body as { id: string; metrics: Record<string, unknown> };
    };
    // The author's trial of version 1 while it was a draft: a draft run, which no replay counts.
    const draftRun = await run({ tier: 'silver', quantity: 200 }, '1');
    assert.equal((draftRun as { draft_run?: boolean }).draft_run, true);
    await publishForTest(given, modelId, 1);
    // Oldest first; the replay takes the newest first.
    const goldBulk = await run({ tier: 'gold', quantity: 150 });
    const silverBulk = await run({ tier: 'silver', quantity: 120 });
    const silverLarger = await run({ tier: 'silver', quantity: 130 });
    const bronze = await run({ tier: 'bronze', quantity: 10 });
    const veryLarge = await run({ tier: 'bronze', quantity: 600 });
    const goldSmall = await run({ tier: 'gold', quantity: 5 });
    const draft = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/versions`, {
      key: tenant.key,
      body: draftUpload(),
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    const scenariosBefore = await stack
      .db('scenarios')
      .where({ model_id: modelId })
      .orderBy('id')
      .select('id', 'metrics', 'run_number', 'updated_at');

    const done = await replayToEnd(given, modelId, { version: '2' });
    assert.equal(done.status, 'completed', JSON.stringify(done));
    // With RECORD_MODEL_REPLAY_HISTORY=1 the run (three batches) is saved for test/workflows/replay.test.ts (commit the file).
    if (process.env.RECORD_MODEL_REPLAY_HISTORY) {
      saveRecordedHistory(
        await stack.temporal.workflow.getHandle(done.workflow_id).fetchHistory(),
        'model-replay-completed.json',
      );
    }
    assert.equal(done.version, '2');
    assert.equal(done.baseline_version, '1');
    assert.deepEqual(done.progress, { total: 6, processed: 6 });
    assert.deepEqual(done.tolerance, { absolute: 1e-9, relative: 0 });

    const d = Math.abs(0.15 - 0.1);
    const r = d / 0.1;
    assert.deepEqual(done.report, {
      runs: 6,
      runs_compared: 4,
      runs_skipped: 0,
      runs_failing: 2,
      metrics: [
        {
          metric: 'discount.rate',
          runs_compared: 4,
          changed: 2,
          // bronze (0 → 0), the two silver bulk orders, gold bulk (0.2 → 0.2), newest first.
          mean_abs_change: (0 + d + d + 0) / 4,
          max_abs_change: d,
          mean_rel_change: (0 + r + r + 0) / 4,
          max_rel_change: r,
          largest_changes: [
            { scenario_id: silverLarger.id, before: 0.1, after: 0.15, abs_change: d, rel_change: r },
            { scenario_id: silverBulk.id, before: 0.1, after: 0.15, abs_change: d, rel_change: r },
          ],
        },
        {
          metric: 'segment',
          runs_compared: 4,
          changed: 0,
          mean_abs_change: null,
          max_abs_change: null,
          mean_rel_change: null,
          max_rel_change: null,
          largest_changes: [],
        },
      ],
      failing: [
        {
          scenario_id: goldSmall.id,
          code: 'output_invalid',
          message: "the output does not match this version's output schema: /segment must be string",
        },
        {
          scenario_id: veryLarge.id,
          code: 'inputs_invalid',
          message: "the stored inputs do not match this version's input schema: /inputs/quantity must be <= 550",
        },
      ],
    });
    assert.ok(
      ![goldBulk, bronze].some((s) => done.report.failing.some((f: { scenario_id: string }) => f.scenario_id === s.id)),
    );
    const batches = await stack
      .db('model_replay_batches')
      .where({ replay_id: done.id })
      .orderBy('batch_index')
      .select('batch_index', 'runs');
    assert.deepEqual(batches, [
      { batch_index: 0, runs: 2 },
      { batch_index: 1, runs: 2 },
      { batch_index: 2, runs: 2 },
    ]);
    // Nothing written to the scenarios.
    assert.deepEqual(
      await stack
        .db('scenarios')
        .where({ model_id: modelId })
        .orderBy('id')
        .select('id', 'metrics', 'run_number', 'updated_at'),
      scenariosBefore,
    );

    // A looser tolerance: the same changes, none of them beyond it.
    const loose = await replayToEnd(given, modelId, {
      version: '2',
      limit: 4,
      tolerance: { absolute: 0.01, relative: 0.5 },
    });
    assert.equal(loose.progress.total, 4, 'the four newest live runs');
    assert.deepEqual(loose.tolerance, { absolute: 0.01, relative: 0.5 });
    const rate = loose.report.metrics.find((m: { metric: string }) => m.metric === 'discount.rate');
    assert.deepEqual({ compared: rate.runs_compared, changed: rate.changed }, { compared: 2, changed: 0 });

    // Listed newest first, paginated like every list.
    const page = await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}/replays?limit=1`, { key: tenant.key });
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.data.map((replay: { id: string }) => replay.id),
      [loose.id],
    );
    const next = await call(
      stack.baseUrl,
      'GET',
      `/api/v1/models/${modelId}/replays?limit=1&cursor=${page.body.next_cursor}`,
      { key: tenant.key },
    );
    assert.deepEqual(
      next.body.data.map((replay: { id: string }) => replay.id),
      [done.id],
    );
    assert.equal(next.body.next_cursor, null);
  });

  it("replays the published version's recorded decision instances (live API traffic) against a draft", async () => {
    const { stack, tenant } = given;
    const modelId = await createModel(given);
    await publishForTest(given, modelId, 1);
    const api = (method: string, url: string, body?: unknown) =>
      call(stack.baseUrl, method, url, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
    const patched = await api('PATCH', `/api/v1/models/${modelId}`, {
      record_evaluations: 'all',
      record_guarantee: 'durable',
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    // Kept only as a hash: no inputs to replay, so left out.
    await api('PATCH', `/api/v1/models/${modelId}`, { record_inputs: false });
    const hashed = await api('POST', `/api/v1/models/${modelId}/evaluate`, {
      inputs: { tier: 'silver', quantity: 500 },
    });
    assert.match(hashed.body.instance_id, /^din_/);
    await api('PATCH', `/api/v1/models/${modelId}`, { record_inputs: null });
    const traffic = await api('POST', `/api/v1/models/${modelId}/evaluate`, {
      items: [
        { inputs: { tier: 'silver', quantity: 120 } },
        { inputs: { tier: 'bronze', quantity: 10 } },
        { inputs: { tier: 'gold', quantity: 150 } },
      ],
    });
    assert.equal(traffic.status, 200, JSON.stringify(traffic.body));
    const [silverBulk] = traffic.body.results;
    assert.equal((await api('POST', `/api/v1/models/${modelId}/versions`, draftUpload())).status, 201);

    const done = await replayToEnd(given, modelId, { version: '2', source: 'instances' });
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.source, 'instances');
    assert.deepEqual(done.progress, { total: 3, processed: 3 });
    const rate = done.report.metrics.find((m: { metric: string }) => m.metric === 'discount.rate');
    assert.equal(rate.runs_compared, 3);
    assert.equal(rate.changed, 1);
    assert.deepEqual(rate.largest_changes, [
      {
        scenario_id: silverBulk.instance_id,
        before: 0.1,
        after: 0.15,
        abs_change: Math.abs(0.15 - 0.1),
        rel_change: Math.abs(0.15 - 0.1) / 0.1,
      },
    ]);
    assert.deepEqual(done.report.failing, []);
  });

  it('refuses bad input naming the field and stores nothing; built-in models and models without a published version are refused', async () => {
    const { stack, tenant } = given;
    const modelId = await createModel(given);
    const post = (id: string, body: unknown, key = tenant.key) =>
      call(stack.baseUrl, 'POST', `/api/v1/models/${id}/replays`, { key, body });
    const unpublished = await post(modelId, { version: '1' });
    assert.equal(unpublished.status, 409);
    assert.equal(unpublished.body.code, 'no_published_version');
    await publishForTest(given, modelId, 1);
    const cases: Array<[unknown, string]> = [
      [{}, '/version'],
      [{ version: '9' }, '/version'],
      [{ version: 'draft' }, '/version'],
      [{ version: '1', limit: 0 }, '/limit'],
      [{ version: '1', limit: 10001 }, '/limit'],
      [{ version: '1', limit: 1.5 }, '/limit'],
      [{ version: '1', tolerance: { absolute: -1 } }, '/tolerance/absolute'],
      [{ version: '1', tolerance: { ratio: 1 } }, '/tolerance/ratio'],
      [{ version: '1', batch_size: 3 }, '/batch_size'],
      [{ version: '1', source: 'elsewhere' }, '/source'],
    ];
    for (const [body, field] of cases) {
      const refused = await post(modelId, body);
      assert.equal(refused.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
      assert.ok(
        refused.body.errors.some((e: { path: string }) => e.path === field),
        `${JSON.stringify(body)} names ${field}: ${JSON.stringify(refused.body.errors)}`,
      );
    }
    assert.equal(
      Number((await stack.db('model_replays').where({ model_id: modelId }).count('* as n').first())?.n),
      0,
      'nothing stored',
    );
    const builtin = await post('mdl_service_queue_staffing', { version: '1.0.0' });
    assert.equal(builtin.status, 409);
    assert.equal(builtin.body.code, 'model_not_editable');

    // Reading needs models:read, starting models:write.
    const reader = await createTestTenantKey(given, ['models:read']);
    assert.equal((await post(modelId, { version: '1' }, reader)).status, 403);
    assert.equal((await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}/replays`, { key: reader })).status, 200);
  });

  it("answers 404 for another tenant's model and replays", async () => {
    const { stack, tenant } = given;
    const modelId = await createModel(given);
    await publishForTest(given, modelId, 1);
    const replay = await replayToEnd(given, modelId, { version: '1' });
    assert.equal(replay.status, 'completed');
    assert.deepEqual(replay.progress, { total: 0, processed: 0 });
    const other = await createTestTenant(stack.db);
    const otherModel = await createModel({ stack, tenant: other });
    for (const [method, url] of [
      ['GET', `/api/v1/models/${modelId}/replays`],
      ['POST', `/api/v1/models/${modelId}/replays`],
      ['GET', `/api/v1/models/${modelId}/replays/${replay.id}`],
      ['GET', `/api/v1/models/${otherModel}/replays/${replay.id}`],
      ['POST', `/api/v1/models/${modelId}/replays/${replay.id}/cancel`],
    ] as const) {
      const response = await call(stack.baseUrl, method, url, {
        key: other.key,
        ...(method === 'POST' && url.endsWith('replays') ? { body: { version: '1' } } : {}),
      });
      assert.equal(response.status, 404, `${method} ${url}: ${JSON.stringify(response.body)}`);
    }
    const finished = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/replays/${replay.id}/cancel`, {
      key: tenant.key,
    });
    assert.equal(finished.status, 409);
    assert.equal(finished.body.code, 'replay_finished');
  });
  it('starts the workflow of a replay whose API process died after storing it', async () => {
    const { stack, tenant } = given;
    const modelId = await createModel(given);
    await publishForTest(given, modelId, 1);
    const runs = await seedCompletedRuns(stack.db, {
      tenantId: tenant.id,
      modelId,
      version: 1,
      count: 3,
      run: () => ({
        inputs: { tier: 'silver', quantity: 120 },
        metrics: { 'discount.rate': 0.1, segment: 'silver bulk' },
      }),
    });
    // What the API had committed when it died: the replay and its snapshot, no workflow.
    const id = newId('modelReplay');
    await stack.db('model_replays').insert({
      id,
      tenant_id: tenant.id,
      model_id: modelId,
      version: 1,
      baseline_version: 1,
      status: 'queued',
      run_limit: 1000,
      tolerance: JSON.stringify({ absolute: 1e-9, relative: 0 }),
      batch_size: 2,
      scenario_ids: runs.reverse(),
      total: 3,
      workflow_id: `model_replay/${id}`,
      created_by: JSON.stringify({ type: 'system', id: 'test' }),
    });
    const done = await waitFor('the recovered replay to complete', async () => {
      const polled = await call(stack.baseUrl, 'GET', `/api/v1/models/${modelId}/replays/${id}`, { key: tenant.key });
      return polled.body.status === 'completed' ? polled.body : undefined;
    });
    assert.deepEqual(done.progress, { total: 3, processed: 3 });
    assert.equal(done.report.metrics.find((m: { metric: string }) => m.metric === 'discount.rate').changed, 0);
  });
});

async function createTestTenantKey({ stack, tenant }: Stack, scopes: string[]): Promise<string> {
  const created = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
    key: tenant.key,
    body: { name: 'reader', scopes },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.key;
}

describe('a replay whose worker is SIGKILLed mid-batch', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const children: ChildProcess[] = [];

  before(async () => {
    // Only the heartbeat timeout can move the dead worker's batch on: the batch timeout stays at its default (300 s).
    stack = await startTestStack({
      env: {
        EXPRESSION_BUDGET_MS: '30000',
        ACTIVITY_HEARTBEAT_TIMEOUT_SECONDS: '3',
        REPLAY_BATCH_SIZE: '50',
        REPLAY_CONCURRENCY: '2',
        ACTIVITY_RETRY_INITIAL_MS: '200',
        ACTIVITY_RETRY_MAX_MS: '1000',
      },
    });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stack?.close();
  });

  it('resumes on the other worker and counts every run exactly once', async (t) => {
    // Batches long enough (50 runs of about 5 ms each) that the worker is killed in the middle of one.
    const modelId = await createModel({ stack, tenant }, padded(3000));
    // The padding rules never fire by design (their quantities lie below the schema's minimum): the release gate's
    // verification would refuse them as domain violations, so this model lets them through as warnings.
    const policy = await call(stack.baseUrl, 'PATCH', `/api/v1/models/${modelId}`, {
      key: tenant.key,
      body: { verification: { domain_violations: 'warn' } },
    });
    assert.equal(policy.status, 200, JSON.stringify(policy.body));
    // Gold bulk (unchanged), silver bulk (0.1 → 0.15), bronze (unchanged): the stored outputs are version 1's.
    const kinds = [
      { inputs: { tier: 'gold', quantity: 150 }, metrics: { 'discount.rate': 0.2, segment: 'gold bulk' } },
      { inputs: { tier: 'silver', quantity: 120 }, metrics: { 'discount.rate': 0.1, segment: 'silver bulk' } },
      { inputs: { tier: 'bronze', quantity: 10 }, metrics: { 'discount.rate': 0, segment: 'standard' } },
    ];
    const total = 3000;
    await seedCompletedRuns(stack.db, {
      tenantId: tenant.id,
      modelId,
      version: 1,
      count: total,
      run: (i) => kinds[i % 3] as (typeof kinds)[number],
    });

    // One sandbox process each, so the replay is slow enough to be killed mid-way. The budget (here and the stack's) is
    // generous: loading the padded model (the upload's checks, a fresh process's first call) can outlast the default
    // 2 s on a loaded machine and fail the upload or runs; this test is about resuming after a crash, every run once.
    const slow = { EXPRESSION_SANDBOX_PROCESSES: '1', EXPRESSION_BUDGET_MS: '30000' };
    const workers = [await spawnWorkerProcess(stack, slow), await spawnWorkerProcess(stack, slow)];
    children.push(...workers);
    await waitForPollers(stack.temporal, stack.config.temporalTaskQueue, workers);
    // Version 1 published through its review (run by these workers), then version 2, the draft replayed.
    await publishForTest({ stack, tenant }, modelId, 1);
    assert.equal(
      (
        await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/versions`, {
          key: tenant.key,
          body: draftUpload(padded(3000)),
        })
      ).status,
      201,
    );
    const started = await call(stack.baseUrl, 'POST', `/api/v1/models/${modelId}/replays`, {
      key: tenant.key,
      body: { version: '2', limit: total },
    });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.status, 'queued');
    assert.equal(started.body.progress.total, total);

    const replayUrl = `/api/v1/models/${modelId}/replays/${started.body.id}`;
    // Killed mid-replay: once some batches are counted, while the worker runs another.
    await waitFor(
      'some runs replayed',
      async () => (await call(stack.baseUrl, 'GET', replayUrl, { key: tenant.key })).body.progress.processed >= 200,
      120_000,
    );
    const handle = stack.temporal.workflow.getHandle(started.body.workflow_id);
    /** The pids of the workers Temporal sees running one of the replay's batches now. */
    const runningOn = async () => {
      const pending = (await handle.describe()).raw.pendingActivities ?? [];
      return pending
        .filter((a) => a.state === temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED)
        .map((a) => Number(/^(\d+)@/.exec(a.lastWorkerIdentity ?? '')?.[1]));
    };
    // A batch can end between seeing it run and the kill: the worker is stopped first (SIGSTOP: it can report nothing
    // more), and killed only if Temporal still sees its batch running then; otherwise it goes on and another is taken.
    let doomed: ChildProcess | undefined;
    while (!doomed) {
      const candidate = await waitFor(
        "a worker running one of the replay's batches",
        async () => {
          const pids = await runningOn();
          return workers.find((worker) => worker.exitCode === null && pids.includes(worker.pid as number));
        },
        120_000,
      );
      candidate.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 500));
      if ((await runningOn()).includes(candidate.pid as number)) doomed = candidate;
      else candidate.kill('SIGCONT');
    }
    const killed = doomed;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    const processedAtKill = (await call(stack.baseUrl, 'GET', replayUrl, { key: tenant.key })).body.progress.processed;

    const done = await waitFor(
      'the replay to finish on the surviving worker',
      async () => {
        const polled = await call(stack.baseUrl, 'GET', replayUrl, { key: tenant.key });
        return ['queued', 'running'].includes(polled.body.status) ? undefined : polled.body;
      },
      300_000,
    );
    assert.equal(done.status, 'completed', JSON.stringify(done.error));
    assert.deepEqual(done.progress, { total, processed: total });
    const batches = await stack.db('model_replay_batches').where({ replay_id: done.id }).select('batch_index', 'runs');
    assert.equal(batches.length, total / 50, 'one row per batch');
    assert.equal(
      batches.reduce((sum: number, b: { runs: number }) => sum + b.runs, 0),
      total,
    );
    assert.deepEqual(new Set(batches.map((b: { batch_index: number }) => b.batch_index)).size, total / 50);

    const silver = total / 3;
    const d = Math.abs(0.15 - 0.1);
    const rate = done.report.metrics.find((m: { metric: string }) => m.metric === 'discount.rate');
    assert.equal(done.report.runs, total);
    assert.equal(done.report.runs_compared, total);
    assert.equal(rate.runs_compared, total);
    assert.equal(rate.changed, silver);
    assert.equal(rate.max_abs_change, d);
    assert.ok(Math.abs(rate.mean_abs_change - (silver * d) / total) < 1e-15, String(rate.mean_abs_change));
    assert.equal(rate.largest_changes.length, 20);

    // The dead worker's batch was retried because its heartbeat stopped, not after its start-to-close timeout.
    const history = await handle.fetchHistory();
    let heartbeatRetries = 0;
    for (const event of history.events ?? []) {
      const attempt = event.activityTaskStartedEventAttributes;
      if (!attempt || (attempt.attempt ?? 1) < 2) continue;
      const timeoutType = attempt.lastFailure?.timeoutFailureInfo?.timeoutType;
      assert.notEqual(timeoutType, temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_START_TO_CLOSE);
      if (timeoutType === temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_HEARTBEAT) heartbeatRetries++;
    }
    assert.ok(heartbeatRetries >= 1, "the dead worker's batch was retried after its heartbeat timeout");
    t.diagnostic(
      `killed a worker with ${processedAtKill}/${total} runs processed; ${heartbeatRetries} batch(es) retried after a heartbeat timeout`,
    );
  });
});
