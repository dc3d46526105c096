import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { discountModelBody, DISCOUNT_CASES } from '../fixtures/model-bodies';
import { createSignInClient, type Person } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * A tenant model's lifecycle through HTTP, with people signed in with OAuth: drafts (run only by their author, as draft
 * runs never linkable to a decision), the submission gate (suite and rule coverage), a two-step review run by the decision
 * approval workflow (the author cannot approve; new content dismisses the approvals given), publication in the approval's
 * transaction, rollback, rejection, the events and the audit trail, tenancy and bad input.
 */
describe('model version lifecycle: draft, gate, review, publish, roll back', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  let policyId: string;
  const people = {} as Record<'author' | 'lead' | 'checker', Person>;

  const as = (who: Person | TestTenant) => ('token' in who ? who.token : who.key);
  const api = (method: string, path: string, who: Person | TestTenant, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: as(who), body });
  const version = async (model: string, v: string) => (await api('GET', `/models/${model}/versions/${v}`, tenant)).body;
  const approve = (decision: string, who: Person, step: number) =>
    api('POST', `/decisions/${decision}/approve`, who, { expected_step: step });
  const regraded = (rate: string, description = 'Gold, bulk order') => {
    const body = discountModelBody('x');
    const rule = (body.graph.nodes as any[]).find((n) => n.type === 'decisionTableNode').content.rules[0];
    rule.rate = rate;
    rule._description = description;
    return {
      input_schema: body.input_schema,
      output_schema: body.output_schema,
      graph: body.graph,
      sample_inputs: body.sample_inputs,
    };
  };

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Lifecycle' });
    other = await createTestTenant(stack.db, { name: 'Elsewhere' });
    const signIn = await createSignInClient(stack, tenant.key, [
      'models:read',
      'models:write',
      'scenarios:read',
      'scenarios:write',
      'decisions:read',
      'decisions:write',
    ]);
    const roles: Array<[keyof typeof people, Role]> = [
      ['author', 'admin'],
      ['lead', 'admin'],
      ['checker', 'approver'],
    ];
    for (const [label, role] of roles) people[label] = await signIn.person(label, tenant.id, role);
    const policy = await api('POST', '/approval-policies', tenant, {
      name: 'Model release',
      steps: [
        { name: 'Lead review', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
        { name: 'Model check', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
      ],
    });
    assert.equal(policy.status, 201, JSON.stringify(policy.body));
    policyId = policy.body.id;
  });
  after(async () => stack?.close());

  it('walks a draft through its gate and a two-person review to publication, then rolls back and rejects', async () => {
    const created = await api('POST', '/models', people.author, discountModelBody('Lifecycle discount'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const model = created.body.id as string;
    assert.equal(created.body.version, null);
    assert.equal((await version(model, '1')).status, 'draft');
    const threshold = await api('PATCH', `/models/${model}`, people.author, { coverage_threshold: 1 });
    assert.deepEqual([threshold.status, threshold.body.coverage_threshold], [200, 1]);

    // A draft runs for its author only, as a draft run; nobody else's scenario runs it, and nothing is published yet.
    const trial = await api('POST', '/scenarios', people.author, {
      model_id: model,
      model_version: '1',
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(trial.status, 201, JSON.stringify(trial.body));
    assert.equal(trial.body.draft_run, true);
    const someoneElse = await api('POST', '/scenarios', people.lead, {
      model_id: model,
      model_version: '1',
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(someoneElse.status, 422);
    assert.equal(someoneElse.body.errors[0].path, '/model_version');
    assert.match(someoneElse.body.errors[0].message, /is draft: only its author may run it/);
    const unnamed = await api('POST', '/scenarios', tenant, {
      model_id: model,
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(unnamed.status, 422);
    assert.equal(unnamed.body.errors[0].path, '/model_id');
    const inBatch = await api('POST', '/scenarios/batch', people.author, {
      items: [{ model_id: model, model_version: '1', inputs: { tier: 'gold', quantity: 150 } }],
    });
    assert.equal(inBatch.status, 422, 'batches run released versions only');
    const linked = await api('POST', '/decisions', people.author, {
      title: 'Use the trial',
      options: [{ label: 'A', scenario_id: trial.body.id }, { label: 'B' }],
    });
    assert.equal(linked.status, 422);
    assert.deepEqual(
      linked.body.errors.map((e: any) => e.path),
      ['/options/0/scenario_id'],
    );
    assert.match(linked.body.errors[0].message, /draft run/);

    // The gate: a policy, then a suite that passes every case and covers every rule.
    const noPolicy = await api('POST', `/models/${model}/versions/1/submit`, people.author, {});
    assert.equal(noPolicy.status, 422);
    assert.equal(noPolicy.body.errors[0].path, '/approval_policy_id');
    const wrong = await api('POST', `/models/${model}/test-cases`, people.author, {
      ...DISCOUNT_CASES[0],
      expected: { 'discount.rate': 0.3 },
    });
    const failing = await api('POST', `/models/${model}/versions/1/submit`, people.author, {
      approval_policy_id: policyId,
    });
    assert.equal(failing.status, 422);
    assert.ok(
      failing.body.errors.some((e: any) => e.path === `/test_cases/${wrong.body.id}` && /fails/.test(e.message)),
      JSON.stringify(failing.body.errors),
    );
    assert.match(failing.body.test_run_id, /^mtr_/);
    assert.equal((await version(model, '1')).status, 'draft');
    assert.equal(
      (
        await api('PATCH', `/models/${model}/test-cases/${wrong.body.id}`, people.author, {
          expected: DISCOUNT_CASES[0]?.expected,
        })
      ).status,
      200,
    );
    const uncovered = await api('POST', `/models/${model}/versions/1/submit`, people.author, {
      approval_policy_id: policyId,
    });
    assert.equal(uncovered.status, 422);
    assert.equal(uncovered.body.errors[0].path, '/coverage');
    assert.match(uncovered.body.errors[0].message, /hits 1 of 6 rules/);
    assert.deepEqual(
      uncovered.body.errors.slice(1).map((e: any) => e.path),
      ['gold', 'silver-bulk', 'silver', 'very-large', 'default'].map(
        (rule) => `/coverage/discount-table/rules/${rule}`,
      ),
    );
    assert.equal(
      (await api('POST', `/models/${model}/test-cases/import`, people.author, { cases: DISCOUNT_CASES.slice(1) }))
        .status,
      201,
    );

    const submitted = await api('POST', `/models/${model}/versions/1/submit`, people.author, {
      approval_policy_id: policyId,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.equal(submitted.body.status, 'in_review');
    assert.equal(submitted.body.latest_test_run.status, 'passed');
    const decision = submitted.body.review.decision_id as string;
    assert.equal(submitted.body.review.status, 'pending_approval');
    assert.equal(submitted.body.review.current_step, 1);
    const again = await api('POST', `/models/${model}/versions/1/submit`, people.author, {
      approval_policy_id: policyId,
    });
    assert.equal(again.status, 200, 'a repeated submit answers the review as it stands');
    assert.equal(again.body.review.decision_id, decision);
    assert.equal(
      (await api('PUT', `/models/${model}/versions/1`, people.author, regraded('0.2', 'changed'))).status,
      409,
      'in review: immutable',
    );
    assert.equal(
      (await api('PATCH', `/decisions/${decision}`, people.author, { title: 'edited' })).body.code,
      'release_decision',
    );

    // The author cannot approve their own version (they own its release decision).
    const own = await approve(decision, people.author, 1);
    assert.equal(own.status, 403);
    assert.equal(own.body.code, 'not_an_eligible_approver');
    assert.equal((await approve(decision, people.lead, 1)).status, 200);
    const changes = await api('POST', `/decisions/${decision}/request-changes`, people.checker, {
      expected_step: 2,
      comment: 'Gold bulk should say why.',
    });
    assert.equal(changes.status, 200, JSON.stringify(changes.body));
    assert.equal((await version(model, '1')).status, 'draft', 'requested changes make it a draft again');

    // New content, submitted again: the approvals given to the old content are dismissed; the review starts over.
    const replaced = await api(
      'PUT',
      `/models/${model}/versions/1`,
      people.author,
      regraded('0.2', 'Gold, bulk order (100 or more)'),
    );
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.equal(replaced.body.content_revision, 2);
    const resumed = await api('POST', `/models/${model}/versions/1/submit`, people.author, { comment: 'Described.' });
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    assert.equal(resumed.body.review.decision_id, decision, 'the same review resumes');
    assert.equal(resumed.body.review.current_step, 1);
    assert.deepEqual(resumed.body.review.approvals, []);
    assert.equal((await approve(decision, people.lead, 1)).status, 200);
    assert.equal((await version(model, '1')).status, 'in_review');
    assert.equal((await approve(decision, people.checker, 2)).status, 200);

    const published = await version(model, '1');
    assert.equal(published.status, 'published');
    assert.ok(published.published_at);
    assert.equal((await api('GET', `/models/${model}`, tenant)).body.version, '1');
    const live = await api('POST', '/scenarios', people.lead, {
      model_id: model,
      inputs: { tier: 'gold', quantity: 150 },
    });
    assert.equal(live.status, 201, JSON.stringify(live.body));
    assert.deepEqual(
      [live.body.model_version, live.body.draft_run, live.body.metrics['discount.rate']],
      ['1', false, 0.2],
    );

    // Version 2: a draft reviewed against what is live, published through the same review; version 1 retires.
    const v2 = await api('POST', `/models/${model}/versions`, people.author, regraded('0.25'));
    assert.equal(v2.body.status, 'draft');
    const diff = await api('GET', `/models/${model}/versions/2/diff`, tenant);
    assert.equal(diff.body.against, '1');
    assert.equal(
      (await api('GET', `/models/${model}/versions/2/diff?against=1`, tenant)).body.graph.decision_tables?.length ?? 1,
      1,
    );
    const goldBulk = (await api('GET', `/models/${model}/test-cases`, tenant)).body.data.find(
      (c: any) => c.name === 'gold bulk',
    );
    await api('PATCH', `/models/${model}/test-cases/${goldBulk.id}`, people.author, {
      expected: { 'discount.rate': 0.25, segment: 'gold bulk' },
    });
    const v2Review = (
      await api('POST', `/models/${model}/versions/2/submit`, people.author, { approval_policy_id: policyId })
    ).body.review.decision_id;
    assert.equal((await approve(v2Review, people.lead, 1)).status, 200);
    assert.equal((await approve(v2Review, people.checker, 2)).status, 200);
    assert.deepEqual(
      [(await version(model, '1')).status, (await version(model, '2')).status],
      ['retired', 'published'],
    );
    assert.equal(
      (await api('POST', '/scenarios', tenant, { model_id: model, inputs: { tier: 'gold', quantity: 150 } })).body
        .metrics['discount.rate'],
      0.25,
    );

    // Rollback: version 1 again, with a reason; a new release record says who, when, why and what it replaced.
    assert.equal((await api('POST', `/models/${model}/versions/1/publish`, people.lead, {})).status, 422);
    assert.equal(
      (await api('POST', `/models/${model}/versions/2/publish`, people.lead, { reason: 'again' })).body.code,
      'model_version_state',
    );
    const rollback = await api('POST', `/models/${model}/versions/1/publish`, people.lead, {
      reason: 'Version 2 overstates gold bulk discounts.',
    });
    assert.equal(rollback.status, 200, JSON.stringify(rollback.body));
    assert.deepEqual(
      [rollback.body.kind, rollback.body.version, rollback.body.replaced_version, rollback.body.released_by.id],
      ['rollback', '1', '2', people.lead.id],
    );
    assert.equal(
      (await api('POST', '/scenarios', tenant, { model_id: model, inputs: { tier: 'gold', quantity: 150 } })).body
        .model_version,
      '1',
    );
    const releases = (await api('GET', `/models/${model}/releases`, tenant)).body.data;
    assert.deepEqual(
      releases.map((r: any) => [r.kind, r.version, r.replaced_version, r.decision_id]),
      [
        ['rollback', '1', '2', null],
        ['review', '2', '1', v2Review],
        ['review', '1', null, decision],
      ],
    );

    // Rejection: final for that version.
    const v3 = await api(
      'POST',
      `/models/${model}/versions`,
      people.author,
      regraded('0.25', 'Gold, bulk order, third take'),
    );
    const v3Review = (
      await api('POST', `/models/${model}/versions/${v3.body.version}/submit`, people.author, {
        approval_policy_id: policyId,
      })
    ).body.review.decision_id;
    assert.equal(
      (await api('POST', `/decisions/${v3Review}/reject`, people.lead, { expected_step: 1, comment: 'Not needed.' }))
        .status,
      200,
    );
    assert.equal((await version(model, '3')).status, 'rejected');
    assert.equal(
      (await api('POST', `/models/${model}/versions/3/submit`, people.author, {})).body.code,
      'model_version_state',
    );

    // Every transition is an event through the outbox and a record in the tenant's audit log.
    const events = await stack
      .db('events')
      .where({ tenant_id: tenant.id })
      .whereRaw(`data -> 'model' ->> 'id' = ?`, [model])
      .orderBy('sequence');
    assert.deepEqual(
      // Going live in production is also a deployment's activation (environments: api/environments/README.md).
      events.map((e: any) => `${e.type}:${(e.data.version ?? e.data.deployment).version}`),
      [
        'model.version.created:1',
        'model.version.submitted:1',
        'model.version.submitted:1',
        'model.version.approved:1',
        'model.version.published:1',
        'model.deployment.activated:1',
        'model.version.created:2',
        'model.version.submitted:2',
        'model.version.approved:2',
        'model.version.retired:1',
        'model.version.published:2',
        'model.deployment.activated:2',
        'model.version.retired:2',
        'model.version.published:1',
        'model.deployment.activated:1',
        'model.version.created:3',
        'model.version.submitted:3',
        'model.version.rejected:3',
      ],
    );
    assert.equal(events.find((e: any) => e.type === 'model.version.rejected').data.comment, 'Not needed.');
    const audit = await stack
      .db('audit_log')
      .where({ tenant_id: tenant.id, resource_type: 'model', resource_id: model })
      .orderBy('sequence');
    const actions = audit.map((r: any) => r.action);
    for (const action of [
      'model.version.created',
      'model.version.submitted',
      'model.version.changes_requested',
      'model.version.replaced',
      'model.version.approved',
      'model.version.published',
      'model.version.retired',
      'model.version.rejected',
      'model.updated',
    ]) {
      assert.ok(actions.includes(action), `${action} is audited: ${actions.join(', ')}`);
    }
  });

  it('hides every lifecycle operation from other tenants and refuses bad input naming the field, storing nothing', async () => {
    const model = (await api('POST', '/models', tenant, discountModelBody('Tenancy'))).body.id as string;
    for (const [method, path, body] of [
      ['GET', '/versions/1', undefined],
      ['PUT', '/versions/1', regraded('0.3')],
      ['POST', '/versions/1/submit', { approval_policy_id: policyId }],
      ['POST', '/versions/1/publish', { reason: 'x' }],
      ['GET', '/releases', undefined],
      ['PATCH', '', { coverage_threshold: 0.5 }],
    ] as const) {
      const response = await api(method, `/models/${model}${path}`, other, body);
      assert.equal(response.status, 404, `${method} ${path}: ${JSON.stringify(response.body)}`);
    }
    // Another tenant's approval policy named in a body answers as a missing one.
    const theirPolicy = (
      await api('POST', '/approval-policies', other, {
        name: 'theirs',
        steps: [{ name: 'x', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' }],
      })
    ).body.id;
    await api('POST', `/models/${model}/test-cases/import`, tenant, { cases: DISCOUNT_CASES });
    const foreign = await api('POST', `/models/${model}/versions/1/submit`, tenant, {
      approval_policy_id: theirPolicy,
    });
    assert.equal(foreign.status, 422);
    assert.equal(foreign.body.errors[0].path, '/approval_policy_id');
    assert.equal((await version(model, '1')).status, 'draft', 'a refused submission leaves a draft');

    const before = await version(model, '1');
    for (const [method, path, body, field] of [
      ['PATCH', '', { coverage_threshold: 2 }, '/coverage_threshold'],
      ['PATCH', '', {}, ''],
      ['PUT', '/versions/1', { ...regraded('0.3'), graph: { nodes: 'no' } }, '/graph'],
      ['POST', '/versions/1/submit', { approval_policy_id: 7 }, '/approval_policy_id'],
      ['POST', '/versions/1/publish', { reason: '' }, '/reason'],
    ] as const) {
      const response = await api(method, `/models/${model}${path}`, tenant, body);
      assert.equal(response.status, 422, `${method} ${path}: ${JSON.stringify(response.body)}`);
      assert.ok(
        response.body.errors.some((e: any) => e.path.startsWith(field)),
        `${method} ${path} names ${field}: ${JSON.stringify(response.body.errors)}`,
      );
    }
    const after = await version(model, '1');
    assert.deepEqual(
      [after.content_revision, after.graph_sha256, after.status],
      [before.content_revision, before.graph_sha256, 'draft'],
    );
    assert.equal((await api('GET', `/models/${model}`, tenant)).body.coverage_threshold, 1);
    assert.equal((await api('GET', `/models/${model}/versions/9`, tenant)).status, 404);
    assert.equal(
      (await api('GET', '/models/mdl_service_queue_staffing/versions/1.0.0', tenant)).body.status,
      'published',
      'built-ins are published',
    );
    assert.equal(
      (await api('POST', '/models/mdl_service_queue_staffing/versions/1.0.0/submit', tenant, {})).status,
      409,
    );
  });
});
