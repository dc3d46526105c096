import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import { DecisionStatusSearchAttribute } from '../../workflows/contracts/search-attributes';
import {
  approveUpdate,
  closeUpdate,
  decisionApprovalWorkflowId,
  implementUpdate,
  NOT_ELIGIBLE,
  rejectUpdate,
  relocateSignal,
  requestChangesUpdate,
  resubmitUpdate,
  stateQuery,
  submissionRecordedUpdate,
  withdrawUpdate,
  WRONG_STATUS,
  type ApprovalActionArgs,
  type DecisionApprovalInput,
  type DecisionApprovalState,
  type RecordApprovalTransitionInput,
} from '../../workflows/decisions/contracts';
import type { decisionApprovalWorkflow } from '../../workflows/decisions/decision-approval';
import { waitFor } from '../helpers/wait';
import { startWorkflowTestEnvironment, type WorkflowTestEnvironment } from './workflow-environment';

/**
 * The approval workflow on a real Temporal (the workflow tier: no Postgres, no API), its one activity a fake that
 * records each transition. Updates, validators, timers, continue-as-new and relocation run as in production; what the
 * API and Postgres add is tested in test/api/decision-*.test.ts, the rules alone in test/unit/decision-review.test.ts.
 */

const QUEUE = `approvals-${randomUUID()}`;
const OTHER_QUEUE = `approvals-moved-${randomUUID()}`;

/** The fake `recordApprovalTransition`: every write, per decision, in the order the activity ran. */
const writes = new Map<string, RecordApprovalTransitionInput[]>();
const activities = {
  async recordApprovalTransition(write: RecordApprovalTransitionInput): Promise<void> {
    writes.set(write.decisionId, [...(writes.get(write.decisionId) ?? []), write]);
  },
};
const writesOf = (decisionId: string) => writes.get(decisionId) ?? [];
const actionsOf = (decisionId: string) =>
  writesOf(decisionId).flatMap((write) => write.records.map((record) => record.action));

function inputOf(decisionId: string, overrides: Partial<DecisionApprovalInput> = {}): DecisionApprovalInput {
  return {
    tenantId: 'ten_workflow_tier',
    decisionId,
    policyId: 'apl_workflow_tier',
    policyVersion: 1,
    steps: [
      {
        name: 'Finance',
        approvals_required: 1,
        approvers: { role: 'approver' },
        sla_seconds: 3_600,
        escalate_to: null,
        deadline_seconds: null,
      },
      {
        name: 'Board',
        approvals_required: 2,
        approvers: { user_ids: ['usr_b1', 'usr_b2', 'usr_b3'] },
        sla_seconds: 3_600,
        escalate_to: null,
        deadline_seconds: null,
      },
    ],
    content: { stepApplies: [true, true], authorIds: ['usr_owner'], scenarioAuthorIds: [], outcomeReviewsAt: [] },
    submittedBy: { type: 'user', id: 'usr_owner' },
    reminderIntervalSeconds: 3_600,
    retry: { initialIntervalMs: 100, maximumIntervalMs: 1_000, maximumAttempts: 10 },
    ...overrides,
  };
}

const approver = (id: string, expectedStep: number, role: string | null = null): ApprovalActionArgs => ({
  actor: { type: 'user', id },
  role,
  expectedStep,
  comment: null,
});
const owner = { type: 'user' as const, id: 'usr_owner' };

type Handle = WorkflowHandle<typeof decisionApprovalWorkflow>;

/** What an update's refusal carries: the workflow's ApplicationFailure type (the API maps it to its problem). */
async function refusalType(update: Promise<unknown>): Promise<string | undefined> {
  try {
    await update;
  } catch (error) {
    assert.ok(error instanceof WorkflowUpdateFailedError, String(error));
    assert.ok(error.cause instanceof ApplicationFailure, String(error.cause));
    return error.cause.type ?? undefined;
  }
  assert.fail('the update was accepted');
}

const eventsOf = async (handle: WorkflowHandle): Promise<temporal.api.history.v1.IHistoryEvent[]> =>
  (await handle.fetchHistory()).events ?? [];

// Each test has workflows (and fake activity records) of its own, so they run at once: most of their time is timers.
describe(
  'decision approval workflow (workflow tier: Temporal dev server, fake activity)',
  { concurrency: true },
  () => {
    let tier: WorkflowTestEnvironment;

    before(async () => {
      tier = await startWorkflowTestEnvironment();
      await tier.startWorker(QUEUE, activities);
      await tier.startWorker(OTHER_QUEUE, activities);
    });

    after(async () => {
      await tier?.teardown();
    });

    /** Starts a review as the API does (its search attribute set at start) and waits for the submission's write. */
    async function submit(overrides: Partial<DecisionApprovalInput> = {}, taskQueue = QUEUE) {
      const decisionId = `dec_${randomUUID()}`;
      const handle: Handle = await tier.env.client.workflow.start<typeof decisionApprovalWorkflow>(
        'decisionApprovalWorkflow',
        {
          taskQueue,
          workflowId: decisionApprovalWorkflowId(decisionId),
          args: [inputOf(decisionId, overrides)],
          typedSearchAttributes: [{ key: DecisionStatusSearchAttribute, value: 'pending_approval' }],
        },
      );
      const submitted = await handle.executeUpdate(submissionRecordedUpdate);
      return { decisionId, handle, submitted };
    }

    const approve = (handle: Handle, args: ApprovalActionArgs) => handle.executeUpdate(approveUpdate, { args: [args] });
    const statusAttribute = async (handle: Handle) =>
      (await handle.describe()).typedSearchAttributes.get(DecisionStatusSearchAttribute);

    it('walks the steps: a refusal never reaches the history, each approval advances, then implemented and closed', async () => {
      const { decisionId, handle, submitted } = await submit();
      assert.equal(submitted.status, 'pending_approval');
      assert.equal(submitted.currentStep, 1);

      assert.equal(await refusalType(approve(handle, approver('usr_owner', 1, 'approver'))), NOT_ELIGIBLE);
      assert.equal(await refusalType(approve(handle, approver('usr_b1', 1))), NOT_ELIGIBLE);

      assert.equal((await approve(handle, approver('usr_a1', 1, 'approver'))).currentStep, 2);
      const oneOfTwo = await approve(handle, approver('usr_b1', 2));
      assert.equal(oneOfTwo.currentStep, 2);
      assert.equal(oneOfTwo.approvals.length, 2);
      const approved = await approve(handle, approver('usr_b2', 2));
      assert.equal(approved.status, 'approved');
      await waitFor(
        'the DecisionStatus search attribute to say approved',
        async () => (await statusAttribute(handle)) === 'approved',
      );

      await handle.executeUpdate(implementUpdate, { args: [{ actor: owner, comment: 'Rolled out' }] });
      await handle.executeUpdate(closeUpdate, { args: [{ actor: owner, comment: null }] });
      const final = await handle.result();
      assert.equal(final.status, 'closed');
      assert.equal(await statusAttribute(handle), 'closed');

      assert.deepEqual(actionsOf(decisionId), [
        'decision.submitted',
        'decision.step.approved',
        'decision.step.approved',
        'decision.step.approved',
        'decision.approved',
        'decision.implemented',
        'decision.closed',
      ]);
      assert.deepEqual(
        writesOf(decisionId).map((write) => write.state.seq),
        [1, 2, 3, 4, 5, 6],
      );
      const events = await eventsOf(handle);
      const accepted = events.filter((event) => event.workflowExecutionUpdateAcceptedEventAttributes != null);
      assert.equal(
        accepted.length,
        6,
        'the submission wait, three approvals, implement and close; the two refusals left no event',
      );
      assert.equal(
        events.filter((event) => event.activityTaskScheduledEventAttributes != null).length,
        6,
        'one activity per transition',
      );
    });

    it('ends at a rejection, the step named', async () => {
      const { decisionId, handle } = await submit();
      const rejected = await handle.executeUpdate(rejectUpdate, {
        args: [{ ...approver('usr_a1', 1, 'approver'), comment: 'No budget' }],
      });
      assert.equal(rejected.status, 'rejected');
      const final = await handle.result();
      assert.equal(final.status, 'rejected');
      assert.equal(final.currentStep, null);
      assert.deepEqual(
        writesOf(decisionId)
          .at(-1)
          ?.records.map((record) => [record.action, record.payload.step_name, record.payload.comment]),
        [['decision.rejected', 'Finance', 'No budget']],
      );
      assert.equal(await statusAttribute(handle), 'rejected');
    });

    /** Each timed write of a decision (after its submission), as `reminder(before)`, `reminder(after)` or its action. */
    const timedShape = (decisionId: string) =>
      writesOf(decisionId)
        .slice(1)
        .map((write) => {
          const [record] = write.records;
          return record?.action === 'decision.step.reminder'
            ? `reminder(${record.payload.before_sla ? 'before' : 'after'})`
            : String(record?.action);
        })
        .join(' ');

    it('at the SLA escalates (after its reminder) and reminds each interval; the escalation target may then approve', async () => {
      const { decisionId, handle } = await submit({
        steps: [
          {
            name: 'Finance',
            approvals_required: 1,
            approvers: { role: 'approver' },
            sla_seconds: 4,
            escalate_to: { user_ids: ['usr_cfo'] },
            deadline_seconds: null,
          },
        ],
        slaReminderBeforeSeconds: 2,
        reminderIntervalSeconds: 1,
      });
      await waitFor(
        'the escalation and a reminder after it',
        async () => /escalated reminder\(after\)/.test(timedShape(decisionId)),
        60_000,
      );
      // A worker woken late past the SLA escalates without the reminder before it (product behaviour), so that one is
      // optional here; the order is not. test/unit/decision-review.test.ts checks every date exactly on a fake clock.
      assert.match(timedShape(decisionId), /^(reminder\(before\) )?decision\.step\.escalated( reminder\(after\))+$/);
      const escalation = writesOf(decisionId).find((write) => write.records[0]?.action === 'decision.step.escalated');
      assert.deepEqual(escalation?.actor, { type: 'system', id: 'approval-workflow' });
      assert.deepEqual(escalation?.assignment, { roles: ['approver'], userIds: ['usr_cfo'] });
      await waitFor(
        'the DecisionStatus search attribute',
        async () => (await statusAttribute(handle)) === 'pending_approval',
      );

      const approved = await approve(handle, approver('usr_cfo', 1));
      assert.equal(approved.status, 'approved');
      assert.equal(approved.escalated, false);
      assert.equal(approved.nextReminderAt, null, 'no reminder once the step is done');
      assert.equal(
        await refusalType(
          handle.executeUpdate(withdrawUpdate, { args: [{ actor: owner, role: null, comment: null }] }),
        ),
        WRONG_STATUS,
      );
      await handle.terminate('test done');
    });

    it('expires at the step deadline, ending the workflow', async () => {
      const { decisionId, handle } = await submit({
        steps: [
          {
            name: 'Finance',
            approvals_required: 1,
            approvers: { role: 'approver' },
            sla_seconds: 3_600,
            escalate_to: null,
            deadline_seconds: 2,
          },
        ],
      });
      const final = await handle.result();
      assert.equal(final.status, 'expired');
      assert.equal(final.deadlineAt, null);
      assert.equal(timedShape(decisionId), 'decision.expired');
      assert.deepEqual(writesOf(decisionId).at(-1)?.records[0]?.payload.step_name, 'Finance');
      assert.equal(await statusAttribute(handle), 'expired');
    });

    it('after requested changes and a resubmission, continues as new carrying the review', async () => {
      const { decisionId, handle } = await submit({ continueAsNewAfterEvents: 12 });
      const firstRunId = (await handle.describe()).runId;
      await approve(handle, approver('usr_a1', 1, 'approver'));
      const changes = await handle.executeUpdate(requestChangesUpdate, {
        args: [{ ...approver('usr_b1', 2), comment: 'Add the risks' }],
      });
      assert.equal(changes.status, 'changes_requested');
      const resubmitted = await handle.executeUpdate(resubmitUpdate, {
        args: [
          {
            actor: owner,
            role: null,
            content: inputOf(decisionId).content,
            contentChanged: true,
            editorIds: [],
            comment: null,
          },
        ],
      });
      assert.equal(resubmitted.currentStep, 1);
      assert.equal(resubmitted.round, 2);
      assert.deepEqual(resubmitted.approvals, []);

      await waitFor('the run to continue as new', async () => (await handle.describe()).runId !== firstRunId, 30_000);
      const firstRun = tier.env.client.workflow.getHandle(handle.workflowId, firstRunId);
      const lastOfFirst = (await eventsOf(firstRun)).at(-1);
      assert.ok(
        lastOfFirst?.workflowExecutionContinuedAsNewEventAttributes,
        'the first run ended by continuing as new',
      );
      const carried = await handle.query(stateQuery);
      assert.equal(carried.round, 2);
      assert.equal(carried.currentStep, 1);
      assert.deepEqual(carried.excludedUserIds, ['usr_owner']);

      // The new run goes on from there: usr_a1's dismissed approval may be given again.
      assert.equal((await approve(handle, approver('usr_a1', 1, 'approver'))).currentStep, 2);
      await handle.executeUpdate(withdrawUpdate, { args: [{ actor: owner, role: null, comment: 'Superseded' }] });
      assert.equal((await handle.result()).status, 'withdrawn');
      assert.equal(actionsOf(decisionId).at(-1), 'decision.withdrawn');
    });

    it("follows the tenant's workers: on `relocate` it continues as new on the named queue, its timers carried", async () => {
      const { handle, submitted } = await submit({}, QUEUE);
      const firstRunId = (await handle.describe()).runId;
      // The queue it already runs on is no move.
      await handle.signal(relocateSignal, { taskQueue: QUEUE });
      await approve(handle, approver('usr_a1', 1, 'approver'));
      assert.equal((await handle.describe()).runId, firstRunId);

      await handle.signal(relocateSignal, { taskQueue: OTHER_QUEUE });
      const moved = await waitFor('the run on the other queue', async () => {
        const description = await handle.describe();
        return description.runId !== firstRunId && description.taskQueue === OTHER_QUEUE ? description : undefined;
      });
      const continuedAs = (await eventsOf(tier.env.client.workflow.getHandle(handle.workflowId, firstRunId))).at(
        -1,
      )?.workflowExecutionContinuedAsNewEventAttributes;
      assert.equal(continuedAs?.taskQueue?.name, OTHER_QUEUE);
      assert.equal(moved.status.name, 'RUNNING');

      const state: DecisionApprovalState = await handle.query(stateQuery);
      assert.equal(state.currentStep, 2);
      assert.equal(state.round, submitted.round);
      assert.deepEqual(
        state.approvals.map((a) => a.user_id),
        ['usr_a1'],
      );
      assert.ok(state.slaDueAt !== null && state.stepStartedAt !== null, "the step's timers are carried");
      await approve(handle, approver('usr_b1', 2));
      assert.equal((await approve(handle, approver('usr_b2', 2))).status, 'approved');
      await handle.terminate('test done');
    });
  },
);
