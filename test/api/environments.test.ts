import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { discountExpressionModelBody } from '../fixtures/model-bodies';
import { waitForPollers } from '../helpers/batch-crash';
import { startDeploymentClock, sweepOverdueDeployments } from '../../worker/deployment-sweep';
import { verifyAuditChain } from '../../db/repositories/audit-log';
import { inTenantTransaction } from '../../db/tenant-scope';
import { createLogger } from '../../core/logger';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';

/**
 * Environments and effective-dated releases through HTTP, with real Postgres and Temporal (the timers in a worker
 * process this file kills once): keys pinned to environments get their environment's version, promotions with and
 * without review, scheduled switches taking effect at their instant (runs across the boundary each see one whole
 * version), cancellation, as-of answers, fallback when a window ends, tenancy and bad input.
 *
 * Each version of the test model multiplies `order_total` by its own rate (version n: n / 10), so an answer names the
 * version that computed it.
 */
describe('environments: pinned keys, promotions, scheduled releases, as of', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let worker: ChildProcess;
  let reviewer: string;
  let policyId: string;

  const api = (
    method: string,
    path: string,
    who: TestTenant | string,
    body?: unknown,
    headers?: Record<string, string>,
  ) =>
    call(stack.baseUrl, method, `/api/v1${path}`, {
      key: typeof who === 'string' ? who : who.key,
      body,
      ...(headers ? { headers } : {}),
    });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const rateOf = (version: number) => `order_total * ${version / 10}`;
  /** What version n answers for order_total 100. */
  const answerOf = (version: number) => Math.round(100 * (version / 10) * 1e9) / 1e9;
  const evaluate = async (
    model: string,
    who: TestTenant | string,
    extra: Record<string, unknown> = {},
    headers?: Record<string, string>,
  ) => api('POST', `/models/${model}/evaluate`, who, { inputs: { order_total: 100 }, ...extra }, headers);

  /** Waits (polling, generously) until `check` holds; fails naming what it waited for. */
  async function eventually<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value)}`);
      await sleep(100);
    }
  }

  /** Submits a version and approves its review (or a promotion's) as the reviewer the policy names. */
  async function approve(decisionId: string) {
    await stack.temporal.workflow.getHandle(`decision/${decisionId}`).executeUpdate('approve', {
      args: [{ actor: { type: 'user', id: reviewer }, role: 'viewer', expectedStep: 1, comment: null }],
    });
  }
  async function release(model: string, version: number) {
    const submitted = await api('POST', `/models/${model}/versions/${version}/submit`, tenant, {
      approval_policy_id: policyId,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    await approve(submitted.body.review.decision_id);
    await eventually(
      `version ${version} released`,
      async () => (await api('GET', `/models/${model}/versions/${version}`, tenant)).body.status,
      (status) => ['approved', 'published'].includes(status),
    );
  }
  async function newModel(name: string, versions: number) {
    const created = await api('POST', '/models', tenant, discountExpressionModelBody(name, rateOf(1), 100));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const model = created.body.id as string;
    // One case every version passes (nothing is discounted on nothing): the release gate's suite.
    const suite = await api('POST', `/models/${model}/test-cases`, tenant, {
      name: 'nothing on nothing',
      inputs: { order_total: 0 },
      expected: { discount_rate: 0 },
    });
    assert.equal(suite.status, 201, JSON.stringify(suite.body));
    for (let version = 2; version <= versions; version++) {
      const body = discountExpressionModelBody(name, rateOf(version), 100);
      const added = await api('POST', `/models/${model}/versions`, tenant, {
        input_schema: body.input_schema,
        output_schema: body.output_schema,
        graph: body.graph,
        sample_inputs: body.sample_inputs,
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
    }
    return model;
  }
  const key = async (environment: string | null) => {
    const created = await api('POST', '/api-keys', tenant, {
      name: `pinned to ${environment}`,
      scopes: ['models:read', 'models:write', 'scenarios:read', 'scenarios:write'],
      environment,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { key: string; environment_id: string | null };
  };
  const deployment = async (model: string, id: string) =>
    (await api('GET', `/models/${model}/deployments/${id}`, tenant)).body;

  before(async () => {
    // The timers alone record switches here (the last test runs the deployment clock by itself).
    stack = await startTestStack({ relay: true, deploymentClock: false });
    tenant = await createTestTenant(stack.db, { name: 'Environments' });
    other = await createTestTenant(stack.db, { name: 'Elsewhere' });
    worker = await spawnWorkerProcess(stack);
    // A review's submit waits (within its deadline) for the workflow's first task: the worker must be polling.
    await waitForPollers(stack.temporal, stack.config.temporalTaskQueue, [worker]);
    const member = await api('POST', '/users', tenant, {
      email: `reviewer-${crypto.randomBytes(4).toString('hex')}@example.com`,
      display_name: 'Reviewer',
      role: 'approver',
    });
    reviewer = member.body.id;
    const policy = await api('POST', '/approval-policies', tenant, {
      name: 'Release review',
      steps: [{ name: 'Review', approvals_required: 1, approvers: { user_ids: [reviewer] }, sla: 'P1D' }],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyId = policy.body.id;
  });
  after(async () => {
    worker?.kill('SIGKILL');
    await stack?.close();
  });

  it('gives every tenant staging and production, production the release target; environments are managed and audited', async () => {
    const listed = await api('GET', '/environments', tenant);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.data.map((e: any) => [e.name, e.position, e.requires_review, e.requires_previous, e.release_target]),
      [
        ['staging', 1, false, false, false],
        ['production', 2, true, true, true],
      ],
    );
    assert.match(listed.body.data[0].id, /^env_[0-9a-z]{26}$/);
    const uat = await api('POST', '/environments', tenant, { name: 'uat', position: 3, requires_review: false });
    assert.equal(uat.status, 201, JSON.stringify(uat.body));
    assert.equal(uat.headers.get('location'), `/api/v1/environments/${uat.body.id}`);
    assert.equal((await api('POST', '/environments', tenant, { name: 'uat', position: 4 })).status, 409);
    assert.equal((await api('POST', '/environments', tenant, { name: 'uat2', position: 3 })).status, 409);
    const renamed = await api('PATCH', `/environments/${uat.body.id}`, tenant, { name: 'x' });
    assert.equal(renamed.status, 422);
    assert.equal(renamed.body.errors[0].path, '/name');
    const patched = await api('PATCH', '/environments/uat', tenant, {
      on_deployment_end: 'refuse',
      description: 'UAT',
    });
    assert.deepEqual([patched.status, patched.body.on_deployment_end], [200, 'refuse']);
    assert.equal((await api('POST', '/environments/production/archive', tenant)).status, 409, 'production stays');
    const archived = await api('POST', `/environments/${uat.body.id}/archive`, tenant);
    assert.deepEqual([archived.status, archived.body.status], [200, 'archived']);
    const audit = await api('GET', `/audit-log?resource_type=environment&resource_id=${uat.body.id}`, tenant);
    assert.deepEqual(audit.body.data.map((r: any) => r.action).sort(), [
      'environment.archived',
      'environment.created',
      'environment.updated',
    ]);
    // Another tenant's environments do not exist for this one.
    assert.equal((await api('GET', `/environments/${uat.body.id}`, other)).status, 404);
    assert.equal((await api('PATCH', `/environments/${listed.body.data[0].id}`, other, { position: 9 })).status, 404);
    assert.equal((await api('POST', `/environments/${listed.body.data[0].id}/archive`, other)).status, 404);
    const foreignPin = await api('POST', '/api-keys', other, {
      name: 'x',
      scopes: ['models:read'],
      environment: uat.body.id,
    });
    assert.equal(foreignPin.status, 422);
    assert.equal(foreignPin.body.errors[0].path, '/environment');
  });

  it("serves each pinned key its environment's version; promotions go through review where required, in order", async () => {
    const model = await newModel('Pricing', 3);
    await release(model, 1);
    const production = await key(null);
    const staging = await key('staging');
    assert.match(String(staging.environment_id), /^env_/);
    // v1 was approved into the release target (production); staging serves nothing yet.
    assert.deepEqual([(await evaluate(model, production.key)).body.outputs.discount_rate], [answerOf(1)]);
    const none = await evaluate(model, staging.key);
    assert.equal(none.status, 422);
    assert.match(none.body.errors[0].message, /no version deployed in staging/);

    // Staging becomes the release target: v2's approval goes there, production keeps v1.
    assert.equal((await api('PATCH', '/environments/staging', tenant, { release_target: true })).status, 200);
    await release(model, 2);
    const inStaging = await evaluate(model, staging.key);
    assert.deepEqual(
      [inStaging.body.version, inStaging.body.environment, inStaging.body.outputs.discount_rate],
      ['2', 'staging', answerOf(2)],
    );
    assert.equal((await evaluate(model, production.key)).body.version, '1');
    assert.equal((await evaluate(model, tenant, {}, { 'DMS-Environment': 'staging' })).body.version, '2');
    // A key pinned to staging may not name production; an unknown environment is a 422 naming the header.
    const refused = await evaluate(model, staging.key, {}, { 'DMS-Environment': 'production' });
    assert.deepEqual([refused.status, refused.body.code], [403, 'environment_not_allowed']);
    const unknown = await evaluate(model, production.key, {}, { 'DMS-Environment': 'qa' });
    assert.deepEqual([unknown.status, unknown.body.errors[0].path], [422, '/headers/dms-environment']);
    // Scenarios and decision instances record the environment they resolved through.
    const scenario = await api('POST', '/scenarios', staging.key, { model_id: model, inputs: { order_total: 100 } });
    // 201 when the run ends within the create's bounded wait, 202 when a loaded machine makes it outlast it.
    assert.ok([201, 202].includes(scenario.status), JSON.stringify(scenario.body));
    assert.deepEqual([scenario.body.model_version, scenario.body.environment_id], ['2', staging.environment_id]);
    const batch = await api('POST', '/scenarios/batch', staging.key, {
      items: [{ model_id: model, inputs: { order_total: 100 } }],
    });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    assert.equal(batch.body.environment_id, staging.environment_id);
    const item = await eventually(
      'the batch item ran',
      async () => (await api('GET', `/scenarios/batches/${batch.body.id}`, tenant)).body.scenario_ids,
      (ids: string[]) => ids.length === 1,
    );
    const itemScenario = (await api('GET', `/scenarios/${item[0]}`, tenant)).body;
    assert.deepEqual([itemScenario.model_version, itemScenario.environment_id], ['2', staging.environment_id]);

    // v3 was never in staging: production refuses it; v2 goes through production's review.
    const outOfOrder = await api('POST', `/models/${model}/versions/2/promote`, tenant, { environment: 'production' });
    assert.equal(outOfOrder.status, 422, 'production reviews: a policy is needed');
    assert.equal(outOfOrder.body.errors[0].path, '/approval_policy_id');
    await release(model, 3); // into staging, the release target now
    const v1ToStaging = await api('POST', `/models/${model}/versions/1/promote`, tenant, { environment: 'staging' });
    assert.deepEqual([v1ToStaging.status, v1ToStaging.body.status], [201, 'active'], JSON.stringify(v1ToStaging.body));
    assert.equal((await evaluate(model, staging.key)).body.version, '1', 'staging needs no review: at once');
    const notThere = await api('POST', `/models/${model}/versions/1/promote`, tenant, {
      environment: 'production',
      approval_policy_id: policyId,
    });
    assert.equal(notThere.status, 409, 'version 1 is already in effect in production');
    const promoted = await api('POST', `/models/${model}/versions/3/promote`, tenant, {
      environment: 'production',
      approval_policy_id: policyId,
      reason: 'Next tariff',
    });
    assert.equal(promoted.status, 201, JSON.stringify(promoted.body));
    assert.deepEqual([promoted.body.status, promoted.body.kind], ['pending_review', 'promotion']);
    assert.equal((await evaluate(model, production.key)).body.version, '1', 'nothing changes before the approval');
    const review = await api('GET', `/decisions/${promoted.body.decision_id}`, tenant);
    assert.match(review.body.title, /Promote .* version 3 to production/);
    await approve(promoted.body.decision_id);
    await eventually(
      'the promotion approved',
      () => deployment(model, promoted.body.id),
      (d) => d.status === 'active',
    );
    assert.equal((await evaluate(model, production.key)).body.version, '3');
    const active = await deployment(model, promoted.body.id);
    assert.equal(active.release.environment_id, (await api('GET', '/environments/production', tenant)).body.id);
    assert.deepEqual(active.approved_by, { type: 'user', id: reviewer });
    // The version's lifecycle in production is what "published" meant: v3 published, v1 retired.
    assert.equal((await api('GET', `/models/${model}/versions/3`, tenant)).body.status, 'published');
    assert.equal((await api('GET', `/models/${model}/versions/1`, tenant)).body.status, 'retired');
    // Back to production as the release target for the other tests' tenants' expectations.
    assert.equal((await api('PATCH', '/environments/production', tenant, { release_target: true })).status, 200);
    // Another tenant sees none of it, ids in bodies included.
    assert.equal((await api('GET', `/models/${model}/deployments`, other)).status, 404);
    assert.equal((await api('GET', `/models/${model}/deployments/${promoted.body.id}`, other)).status, 404);
    assert.equal(
      (await api('POST', `/models/${model}/versions/3/promote`, other, { environment: 'staging' })).status,
      404,
    );
    const theirStaging = (await api('GET', '/environments/staging', other)).body.id;
    const foreignEnvironment = await api('POST', `/models/${model}/versions/3/promote`, tenant, {
      environment: theirStaging,
    });
    assert.deepEqual([foreignEnvironment.status, foreignEnvironment.body.errors?.[0]?.path], [422, '/environment']);
  });

  it('switches at a scheduled instant: runs across it see one whole version each; as_of answers before, at and after', async () => {
    const model = await newModel('Tariff', 2);
    await release(model, 1);
    await release(model, 2); // production: v2, v1 retired
    const staging = await key('staging');
    assert.equal(
      (await api('POST', `/models/${model}/versions/1/promote`, tenant, { environment: 'staging' })).status,
      201,
    );
    const at = new Date(Date.now() + 4_000);
    const scheduled = await api('POST', `/models/${model}/versions/2/promote`, tenant, {
      environment: 'staging',
      effective_from: at.toISOString(),
    });
    assert.equal(scheduled.status, 201, JSON.stringify(scheduled.body));
    assert.deepEqual(
      [scheduled.body.status, scheduled.body.workflow_id],
      ['scheduled', `model_deployment/${scheduled.body.id}`],
    );
    // Requests across the boundary: one sent and answered before it ran version 1, one sent after it version 2, and
    // every answer is one version's whole answer (its number and its output agree).
    const answers: Array<{ sent: number; received: number; version: string; rate: number }> = [];
    const fire = async () => {
      const sent = Date.now();
      const answer = await evaluate(model, staging.key);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      answers.push({
        sent,
        received: Date.now(),
        version: answer.body.version,
        rate: answer.body.outputs.discount_rate,
      });
    };
    while (Date.now() < at.getTime() + 1_500) await Promise.all([fire(), fire(), fire()]);
    for (const answer of answers) {
      assert.equal(answer.rate, answerOf(Number(answer.version)), 'one version, whole');
      if (answer.received < at.getTime()) assert.equal(answer.version, '1');
      if (answer.sent > at.getTime()) assert.equal(answer.version, '2');
    }
    assert.ok(answers.some((a) => a.version === '1') && answers.some((a) => a.version === '2'));
    // The timer records the switch (event, release record) once.
    await eventually(
      'the timer activated it',
      () => deployment(model, scheduled.body.id),
      (d) => d.status === 'active',
    );
    // As of: before, at and after the instant (the instant itself belongs to the new version).
    const asOf = async (instant: Date) =>
      (await evaluate(model, staging.key, { as_of: instant.toISOString() })).body.version;
    assert.equal(await asOf(new Date(at.getTime() - 1)), '1');
    assert.equal(await asOf(at), '2');
    assert.equal(await asOf(new Date(at.getTime() + 60_000)), '2');
    const inEffect = await api(
      'GET',
      `/models/${model}/deployments?environment=staging&as_of=${encodeURIComponent(new Date(at.getTime() - 1).toISOString())}`,
      tenant,
    );
    assert.deepEqual([inEffect.body.data.length, inEffect.body.data[0].version], [1, '1']);
    const beforeAll = await evaluate(model, staging.key, { as_of: '2020-01-01T00:00:00Z' });
    assert.deepEqual(
      [beforeAll.status, beforeAll.body.code, beforeAll.body.errors[0].path],
      [422, 'no_version_in_effect', '/as_of'],
    );
    const scenarioAsOf = await api('POST', '/scenarios', staging.key, {
      model_id: model,
      inputs: { order_total: 100 },
      as_of: new Date(at.getTime() - 1).toISOString(),
    });
    assert.equal(scenarioAsOf.body.model_version, '1');
    const events = await stack
      .db('events')
      .where({ tenant_id: tenant.id, type: 'model.deployment.activated' })
      .whereRaw(`data->'deployment'->>'id' = ?`, [scheduled.body.id]);
    assert.equal(events.length, 1);
  });

  it('cancels a scheduled deployment before its instant; ends a window and falls back (or refuses)', async () => {
    const model = await newModel('Window', 2);
    await release(model, 1);
    await release(model, 2);
    const staging = await key('staging');
    await api('POST', `/models/${model}/versions/1/promote`, tenant, { environment: 'staging' });
    const later = await api('POST', `/models/${model}/versions/2/promote`, tenant, {
      environment: 'staging',
      effective_from: '2030-06-01T09:00:00',
      time_zone: 'Europe/Berlin',
    });
    assert.equal(later.status, 201, JSON.stringify(later.body));
    assert.equal(later.body.effective_from, '2030-06-01T07:00:00.000Z', 'read in Berlin summer time');
    const cancelled = await api('POST', `/models/${model}/deployments/${later.body.id}/cancel`, tenant);
    assert.deepEqual([cancelled.status, cancelled.body.status], [200, 'cancelled']);
    assert.equal((await api('POST', `/models/${model}/deployments/${later.body.id}/cancel`, tenant)).status, 200);
    await eventually(
      'the timer stopped',
      async () => (await stack.temporal.workflow.getHandle(later.body.workflow_id).describe()).status.name,
      (status) => status === 'COMPLETED',
    );
    assert.equal(await stack.temporal.workflow.getHandle(later.body.workflow_id).result(), 'cancelled');
    const current = (await api('GET', `/models/${model}/deployments?environment=staging&status=active`, tenant)).body
      .data[0];
    const notCancellable = await api('POST', `/models/${model}/deployments/${current.id}/cancel`, tenant);
    assert.deepEqual([notCancellable.status, notCancellable.body.code], [409, 'deployment_not_cancellable']);

    // A window: v2 from now+2s until now+4s, then staging falls back to v1.
    const from = Date.now() + 2_000;
    const window = await api('POST', `/models/${model}/versions/2/promote`, tenant, {
      environment: 'staging',
      effective_from: new Date(from).toISOString(),
      effective_until: new Date(from + 2_000).toISOString(),
    });
    assert.equal(window.status, 201, JSON.stringify(window.body));
    await eventually(
      'the window ended',
      () => deployment(model, window.body.id),
      (d) => d.status === 'ended',
    );
    assert.equal((await evaluate(model, staging.key)).body.version, '1', 'fell back');
    assert.equal(
      (await evaluate(model, staging.key, { as_of: new Date(from + 1_000).toISOString() })).body.version,
      '2',
    );
    // Refusing instead: once the window ends, nothing is in effect.
    await api('PATCH', '/environments/staging', tenant, { on_deployment_end: 'refuse' });
    const refused = await evaluate(model, staging.key);
    assert.deepEqual([refused.status, refused.body.code], [422, 'no_version_in_effect']);
    await api('PATCH', '/environments/staging', tenant, { on_deployment_end: 'fall_back' });
  });

  it('keeps every API process on one timeline: a promotion or a cancellation answered by one is obeyed by another at once', async () => {
    const second = await spawnApiProcess(stack);
    try {
      const model = await newModel('Two processes', 2);
      await release(model, 1);
      await release(model, 2);
      const staging = await key('staging');
      const viaSecond = async () =>
        (
          await call(second.baseUrl, 'POST', `/api/v1/models/${model}/evaluate`, {
            key: staging.key,
            body: { inputs: { order_total: 100 } },
          })
        ).body.version;
      const promote = (version: number, extra: Record<string, unknown> = {}) =>
        api('POST', `/models/${model}/versions/${version}/promote`, tenant, { environment: 'staging', ...extra });
      assert.equal((await promote(1)).status, 201);
      assert.equal(await viaSecond(), '1', 'the second process now holds the timeline in memory');
      assert.equal((await promote(2)).status, 201);
      assert.equal(await viaSecond(), '2', 'the promotion answered only once the second process dropped it');
      const at = Date.now() + 3_000;
      const scheduled = await promote(1, { effective_from: new Date(at).toISOString() });
      assert.equal(await viaSecond(), '2');
      assert.equal((await api('POST', `/models/${model}/deployments/${scheduled.body.id}/cancel`, tenant)).status, 200);
      await sleep(Math.max(0, at + 500 - Date.now()));
      assert.equal(await viaSecond(), '2', 'the cancelled switch is taken by no process');
    } finally {
      second.child.kill('SIGKILL');
    }
  });

  it('refuses impossible dates, unknown zones, skipped local times and overlapping windows, naming the field, storing nothing', async () => {
    const model = await newModel('Bad input', 1);
    await release(model, 1);
    const count = async () =>
      Number((await stack.db('model_deployments').where({ model_id: model }).count('* as n'))[0]?.n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ effective_from: '2030-02-30T00:00:00Z' }, '/effective_from'],
      [{ effective_from: '2030-01-01T00:00:00', time_zone: 'Mars/Olympus' }, '/time_zone'],
      [{ effective_from: '2030-03-31T02:30:00', time_zone: 'Europe/Berlin' }, '/effective_from'],
      [{ effective_from: '2030-10-27T02:30:00', time_zone: 'Europe/Berlin' }, '/effective_from'],
      [{ effective_from: '2030-01-01T00:00:00' }, '/effective_from'],
      [{ effective_from: '2020-01-01T00:00:00Z' }, '/effective_from'],
      [{ effective_from: '2030-01-02T00:00:00Z', effective_until: '2030-01-01T00:00:00Z' }, '/effective_until'],
      [{ environment: 'qa' }, '/environment'],
    ];
    for (const [body, path] of cases) {
      const refused = await api('POST', `/models/${model}/versions/1/promote`, tenant, {
        environment: 'staging',
        ...body,
      });
      assert.equal(refused.status, 422, `${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.errors[0].path, path, JSON.stringify(refused.body));
    }
    assert.equal(await count(), before);
    const first = await api('POST', `/models/${model}/versions/1/promote`, tenant, {
      environment: 'staging',
      effective_from: '2031-01-01T00:00:00Z',
      effective_until: '2031-02-01T00:00:00Z',
    });
    assert.equal(first.status, 201);
    for (const window of [
      { effective_from: '2031-01-15T00:00:00Z', effective_until: '2031-03-01T00:00:00Z' },
      { effective_from: '2031-01-01T00:00:00Z' },
    ]) {
      const overlapping = await api('POST', `/models/${model}/versions/1/promote`, tenant, {
        environment: 'staging',
        ...window,
      });
      assert.deepEqual(
        [overlapping.status, overlapping.body.errors?.[0]?.path],
        [422, '/effective_from'],
        JSON.stringify(overlapping.body),
      );
    }
    assert.equal(await count(), before + 1);
    const draftModel = await newModel('Draft only', 1);
    const draft = await api('POST', `/models/${draftModel}/versions/1/promote`, tenant, { environment: 'staging' });
    assert.deepEqual([draft.status, draft.body.code], [409, 'model_version_state']);
  });

  it('activates a scheduled deployment once when its worker is killed while the timer is pending', async () => {
    const model = await newModel('Crash', 2);
    await release(model, 1);
    await release(model, 2);
    await api('POST', `/models/${model}/versions/1/promote`, tenant, { environment: 'staging' });
    const scheduled = await api('POST', `/models/${model}/versions/2/promote`, tenant, {
      environment: 'staging',
      effective_from: new Date(Date.now() + 6_000).toISOString(),
    });
    assert.equal(scheduled.status, 201);
    const handle = stack.temporal.workflow.getHandle(scheduled.body.workflow_id);
    // Its timer is started (the worker ran its first task), then the worker dies without a word.
    await eventually(
      'the timer started',
      async () => {
        try {
          return ((await handle.fetchHistory()).events ?? []).some((event) => event.timerStartedEventAttributes);
        } catch {
          return false; // not started yet
        }
      },
      Boolean,
    );
    worker.kill('SIGKILL');
    worker = await spawnWorkerProcess(stack);
    await waitForPollers(stack.temporal, stack.config.temporalTaskQueue, [worker]);
    await eventually(
      'activated after the crash',
      () => deployment(model, scheduled.body.id),
      (d) => d.status === 'active',
    );
    assert.equal(await handle.result(), 'activated');
    const activations = await stack
      .db('events')
      .where({ tenant_id: tenant.id, type: 'model.deployment.activated' })
      .whereRaw(`data->'deployment'->>'id' = ?`, [scheduled.body.id]);
    assert.equal(activations.length, 1);
    const releases = await stack
      .db('model_releases')
      .where({ tenant_id: tenant.id, model_id: model, version: 2, kind: 'promotion' });
    assert.equal(releases.length, 1);
  });

  it("records every switch due at one instant with the worker's deployment clock, timers lost: each once", async () => {
    const models = [await newModel('Clock A', 2), await newModel('Clock B', 2), await newModel('Clock C', 2)];
    for (const model of models) {
      await release(model, 1);
      await release(model, 2);
      await api('POST', `/models/${model}/versions/1/promote`, tenant, { environment: 'staging' });
    }
    // One more with three released versions, for two switches of it due together (below).
    const both = await newModel('Clock D', 3);
    for (const version of [1, 2, 3]) await release(both, version);
    await api('POST', `/models/${both}/versions/1/promote`, tenant, { environment: 'staging' });
    // No worker from here on (this is the file's last test): no timer workflow runs, only the clock records switches.
    worker.kill('SIGKILL');
    const logger = createLogger('warn', 'dms-test');
    // Looking ahead ten minutes at most: it finds the instant below only because it is woken (as the relay does).
    const clock = startDeploymentClock({ db: stack.db, logger, lookaheadMs: 600_000, tenantIds: () => [tenant.id] });
    try {
      await sleep(200); // its first pass: nothing due, asleep for ten minutes
      const at = Date.now() + 3_000;
      const scheduled: Array<{ id: string; workflow_id: string }> = [];
      for (const [index, model] of models.entries()) {
        const promoted = await api('POST', `/models/${model}/versions/2/promote`, tenant, {
          environment: 'staging',
          effective_from: new Date(at).toISOString(),
          // The last one's window ends a second later: the clock records that end as well.
          ...(index === models.length - 1 ? { effective_until: new Date(at + 1_000).toISOString() } : {}),
        });
        assert.equal(promoted.status, 201, JSON.stringify(promoted.body));
        scheduled.push(promoted.body as { id: string; workflow_id: string });
      }
      clock.wake();
      for (const [index, model] of models.entries()) {
        const expected = index === models.length - 1 ? 'ended' : 'active';
        const recorded = await eventually(
          `the clock recorded ${model}'s switch`,
          () => deployment(model, scheduled[index]!.id),
          (d) => d.status === expected,
        );
        assert.ok(Date.parse(recorded.activated_at) >= at, 'recorded at or after its instant, never before');
        const events = await stack
          .db('events')
          .where({ tenant_id: tenant.id, type: 'model.deployment.activated' })
          .whereRaw(`data->'deployment'->>'id' = ?`, [scheduled[index]!.id]);
        assert.equal(events.length, 1);
        const releases = await stack
          .db('model_releases')
          .where({ tenant_id: tenant.id, model_id: model, version: 2, kind: 'promotion' });
        assert.equal(releases.length, 1);
      }
      // Each switch audited once, its records written with the batch's others at its end: the chain stays whole.
      const audited = await stack
        .db('audit_log')
        .where({ tenant_id: tenant.id, action: 'model.deployment.activated' })
        .whereRaw(`payload->'deployment'->>'id' = any(?)`, [scheduled.map((row) => row.id)]);
      assert.equal(audited.length, scheduled.length);
      const chain = await inTenantTransaction(stack.db, tenant.id, (scope) => verifyAuditChain(scope));
      assert.equal(chain.verified, true, JSON.stringify(chain));
      const fellBack = models.at(-1) as string;
      assert.equal((await evaluate(fellBack, (await key('staging')).key)).body.version, '1', 'its window ended');
      // A sweep after the clock (another worker's, or this one's next pass) finds nothing left to record.
      assert.deepEqual(await sweepOverdueDeployments(stack.db, [tenant.id]), {
        activated: 0,
        ended: 0,
        failed: 0,
        more: false,
      });
      for (const { workflow_id } of scheduled)
        await stack.temporal.workflow.getHandle(workflow_id).terminate('this file has no worker left');

      // Two switches of one model overdue together (no clock ran across both instants): recorded in one transaction,
      // the second after the first has changed what is active, so only the later version stays active.
      await clock.stop();
      const first = Date.now() + 2_000;
      const overdue: Array<{ id: string; workflow_id: string }> = [];
      for (const [version, from] of [
        [2, first],
        [3, first + 500],
      ] as const) {
        const promoted = await api('POST', `/models/${both}/versions/${version}/promote`, tenant, {
          environment: 'staging',
          effective_from: new Date(from).toISOString(),
        });
        assert.equal(promoted.status, 201, JSON.stringify(promoted.body));
        overdue.push(promoted.body as { id: string; workflow_id: string });
      }
      await sleep(first + 700 - Date.now());
      assert.deepEqual(await sweepOverdueDeployments(stack.db, [tenant.id]), {
        activated: 2,
        ended: 0,
        failed: 0,
        more: false,
      });
      assert.equal((await deployment(both, overdue[0]!.id)).status, 'superseded');
      assert.equal((await deployment(both, overdue[1]!.id)).status, 'active');
      const active = await stack
        .db('model_deployments')
        .where({ tenant_id: tenant.id, model_id: both, status: 'active' })
        .whereIn(
          'environment_id',
          stack.db('environments').where({ tenant_id: tenant.id, name: 'staging' }).select('id'),
        );
      assert.equal(active.length, 1);
      assert.equal((await evaluate(both, (await key('staging')).key)).body.version, '3');
      for (const { workflow_id } of overdue)
        await stack.temporal.workflow.getHandle(workflow_id).terminate('this file has no worker left');
    } finally {
      await clock.stop();
    }
  });
});
