import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { createSignInClient } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

describe('Decision approvals: submit, approve and reject as Temporal updates, by people signed in with OAuth', () => {
  let stack: TestStack;
  let tenantA: TestTenant;
  let tenantB: TestTenant;
  let twoStepPolicy: string;
  const people: Record<'owner' | 'ap1' | 'ap2' | 'ad1' | 'ad2', { id: string; email: string; token: string }> =
    {} as never;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  const createPolicy = async (steps: unknown[]) => {
    const created = await api('POST', '/approval-policies', tenantA.key, { name: `policy ${Date.now()}`, steps });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const draft = async (key = tenantA.key, fields: Record<string, unknown> = {}) => {
    const created = await api('POST', '/decisions', key, {
      title: 'Open a second warehouse',
      options: [{ label: 'Lyon' }, { label: 'Lille' }],
      chosen_option: 'opt_1',
      owner_id: people.owner.id,
      ...fields,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const submitted = async (policyId = twoStepPolicy) => {
    const id = await draft();
    const response = await api('POST', `/decisions/${id}/submit`, tenantA.key, { approval_policy_id: policyId });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return id;
  };

  const approve = (id: string, who: keyof typeof people, step: number, comment?: string) =>
    api('POST', `/decisions/${id}/approve`, people[who].token, {
      expected_step: step,
      ...(comment ? { comment } : {}),
    });

  const inbox = async (who: keyof typeof people) => {
    const response = await api('GET', '/approvals?assigned_to=me', people[who].token);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data as Array<{ decision_id: string; step: number; step_name: string }>;
  };

  const auditActions = async (id: string) =>
    (await stack.db('audit_log').where({ resource_type: 'decision', resource_id: id }).orderBy('sequence')).map(
      (r: { action: string }) => r.action,
    );

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenantA = await createTestTenant(stack.db, { name: 'Alpha' });
    tenantB = await createTestTenant(stack.db, { name: 'Beta' });
    const signIn = await createSignInClient(stack, tenantA.key, ['decisions:read', 'decisions:write']);
    const roles: Array<[keyof typeof people, Role]> = [
      ['owner', 'analyst'],
      ['ap1', 'approver'],
      ['ap2', 'approver'],
      ['ad1', 'admin'],
      ['ad2', 'admin'],
    ];
    for (const [label, role] of roles) people[label] = await signIn.person(label, tenantA.id, role);
    twoStepPolicy = await createPolicy([
      { name: 'Team review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
      {
        name: 'Finance',
        approvals_required: 1,
        approvers: { user_ids: [people.ap1.id, people.ad1.id, people.ad2.id] },
        sla: 'P1D',
      },
    ]);
  });
  after(async () => stack?.close());

  it('walks a two-step policy with two approvers, refusing the owner, API keys, ineligible people, a second step by the same person and a stale step', async () => {
    const id = await draft();
    const first = await api('POST', `/decisions/${id}/submit`, tenantA.key, { approval_policy_id: twoStepPolicy });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.status, 'pending_approval');
    assert.equal(first.body.current_step, 1);
    assert.equal(first.body.approval_policy_id, twoStepPolicy);
    assert.equal(first.body.approval_policy_version, 1);
    assert.deepEqual(first.body.approvals, []);
    const again = await api('POST', `/decisions/${id}/submit`, tenantA.key, { approval_policy_id: twoStepPolicy });
    assert.equal(again.status, 200);
    assert.equal(again.body.status, 'pending_approval');
    const editing = await api('PATCH', `/decisions/${id}`, tenantA.key, { title: 'changed under review' });
    assert.equal(editing.status, 409);

    assert.ok((await inbox('ap1')).some((t) => t.decision_id === id && t.step === 1 && t.step_name === 'Team review'));
    assert.ok(!(await inbox('ad1')).some((t) => t.decision_id === id), 'an admin is not an approver of step 1');
    assert.ok(!(await inbox('owner')).some((t) => t.decision_id === id));

    const byKey = await api('POST', `/decisions/${id}/approve`, tenantA.key, { expected_step: 1 });
    assert.equal(byKey.status, 403);
    assert.equal(byKey.body.code, 'user_actor_required');
    const inboxByKey = await api('GET', '/approvals?assigned_to=me', tenantA.key);
    assert.equal(inboxByKey.status, 403);
    assert.equal(inboxByKey.body.code, 'user_actor_required');
    const byOwner = await approve(id, 'owner', 1);
    assert.equal(byOwner.status, 403, JSON.stringify(byOwner.body));
    assert.equal(byOwner.body.code, 'not_an_eligible_approver');
    const byAdmin = await approve(id, 'ad1', 1);
    assert.equal(byAdmin.status, 403);
    assert.equal(byAdmin.body.code, 'not_an_eligible_approver');
    const stale = await approve(id, 'ap1', 2);
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'approval_step_moved');

    const step1 = await approve(id, 'ap1', 1, 'Numbers check out.');
    assert.equal(step1.status, 200, JSON.stringify(step1.body));
    assert.equal(step1.body.status, 'pending_approval');
    assert.equal(step1.body.current_step, 2);
    assert.deepEqual(
      step1.body.approvals.map((a: { step: number; user_id: string; comment: string }) => [
        a.step,
        a.user_id,
        a.comment,
      ]),
      [[1, people.ap1.id, 'Numbers check out.']],
    );
    assert.ok(!(await inbox('ap1')).some((t) => t.decision_id === id), 'acted on: gone from the inbox');
    assert.ok((await inbox('ad1')).some((t) => t.decision_id === id && t.step === 2 && t.step_name === 'Finance'));

    const twice = await approve(id, 'ap1', 2);
    assert.equal(twice.status, 403, 'ap1 is named on step 2 but already approved step 1');
    assert.equal(twice.body.code, 'not_an_eligible_approver');
    const staleAgain = await approve(id, 'ad1', 1);
    assert.equal(staleAgain.status, 409);
    assert.equal(staleAgain.body.code, 'approval_step_moved');

    const step2 = await approve(id, 'ad1', 2);
    assert.equal(step2.status, 200, JSON.stringify(step2.body));
    assert.equal(step2.body.status, 'approved');
    assert.equal(step2.body.current_step, null);
    assert.deepEqual(
      step2.body.approvals.map((a: { user_id: string }) => a.user_id),
      [people.ap1.id, people.ad1.id],
    );
    assert.ok(!(await inbox('ad1')).some((t) => t.decision_id === id));
    const late = await approve(id, 'ad2', 2);
    assert.equal(late.status, 409);
    assert.equal(late.body.code, 'decision_not_pending');

    assert.deepEqual(await auditActions(id), [
      'decision.created',
      'decision.submitted',
      'decision.step.approved',
      'decision.step.approved',
      'decision.approved',
    ]);
    // The refusals never reached the history: only the submission wait and the two approvals were accepted.
    const workflowHistory = await stack.temporal.workflow.getHandle(`decision/${id}`).fetchHistory();
    const accepted = (workflowHistory.events ?? []).flatMap((e) => {
      const name = e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name;
      return name ? [name] : [];
    });
    assert.deepEqual(accepted, ['submissionRecorded', 'approve', 'approve']);
    const approvedBy = (
      await stack.db('audit_log').where({ resource_id: id, action: 'decision.step.approved' }).orderBy('sequence')
    ).map((r: { actor: { type: string; id: string } }) => r.actor);
    assert.deepEqual(
      approvedBy.map((a: { type: string; id: string }) => [a.type, a.id]),
      [
        ['user', people.ap1.id],
        ['user', people.ad1.id],
      ],
    );
    const events = await stack
      .db('events')
      .where({ tenant_id: tenantA.id })
      .whereRaw(`data -> 'decision' ->> 'id' = ?`, [id])
      .orderBy('sequence');
    assert.deepEqual(
      events.map((e: { type: string }) => e.type),
      [
        'decision.created',
        'decision.submitted',
        'decision.step.approved',
        'decision.step.approved',
        'decision.approved',
      ],
    );
    const history = await api('GET', `/decisions/${id}/history`, tenantA.key);
    assert.equal(history.status, 200, JSON.stringify(history.body));
    assert.equal(history.body.data[0].action, 'decision.approved');
  });

  it('serialises two approvers racing on the last approval of a step: exactly one advances it', async () => {
    const id = await submitted();
    const [a, b] = await Promise.all([approve(id, 'ap1', 1), approve(id, 'ap2', 1)]);
    const statuses = [a.status, b.status].sort();
    assert.deepEqual(statuses, [200, 409], JSON.stringify([a.body, b.body]));
    const loser = a.status === 409 ? a : b;
    assert.equal(loser.body.code, 'approval_step_moved');
    const read = await api('GET', `/decisions/${id}`, tenantA.key);
    assert.equal(read.body.current_step, 2);
    assert.equal(read.body.approvals.length, 1);
    assert.deepEqual(await auditActions(id), ['decision.created', 'decision.submitted', 'decision.step.approved']);
  });

  it('rejects: the decision becomes rejected and leaves every inbox; the DecisionStatus search attribute follows', async () => {
    const id = await submitted();
    assert.ok((await inbox('ap2')).some((t) => t.decision_id === id));
    const rejected = await api('POST', `/decisions/${id}/reject`, people.ap2.token, {
      expected_step: 1,
      comment: 'Too early.',
    });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    assert.equal(rejected.body.status, 'rejected');
    assert.equal(rejected.body.current_step, null);
    assert.ok(!(await inbox('ap1')).some((t) => t.decision_id === id));
    const approveAfter = await approve(id, 'ap1', 1);
    assert.equal(approveAfter.status, 409);
    assert.deepEqual(await auditActions(id), ['decision.created', 'decision.submitted', 'decision.rejected']);

    const pending = await submitted();
    const query = (status: string, decisionId: string) =>
      `TenantId = "${tenantA.id}" AND ResourceType = "decision" AND ResourceId = "${decisionId}" AND DecisionStatus = "${status}"`;
    const listed = async (q: string) => {
      const ids: string[] = [];
      for await (const workflow of stack.temporal.workflow.list({ query: q })) ids.push(workflow.workflowId);
      return ids;
    };
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [wasRejected, isPending] = [
        await listed(query('rejected', id)),
        await listed(query('pending_approval', pending)),
      ];
      if (wasRejected.length === 1 && isPending.length === 1) {
        assert.deepEqual(wasRejected, [`decision/${id}`]);
        assert.deepEqual(isPending, [`decision/${pending}`]);
        break;
      }
      assert.ok(
        Date.now() < deadline,
        `visibility never showed the statuses: ${JSON.stringify([wasRejected, isPending])}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.deepEqual(
      await listed(query('pending_approval', id)),
      [],
      'the rejected decision is no longer listed as pending',
    );
  });

  it('refuses submissions that cannot be reviewed, and answers 404 across tenants', async () => {
    const impossible = await createPolicy([
      { name: 'Board', approvals_required: 3, approvers: { role: 'approver' }, sla: 'P1D' },
    ]);
    const id = await draft();
    const refused = await api('POST', `/decisions/${id}/submit`, tenantA.key, { approval_policy_id: impossible });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'insufficient_approvers');
    assert.match(refused.body.detail, /Step 1 \("Board"\) requires 3 approvers but only 2/);
    assert.equal((await api('GET', `/decisions/${id}`, tenantA.key)).body.status, 'draft');
    assert.equal((await api('GET', `/decisions/${id}`, tenantA.key)).body.approval_policy_version, null);

    const unchosen = await draft(tenantA.key, { chosen_option: null });
    const noChoice = await api('POST', `/decisions/${unchosen}/submit`, tenantA.key, {
      approval_policy_id: twoStepPolicy,
    });
    assert.equal(noChoice.status, 422);
    assert.deepEqual(
      noChoice.body.errors.map((e: { path: string }) => e.path),
      ['/chosen_option'],
    );
    const noPolicy = await api('POST', `/decisions/${id}/submit`, tenantA.key, {});
    assert.equal(noPolicy.status, 422);
    assert.deepEqual(
      noPolicy.body.errors.map((e: { path: string }) => e.path),
      ['/approval_policy_id'],
    );
    const approveDraft = await approve(id, 'ap1', 1);
    assert.equal(approveDraft.status, 409);
    assert.equal(approveDraft.body.code, 'decision_not_pending');

    const pending = await submitted();
    assert.equal(
      (await api('POST', `/decisions/${pending}/submit`, tenantB.key, { approval_policy_id: twoStepPolicy })).status,
      404,
    );
    assert.equal((await api('GET', `/decisions/${pending}`, tenantB.key)).status, 404);
    const otherTenants = await api('POST', '/decisions', tenantB.key, {
      title: 'Beta',
      options: [{ label: 'A' }, { label: 'B' }],
      chosen_option: 'opt_1',
    });
    const crossApprove = await approve(otherTenants.body.id, 'ap1', 1);
    assert.equal(crossApprove.status, 404);
    const foreignPolicy = await api('POST', `/decisions/${otherTenants.body.id}/submit`, tenantB.key, {
      approval_policy_id: twoStepPolicy,
    });
    assert.equal(foreignPolicy.status, 422, "another tenant's policy does not exist here");
    assert.deepEqual(
      foreignPolicy.body.errors.map((e: { path: string }) => e.path),
      ['/approval_policy_id'],
    );
  });
});
