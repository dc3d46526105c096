import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DEFAULT_RETRY } from './contracts/activity-retry';
import {
  approveUpdate,
  closeUpdate,
  commentUpdate,
  FINAL_STATUSES,
  implementUpdate,
  INVALID_STEP,
  NOT_ELIGIBLE,
  NOT_PENDING,
  reassignUpdate,
  rejectUpdate,
  requestChangesUpdate,
  resubmitUpdate,
  stateQuery,
  STEP_MOVED,
  submissionRecordedUpdate,
  withdrawUpdate,
  WRONG_STATUS,
  type ApprovalActionArgs,
  type ApprovalActor,
  type ApprovalWorkflowStatus,
  type ApproverSetRule,
  type DecisionApprovalInput,
  type DecisionApprovalState,
  type RecordApprovalTransitionInput,
  type StepAssignment,
} from './contracts/decision-approvals';
import { DecisionStatusSearchAttribute } from './contracts/search-attributes';

const DEFAULT_CONTINUE_AS_NEW_AFTER_EVENTS = 10_000;

/** The approver set of a step as it stands: an admin's reassignment replaces the policy's; an escalation adds its target. */
export function assignmentOf(input: DecisionApprovalInput, state: DecisionApprovalState, stepNumber: number): StepAssignment {
  const step = input.steps[stepNumber - 1];
  if (!step) return { roles: [], userIds: [] };
  const sets: ApproverSetRule[] = [state.reassigned[String(stepNumber)] ?? step.approvers];
  if (state.escalated && step.escalate_to) sets.push(step.escalate_to);
  const roles = [...new Set(sets.flatMap((s) => (s.role ? [s.role] : [])))];
  const userIds = [...new Set(sets.flatMap((s) => s.user_ids ?? []))];
  return { roles, userIds };
}

const currentAssignment = (input: DecisionApprovalInput, state: DecisionApprovalState): StepAssignment =>
  state.status === 'pending_approval' && state.currentStep !== null ? assignmentOf(input, state, state.currentStep) : { roles: [], userIds: [] };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const refuse = (message: string, type: string, ...details: unknown[]) => ApplicationFailure.nonRetryable(message, type, ...details);

/** Why this approver may not approve, reject or request changes now, or null: the validators' rule, checked again when a handler runs. */
export function refusal(input: DecisionApprovalInput, state: DecisionApprovalState, args: ApprovalActionArgs): ApplicationFailure | null {
  if (state.status !== 'pending_approval' || state.currentStep === null) return refuse(`The decision is ${state.status}.`, NOT_PENDING);
  if (args.expectedStep !== state.currentStep) {
    return refuse(`The decision is at step ${state.currentStep}, not ${args.expectedStep}.`, STEP_MOVED, state.currentStep);
  }
  const userId = args.actor.id;
  if (state.excludedUserIds.includes(userId)) {
    const why = input.content.authorIds.includes(userId)
      ? "the decision's owner or author"
      : input.content.scenarioAuthorIds.includes(userId)
        ? 'the author of a scenario the decision links (the policy keeps them from approving)'
        : 'a person who edited the decision during its review';
    return refuse(`The caller is ${why}, so cannot approve, reject or request changes.`, NOT_ELIGIBLE);
  }
  if (state.approvals.some((a) => a.user_id === userId)) return refuse('One person approves at most one step of a decision.', NOT_ELIGIBLE);
  const { roles, userIds } = assignmentOf(input, state, state.currentStep);
  const eligible = (args.role !== null && roles.includes(args.role)) || userIds.includes(userId);
  const step = input.steps[state.currentStep - 1];
  if (!eligible) return refuse(`The caller is not an approver of step ${state.currentStep} ("${step?.name}").`, NOT_ELIGIBLE);
  return null;
}

function check(failure: ApplicationFailure | null): void {
  if (failure) throw failure;
}

const isFinal = (status: ApprovalWorkflowStatus) => FINAL_STATUSES.includes(status);

/** Whether this actor may withdraw or resubmit: the decision's owner or author, an admin, or an API client of the tenant. */
function mayManage(input: DecisionApprovalInput, actor: ApprovalActor, role: string | null): boolean {
  if (actor.type !== 'user') return true;
  return input.content.authorIds.includes(actor.id) || role === 'admin';
}

function initialState(input: DecisionApprovalInput): DecisionApprovalState {
  const content = input.content;
  return {
    status: 'pending_approval',
    currentStep: null,
    approvals: [],
    round: 1,
    stepApplies: content.stepApplies,
    excludedUserIds: [...new Set([...content.authorIds, ...content.scenarioAuthorIds])],
    stepStartedAt: null,
    slaDueAt: null,
    deadlineAt: null,
    escalated: false,
    nextReminderAt: null,
    reassigned: {},
    outcomeReviewsAt: [...content.outcomeReviewsAt].sort(),
    outcomeReviewsDone: 0,
    seq: 0,
  };
}

/**
 * One decision from submission to its end: review step by step (approve, reject, request changes → resubmit,
 * withdraw, admin reassignment), SLA escalation and reminders, step deadlines that expire it, then implemented →
 * closed with outcome reviews announced at their dates. Every action is an update: its validator refuses callers who
 * may not act before anything reaches the history, and its handler changes the state synchronously (so the next
 * update's validator already sees it) and writes it to Postgres through one activity; the writes are chained, so
 * Postgres sees the transitions in the workflow's order. Timers are the state's own dates (carried across
 * continue-as-new), so a worker restart or a new run picks them up where they were.
 */
export async function decisionApprovalWorkflow(input: DecisionApprovalInput): Promise<DecisionApprovalState> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { recordApprovalTransition } = proxyActivities<Activities>({
    startToCloseTimeout: 30_000,
    retry: { initialInterval: retry.initialIntervalMs, maximumInterval: retry.maximumIntervalMs, backoffCoefficient: 2 },
  });
  const state: DecisionApprovalState = input.carried ? clone(input.carried) : initialState(input);
  let written = Promise.resolve();
  let submissionWritten = input.carried !== undefined;

  const snapshot = (): DecisionApprovalState => clone(state);
  const persist = (actor: ApprovalActor, records: RecordApprovalTransitionInput['records']): Promise<void> => {
    state.seq += 1;
    const write: RecordApprovalTransitionInput = {
      tenantId: input.tenantId,
      decisionId: input.decisionId,
      state: snapshot(),
      assignment: currentAssignment(input, state),
      actor,
      records,
    };
    written = written.then(async () => {
      await recordApprovalTransition(write);
      upsertSearchAttributes([{ key: DecisionStatusSearchAttribute, value: write.state.status }]);
    });
    return written;
  };
  const nowIso = () => new Date(Date.now()).toISOString();
  const after = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  const ref = () => ({ policy_id: input.policyId, policy_version: input.policyVersion, step_count: input.steps.length, round: state.round });
  const stepRef = (stepNumber: number) => ({ step: stepNumber, step_name: input.steps[stepNumber - 1]?.name ?? null });
  const system: ApprovalActor = { type: 'system', id: 'approval-workflow' };

  const clearTimers = () => {
    state.stepStartedAt = null;
    state.slaDueAt = null;
    state.deadlineAt = null;
    state.escalated = false;
    state.nextReminderAt = null;
  };

  /** Moves to the first applicable step after `from` (0: the first), or to approved when none is left. */
  const advance = (from: number): 'approved' | number => {
    const next = input.steps.findIndex((_, index) => index + 1 > from && state.stepApplies[index] !== false);
    clearTimers();
    if (next === -1) {
      state.status = 'approved';
      state.currentStep = null;
      return 'approved';
    }
    const step = input.steps[next] as DecisionApprovalInput['steps'][number];
    state.status = 'pending_approval';
    state.currentStep = next + 1;
    state.stepStartedAt = nowIso();
    state.slaDueAt = after(step.sla_seconds);
    state.deadlineAt = step.deadline_seconds === null ? null : after(step.deadline_seconds);
    return next + 1;
  };

  const approvedRecord = () => ({ action: 'decision.approved' as const, payload: { ...ref(), approvers: state.approvals.map((a) => a.user_id) } });

  setHandler(stateQuery, snapshot);

  setHandler(submissionRecordedUpdate, async () => {
    await condition(() => submissionWritten);
    return snapshot();
  });

  setHandler(
    approveUpdate,
    async (args) => {
      check(refusal(input, state, args));
      const stepNumber = state.currentStep as number;
      const step = input.steps[stepNumber - 1] as DecisionApprovalInput['steps'][number];
      state.approvals.push({ step: stepNumber, user_id: args.actor.id, comment: args.comment, approved_at: nowIso() });
      const given = state.approvals.filter((a) => a.step === stepNumber).length;
      const stepComplete = given >= step.approvals_required;
      const records: RecordApprovalTransitionInput['records'] = [
        {
          action: 'decision.step.approved',
          payload: { ...ref(), ...stepRef(stepNumber), approvals_given: given, approvals_required: step.approvals_required, step_complete: stepComplete, comment: args.comment },
        },
      ];
      if (stepComplete && advance(stepNumber) === 'approved') records.push(approvedRecord());
      await persist(args.actor, records);
      return snapshot();
    },
    { validator: (args) => check(refusal(input, state, args)) },
  );

  setHandler(
    rejectUpdate,
    async (args) => {
      check(refusal(input, state, args));
      const stepNumber = state.currentStep as number;
      state.status = 'rejected';
      state.currentStep = null;
      clearTimers();
      await persist(args.actor, [{ action: 'decision.rejected', payload: { ...ref(), ...stepRef(stepNumber), comment: args.comment } }]);
      return snapshot();
    },
    { validator: (args) => check(refusal(input, state, args)) },
  );

  setHandler(
    requestChangesUpdate,
    async (args) => {
      check(refusal(input, state, args));
      const stepNumber = state.currentStep as number;
      state.status = 'changes_requested';
      clearTimers();
      await persist(args.actor, [{ action: 'decision.changes_requested', payload: { ...ref(), ...stepRef(stepNumber), comment: args.comment } }]);
      return snapshot();
    },
    { validator: (args) => check(refusal(input, state, args)) },
  );

  const commentRefusal = () => (isFinal(state.status) ? refuse(`The decision is ${state.status}: its review is over.`, WRONG_STATUS) : null);
  setHandler(
    commentUpdate,
    async (args) => {
      check(commentRefusal());
      await persist(args.actor, [{ action: 'decision.commented', payload: { ...ref(), status: state.status, step: state.currentStep, comment: args.comment } }]);
      return snapshot();
    },
    { validator: (_args) => check(commentRefusal()) },
  );

  const withdrawRefusal = (actor: ApprovalActor, role: string | null) => {
    if (state.status !== 'pending_approval' && state.status !== 'changes_requested') return refuse(`The decision is ${state.status}; only a decision under review can be withdrawn.`, WRONG_STATUS);
    if (!mayManage(input, actor, role)) return refuse("Only the decision's owner or author, or an admin, may withdraw or resubmit it.", NOT_ELIGIBLE);
    return null;
  };
  setHandler(
    withdrawUpdate,
    async (args) => {
      check(withdrawRefusal(args.actor, args.role));
      const at = state.currentStep;
      state.status = 'withdrawn';
      state.currentStep = null;
      clearTimers();
      await persist(args.actor, [{ action: 'decision.withdrawn', payload: { ...ref(), step: at, comment: args.comment } }]);
      return snapshot();
    },
    { validator: (args) => check(withdrawRefusal(args.actor, args.role)) },
  );

  const resubmitRefusal = (actor: ApprovalActor, role: string | null) => {
    if (state.status !== 'changes_requested') return refuse(`The decision is ${state.status}; only a decision whose changes were requested can be resubmitted.`, WRONG_STATUS);
    if (!mayManage(input, actor, role)) return refuse("Only the decision's owner or author, or an admin, may withdraw or resubmit it.", NOT_ELIGIBLE);
    return null;
  };
  setHandler(
    resubmitUpdate,
    async (args) => {
      check(resubmitRefusal(args.actor, args.role));
      const from = state.currentStep ?? 1;
      state.stepApplies = args.content.stepApplies;
      state.outcomeReviewsAt = [...args.content.outcomeReviewsAt].sort();
      state.excludedUserIds = [...new Set([...state.excludedUserIds, ...args.content.authorIds, ...args.content.scenarioAuthorIds, ...args.editorIds])];
      // Approvals given before the changes no longer stand when what was approved changed (as code review dismisses
      // approvals when new commits arrive): the review starts again from the first step. Otherwise it resumes where
      // the changes were asked, keeping the approvals of anyone not now kept from approving.
      const dismissed = args.contentChanged ? state.approvals : state.approvals.filter((a) => state.excludedUserIds.includes(a.user_id));
      state.approvals = state.approvals.filter((a) => !dismissed.includes(a));
      state.round += 1;
      const at = advance(args.contentChanged ? 0 : from - 1);
      const records: RecordApprovalTransitionInput['records'] = [
        {
          action: 'decision.resubmitted',
          payload: {
            ...ref(),
            content_changed: args.contentChanged,
            dismissed_approvals: dismissed.map((a) => ({ step: a.step, user_id: a.user_id })),
            editors: args.editorIds,
            step: at === 'approved' ? null : at,
            comment: args.comment,
          },
        },
      ];
      if (at === 'approved') records.push(approvedRecord());
      await persist(args.actor, records);
      return snapshot();
    },
    { validator: (args) => check(resubmitRefusal(args.actor, args.role)) },
  );

  const reassignRefusal = (step: number) => {
    if (state.status !== 'pending_approval' && state.status !== 'changes_requested') return refuse(`The decision is ${state.status}; only a decision under review can be reassigned.`, WRONG_STATUS);
    if (step < 1 || step > input.steps.length) return refuse(`The policy has ${input.steps.length} step(s); there is no step ${step}.`, INVALID_STEP);
    if (state.currentStep !== null && step < state.currentStep) return refuse(`Step ${step} is already complete (the decision is at step ${state.currentStep}).`, INVALID_STEP);
    if (state.stepApplies[step - 1] === false) return refuse(`Step ${step} does not apply to this decision (its condition is false).`, INVALID_STEP);
    return null;
  };
  setHandler(
    reassignUpdate,
    async (args) => {
      check(reassignRefusal(args.step));
      const previous = state.reassigned[String(args.step)] ?? input.steps[args.step - 1]?.approvers;
      state.reassigned[String(args.step)] = args.approvers;
      await persist(args.actor, [{ action: 'decision.step.reassigned', payload: { ...ref(), ...stepRef(args.step), from: previous, to: args.approvers, comment: args.comment } }]);
      return snapshot();
    },
    { validator: (args) => check(reassignRefusal(args.step)) },
  );

  const lifecycleRefusal = (from: ApprovalWorkflowStatus, to: string) =>
    state.status !== from ? refuse(`The decision is ${state.status}; only a decision that is ${from} can become ${to}.`, WRONG_STATUS) : null;
  setHandler(
    implementUpdate,
    async (args) => {
      check(lifecycleRefusal('approved', 'implemented'));
      state.status = 'implemented';
      await persist(args.actor, [{ action: 'decision.implemented', payload: { ...ref(), comment: args.comment } }]);
      return snapshot();
    },
    { validator: (_args) => check(lifecycleRefusal('approved', 'implemented')) },
  );
  setHandler(
    closeUpdate,
    async (args) => {
      check(lifecycleRefusal('implemented', 'closed'));
      state.status = 'closed';
      const pending = state.outcomeReviewsAt.slice(state.outcomeReviewsDone);
      await persist(args.actor, [{ action: 'decision.closed', payload: { ...ref(), outcome_reviews_cancelled: pending, comment: args.comment } }]);
      return snapshot();
    },
    { validator: (_args) => check(lifecycleRefusal('implemented', 'closed')) },
  );

  /** The next moment a timer acts, in epoch ms, or null: the step's deadline, SLA or reminder; the next outcome review. */
  const nextWakeAt = (): number | null => {
    if (state.status === 'pending_approval') {
      const times = [state.deadlineAt, state.escalated ? state.nextReminderAt : state.slaDueAt].filter((t): t is string => t !== null);
      return times.length === 0 ? null : Math.min(...times.map((t) => Date.parse(t)));
    }
    if (state.status === 'approved' || state.status === 'implemented') {
      const review = state.outcomeReviewsAt[state.outcomeReviewsDone];
      return review === undefined ? null : Date.parse(review);
    }
    return null;
  };

  const onTimer = async () => {
    const now = Date.now();
    if (state.status === 'pending_approval' && state.currentStep !== null) {
      const stepNumber = state.currentStep;
      const step = input.steps[stepNumber - 1] as DecisionApprovalInput['steps'][number];
      if (state.deadlineAt !== null && now >= Date.parse(state.deadlineAt)) {
        const deadline = state.deadlineAt;
        state.status = 'expired';
        state.currentStep = null;
        clearTimers();
        await persist(system, [{ action: 'decision.expired', payload: { ...ref(), ...stepRef(stepNumber), deadline_at: deadline } }]);
      } else if (!state.escalated && state.slaDueAt !== null && now >= Date.parse(state.slaDueAt)) {
        state.escalated = true;
        state.nextReminderAt = after(input.reminderIntervalSeconds);
        await persist(system, [
          { action: 'decision.step.escalated', payload: { ...ref(), ...stepRef(stepNumber), sla_due_at: state.slaDueAt, escalated_to: step.escalate_to } },
        ]);
      } else if (state.escalated && state.nextReminderAt !== null && now >= Date.parse(state.nextReminderAt)) {
        const given = state.approvals.filter((a) => a.step === stepNumber).length;
        state.nextReminderAt = after(input.reminderIntervalSeconds);
        await persist(system, [
          { action: 'decision.step.reminder', payload: { ...ref(), ...stepRef(stepNumber), sla_due_at: state.slaDueAt, approvals_given: given, approvals_required: step.approvals_required } },
        ]);
      }
      return;
    }
    const records: RecordApprovalTransitionInput['records'] = [];
    while (state.outcomeReviewsDone < state.outcomeReviewsAt.length && Date.parse(state.outcomeReviewsAt[state.outcomeReviewsDone] as string) <= now) {
      records.push({
        action: 'decision.outcome.due',
        payload: { ...ref(), review_at: state.outcomeReviewsAt[state.outcomeReviewsDone], review_number: state.outcomeReviewsDone + 1, review_count: state.outcomeReviewsAt.length },
      });
      state.outcomeReviewsDone += 1;
    }
    if (records.length > 0) await persist(system, records);
  };

  if (!input.carried) {
    const first = advance(0);
    const records: RecordApprovalTransitionInput['records'] = [
      {
        action: 'decision.submitted',
        payload: {
          ...ref(),
          workflow_id: workflowInfo().workflowId,
          steps: input.steps.map((s) => s.name),
          skipped_steps: input.steps.flatMap((s, i) => (state.stepApplies[i] === false ? [s.name] : [])),
        },
      },
    ];
    if (first === 'approved') records.push(approvedRecord());
    await persist(input.submittedBy, records);
    submissionWritten = true;
  }

  const continueAsNewAfter = input.continueAsNewAfterEvents ?? DEFAULT_CONTINUE_AS_NEW_AFTER_EVENTS;
  while (!isFinal(state.status)) {
    const info = workflowInfo();
    if (info.continueAsNewSuggested || info.historyLength >= continueAsNewAfter) {
      await condition(allHandlersFinished);
      await written;
      if (!isFinal(state.status)) await continueAsNew<typeof decisionApprovalWorkflow>({ ...input, carried: snapshot() });
    }
    const seen = state.seq;
    const wakeAt = nextWakeAt();
    const moved = wakeAt === null ? await condition(() => state.seq !== seen).then(() => true) : await condition(() => state.seq !== seen, Math.max(wakeAt - Date.now(), 1));
    if (!moved) await onTimer();
  }
  await written;
  await condition(allHandlersFinished);
  return snapshot();
}
