import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Role } from '../../core/roles';
import { createSignInClient, type Person } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const SCOPES = ['decisions:read', 'decisions:write'];
type Who = 'admin' | 'approver' | 'analyst' | 'stand_in';

/**
 * The governance flow's ways forward, in a tenant shaped like the demo one: one admin, one approver, one analyst who
 * owns the decisions (written with the tenant's API key); a stand-in approver joins for the reassignment case.
 */
describe('decision governance: resubmission, reassignment and refusals', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const people = {} as Record<Who, Person>;
  let signIn: Awaited<ReturnType<typeof createSignInClient>>;
  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Demo-shaped' });
    signIn = await createSignInClient(stack, tenant.key, SCOPES);
    const roles: Array<[Who, Role]> = [
      ['admin', 'admin'],
      ['approver', 'approver'],
      ['analyst', 'analyst'],
    ];
    for (const [label, role] of roles) people[label] = await signIn.person(label, tenant.id, role);
  });
  after(async () => stack?.close());

  const policy = async (steps: unknown[]) => {
    const created = await api('POST', '/approval-policies', tenant.key, {
      name: `policy ${Date.now()} ${Math.random()}`,
      steps,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const submitted = async (policyId: string) => {
    const created = await api('POST', '/decisions', tenant.key, {
      title: 'Support desk staffing for Q3',
      options: [{ label: 'Current volume' }, { label: 'Growth case' }],
      chosen_option: 'opt_2',
      owner_id: people.analyst.id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const response = await api('POST', `/decisions/${created.body.id}/submit`, tenant.key, {
      approval_policy_id: policyId,
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return created.body.id as string;
  };

  const act = async (id: string, verb: string, who: Who, step: number) => {
    const response = await api('POST', `/decisions/${id}/${verb}`, people[who].token, { expected_step: step });
    assert.equal(response.status, 200, `${who} ${verb} step ${step}: ${JSON.stringify(response.body)}`);
    return response.body;
  };

  /** Team (approvers: only the demo approver, as the analyst owns the decision) then Board (admins: only the admin). */
  const demoPolicy = () =>
    policy([
      { name: 'Team review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
      { name: 'Board', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
    ]);

  it('resubmits after step 1 was approved and step 2 asked for changes, with and without an edit, to approval', async () => {
    {
      const policyId = await demoPolicy();

      const unchanged = await submitted(policyId);
      await act(unchanged, 'approve', 'approver', 1);
      assert.equal((await act(unchanged, 'request-changes', 'admin', 2)).status, 'changes_requested');
      const resumed = await api('POST', `/decisions/${unchanged}/resubmit`, tenant.key, {});
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      assert.equal(resumed.body.status, 'pending_approval');
      assert.equal(resumed.body.current_step, 2, 'resumes at the step that asked for changes, step 1 stays approved');
      assert.equal((await act(unchanged, 'approve', 'admin', 2)).status, 'approved');

      // Editing the chosen option dismisses the approvals: the review restarts at step 1, where the approver may approve again.
      const edited = await submitted(policyId);
      await act(edited, 'approve', 'approver', 1);
      await act(edited, 'request-changes', 'admin', 2);
      const patched = await api('PATCH', `/decisions/${edited}`, tenant.key, { chosen_option: 'opt_1' });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      const restarted = await api('POST', `/decisions/${edited}/resubmit`, tenant.key, {});
      assert.equal(restarted.status, 200, JSON.stringify(restarted.body));
      assert.equal(restarted.body.current_step, 1);
      assert.deepEqual(restarted.body.approvals, []);
      await act(edited, 'approve', 'approver', 1);
      assert.equal((await act(edited, 'approve', 'admin', 2)).status, 'approved');
    }
  });

  it('refuses a resubmission no one could complete, naming the step, and a reassignment then gives the way forward', async () => {
    const policyId = await policy([
      { name: 'Team review', approvals_required: 1, approvers: { user_ids: [people.approver.id] }, sla: 'P1D' },
      { name: 'Board', approvals_required: 1, approvers: { user_ids: [people.admin.id] }, sla: 'P1D' },
    ]);
    const id = await submitted(policyId);
    await act(id, 'approve', 'approver', 1);
    await act(id, 'request-changes', 'admin', 2);
    // The admin edits the title themselves: an editor may no longer approve, and no one else is named for step 2.
    assert.equal(
      (
        await api('PATCH', `/decisions/${id}`, people.admin.token, {
          title: 'Support desk staffing for Q3 (growth case)',
        })
      ).status,
      200,
    );
    const refused = await api('POST', `/decisions/${id}/resubmit`, tenant.key, {});
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'insufficient_approvers');
    assert.match(refused.body.detail, /Step 2 \("Board"\)/);
    assert.match(refused.body.detail, /reassign/);
    assert.equal(
      (await api('GET', `/decisions/${id}`, tenant.key)).body.status,
      'changes_requested',
      'nothing changed',
    );

    // The approver already approved step 1 and the analyst owns the decision: neither can take step 2.
    for (const [who, label] of [
      ['approver', 'approved step 1'],
      ['analyst', 'the owner'],
    ] as const) {
      const reassigned = await api('POST', `/decisions/${id}/reassign`, tenant.key, {
        step: 2,
        approvers: { user_ids: [people[who].id] },
      });
      assert.equal(reassigned.status, 422, `${label}: ${JSON.stringify(reassigned.body)}`);
      assert.equal(reassigned.body.code, 'insufficient_approvers');
      assert.deepEqual(
        reassigned.body.errors.map((e: { path: string }) => e.path),
        ['/approvers/user_ids'],
      );
    }
    people.stand_in = await signIn.person('stand_in', tenant.id, 'approver');
    const reassigned = await api('POST', `/decisions/${id}/reassign`, tenant.key, {
      step: 2,
      approvers: { user_ids: [people.stand_in.id] },
    });
    assert.equal(reassigned.status, 200, JSON.stringify(reassigned.body));
    const resumed = await api('POST', `/decisions/${id}/resubmit`, tenant.key, {});
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    assert.equal(resumed.body.current_step, 2);
    assert.equal((await act(id, 'approve', 'stand_in', 2)).status, 'approved');
  });

  it("refuses a reassignment to only the decision's owner, naming the field, and requires the admin scope the document names", async () => {
    const id = await submitted(
      await policy([{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }]),
    );
    const toOwner = await api('POST', `/decisions/${id}/reassign`, tenant.key, {
      step: 1,
      approvers: { user_ids: [people.analyst.id] },
    });
    assert.equal(toOwner.status, 422, JSON.stringify(toOwner.body));
    assert.equal(toOwner.body.code, 'insufficient_approvers');
    assert.deepEqual(
      toOwner.body.errors.map((e: { path: string }) => e.path),
      ['/approvers/user_ids'],
    );
    // The analyst role's only member is the owner.
    const toRole = await api('POST', `/decisions/${id}/reassign`, tenant.key, {
      step: 1,
      approvers: { role: 'analyst' },
    });
    assert.equal(toRole.status, 422, JSON.stringify(toRole.body));
    assert.deepEqual(
      toRole.body.errors.map((e: { path: string }) => e.path),
      ['/approvers/role'],
    );
    assert.deepEqual(
      (await api('GET', `/decisions/${id}`, tenant.key)).body.awaiting.roles,
      ['approver'],
      'the refused reassignments changed nothing',
    );

    const document = (await call(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
    assert.equal(document.paths['/api/v1/decisions/{id}/reassign'].post['x-required-scope'], 'admin');
    const keyOnly = await call(stack.baseUrl, 'POST', '/api/v1/api-keys', {
      key: tenant.key,
      body: { name: 'writer', scopes: ['decisions:read', 'decisions:write'] },
    });
    assert.equal(keyOnly.status, 201, JSON.stringify(keyOnly.body));
    const noAdmin = await api('POST', `/decisions/${id}/reassign`, keyOnly.body.key, {
      step: 1,
      approvers: { role: 'admin' },
    });
    assert.equal(noAdmin.status, 403);
    assert.equal(noAdmin.body.code, 'insufficient_scope');
    assert.match(noAdmin.body.detail, /admin/);
    const fine = await api('POST', `/decisions/${id}/reassign`, tenant.key, { step: 1, approvers: { role: 'admin' } });
    assert.equal(fine.status, 200, JSON.stringify(fine.body));
  });

  it('names the refused action in each 409 for a decision in the wrong state', async () => {
    const id = await submitted(
      await policy([{ name: 'Review', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' }]),
    );
    await act(id, 'approve', 'approver', 1);
    const refusals: Array<[string, string, unknown, RegExp]> = [
      ['POST', `/decisions/${id}/submit`, {}, /only a draft can be submitted/],
      ['DELETE', `/decisions/${id}`, undefined, /only a draft can be deleted/],
      ['PATCH', `/decisions/${id}`, { title: 'New title' }, /can be edited/],
      ['POST', `/decisions/${id}/evidence`, { type: 'note', text: 'A late note.' }, /can be given evidence/],
    ];
    for (const [method, path, body, expected] of refusals) {
      const response = await api(method, path, tenant.key, body);
      assert.equal(response.status, 409, `${method} ${path}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.code, 'decision_not_editable');
      assert.match(response.body.detail, expected, `${method} ${path}`);
      assert.equal(response.body.decision_status, 'approved');
    }
    const byKey = await api('POST', `/decisions/${id}/approve`, tenant.key, { expected_step: 1 });
    assert.equal(byKey.body.code, 'user_actor_required');
    assert.match(byKey.body.detail, /^Approving a decision/);
  });
});
