import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApplicationFailure } from '@temporalio/common';
import {
  INVALID_STEP,
  NOT_ELIGIBLE,
  NOT_PENDING,
  STEP_MOVED,
  WRONG_STATUS,
  type ApprovalActionArgs,
  type ApprovalWorkflowStatus,
  type DecisionApprovalInput,
  type RecordApprovalTransitionInput,
} from '../../workflows/decisions/contracts';
import { DecisionReview, refusal, type DecisionReviewPorts } from '../../workflows/decisions/decision-approval';

/**
 * The approval rules of `DecisionReview` alone: no Temporal, no Postgres. Its ports are fakes (the transitions it
 * writes and the statuses it publishes are recorded) and its clock is moved by hand, so SLAs of an hour and deadlines
 * of days are checked in milliseconds. The same class runs inside `decisionApprovalWorkflow`
 * (test/workflows/decision-approval.test.ts) and against recorded histories (test/workflows/replay.test.ts).
 */

const START = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;

function inputOf(overrides: Partial<DecisionApprovalInput> = {}): DecisionApprovalInput {
  return {
    tenantId: 'ten_review',
    decisionId: 'dec_review',
    policyId: 'apl_review',
    policyVersion: 3,
    steps: [
      {
        name: 'Finance',
        approvals_required: 1,
        approvers: { role: 'approver' },
        sla_seconds: 3_600,
        escalate_to: { user_ids: ['usr_cfo'] },
        deadline_seconds: 4 * 3_600,
      },
      {
        name: 'Board',
        approvals_required: 2,
        approvers: { user_ids: ['usr_b1', 'usr_b2', 'usr_b3'] },
        sla_seconds: 86_400,
        escalate_to: null,
        deadline_seconds: null,
      },
    ],
    content: {
      stepApplies: [true, true],
      authorIds: ['usr_owner'],
      scenarioAuthorIds: ['usr_modeller'],
      contentWriterIds: ['usr_writer'],
      outcomeReviewsAt: [],
    },
    submittedBy: { type: 'user', id: 'usr_owner' },
    reminderIntervalSeconds: 1_800,
    ...overrides,
  };
}

/** A review on fake ports, submitted (as the workflow does before its loop) unless told otherwise. */
async function reviewOf(overrides: Partial<DecisionApprovalInput> = {}, options: { submit?: boolean } = {}) {
  const clock = { now: START };
  const writes: RecordApprovalTransitionInput[] = [];
  const published: ApprovalWorkflowStatus[] = [];
  const ports: DecisionReviewPorts = {
    recordApprovalTransition: async (write) => {
      writes.push(write);
    },
    publishStatus: (status) => published.push(status),
    waitUntil: async (test) => {
      while (!test()) await new Promise((resolve) => setImmediate(resolve));
    },
    workflowId: () => 'decision/dec_review',
    now: () => clock.now,
  };
  const review = new DecisionReview(inputOf(overrides), ports);
  if (options.submit !== false) {
    await review.submit();
    review.submissionIsWritten();
  }
  const actions = () => writes.flatMap((write) => write.records.map((record) => record.action));
  return { review, clock, writes, published, actions };
}

const approver = (
  id: string,
  expectedStep: number,
  role: string | null = null,
  comment: string | null = null,
): ApprovalActionArgs => ({
  actor: { type: 'user', id },
  role,
  expectedStep,
  comment,
});

/** The refusal `work` throws: an ApplicationFailure of `type`, non-retryable (the API maps the type to its problem). */
function assertRefused(work: () => unknown, type: string, message?: RegExp): void {
  assert.throws(work, (error: unknown) => {
    assert.ok(error instanceof ApplicationFailure, String(error));
    assert.equal(error.type, type);
    assert.equal(error.nonRetryable, true);
    if (message) assert.match(error.message, message);
    return true;
  });
}

describe('DecisionReview: submission', () => {
  it('enters the first step with its SLA, reminder and deadline dates from the clock, and writes the submission', async () => {
    const { review, writes, published } = await reviewOf({ slaReminderBeforeSeconds: 600 });
    const state = review.snapshot();
    assert.equal(state.status, 'pending_approval');
    assert.equal(state.currentStep, 1);
    assert.equal(state.round, 1);
    assert.equal(state.stepStartedAt, new Date(START).toISOString());
    assert.equal(state.slaDueAt, new Date(START + HOUR).toISOString());
    assert.equal(state.slaReminderAt, new Date(START + HOUR - 600_000).toISOString());
    assert.equal(state.deadlineAt, new Date(START + 4 * HOUR).toISOString());
    assert.deepEqual(state.excludedUserIds, ['usr_owner', 'usr_modeller', 'usr_writer']);
    assert.equal(writes.length, 1);
    const [write] = writes;
    assert.deepEqual(write!.actor, { type: 'user', id: 'usr_owner' });
    assert.deepEqual(write!.assignment, { roles: ['approver'], userIds: [] });
    assert.deepEqual(write!.records, [
      {
        action: 'decision.submitted',
        payload: {
          policy_id: 'apl_review',
          policy_version: 3,
          step_count: 2,
          round: 1,
          workflow_id: 'decision/dec_review',
          steps: ['Finance', 'Board'],
          skipped_steps: [],
        },
      },
    ]);
    assert.equal(write!.state.seq, 1);
    assert.deepEqual(published, ['pending_approval']);
    assert.equal(review.isFinal(), false);
  });

  it('skips a step whose condition is false, and approves at once when none applies', async () => {
    const skipping = await reviewOf({ content: { ...inputOf().content, stepApplies: [false, true] } });
    assert.equal(skipping.review.state.currentStep, 2);
    assert.deepEqual(skipping.writes[0]!.records[0]!.payload.skipped_steps, ['Finance']);
    assert.equal(skipping.review.state.deadlineAt, null, 'the Board step has no deadline');

    const none = await reviewOf({ content: { ...inputOf().content, stepApplies: [false, false] } });
    assert.equal(none.review.state.status, 'approved');
    assert.equal(none.review.state.currentStep, null);
    assert.deepEqual(none.actions(), ['decision.submitted', 'decision.approved']);
    assert.deepEqual(none.published, ['approved']);
  });

  it('answers submissionRecorded only once the submission is written; a continued run starts with it written', async () => {
    const { review } = await reviewOf({}, { submit: false });
    let answered = false;
    const answer = review.submissionRecorded().then((state) => {
      answered = true;
      return state;
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answered, false);
    await review.submit();
    review.submissionIsWritten();
    assert.equal((await answer).status, 'pending_approval');

    const carried = review.snapshot();
    const continued = await reviewOf({ carried }, { submit: false });
    assert.deepEqual(continued.review.snapshot(), carried);
    assert.equal((await continued.review.submissionRecorded()).seq, carried.seq);
    assert.equal(continued.writes.length, 0, 'a continued run writes nothing until something happens');
  });
});

describe('DecisionReview: who may approve, reject or request changes', () => {
  it('refuses the owner, a scenario author, a content writer and an editor, each saying why', async () => {
    const { review } = await reviewOf();
    assertRefused(
      () => review.validateApproverAction(approver('usr_owner', 1, 'approver')),
      NOT_ELIGIBLE,
      /owner or author/,
    );
    assertRefused(
      () => review.validateApproverAction(approver('usr_modeller', 1, 'approver')),
      NOT_ELIGIBLE,
      /author of a scenario/,
    );
    assertRefused(
      () => review.validateApproverAction(approver('usr_writer', 1, 'approver')),
      NOT_ELIGIBLE,
      /writer of the model version/,
    );
    review.state.excludedUserIds.push('usr_editor');
    assertRefused(
      () => review.validateApproverAction(approver('usr_editor', 1, 'approver')),
      NOT_ELIGIBLE,
      /edited the decision/,
    );
  });

  it('refuses someone outside the step, a stale step (naming the current one) and anything once no step is pending', async () => {
    const { review } = await reviewOf();
    assertRefused(
      () => review.validateApproverAction(approver('usr_analyst', 1, 'analyst')),
      NOT_ELIGIBLE,
      /not an approver of step 1 \("Finance"\)/,
    );
    assert.equal(refusal(inputOf(), review.state, approver('usr_a1', 1, 'approver')), null);
    const stale = refusal(inputOf(), review.state, approver('usr_a1', 2, 'approver'));
    assert.equal(stale?.type, STEP_MOVED);
    assert.deepEqual(stale?.details, [1]);
    await review.reject(approver('usr_a1', 1, 'approver', 'Too costly'));
    assertRefused(() => review.validateApproverAction(approver('usr_a2', 1, 'approver')), NOT_PENDING, /rejected/);
  });

  it('lets one person approve at most one step', async () => {
    const { review } = await reviewOf({
      steps: [
        { ...inputOf().steps[0]!, approvers: { role: 'approver' } },
        { ...inputOf().steps[1]!, approvers: { role: 'approver' }, approvals_required: 1 },
      ],
    });
    await review.approve(approver('usr_a1', 1, 'approver'));
    assert.equal(review.state.currentStep, 2);
    assertRefused(
      () => review.validateApproverAction(approver('usr_a1', 2, 'approver')),
      NOT_ELIGIBLE,
      /at most one step/,
    );
  });

  it("lets a delegate act on behalf of the step's approver, with separation of duties holding for both", async () => {
    const { review, writes } = await reviewOf({
      steps: [
        { ...inputOf().steps[0]!, approvers: { user_ids: ['usr_away'] } },
        { ...inputOf().steps[1]!, approvers: { user_ids: ['usr_away', 'usr_b1'] }, approvals_required: 1 },
      ],
    });
    const onBehalf = (id: string, step: number, forId: string): ApprovalActionArgs => ({
      ...approver(id, step, 'analyst'),
      onBehalfOf: { id: forId, role: 'approver' },
    });
    // Not the step's approver, even through a delegation; the owner may not act for anyone.
    assertRefused(() => review.validateApproverAction(onBehalf('usr_dl', 1, 'usr_b1')), NOT_ELIGIBLE, /acts for/);
    assertRefused(() => review.validateApproverAction(onBehalf('usr_owner', 1, 'usr_away')), NOT_ELIGIBLE, /owner/);
    assertRefused(() => review.validateApproverAction(approver('usr_dl', 1, 'analyst')), NOT_ELIGIBLE);
    await review.approve({ ...onBehalf('usr_dl', 1, 'usr_away'), comment: 'Covering.' });
    assert.deepEqual(review.state.approvals[0], {
      step: 1,
      user_id: 'usr_dl',
      on_behalf_of: 'usr_away',
      comment: 'Covering.',
      approved_at: new Date(START).toISOString(),
    });
    assert.equal(writes.at(-1)!.records[0]!.payload.on_behalf_of, 'usr_away');
    assert.deepEqual(writes.at(-1)!.actor, { type: 'user', id: 'usr_dl' });
    // Step 2: neither the delegate nor the person they acted for approves a second step, whoever acts.
    assertRefused(() => review.validateApproverAction(onBehalf('usr_dl', 2, 'usr_b1')), NOT_ELIGIBLE, /at most one/);
    assertRefused(() => review.validateApproverAction(approver('usr_away', 2)), NOT_ELIGIBLE, /at most one/);
    assertRefused(() => review.validateApproverAction(onBehalf('usr_dl2', 2, 'usr_away')), NOT_ELIGIBLE, /at most one/);
    await review.reject(onBehalf('usr_dl2', 2, 'usr_b1'));
    assert.equal(review.state.status, 'rejected');
    assert.equal(writes.at(-1)!.records[0]!.payload.on_behalf_of, 'usr_b1');
  });

  it('checks again in the handler: an action whose step moved after its validator ran is refused and writes nothing', async () => {
    const { review, writes } = await reviewOf();
    const late = approver('usr_a2', 1, 'approver');
    review.validateApproverAction(late);
    await review.approve(approver('usr_a1', 1, 'approver'));
    const before = writes.length;
    await assert.rejects(
      review.approve(late),
      (error: unknown) => error instanceof ApplicationFailure && error.type === STEP_MOVED,
    );
    assert.equal(writes.length, before);
  });
});

describe('DecisionReview: advancing, rejecting, requesting changes', () => {
  it('advances when a step has its approvals and approves after the last step', async () => {
    const { review, writes, actions, clock } = await reviewOf();
    clock.now += 5_000;
    const afterFirst = await review.approve(approver('usr_a1', 1, 'approver', 'Fine by finance'));
    assert.equal(afterFirst.currentStep, 2);
    assert.equal(afterFirst.stepStartedAt, new Date(START + 5_000).toISOString());
    assert.equal(afterFirst.slaDueAt, new Date(START + 5_000 + 24 * HOUR).toISOString());
    assert.deepEqual(afterFirst.approvals, [
      { step: 1, user_id: 'usr_a1', comment: 'Fine by finance', approved_at: new Date(START + 5_000).toISOString() },
    ]);
    assert.deepEqual(writes.at(-1)!.records[0]!.payload, {
      policy_id: 'apl_review',
      policy_version: 3,
      step_count: 2,
      round: 1,
      step: 1,
      step_name: 'Finance',
      approvals_given: 1,
      approvals_required: 1,
      step_complete: true,
      comment: 'Fine by finance',
    });
    assert.deepEqual(writes.at(-1)!.assignment, { roles: [], userIds: ['usr_b1', 'usr_b2', 'usr_b3'] });

    const oneOfTwo = await review.approve(approver('usr_b1', 2));
    assert.equal(oneOfTwo.status, 'pending_approval');
    assert.equal(oneOfTwo.currentStep, 2);
    assert.equal(writes.at(-1)!.records[0]!.payload.step_complete, false);

    const done = await review.approve(approver('usr_b2', 2));
    assert.equal(done.status, 'approved');
    assert.equal(done.currentStep, null);
    assert.equal(done.slaDueAt, null);
    assert.deepEqual(writes.at(-1)!.records.at(-1), {
      action: 'decision.approved',
      payload: {
        policy_id: 'apl_review',
        policy_version: 3,
        step_count: 2,
        round: 1,
        approvers: ['usr_a1', 'usr_b1', 'usr_b2'],
      },
    });
    assert.deepEqual(actions(), [
      'decision.submitted',
      'decision.step.approved',
      'decision.step.approved',
      'decision.step.approved',
      'decision.approved',
    ]);
    assert.equal(review.isFinal(), false, 'an approved decision still has implementation and outcome reviews ahead');
  });

  it('rejects: final, timers cleared, the step named', async () => {
    const { review, writes, published } = await reviewOf();
    const state = await review.reject(approver('usr_a1', 1, 'approver', 'No budget'));
    assert.equal(state.status, 'rejected');
    assert.equal(state.currentStep, null);
    assert.equal(state.slaDueAt, null);
    assert.equal(state.deadlineAt, null);
    assert.equal(review.isFinal(), true);
    assert.equal(review.nextWakeAt(), null);
    assert.deepEqual(writes.at(-1)!.records, [
      {
        action: 'decision.rejected',
        payload: {
          policy_id: 'apl_review',
          policy_version: 3,
          step_count: 2,
          round: 1,
          step: 1,
          step_name: 'Finance',
          comment: 'No budget',
        },
      },
    ]);
    assert.deepEqual(published, ['pending_approval', 'rejected']);
  });

  it('after changes were requested, a changed resubmission dismisses every approval and starts again at step 1', async () => {
    const { review, writes } = await reviewOf();
    await review.approve(approver('usr_a1', 1, 'approver'));
    await review.requestChanges(approver('usr_b1', 2, null, 'Add the risk section'));
    assert.equal(review.state.status, 'changes_requested');
    assert.equal(review.state.currentStep, 2, 'the step at which changes were asked');
    assert.equal(review.nextWakeAt(), null, 'no timer runs while changes are requested');
    assertRefused(() => review.validateApproverAction(approver('usr_b2', 2)), NOT_PENDING);

    const resubmitted = await review.resubmit({
      actor: { type: 'user', id: 'usr_owner' },
      role: 'analyst',
      content: inputOf().content,
      contentChanged: true,
      editorIds: ['usr_editor'],
      comment: 'Risk section added',
    });
    assert.equal(resubmitted.status, 'pending_approval');
    assert.equal(resubmitted.currentStep, 1);
    assert.equal(resubmitted.round, 2);
    assert.deepEqual(resubmitted.approvals, []);
    assert.ok(resubmitted.excludedUserIds.includes('usr_editor'));
    assert.deepEqual(writes.at(-1)!.records[0]!.payload, {
      policy_id: 'apl_review',
      policy_version: 3,
      step_count: 2,
      round: 2,
      content_changed: true,
      dismissed_approvals: [{ step: 1, user_id: 'usr_a1' }],
      editors: ['usr_editor'],
      step: 1,
      comment: 'Risk section added',
    });
  });

  it('an unchanged resubmission resumes at the step, keeping approvals except those of people now excluded', async () => {
    const { review, writes } = await reviewOf();
    await review.approve(approver('usr_a1', 1, 'approver'));
    await review.requestChanges(approver('usr_b1', 2));
    const resumed = await review.resubmit({
      actor: { type: 'user', id: 'usr_admin' },
      role: 'admin',
      content: inputOf().content,
      contentChanged: false,
      editorIds: [],
      comment: null,
    });
    assert.equal(resumed.currentStep, 2);
    assert.deepEqual(
      resumed.approvals.map((a) => a.user_id),
      ['usr_a1'],
    );
    assert.deepEqual(writes.at(-1)!.records[0]!.payload.dismissed_approvals, []);

    await review.requestChanges(approver('usr_b1', 2));
    const edited = await review.resubmit({
      actor: { type: 'user', id: 'usr_owner' },
      role: null,
      content: inputOf().content,
      contentChanged: false,
      editorIds: ['usr_a1'],
      comment: null,
    });
    assert.equal(edited.currentStep, 2);
    assert.deepEqual(edited.approvals, [], 'an approver who then edited the decision no longer counts');
  });

  it('lets only the owner, an author, an admin or an API client withdraw or resubmit', async () => {
    const { review } = await reviewOf();
    assertRefused(
      () => review.validateWithdraw({ actor: { type: 'user', id: 'usr_a1' }, role: 'approver', comment: null }),
      NOT_ELIGIBLE,
      /owner or author, or an admin/,
    );
    review.validateWithdraw({ actor: { type: 'user', id: 'usr_owner' }, role: 'analyst', comment: null });
    review.validateWithdraw({ actor: { type: 'user', id: 'usr_someone' }, role: 'admin', comment: null });
    review.validateWithdraw({ actor: { type: 'api_key', id: 'key_1' }, role: null, comment: null });
    assertRefused(
      () =>
        review.validateResubmit({
          actor: { type: 'user', id: 'usr_owner' },
          role: null,
          content: inputOf().content,
          contentChanged: false,
          editorIds: [],
          comment: null,
        }),
      WRONG_STATUS,
      /only a decision whose changes were requested/,
    );
    const withdrawn = await review.withdraw({
      actor: { type: 'api_key', id: 'key_1' },
      role: null,
      comment: 'Superseded',
    });
    assert.equal(withdrawn.status, 'withdrawn');
    assert.equal(review.isFinal(), true);
    assertRefused(
      () => review.validateWithdraw({ actor: { type: 'user', id: 'usr_owner' }, role: null, comment: null }),
      WRONG_STATUS,
    );
    assertRefused(
      () => review.validateComment({ actor: { type: 'user', id: 'usr_owner' }, comment: 'late' }),
      WRONG_STATUS,
      /review is over/,
    );
  });
});

describe('DecisionReview: reassignment', () => {
  it("replaces a step's approvers, refusing a step that is done, missing or does not apply", async () => {
    const { review, writes } = await reviewOf({
      content: { ...inputOf().content, stepApplies: [true, true, false] },
      steps: [...inputOf().steps, { ...inputOf().steps[1]!, name: 'Audit' }],
    });
    const admin = { type: 'user' as const, id: 'usr_admin' };
    assertRefused(
      () => review.validateReassign({ actor: admin, step: 4, approvers: { role: 'admin' }, comment: null }),
      INVALID_STEP,
      /3 step\(s\); there is no step 4/,
    );
    assertRefused(
      () => review.validateReassign({ actor: admin, step: 3, approvers: { role: 'admin' }, comment: null }),
      INVALID_STEP,
      /does not apply/,
    );
    await review.approve(approver('usr_a1', 1, 'approver'));
    assertRefused(
      () => review.validateReassign({ actor: admin, step: 1, approvers: { role: 'admin' }, comment: null }),
      INVALID_STEP,
      /already complete/,
    );

    await review.reassign({
      actor: admin,
      step: 2,
      approvers: { user_ids: ['usr_new'] },
      comment: 'Board member away',
    });
    assert.deepEqual(writes.at(-1)!.records[0]!.payload.from, { user_ids: ['usr_b1', 'usr_b2', 'usr_b3'] });
    assert.deepEqual(writes.at(-1)!.assignment, { roles: [], userIds: ['usr_new'] });
    assertRefused(
      () => review.validateApproverAction(approver('usr_b1', 2)),
      NOT_ELIGIBLE,
      /not an approver of step 2/,
    );
    review.validateApproverAction(approver('usr_new', 2));
  });
});

describe('DecisionReview: timers', () => {
  it('reminds before the SLA, escalates at the SLA (adding its target), reminds each interval, then expires at the deadline', async () => {
    const { review, clock, writes, actions, published } = await reviewOf({ slaReminderBeforeSeconds: 600 });
    // The earliest of the reminder, the SLA and the deadline.
    assert.equal(review.nextWakeAt(), START + HOUR - 600_000);

    // A wake-up before anything is due (a timer fired early, or another transition) does nothing.
    clock.now = START + HOUR - 600_001;
    await review.onTimer();
    assert.equal(writes.length, 1);

    clock.now = START + HOUR - 600_000;
    await review.onTimer();
    assert.equal(writes.at(-1)!.records[0]!.action, 'decision.step.reminder');
    assert.equal(writes.at(-1)!.records[0]!.payload.before_sla, true);
    assert.equal(review.state.slaReminderAt, null);
    assert.equal(review.nextWakeAt(), START + HOUR);

    // The escalation target may act only once the step has escalated.
    assertRefused(() => review.validateApproverAction(approver('usr_cfo', 1)), NOT_ELIGIBLE);
    clock.now = START + HOUR;
    await review.onTimer();
    assert.equal(review.state.escalated, true);
    assert.deepEqual(writes.at(-1)!.records[0]!.payload.escalated_to, { user_ids: ['usr_cfo'] });
    assert.deepEqual(writes.at(-1)!.assignment, { roles: ['approver'], userIds: ['usr_cfo'] });
    assert.equal(review.state.nextReminderAt, new Date(START + HOUR + 1_800_000).toISOString());
    review.validateApproverAction(approver('usr_cfo', 1));

    clock.now = START + HOUR + 1_800_000;
    await review.onTimer();
    assert.equal(writes.at(-1)!.records[0]!.payload.before_sla, false);
    clock.now = START + HOUR + 3_600_000;
    await review.onTimer();
    assert.equal(review.nextWakeAt(), START + HOUR + 5_400_000);

    clock.now = START + 4 * HOUR;
    await review.onTimer();
    assert.equal(review.state.status, 'expired');
    assert.equal(review.isFinal(), true);
    assert.deepEqual(writes.at(-1)!.records, [
      {
        action: 'decision.expired',
        payload: {
          policy_id: 'apl_review',
          policy_version: 3,
          step_count: 2,
          round: 1,
          step: 1,
          step_name: 'Finance',
          deadline_at: new Date(START + 4 * HOUR).toISOString(),
        },
      },
    ]);
    assert.deepEqual(writes.at(-1)!.actor, { type: 'system', id: 'approval-workflow' });
    assert.deepEqual(actions(), [
      'decision.submitted',
      'decision.step.reminder',
      'decision.step.escalated',
      'decision.step.reminder',
      'decision.step.reminder',
      'decision.expired',
    ]);
    assert.equal(published.at(-1), 'expired');
  });

  it('expires at the deadline even when the SLA is also due, and sends no reminder before the SLA unless configured', async () => {
    const { review, clock, actions } = await reviewOf({
      steps: [{ ...inputOf().steps[0]!, sla_seconds: 60, deadline_seconds: 60 }],
    });
    assert.equal(review.state.slaReminderAt, undefined, 'runs started before the reminder existed send none');
    clock.now = START + 60_000;
    await review.onTimer();
    assert.deepEqual(actions(), ['decision.submitted', 'decision.expired']);
  });

  it('puts the reminder halfway through an SLA shorter than twice its lead', async () => {
    const { review } = await reviewOf({
      slaReminderBeforeSeconds: 600,
      steps: [{ ...inputOf().steps[0]!, sla_seconds: 900 }],
    });
    assert.equal(review.state.slaReminderAt, new Date(START + 450_000).toISOString());
  });

  it('after approval: implemented, outcome reviews announced at their dates, closed with the rest cancelled', async () => {
    const reviews = [
      new Date(START + 48 * HOUR).toISOString(),
      new Date(START + 24 * HOUR).toISOString(),
      new Date(START + 72 * HOUR).toISOString(),
    ];
    const { review, clock, writes } = await reviewOf({
      content: { ...inputOf().content, stepApplies: [false, false], outcomeReviewsAt: reviews },
    });
    assert.equal(review.state.status, 'approved');
    assert.equal(review.nextWakeAt(), START + 24 * HOUR, 'the earliest review first');
    assertRefused(
      () => review.validateClose({ actor: { type: 'user', id: 'usr_owner' }, comment: null }),
      WRONG_STATUS,
      /only a decision that is implemented can become closed/,
    );

    clock.now = START + 50 * HOUR;
    await review.onTimer();
    assert.deepEqual(
      writes
        .at(-1)!
        .records.map((record) => [record.action, record.payload.review_number, record.payload.review_count]),
      [
        ['decision.outcome.due', 1, 3],
        ['decision.outcome.due', 2, 3],
      ],
    );
    await review.implement({ actor: { type: 'user', id: 'usr_owner' }, comment: 'Rolled out' });
    assert.equal(review.state.status, 'implemented');
    assert.equal(review.nextWakeAt(), START + 72 * HOUR);
    assertRefused(
      () => review.validateImplement({ actor: { type: 'user', id: 'usr_owner' }, comment: null }),
      WRONG_STATUS,
    );

    await review.close({ actor: { type: 'user', id: 'usr_owner' }, comment: null });
    assert.equal(review.isFinal(), true);
    assert.deepEqual(writes.at(-1)!.records[0]!.payload.outcome_reviews_cancelled, [reviews[2]]);
    assert.equal(review.nextWakeAt(), null);
  });
});

describe('DecisionReview: writes', () => {
  it('writes transitions one after another in the order they happened, publishing each status once written', async () => {
    const clock = { now: START };
    const order: string[] = [];
    const pending: Array<() => void> = [];
    const ports: DecisionReviewPorts = {
      recordApprovalTransition: (write) =>
        new Promise<void>((resolve) => {
          order.push(`start ${write.state.seq} ${write.records[0]!.action}`);
          pending.push(() => {
            order.push(`end ${write.state.seq}`);
            resolve();
          });
        }),
      publishStatus: (status) => order.push(`publish ${status}`),
      waitUntil: async () => undefined,
      workflowId: () => 'decision/dec_review',
      now: () => clock.now,
    };
    const review = new DecisionReview(inputOf(), ports);
    const submitted = review.submit();
    review.submissionIsWritten();
    // The next transition changes the state at once (its successor's validator sees it), but is written after the first.
    const approved = review.approve(approver('usr_a1', 1, 'approver'));
    assert.equal(review.state.currentStep, 2);
    const comment = review.comment({ actor: { type: 'user', id: 'usr_b1' }, comment: 'Looking at it' });
    const settle = async () => {
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    await settle();
    assert.deepEqual(order, ['start 1 decision.submitted']);
    while (pending.length > 0) {
      pending.shift()!();
      await settle();
    }
    await Promise.all([submitted, approved, comment, review.allWritten()]);
    assert.deepEqual(order, [
      'start 1 decision.submitted',
      'end 1',
      'publish pending_approval',
      'start 2 decision.step.approved',
      'end 2',
      'publish pending_approval',
      'start 3 decision.commented',
      'end 3',
      'publish pending_approval',
    ]);
  });
});
