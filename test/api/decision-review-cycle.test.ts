import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { temporal } from '@temporalio/proto';
import type { Role } from '../../core/roles';
import { createSignInClient, type Person } from '../helpers/people';
import {
  call,
  createTestTenant,
  spawnWorkerProcess,
  startTestStack,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { saveRecordedHistory } from '../helpers/recorded-histories';

const STAFFING = 'mdl_service_queue_staffing';
const staffingInputs = {
  arrival_rate_per_hour: 100,
  average_handle_time_seconds: 180,
  target_service_level: 0.8,
  target_answer_time_seconds: 20,
};
const SCOPES = ['decisions:read', 'decisions:write', 'scenarios:read', 'scenarios:write'];
type Who = 'owner' | 'author' | 'ap1' | 'ap2' | 'ap3' | 'ad1' | 'ad2';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Shared by both suites: a tenant with people, policies and the calls they make. */
function reviewFixture(stackOptions: Parameters<typeof startTestStack>[0]) {
  const f = {
    stack: undefined as unknown as TestStack,
    tenantA: undefined as unknown as TestTenant,
    tenantB: undefined as unknown as TestTenant,
    people: {} as Record<Who, Person>,
    /** An admin of tenant B, signed in: probes another tenant's decisions as a person. */
    outsider: undefined as unknown as Person,
  };
  const api = (method: string, urlPath: string, key: string, body?: unknown) =>
    call(f.stack.baseUrl, method, `/api/v1${urlPath}`, { key, body });

  before(async () => {
    f.stack = await startTestStack(stackOptions);
    f.tenantA = await createTestTenant(f.stack.db, { name: 'Alpha' });
    f.tenantB = await createTestTenant(f.stack.db, { name: 'Beta' });
    const signIn = await createSignInClient(f.stack, f.tenantA.key, SCOPES);
    const roles: Array<[Who, Role]> = [
      ['owner', 'analyst'],
      ['author', 'analyst'],
      ['ap1', 'approver'],
      ['ap2', 'approver'],
      ['ap3', 'approver'],
      ['ad1', 'admin'],
      ['ad2', 'admin'],
    ];
    for (const [label, role] of roles) f.people[label] = await signIn.person(label, f.tenantA.id, role);
    f.outsider = await (
      await createSignInClient(f.stack, f.tenantB.key, SCOPES)
    ).person('outsider', f.tenantB.id, 'admin');
  });
  after(async () => f.stack?.close());

  const policy = async (steps: unknown[], flags?: Record<string, boolean>) => {
    const created = await api('POST', '/approval-policies', f.tenantA.key, {
      name: `policy ${Date.now()} ${Math.random()}`,
      steps,
      ...(flags ? { flags } : {}),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const draft = async (fields: Record<string, unknown> = {}) => {
    const created = await api('POST', '/decisions', f.tenantA.key, {
      title: 'Staff the support desk',
      options: [{ label: 'Lean' }, { label: 'Busy' }],
      chosen_option: 'opt_1',
      owner_id: f.people.owner.id,
      ...fields,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };

  const submit = async (policyId: string, fields: Record<string, unknown> = {}) => {
    const id = await draft(fields);
    const response = await api('POST', `/decisions/${id}/submit`, f.tenantA.key, { approval_policy_id: policyId });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return id;
  };

  const act = (id: string, verb: string, who: Who, step: number, comment?: string) =>
    api('POST', `/decisions/${id}/${verb}`, f.people[who].token, {
      expected_step: step,
      ...(comment ? { comment } : {}),
    });

  const read = async (id: string) => (await api('GET', `/decisions/${id}`, f.tenantA.key)).body;

  const actions = async (id: string) =>
    (await f.stack.db('audit_log').where({ resource_type: 'decision', resource_id: id }).orderBy('sequence')).map(
      (r: { action: string }) => r.action,
    );

  const events = async (id: string) =>
    (await f.stack
      .db('events')
      .where({ tenant_id: f.tenantA.id })
      .whereRaw(`data -> 'decision' ->> 'id' = ?`, [id])
      .orderBy('sequence')) as Array<{
      type: string;
      data: { transition?: Record<string, unknown> };
    }>;

  const waitFor = async <T>(
    what: string,
    probe: () => Promise<T | undefined | false>,
    timeoutMs = 30_000,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
      await sleep(200);
    }
  };

  const inbox = async (who: Who) => {
    const response = await api('GET', '/approvals?assigned_to=me', f.people[who].token);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data as Array<{ decision_id: string; step: number; escalated: boolean; sla_due_at: string }>;
  };

  /**
   * With RECORD_APPROVAL_HISTORY=1, saves a run's history for test/workflows/replay.test.ts (Temporal's JSON history
   * format); run once after a change to the workflow that is meant to be compatible, and commit the file.
   */
  const recordHistory = async (workflowId: string, runId: string | undefined, file: string) => {
    if (!process.env.RECORD_APPROVAL_HISTORY) return;
    saveRecordedHistory(await f.stack.temporal.workflow.getHandle(workflowId, runId).fetchHistory(), file);
  };

  return { f, api, policy, draft, submit, act, read, actions, events, waitFor, inbox, recordHistory };
}

describe('Decision review cycle: three-step policies, changes and resubmission, SLAs, deadlines, lifecycle and outcome reviews', () => {
  const { f, api, policy, draft, submit, act, read, actions, events, waitFor, inbox, recordHistory } = reviewFixture({
    worker: true,
    env: { APPROVAL_REMINDER_INTERVAL_SECONDS: '1', APPROVAL_CONTINUE_AS_NEW_AFTER_EVENTS: '60' },
  });

  it('walks a three-step policy with several people; a step whose zen-engine condition is false is skipped', async () => {
    const threeSteps = await policy([
      { name: 'Team', approvals_required: 2, approvers: { role: 'approver' }, sla: 'P1D' },
      {
        name: 'Finance',
        approvals_required: 1,
        approvers: { user_ids: [f.people.ad1.id] },
        sla: 'P1D',
        condition: 'required_agents > 5',
      },
      { name: 'Board', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
    ]);
    const scenario = await api('POST', '/scenarios', f.tenantA.key, { model_id: STAFFING, inputs: staffingInputs });
    assert.equal(scenario.status, 201, JSON.stringify(scenario.body));
    const agents = scenario.body.metrics.required_agents as number;
    assert.ok(agents > 5, `the staffing run needs more than 5 agents (${agents}), so Finance applies`);

    const id = await submit(threeSteps, {
      options: [{ label: 'As modelled', scenario_id: scenario.body.id }, { label: 'Wait' }],
    });
    let decision = await read(id);
    assert.equal(decision.current_step, 1);
    assert.deepEqual(
      decision.approval_steps.map((s: { status: string }) => s.status),
      ['awaiting_approval', 'pending', 'pending'],
    );
    assert.equal((await act(id, 'approve', 'ap1', 1)).status, 200);
    assert.equal((await read(id)).current_step, 1, 'Team needs two approvals');
    const second = await act(id, 'approve', 'ap2', 1);
    assert.equal(second.body.current_step, 2);
    assert.equal((await act(id, 'approve', 'ad2', 2)).status, 403, 'Finance is ad1 by name');
    assert.equal((await act(id, 'approve', 'ad1', 2)).body.current_step, 3);
    const last = await act(id, 'approve', 'ad2', 3);
    assert.equal(last.status, 200, JSON.stringify(last.body));
    assert.equal(last.body.status, 'approved');
    assert.deepEqual(
      last.body.approval_steps.map((s: { status: string }) => s.status),
      ['approved', 'approved', 'approved'],
    );

    // The same policy on a decision whose chosen scenario makes the condition false: Finance is skipped.
    const conditional = await policy([
      { name: 'Team', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
      {
        name: 'Finance',
        approvals_required: 1,
        approvers: { user_ids: [f.people.ad1.id] },
        sla: 'P1D',
        condition: `required_agents > ${agents}`,
      },
      { name: 'Board', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
    ]);
    const skipping = await submit(conditional, {
      options: [{ label: 'As modelled', scenario_id: scenario.body.id }, { label: 'Wait' }],
    });
    decision = await read(skipping);
    assert.deepEqual(
      decision.approval_steps.map((s: { applies: boolean }) => s.applies),
      [true, false, true],
    );
    assert.equal((await act(skipping, 'approve', 'ap3', 1)).body.current_step, 3, 'step 2 is skipped');
    assert.equal((await act(skipping, 'approve', 'ad1', 3)).body.status, 'approved');
    const submitted = (await events(skipping)).find((e) => e.type === 'decision.submitted');
    assert.deepEqual(submitted?.data.transition?.skipped_steps, ['Finance']);
  });

  it("keeps a linked scenario's author from approving when the policy says so", async () => {
    const scenario = await api('POST', '/scenarios', f.people.author.token, {
      model_id: STAFFING,
      inputs: { ...staffingInputs, arrival_rate_per_hour: 120 },
    });
    assert.equal(scenario.status, 201, JSON.stringify(scenario.body));
    const strict = await policy(
      [{ name: 'Review', approvals_required: 1, approvers: { role: 'analyst' }, sla: 'P1D' }],
      { scenario_author_cannot_approve: true },
    );
    // Analysts: the owner (excluded as owner) and the scenario's author (excluded by the flag): nobody is left.
    const id = await draft({ options: [{ label: 'A', scenario_id: scenario.body.id }, { label: 'B' }] });
    const refused = await api('POST', `/decisions/${id}/submit`, f.tenantA.key, { approval_policy_id: strict });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'insufficient_approvers');

    const lenient = await policy([
      { name: 'Review', approvals_required: 1, approvers: { role: 'analyst' }, sla: 'P1D' },
    ]);
    const allowed = await submit(lenient, { options: [{ label: 'A', scenario_id: scenario.body.id }, { label: 'B' }] });
    assert.equal(
      (await act(allowed, 'approve', 'author', 1)).status,
      200,
      'without the flag the scenario author may approve',
    );

    const named = await policy(
      [
        {
          name: 'Review',
          approvals_required: 1,
          approvers: { user_ids: [f.people.author.id, f.people.ap1.id] },
          sla: 'P1D',
        },
      ],
      {
        scenario_author_cannot_approve: true,
      },
    );
    const barred = await submit(named, { options: [{ label: 'A', scenario_id: scenario.body.id }, { label: 'B' }] });
    const byAuthor = await act(barred, 'approve', 'author', 1);
    assert.equal(byAuthor.status, 403);
    assert.match(byAuthor.body.detail, /author of a scenario/);
    assert.ok(!(await inbox('author')).some((t) => t.decision_id === barred), "not in the scenario author's inbox");
    assert.equal((await act(barred, 'approve', 'ap1', 1)).body.status, 'approved');
  });

  it('request changes → edit → resubmit dismisses the approvals given and bars editors; a resubmission without changes resumes the step', async () => {
    const twoSteps = await policy([
      { name: 'Team', approvals_required: 1, approvers: { role: 'approver' }, sla: 'P1D' },
      { name: 'Board', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
    ]);
    const id = await submit(twoSteps);
    const firstRun = (await f.stack.temporal.workflow.getHandle(`decision/${id}`).describe()).runId;
    assert.equal((await act(id, 'approve', 'ap1', 1)).body.current_step, 2);
    assert.equal(
      (await api('POST', `/decisions/${id}/resubmit`, f.tenantA.key, {})).body.code,
      'decision_transition_not_allowed',
    );
    const asked = await act(id, 'request-changes', 'ad1', 2, 'Show the growth case.');
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    assert.equal(asked.body.status, 'changes_requested');
    assert.equal(asked.body.current_step, 2);
    assert.equal((await act(id, 'approve', 'ad2', 2)).body.code, 'decision_not_pending');
    assert.ok(!(await inbox('ad2')).some((t) => t.decision_id === id));

    // ap2 (an approver, who may write decisions) edits the options during review.
    const edited = await api('PATCH', `/decisions/${id}`, f.people.ap2.token, {
      options: [{ label: 'Lean' }, { label: 'Busy' }, { label: 'Growth' }],
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const note = await api('POST', `/decisions/${id}/evidence`, f.tenantA.key, {
      type: 'note',
      text: 'Growth forecast attached.',
    });
    assert.equal(note.status, 201);
    const byApprover = await api('POST', `/decisions/${id}/resubmit`, f.people.ap1.token, {});
    assert.equal(byApprover.status, 403, 'only the owner, the author or an admin resubmits');
    const resubmitted = await api('POST', `/decisions/${id}/resubmit`, f.people.owner.token, {
      comment: 'Growth case added.',
    });
    assert.equal(resubmitted.status, 200, JSON.stringify(resubmitted.body));
    assert.equal(resubmitted.body.status, 'pending_approval');
    assert.equal(resubmitted.body.current_step, 1, 'content changed: the review restarts');
    assert.equal(resubmitted.body.review_round, 2);
    assert.deepEqual(resubmitted.body.approvals, [], "ap1's approval was dismissed");
    assert.equal(
      (await api('PATCH', `/decisions/${id}`, f.tenantA.key, { title: 'again' })).status,
      409,
      'not editable under review',
    );

    const byEditor = await act(id, 'approve', 'ap2', 1);
    assert.equal(byEditor.status, 403);
    assert.match(byEditor.body.detail, /edited the decision/);
    assert.ok(!(await inbox('ap2')).some((t) => t.decision_id === id));
    assert.equal((await act(id, 'approve', 'ap1', 1)).body.current_step, 2, 'ap1 approves again in the new round');
    assert.equal((await act(id, 'approve', 'ad1', 2)).body.status, 'approved');
    const resubmission = (await events(id)).find((e) => e.type === 'decision.resubmitted');
    assert.equal(resubmission?.data.transition?.content_changed, true);
    assert.deepEqual(resubmission?.data.transition?.dismissed_approvals, [{ step: 1, user_id: f.people.ap1.id }]);
    assert.deepEqual(resubmission?.data.transition?.editors, [f.people.ap2.id]);
    assert.deepEqual(await actions(id), [
      'decision.created',
      'decision.submitted',
      'decision.step.approved',
      'decision.changes_requested',
      'decision.updated',
      'decision.evidence_attached',
      'decision.resubmitted',
      'decision.step.approved',
      'decision.step.approved',
      'decision.approved',
    ]);

    // Asked again, resubmitted with no edits: the review resumes at the step that asked, approvals kept.
    const same = await submit(twoSteps);
    assert.equal((await act(same, 'approve', 'ap3', 1)).body.current_step, 2);
    assert.equal((await act(same, 'request-changes', 'ad2', 2)).body.status, 'changes_requested');
    const resumed = await api('POST', `/decisions/${same}/resubmit`, f.tenantA.key, {});
    assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
    assert.equal(resumed.body.current_step, 2);
    assert.deepEqual(
      resumed.body.approvals.map((a: { user_id: string }) => a.user_id),
      [f.people.ap3.id],
    );
    assert.equal((await act(same, 'approve', 'ad2', 2)).body.status, 'approved');

    await recordHistory(`decision/${id}`, firstRun, 'decision-approval-resubmitted.json');
  });

  it('escalates a step past its seconds-long SLA (event, escalation target eligible, a reminder per interval) and expires it at its deadline', async () => {
    const timed = await policy([
      {
        name: 'Ops',
        approvals_required: 1,
        approvers: { user_ids: [f.people.ap1.id] },
        sla: 'PT1S',
        escalate_to: { role: 'admin' },
        deadline: 'PT5S',
      },
    ]);
    const escalated = await submit(timed);
    assert.equal((await act(escalated, 'approve', 'ad1', 1)).status, 403, 'before the SLA, only ap1');
    const task = await waitFor("the escalation in ad1's inbox", async () =>
      (await inbox('ad1')).find((t) => t.decision_id === escalated),
    );
    assert.equal(task.escalated, true);
    await waitFor(
      'two reminders',
      async () => (await events(escalated)).filter((e) => e.type === 'decision.step.reminder').length >= 2,
    );
    const approved = await act(escalated, 'approve', 'ad1', 1);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'approved');
    const types = (await events(escalated)).map((e) => e.type);
    assert.equal(types.filter((t) => t === 'decision.step.escalated').length, 1);
    assert.equal(types.at(-1), 'decision.approved');

    const expiring = await submit(timed);
    const expired = await waitFor('the deadline', async () => {
      const decision = await read(expiring);
      return decision.status === 'expired' ? decision : undefined;
    });
    assert.equal(expired.current_step, null);
    assert.equal((await act(expiring, 'approve', 'ap1', 1)).body.code, 'decision_not_pending');
    const types2 = (await events(expiring)).map((e) => e.type);
    assert.deepEqual(
      [types2[0], types2[1], types2[2], types2.at(-1)],
      ['decision.created', 'decision.submitted', 'decision.step.escalated', 'decision.expired'],
    );
  });

  it('comments, withdraws, reassigns (admins), implements and closes; outcome reviews are announced at their dates', async () => {
    const onePerson = await policy([
      { name: 'Review', approvals_required: 1, approvers: { user_ids: [f.people.ap1.id] }, sla: 'P1D' },
    ]);
    const draftId = await draft();
    assert.equal(
      (await api('POST', `/decisions/${draftId}/comment`, f.tenantA.key, { comment: 'early' })).body.code,
      'decision_transition_not_allowed',
    );

    const id = await submit(onePerson);
    const comment = await api('POST', `/decisions/${id}/comment`, f.tenantA.key, {
      comment: 'An API client may comment.',
    });
    assert.equal(comment.status, 200, JSON.stringify(comment.body));
    assert.equal((await api('POST', `/decisions/${id}/comment`, f.tenantA.key, { comment: '' })).status, 422);
    const notAdmin = await api('POST', `/decisions/${id}/reassign`, f.people.ap1.token, {
      step: 1,
      approvers: { user_ids: [f.people.ap2.id] },
    });
    assert.equal(notAdmin.status, 403);
    assert.equal(notAdmin.body.code, 'insufficient_scope');
    const stranger = await api('POST', `/decisions/${id}/reassign`, f.tenantA.key, {
      step: 1,
      approvers: { user_ids: ['usr_01jd2x0m3f8q4w7e5r6t9y2v1k'] },
    });
    assert.equal(stranger.status, 422);
    assert.deepEqual(
      stranger.body.errors.map((e: { path: string }) => e.path),
      ['/approvers/user_ids/0'],
    );
    const noStep = await api('POST', `/decisions/${id}/reassign`, f.tenantA.key, {
      step: 2,
      approvers: { role: 'admin' },
    });
    assert.equal(noStep.status, 422);
    const reassigned = await api('POST', `/decisions/${id}/reassign`, f.tenantA.key, {
      step: 1,
      approvers: { user_ids: [f.people.ap2.id] },
      comment: 'ap1 is away.',
    });
    assert.equal(reassigned.status, 200, JSON.stringify(reassigned.body));
    assert.deepEqual(reassigned.body.awaiting, { roles: [], user_ids: [f.people.ap2.id] });
    assert.equal((await act(id, 'approve', 'ap1', 1)).status, 403, 'no longer an approver');
    const awaiting = await api('GET', '/decisions?awaiting=me', f.people.ap2.token);
    assert.ok(awaiting.body.data.some((d: { id: string }) => d.id === id));
    assert.equal((await api('GET', '/decisions?awaiting=me', f.tenantA.key)).status, 403);
    assert.equal((await act(id, 'approve', 'ap2', 1)).body.status, 'approved');
    assert.equal(
      (await api('POST', `/decisions/${id}/withdraw`, f.tenantA.key, {})).body.code,
      'decision_transition_not_allowed',
    );
    assert.equal(
      (await api('POST', `/decisions/${id}/close`, f.tenantA.key, {})).status,
      409,
      'close needs implemented',
    );
    const implemented = await api('POST', `/decisions/${id}/implement`, f.tenantA.key, {
      comment: 'Live since Monday.',
    });
    assert.equal(implemented.body.status, 'implemented');
    const closed = await api('POST', `/decisions/${id}/close`, f.tenantA.key);
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(closed.body.status, 'closed');
    assert.equal((await api('POST', `/decisions/${id}/comment`, f.tenantA.key, { comment: 'late' })).status, 409);
    assert.deepEqual((await f.stack.temporal.workflow.getHandle(`decision/${id}`).describe()).status.name, 'COMPLETED');
    await recordHistory(`decision/${id}`, undefined, 'decision-approval-closed.json');

    const toWithdraw = await submit(onePerson);
    assert.equal(
      (await api('POST', `/decisions/${toWithdraw}/withdraw`, f.people.ap1.token, {})).status,
      403,
      'an approver may not withdraw',
    );
    const withdrawn = await api('POST', `/decisions/${toWithdraw}/withdraw`, f.people.owner.token, {
      comment: 'No longer needed.',
    });
    assert.equal(withdrawn.body.status, 'withdrawn');
    assert.equal((await act(toWithdraw, 'approve', 'ap1', 1)).body.code, 'decision_not_pending');

    const soon = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const reviews = [soon(2), soon(3)];
    const tracked = await submit(onePerson, { outcome_reviews_at: [reviews[1], reviews[0]] });
    assert.deepEqual((await read(tracked)).outcome_reviews_at, reviews, 'stored ascending');
    assert.equal((await act(tracked, 'approve', 'ap1', 1)).body.status, 'approved');
    const due = await waitFor('both outcome reviews', async () => {
      const found = (await events(tracked)).filter((e) => e.type === 'decision.outcome.due');
      return found.length === 2 ? found : undefined;
    });
    assert.deepEqual(
      due.map((e) => e.data.transition?.review_at),
      reviews,
    );
    assert.equal((await read(tracked)).outcome_reviews_done, 2);

    const history = await api('GET', `/decisions/${id}/history`, f.tenantA.key);
    const recorded = history.body.data.map((e: { action: string }) => e.action).reverse();
    assert.deepEqual(recorded, [
      'decision.created',
      'decision.submitted',
      'decision.commented',
      'decision.step.reassigned',
      'decision.step.approved',
      'decision.approved',
      'decision.implemented',
      'decision.closed',
    ]);
  });

  it('continues a long review as new, keeping its state', async () => {
    const onePerson = await policy([
      { name: 'Review', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
    ]);
    const id = await submit(onePerson);
    const handle = f.stack.temporal.workflow.getHandle(`decision/${id}`);
    const firstRun = (await handle.describe()).runId;
    for (let i = 0; i < 12; i++)
      assert.equal(
        (await api('POST', `/decisions/${id}/comment`, f.tenantA.key, { comment: `note ${i}` })).status,
        200,
      );
    await waitFor('a new run', async () => (await handle.describe()).runId !== firstRun);
    const approved = await act(id, 'approve', 'ad1', 1);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'approved');
    assert.equal(
      (await actions(id)).filter((a) => a === 'decision.commented').length,
      12,
      'every comment recorded once',
    );
  });

  it("answers 404 for another tenant's decision on every review action", async () => {
    const onePerson = await policy([
      { name: 'Review', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
    ]);
    const id = await submit(onePerson);
    for (const verb of ['approve', 'reject', 'request-changes']) {
      const response = await api('POST', `/decisions/${id}/${verb}`, f.outsider.token, { expected_step: 1 });
      assert.equal(response.status, 404, `${verb}: ${JSON.stringify(response.body)}`);
    }
    for (const [verb, body] of [
      ['resubmit', {}],
      ['comment', { comment: 'x' }],
      ['withdraw', {}],
      ['reassign', { step: 1, approvers: { role: 'admin' } }],
      ['implement', {}],
      ['close', {}],
    ] as const) {
      const response = await api('POST', `/decisions/${id}/${verb}`, f.tenantB.key, body);
      assert.equal(response.status, 404, `${verb}: ${JSON.stringify(response.body)}`);
    }
    assert.equal((await read(id)).status, 'pending_approval');
    assert.deepEqual(await actions(id), ['decision.created', 'decision.submitted']);
  });
});

describe('Decision review cycle: a worker killed mid-review', () => {
  const { f, policy, submit, act, read, events, waitFor } = reviewFixture({
    worker: false,
    env: { APPROVAL_REMINDER_INTERVAL_SECONDS: '3600' },
  });

  /** A worker process, once it polls the stack's task queue for workflow tasks. */
  const startWorker = async () => {
    const child = await spawnWorkerProcess(f.stack);
    const pollers = async () =>
      (
        await f.stack.temporal.workflowService.describeTaskQueue({
          namespace: f.stack.config.temporalNamespace,
          taskQueue: { name: f.stack.config.temporalTaskQueue },
          taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        })
      ).pollers ?? [];
    await waitFor(
      'the worker to poll',
      async () => (await pollers()).some((p) => p.identity === `${child.pid}@${os.hostname()}`),
      60_000,
    );
    return child;
  };

  it('resumes on a new worker with its approvals and timers intact', async () => {
    let worker = await startWorker();
    try {
      const twoSteps = await policy([
        {
          name: 'Team',
          approvals_required: 1,
          approvers: { role: 'approver' },
          sla: 'PT3S',
          escalate_to: { role: 'admin' },
        },
        { name: 'Board', approvals_required: 1, approvers: { role: 'admin' }, sla: 'P1D' },
      ]);
      const id = await submit(twoSteps);
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
      // The SLA passes while no worker runs; the new worker fires the timer and takes the approvals.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      worker = await startWorker();
      await waitFor('the escalation after the restart', async () =>
        (await events(id)).some((e) => e.type === 'decision.step.escalated'),
      );
      assert.equal((await act(id, 'approve', 'ad1', 1)).body.current_step, 2, 'the escalation target approves step 1');
      assert.equal((await act(id, 'approve', 'ad2', 2)).body.status, 'approved');
      assert.deepEqual(
        (await read(id)).approvals.map((a: { user_id: string }) => a.user_id),
        [f.people.ad1.id, f.people.ad2.id],
      );
      assert.equal((await events(id)).filter((e) => e.type === 'decision.step.escalated').length, 1);
    } finally {
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    }
  });
});
