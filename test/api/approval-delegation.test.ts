import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newId } from '../../core/ids';
import type { Role } from '../../core/roles';
import { createSignInClient, type Person } from '../helpers/people';
import { saveRecordedHistory } from '../helpers/recorded-histories';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const SCOPES = ['decisions:read', 'decisions:write'];
type Who = 'owner' | 'ap1' | 'ap2' | 'ap3' | 'ap4' | 'dl' | 'esc';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * Delegation of approval steps: a person away names a delegate and a period; during it their steps are the
 * delegate's too, who acts "on behalf of" them, with separation of duties holding for both. Through HTTP against
 * Postgres, Temporal and a worker (the approval workflow and the outbox relay writing notifications).
 */
describe('Approval delegation: set, read, clear; a delegate approving on behalf; separation of duties', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let other: TestTenant;
  const people = {} as Record<Who, Person>;
  let outsider: Person;

  const api = (method: string, path: string, key: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key, body });

  before(async () => {
    stack = await startTestStack({ worker: true });
    tenant = await createTestTenant(stack.db, { name: 'Delegating' });
    other = await createTestTenant(stack.db, { name: 'Elsewhere' });
    const signIn = await createSignInClient(stack, tenant.key, SCOPES);
    const roles: Array<[Who, Role]> = [
      ['owner', 'analyst'],
      ['ap1', 'approver'],
      ['ap2', 'approver'],
      ['ap3', 'approver'],
      ['ap4', 'approver'],
      ['dl', 'analyst'],
      ['esc', 'admin'],
    ];
    for (const [label, role] of roles) people[label] = await signIn.person(`delegation-${label}`, tenant.id, role);
    outsider = await (
      await createSignInClient(stack, other.key, SCOPES)
    ).person('delegation-outsider', other.id, 'admin');
  });
  after(async () => stack?.close());

  const delegate = (who: Who, body: Record<string, unknown>) => api('PUT', '/me/delegation', people[who].token, body);

  const policy = async (steps: unknown[]) => {
    const created = await api('POST', '/approval-policies', tenant.key, {
      name: `delegation ${Date.now()} ${Math.random()}`,
      steps,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const submit = async (policyId: string, title: string) => {
    const created = await api('POST', '/decisions', tenant.key, {
      title,
      options: [{ label: 'Two agents' }, { label: 'Three agents' }],
      chosen_option: 'opt_1',
      owner_id: people.owner.id,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const submitted = await api('POST', `/decisions/${created.body.id}/submit`, tenant.key, {
      approval_policy_id: policyId,
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    return created.body.id as string;
  };

  const act = (id: string, who: Who, step: number, verb = 'approve', comment?: string) =>
    api('POST', `/decisions/${id}/${verb}`, people[who].token, {
      expected_step: step,
      ...(comment ? { comment } : {}),
    });

  const inbox = async (who: Who) => {
    const response = await api('GET', '/approvals?assigned_to=me', people[who].token);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data as Array<{ decision_id: string; on_behalf_of?: { user_id: string; until: string } }>;
  };

  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
      await sleep(250);
    }
  };

  /** Who was told the step awaits them, for this decision's submission (the relay writes the rows after the commit). */
  const askedFor = async (title: string) =>
    (
      (await stack
        .db('notifications')
        .where({ tenant_id: tenant.id, kind: 'approval_requested', channel: 'email' })
        .where('subject', `Approval requested: ${title}`)
        .select('user_id')) as Array<{ user_id: string }>
    ).map((row) => row.user_id);

  const auditOf = async (resourceType: string, id: string) =>
    (await stack.db('audit_log').where({ resource_type: resourceType, resource_id: id }).orderBy('sequence')) as Array<{
      action: string;
      actor: { type: string; id: string };
      payload: Record<string, unknown>;
    }>;

  it('sets, reads and clears a delegation (a person their own, an admin anyone), audited', async () => {
    const until = inDays(7);
    const set = await delegate('ap3', { delegate: people.dl.id, until, reason: 'Annual leave' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.object, 'delegation');
    assert.equal(set.body.member_id, people.ap3.id);
    assert.equal(set.body.delegate, people.dl.id);
    assert.equal(set.body.until, until);
    assert.equal(set.body.reason, 'Annual leave');
    assert.equal(set.body.active, true, 'from defaults to now');
    assert.deepEqual((await api('GET', '/me/delegation', people.ap3.token)).body, set.body);
    const byAdmin = await api('GET', `/users/${people.ap3.id}/delegation`, tenant.key);
    assert.equal(byAdmin.status, 200, JSON.stringify(byAdmin.body));
    assert.equal(byAdmin.body.delegate, people.dl.id);

    // An admin replaces it, for a period that has not begun.
    const later = await api('PUT', `/users/${people.ap3.id}/delegation`, tenant.key, {
      delegate: people.ap4.id,
      from: inDays(2),
      until: inDays(3),
    });
    assert.equal(later.status, 200, JSON.stringify(later.body));
    assert.equal(later.body.delegate, people.ap4.id);
    assert.equal(later.body.active, false);
    assert.equal(later.body.reason, null);

    // A key is not a person: it has no delegation of its own.
    const keyed = await api('PUT', '/me/delegation', tenant.key, { delegate: people.dl.id, until });
    assert.equal(keyed.status, 403);
    assert.equal(keyed.body.code, 'user_actor_required');

    assert.equal((await api('DELETE', '/me/delegation', people.ap3.token)).status, 204);
    const gone = await api('GET', '/me/delegation', people.ap3.token);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.code, 'resource_not_found');
    assert.equal((await api('DELETE', '/me/delegation', people.ap3.token)).status, 204, 'clearing twice is harmless');
    assert.equal((await api('DELETE', `/users/${people.ap3.id}/delegation`, tenant.key)).status, 204);

    const audit = (await auditOf('member', people.ap3.id)).filter((r) => r.action.startsWith('member.delegation.'));
    assert.deepEqual(
      audit.map((r) => [r.action, r.actor.type]),
      [
        ['member.delegation.set', 'user'],
        ['member.delegation.set', 'api_key'],
        ['member.delegation.cleared', 'user'],
      ],
      'one record per change; clearing nothing records nothing',
    );
    assert.deepEqual(audit[0]?.payload, { delegate: people.dl.id, from: set.body.from, until, reason: 'Annual leave' });
    assert.equal(audit[2]?.payload.delegate, people.ap4.id);
  });

  it('refuses bad input with 422 naming the field, and answers for other tenants as for nothing', async () => {
    const until = inDays(7);
    const refused = async (body: Record<string, unknown>, path: string, message: RegExp) => {
      const response = await delegate('ap3', body);
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.equal(response.body.code, 'validation_failed');
      const error = (response.body.errors as Array<{ path: string; message: string }>).find((e) => e.path === path);
      assert.ok(error, `${path} named: ${JSON.stringify(response.body.errors)}`);
      assert.match(error.message, message);
      return error.message;
    };
    await refused({ delegate: people.ap3.id, until }, '/delegate', /another member/);
    const unknownId = newId('user');
    const unknown = await refused({ delegate: unknownId, until }, '/delegate', /no member/);
    const foreign = await refused({ delegate: outsider.id, until }, '/delegate', /no member/);
    assert.equal(
      foreign.replace(outsider.id, 'ID'),
      unknown.replace(unknownId, 'ID'),
      "another tenant's member is unknown",
    );
    await refused({ delegate: 'not-an-id', until }, '/delegate', /no member/);
    await refused({ delegate: people.dl.id, from: inDays(3), until: inDays(2) }, '/until', /after from/);
    await refused({ delegate: people.dl.id, from: inDays(-3), until: inDays(-1) }, '/until', /in the past/);
    await refused({ delegate: people.dl.id, until: 'next tuesday' }, '/until', /date-time/);
    await refused({ delegate: people.dl.id }, '/until', /.+/);
    await refused({ delegate: people.dl.id, until, colour: 'red' }, '/colour', /not a known field/);
    assert.equal((await api('GET', '/me/delegation', people.ap3.token)).status, 404, 'nothing was stored');

    // A member id in the path: another tenant's, or one that never existed, is not found, alike.
    const foreignPath = await api('GET', `/users/${outsider.id}/delegation`, tenant.key);
    const missingPath = await api('PUT', `/users/${unknownId}/delegation`, tenant.key, {
      delegate: people.dl.id,
      until,
    });
    assert.equal(foreignPath.status, 404);
    assert.equal(missingPath.status, 404);
    assert.equal(foreignPath.body.code, missingPath.body.code);
    assert.equal(
      (await api('PUT', `/users/${outsider.id}/delegation`, tenant.key, { delegate: people.dl.id, until })).status,
      404,
    );
    assert.equal((await api('DELETE', `/users/${outsider.id}/delegation`, tenant.key)).status, 404);
    // The other tenant's admin cannot reach this tenant's people either.
    assert.equal((await api('GET', `/users/${people.ap3.id}/delegation`, other.key)).status, 404);
  });

  it('lets the delegate approve on behalf of the approver who is away: inbox, notification, timeline and audit say so', async () => {
    const until = inDays(5);
    assert.equal((await delegate('ap1', { delegate: people.dl.id, until, reason: 'Conference' })).status, 200);
    const title = `Delegated review ${Date.now()}`;
    const id = await submit(
      await policy([
        { name: 'Team lead', approvals_required: 1, approvers: { user_ids: [people.ap1.id] }, sla: 'P1D' },
      ]),
      title,
    );

    const task = (await inbox('dl')).find((t) => t.decision_id === id);
    assert.ok(task, 'the step is in the delegate’s inbox');
    assert.deepEqual(task.on_behalf_of, { user_id: people.ap1.id, until });
    const own = (await inbox('ap1')).find((t) => t.decision_id === id);
    assert.ok(own && own.on_behalf_of === undefined, 'and still in the approver’s own, as theirs');
    const told = await waitFor('the approval request notifications', async () => {
      const users = await askedFor(title);
      return users.includes(people.dl.id) ? users : undefined;
    });
    assert.ok(told.includes(people.ap1.id), 'the approver is told as well');
    assert.ok(!told.includes(people.ap2.id));

    const approved = await act(id, 'dl', 1, 'approve', 'Covering for the team lead.');
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'approved');
    assert.deepEqual(
      approved.body.approvals.map((a: { user_id: string; on_behalf_of?: string; step: number }) => [
        a.step,
        a.user_id,
        a.on_behalf_of,
      ]),
      [[1, people.dl.id, people.ap1.id]],
    );

    const history = await api('GET', `/decisions/${id}/history`, tenant.key);
    const entry = (
      history.body.data as Array<{ action: string; actor: { id: string }; payload: Record<string, unknown> }>
    ).find((e) => e.action === 'decision.step.approved');
    assert.ok(entry, JSON.stringify(history.body));
    assert.equal(entry.actor.id, people.dl.id);
    assert.equal(entry.payload.on_behalf_of, people.ap1.id);
    const audit = (await auditOf('decision', id)).find((r) => r.action === 'decision.step.approved');
    assert.equal(audit?.actor.id, people.dl.id);
    assert.equal(audit?.payload.on_behalf_of, people.ap1.id);
    const event = await stack
      .db('events')
      .where({ tenant_id: tenant.id, type: 'decision.step.approved' })
      .whereRaw(`data -> 'decision' ->> 'id' = ?`, [id])
      .first();
    assert.equal(event?.data.transition.on_behalf_of, people.ap1.id, 'the event says so too');

    if (process.env.RECORD_APPROVAL_HISTORY) {
      saveRecordedHistory(
        await stack.temporal.workflow.getHandle(`decision/${id}`).fetchHistory(),
        'decision-approval-delegated.json',
      );
    }
    assert.equal((await api('DELETE', '/me/delegation', people.ap1.token)).status, 204);
  });

  it("skips a delegate who is the decision's owner; with nobody else eligible the step escalates as it always does", async () => {
    assert.equal((await delegate('ap2', { delegate: people.owner.id, until: inDays(5) })).status, 200);
    const title = `Owner as delegate ${Date.now()}`;
    const id = await submit(
      await policy([
        {
          name: 'Team lead',
          approvals_required: 1,
          approvers: { user_ids: [people.ap2.id] },
          sla: 'PT3S',
          escalate_to: { user_ids: [people.esc.id] },
        },
      ]),
      title,
    );
    const refused = await act(id, 'owner', 1);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'not_an_eligible_approver');
    assert.match(refused.body.detail, /owner or author/);
    assert.ok(!(await inbox('owner')).some((t) => t.decision_id === id), 'not in the owner’s inbox');
    // The SLA passes with nobody else able to act: escalated, as without a delegation.
    await waitFor('the escalation', async () =>
      (await auditOf('decision', id)).some((r) => r.action === 'decision.step.escalated'),
    );
    const escalated = await api('GET', `/decisions/${id}`, tenant.key);
    assert.equal(escalated.body.escalated, true);
    assert.ok(
      (await inbox('esc')).some((t) => t.decision_id === id),
      'the escalation target has it',
    );
    const told = await waitFor('the approval request notifications', async () => {
      const users = await askedFor(title);
      return users.length > 0 ? users : undefined;
    });
    assert.deepEqual(told, [people.ap2.id], 'the owner is not told to approve their own decision');
    const byEscalation = await act(id, 'esc', 1);
    assert.equal(byEscalation.status, 200, JSON.stringify(byEscalation.body));
    assert.equal(byEscalation.body.approvals[0].on_behalf_of, undefined);
    assert.equal((await api('DELETE', '/me/delegation', people.ap2.token)).status, 204);
  });

  it('skips a delegate who already approved a step of the decision', async () => {
    // ap1 is away and leaves their steps to ap3, who approves step 1 for themselves.
    assert.equal((await delegate('ap1', { delegate: people.ap3.id, until: inDays(5) })).status, 200);
    const id = await submit(
      await policy([
        { name: 'Team', approvals_required: 1, approvers: { user_ids: [people.ap3.id] }, sla: 'P1D' },
        { name: 'Lead', approvals_required: 1, approvers: { user_ids: [people.ap1.id] }, sla: 'P1D' },
      ]),
      `Delegate already acted ${Date.now()}`,
    );
    const first = await act(id, 'ap3', 1);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.current_step, 2);
    assert.ok(!(await inbox('ap3')).some((t) => t.decision_id === id), 'step 2 is not offered to ap3');
    const second = await act(id, 'ap3', 2);
    assert.equal(second.status, 403, JSON.stringify(second.body));
    assert.equal(second.body.code, 'not_an_eligible_approver');
    assert.match(second.body.detail, /at most one step/);
    // The approver themselves still may.
    const theirs = await act(id, 'ap1', 2);
    assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
    assert.equal(theirs.body.status, 'approved');
    assert.equal((await api('DELETE', '/me/delegation', people.ap1.token)).status, 204);
  });

  it('gives the delegate nothing outside the period', async () => {
    const coming = await delegate('ap4', { delegate: people.dl.id, from: inDays(1), until: inDays(2) });
    assert.equal(coming.status, 200, JSON.stringify(coming.body));
    assert.equal(coming.body.active, false);
    const id = await submit(
      await policy([{ name: 'Lead', approvals_required: 1, approvers: { user_ids: [people.ap4.id] }, sla: 'P1D' }]),
      `Not yet away ${Date.now()}`,
    );
    assert.ok(!(await inbox('dl')).some((t) => t.decision_id === id));
    const refused = await act(id, 'dl', 1);
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'not_an_eligible_approver');
    const own = await act(id, 'ap4', 1);
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(own.body.approvals[0].on_behalf_of, undefined);
  });
});
