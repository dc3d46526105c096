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
import type { Activities } from '../../activities';
import { DEFAULT_RETRY } from '../contracts/activity-retry';
import { followTenantQueue, mustFollowTenant } from '../contracts/follow-tenant-queue';
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
  relocateSignal,
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
  type CommentArgs,
  type DecisionApprovalInput,
  type DecisionApprovalState,
  type LifecycleArgs,
  type ReassignArgs,
  type RecordApprovalTransitionInput,
  type ResubmitArgs,
  type StepAssignment,
  type WithdrawArgs,
} from './contracts';
import { DecisionStatusSearchAttribute } from '../contracts/search-attributes';

const DEFAULT_CONTINUE_AS_NEW_AFTER_EVENTS = 10_000;

/**
 * What the review needs from the workflow that runs it. In `decisionApprovalWorkflow`: the `recordApprovalTransition`
 * activity, the `DecisionStatus` search attribute, `condition`, `workflowInfo().workflowId` and the workflow's
 * (deterministic) `Date.now`. A test passes fakes, and a clock it moves by hand.
 */
export interface DecisionReviewPorts {
  /** Writes one transition (state, audit records, outbox events) to Postgres. */
  recordApprovalTransition(write: RecordApprovalTransitionInput): Promise<void>;
  /** Called once a transition is written, with the status it wrote. */
  publishStatus(status: ApprovalWorkflowStatus): void;
  /** Resolves once `test` holds (re-checked after every transition). */
  waitUntil(test: () => boolean): Promise<void>;
  workflowId(): string;
  /** Now, in epoch milliseconds. */
  now(): number;
}

/** The approver set of a step as it stands: an admin's reassignment replaces the policy's; an escalation adds its target. */
export function assignmentOf(
  input: DecisionApprovalInput,
  state: DecisionApprovalState,
  stepNumber: number,
): StepAssignment {
  const step = input.steps[stepNumber - 1];
  if (!step) return { roles: [], userIds: [] };
  const sets: ApproverSetRule[] = [state.reassigned[String(stepNumber)] ?? step.approvers];
  if (state.escalated && step.escalate_to) sets.push(step.escalate_to);
  const roles = [...new Set(sets.flatMap((s) => (s.role ? [s.role] : [])))];
  const userIds = [...new Set(sets.flatMap((s) => s.user_ids ?? []))];
  return { roles, userIds };
}

const currentAssignment = (input: DecisionApprovalInput, state: DecisionApprovalState): StepAssignment =>
  state.status === 'pending_approval' && state.currentStep !== null
    ? assignmentOf(input, state, state.currentStep)
    : { roles: [], userIds: [] };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const refuse = (message: string, type: string, ...details: unknown[]) =>
  ApplicationFailure.nonRetryable(message, type, ...details);

/**
 * Why separation of duties keeps this person from acting on the decision, or null: they are its owner or author (or
 * otherwise excluded), or they already approved a step of it, themselves or through a delegate.
 */
function keptFromActing(
  input: DecisionApprovalInput,
  state: DecisionApprovalState,
  userId: string,
  who: string,
): ApplicationFailure | null {
  if (state.excludedUserIds.includes(userId)) {
    const why = input.content.authorIds.includes(userId)
      ? "the decision's owner or author"
      : input.content.scenarioAuthorIds.includes(userId)
        ? 'the author of a scenario the decision links (the policy keeps them from approving)'
        : input.content.contentWriterIds?.includes(userId)
          ? 'a writer of the model version under review (they uploaded or replaced a revision of its content)'
          : 'a person who edited the decision during its review';
    return refuse(`${who} is ${why}, so cannot approve, reject or request changes.`, NOT_ELIGIBLE);
  }
  if (state.approvals.some((a) => a.user_id === userId || a.on_behalf_of === userId))
    return refuse('One person approves at most one step of a decision.', NOT_ELIGIBLE);
  return null;
}

/**
 * Why this approver may not approve, reject or request changes now, or null: the validators' rule, checked again when
 * a handler runs. A delegate acting for an approver (`onBehalfOf`) needs the step to be the approver's, and
 * separation of duties to let both of them act.
 */
export function refusal(
  input: DecisionApprovalInput,
  state: DecisionApprovalState,
  args: ApprovalActionArgs,
): ApplicationFailure | null {
  if (state.status !== 'pending_approval' || state.currentStep === null)
    return refuse(`The decision is ${state.status}.`, NOT_PENDING);
  if (args.expectedStep !== state.currentStep) {
    return refuse(
      `The decision is at step ${state.currentStep}, not ${args.expectedStep}.`,
      STEP_MOVED,
      state.currentStep,
    );
  }
  const kept = keptFromActing(input, state, args.actor.id, 'The caller');
  if (kept) return kept;
  const { roles, userIds } = assignmentOf(input, state, state.currentStep);
  const step = input.steps[state.currentStep - 1];
  const onBehalfOf = args.onBehalfOf;
  if (onBehalfOf) {
    const keptFor = keptFromActing(input, state, onBehalfOf.id, 'The person the caller acts for');
    if (keptFor) return keptFor;
    const theirs = (onBehalfOf.role !== null && roles.includes(onBehalfOf.role)) || userIds.includes(onBehalfOf.id);
    if (!theirs)
      return refuse(
        `The person the caller acts for is not an approver of step ${state.currentStep} ("${step?.name}").`,
        NOT_ELIGIBLE,
      );
    return null;
  }
  const eligible = (args.role !== null && roles.includes(args.role)) || userIds.includes(args.actor.id);
  if (!eligible)
    return refuse(`The caller is not an approver of step ${state.currentStep} ("${step?.name}").`, NOT_ELIGIBLE);
  return null;
}

/** The audit payload's mention of the approver a delegate acted for (nothing when they acted for themselves). */
const onBehalfOfRef = (args: ApprovalActionArgs) => (args.onBehalfOf ? { on_behalf_of: args.onBehalfOf.id } : {});

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
    excludedUserIds: [
      ...new Set([...content.authorIds, ...content.scenarioAuthorIds, ...(content.contentWriterIds ?? [])]),
    ],
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

type Records = RecordApprovalTransitionInput['records'];
type Step = DecisionApprovalInput['steps'][number];

const SYSTEM: ApprovalActor = { type: 'system', id: 'approval-workflow' };

/**
 * One decision's review: the state, the rules that refuse an action (`validate…`, run by the update validators before
 * anything reaches the history, and again by the handler) and the transitions (one method per update, plus the
 * timers). A handler changes the state synchronously (so the next update's validator already sees it) and writes it
 * to Postgres through one activity; the writes are chained, so Postgres sees the transitions in the workflow's order.
 * It reaches its workflow only through `DecisionReviewPorts` (the activity, the search attribute, waiting, the clock),
 * so its rules run alone in test/unit/decision-review.test.ts with fakes and a clock moved by hand.
 *
 * Determinism: the histories in test/workflows/histories replay against this class. Any change to what a method
 * schedules (activities, search attributes, timers) or to the order of its awaits needs `patched()`.
 */
export class DecisionReview {
  readonly state: DecisionApprovalState;
  /** Whether the submission's transition is in Postgres (a run continued as new starts with it written). */
  private submissionWritten: boolean;
  private written = Promise.resolve();

  constructor(
    private readonly input: DecisionApprovalInput,
    private readonly ports: DecisionReviewPorts,
  ) {
    this.state = input.carried ? clone(input.carried) : initialState(input);
    this.submissionWritten = input.carried !== undefined;
  }

  snapshot(): DecisionApprovalState {
    return clone(this.state);
  }

  isFinal(): boolean {
    return isFinal(this.state.status);
  }

  /** Resolves once every transition so far is in Postgres. */
  allWritten(): Promise<void> {
    return this.written;
  }

  // Validators: they throw the refusal (an ApplicationFailure the caller sees), or return.

  validateApproverAction(args: ApprovalActionArgs): void {
    check(refusal(this.input, this.state, args));
  }

  validateComment(_args?: CommentArgs): void {
    if (this.isFinal()) throw refuse(`The decision is ${this.state.status}: its review is over.`, WRONG_STATUS);
  }

  validateWithdraw(args: WithdrawArgs): void {
    const { status } = this.state;
    if (status !== 'pending_approval' && status !== 'changes_requested')
      throw refuse(`The decision is ${status}; only a decision under review can be withdrawn.`, WRONG_STATUS);
    this.checkMayManage(args.actor, args.role);
  }

  validateResubmit(args: ResubmitArgs): void {
    const { status } = this.state;
    if (status !== 'changes_requested')
      throw refuse(
        `The decision is ${status}; only a decision whose changes were requested can be resubmitted.`,
        WRONG_STATUS,
      );
    this.checkMayManage(args.actor, args.role);
  }

  validateReassign(args: ReassignArgs): void {
    const { state, input } = this;
    const step = args.step;
    if (state.status !== 'pending_approval' && state.status !== 'changes_requested')
      throw refuse(`The decision is ${state.status}; only a decision under review can be reassigned.`, WRONG_STATUS);
    if (step < 1 || step > input.steps.length)
      throw refuse(`The policy has ${input.steps.length} step(s); there is no step ${step}.`, INVALID_STEP);
    if (state.currentStep !== null && step < state.currentStep)
      throw refuse(`Step ${step} is already complete (the decision is at step ${state.currentStep}).`, INVALID_STEP);
    if (state.stepApplies[step - 1] === false)
      throw refuse(`Step ${step} does not apply to this decision (its condition is false).`, INVALID_STEP);
  }

  validateImplement(_args?: LifecycleArgs): void {
    this.checkLifecycle('approved', 'implemented');
  }

  validateClose(_args?: LifecycleArgs): void {
    this.checkLifecycle('implemented', 'closed');
  }

  // Update handlers: each validates again (the state may have moved since its validator ran), transitions, writes.

  async submissionRecorded(): Promise<DecisionApprovalState> {
    await this.ports.waitUntil(() => this.submissionWritten);
    return this.snapshot();
  }

  async approve(args: ApprovalActionArgs): Promise<DecisionApprovalState> {
    this.validateApproverAction(args);
    const { state, input } = this;
    const stepNumber = state.currentStep as number;
    const step = input.steps[stepNumber - 1] as Step;
    state.approvals.push({
      step: stepNumber,
      user_id: args.actor.id,
      ...onBehalfOfRef(args),
      comment: args.comment,
      approved_at: this.nowIso(),
    });
    const given = state.approvals.filter((a) => a.step === stepNumber).length;
    const stepComplete = given >= step.approvals_required;
    const records: Records = [
      {
        action: 'decision.step.approved',
        payload: {
          ...this.ref(),
          ...this.stepRef(stepNumber),
          approvals_given: given,
          approvals_required: step.approvals_required,
          step_complete: stepComplete,
          comment: args.comment,
          ...onBehalfOfRef(args),
        },
      },
    ];
    if (stepComplete && this.advance(stepNumber) === 'approved') records.push(this.approvedRecord());
    await this.persist(args.actor, records);
    return this.snapshot();
  }

  async reject(args: ApprovalActionArgs): Promise<DecisionApprovalState> {
    this.validateApproverAction(args);
    const stepNumber = this.state.currentStep as number;
    this.state.status = 'rejected';
    this.state.currentStep = null;
    this.clearTimers();
    await this.persist(args.actor, [
      {
        action: 'decision.rejected',
        payload: { ...this.ref(), ...this.stepRef(stepNumber), comment: args.comment, ...onBehalfOfRef(args) },
      },
    ]);
    return this.snapshot();
  }

  async requestChanges(args: ApprovalActionArgs): Promise<DecisionApprovalState> {
    this.validateApproverAction(args);
    const stepNumber = this.state.currentStep as number;
    this.state.status = 'changes_requested';
    this.clearTimers();
    await this.persist(args.actor, [
      {
        action: 'decision.changes_requested',
        payload: { ...this.ref(), ...this.stepRef(stepNumber), comment: args.comment, ...onBehalfOfRef(args) },
      },
    ]);
    return this.snapshot();
  }

  async comment(args: CommentArgs): Promise<DecisionApprovalState> {
    this.validateComment(args);
    await this.persist(args.actor, [
      {
        action: 'decision.commented',
        payload: { ...this.ref(), status: this.state.status, step: this.state.currentStep, comment: args.comment },
      },
    ]);
    return this.snapshot();
  }

  async withdraw(args: WithdrawArgs): Promise<DecisionApprovalState> {
    this.validateWithdraw(args);
    const at = this.state.currentStep;
    this.state.status = 'withdrawn';
    this.state.currentStep = null;
    this.clearTimers();
    await this.persist(args.actor, [
      { action: 'decision.withdrawn', payload: { ...this.ref(), step: at, comment: args.comment } },
    ]);
    return this.snapshot();
  }

  async resubmit(args: ResubmitArgs): Promise<DecisionApprovalState> {
    this.validateResubmit(args);
    const { state } = this;
    const from = state.currentStep ?? 1;
    state.stepApplies = args.content.stepApplies;
    state.outcomeReviewsAt = [...args.content.outcomeReviewsAt].sort();
    state.excludedUserIds = [
      ...new Set([
        ...state.excludedUserIds,
        ...args.content.authorIds,
        ...args.content.scenarioAuthorIds,
        ...(args.content.contentWriterIds ?? []),
        ...args.editorIds,
      ]),
    ];
    // Approvals given before the changes no longer stand when what was approved changed (as code review dismisses
    // approvals when new commits arrive): the review starts again from the first step. Otherwise it resumes where
    // the changes were asked, keeping the approvals of anyone not now kept from approving.
    const dismissed = args.contentChanged
      ? state.approvals
      : state.approvals.filter(
          (a) =>
            state.excludedUserIds.includes(a.user_id) ||
            (a.on_behalf_of !== undefined && state.excludedUserIds.includes(a.on_behalf_of)),
        );
    state.approvals = state.approvals.filter((a) => !dismissed.includes(a));
    state.round += 1;
    const at = this.advance(args.contentChanged ? 0 : from - 1);
    const records: Records = [
      {
        action: 'decision.resubmitted',
        payload: {
          ...this.ref(),
          content_changed: args.contentChanged,
          dismissed_approvals: dismissed.map((a) => ({ step: a.step, user_id: a.user_id })),
          editors: args.editorIds,
          step: at === 'approved' ? null : at,
          comment: args.comment,
        },
      },
    ];
    if (at === 'approved') records.push(this.approvedRecord());
    await this.persist(args.actor, records);
    return this.snapshot();
  }

  async reassign(args: ReassignArgs): Promise<DecisionApprovalState> {
    this.validateReassign(args);
    const previous = this.state.reassigned[String(args.step)] ?? this.input.steps[args.step - 1]?.approvers;
    this.state.reassigned[String(args.step)] = args.approvers;
    await this.persist(args.actor, [
      {
        action: 'decision.step.reassigned',
        payload: {
          ...this.ref(),
          ...this.stepRef(args.step),
          from: previous,
          to: args.approvers,
          comment: args.comment,
        },
      },
    ]);
    return this.snapshot();
  }

  async implement(args: LifecycleArgs): Promise<DecisionApprovalState> {
    this.validateImplement(args);
    this.state.status = 'implemented';
    await this.persist(args.actor, [
      { action: 'decision.implemented', payload: { ...this.ref(), comment: args.comment } },
    ]);
    return this.snapshot();
  }

  async close(args: LifecycleArgs): Promise<DecisionApprovalState> {
    this.validateClose(args);
    this.state.status = 'closed';
    const pending = this.state.outcomeReviewsAt.slice(this.state.outcomeReviewsDone);
    await this.persist(args.actor, [
      {
        action: 'decision.closed',
        payload: { ...this.ref(), outcome_reviews_cancelled: pending, comment: args.comment },
      },
    ]);
    return this.snapshot();
  }

  // The workflow's own steps: the submission, then the timers.

  /**
   * Enters the first applicable step (or approves at once when none applies) and writes the submission; the caller
   * then calls `submissionIsWritten()`. Not async, on purpose: the workflow awaits the write itself, as the deployed
   * code did. An async method would add a microtask before the main loop starts its timer, so an update arriving during
   * the submission's write would schedule its activity before that timer instead of after, and recorded histories
   * would no longer replay.
   */
  submit(): Promise<void> {
    const { state, input } = this;
    const first = this.advance(0);
    const records: Records = [
      {
        action: 'decision.submitted',
        payload: {
          ...this.ref(),
          workflow_id: this.ports.workflowId(),
          steps: input.steps.map((s) => s.name),
          skipped_steps: input.steps.flatMap((s, i) => (state.stepApplies[i] === false ? [s.name] : [])),
        },
      },
    ];
    if (first === 'approved') records.push(this.approvedRecord());
    return this.persist(input.submittedBy, records);
  }

  submissionIsWritten(): void {
    this.submissionWritten = true;
  }

  /** The next moment a timer acts, in epoch ms, or null: the step's deadline, SLA or reminder; the next outcome review. */
  nextWakeAt(): number | null {
    const { state } = this;
    if (state.status === 'pending_approval') {
      const times = [
        state.deadlineAt,
        state.escalated ? state.nextReminderAt : state.slaDueAt,
        state.escalated ? null : (state.slaReminderAt ?? null),
      ].filter((t): t is string => t !== null);
      return times.length === 0 ? null : Math.min(...times.map((t) => Date.parse(t)));
    }
    if (state.status === 'approved' || state.status === 'implemented') {
      const review = state.outcomeReviewsAt[state.outcomeReviewsDone];
      return review === undefined ? null : Date.parse(review);
    }
    return null;
  }

  /** What is due now: under review, the step's deadline (expired), SLA (escalated) or reminder; after approval, outcome reviews. */
  async onTimer(): Promise<void> {
    const { state, input } = this;
    const now = this.ports.now();
    if (state.status === 'pending_approval' && state.currentStep !== null) {
      const stepNumber = state.currentStep;
      const step = input.steps[stepNumber - 1] as Step;
      if (state.deadlineAt !== null && now >= Date.parse(state.deadlineAt)) {
        const deadline = state.deadlineAt;
        state.status = 'expired';
        state.currentStep = null;
        this.clearTimers();
        await this.persist(SYSTEM, [
          {
            action: 'decision.expired',
            payload: { ...this.ref(), ...this.stepRef(stepNumber), deadline_at: deadline },
          },
        ]);
      } else if (!state.escalated && state.slaDueAt !== null && now >= Date.parse(state.slaDueAt)) {
        state.escalated = true;
        state.nextReminderAt = this.after(input.reminderIntervalSeconds);
        await this.persist(SYSTEM, [
          {
            action: 'decision.step.escalated',
            payload: {
              ...this.ref(),
              ...this.stepRef(stepNumber),
              sla_due_at: state.slaDueAt,
              escalated_to: step.escalate_to,
            },
          },
        ]);
      } else if (!state.escalated && state.slaReminderAt && now >= Date.parse(state.slaReminderAt)) {
        const given = state.approvals.filter((a) => a.step === stepNumber).length;
        state.slaReminderAt = null;
        await this.persist(SYSTEM, [
          {
            action: 'decision.step.reminder',
            payload: {
              ...this.ref(),
              ...this.stepRef(stepNumber),
              sla_due_at: state.slaDueAt,
              approvals_given: given,
              approvals_required: step.approvals_required,
              before_sla: true,
            },
          },
        ]);
      } else if (state.escalated && state.nextReminderAt !== null && now >= Date.parse(state.nextReminderAt)) {
        const given = state.approvals.filter((a) => a.step === stepNumber).length;
        state.nextReminderAt = this.after(input.reminderIntervalSeconds);
        await this.persist(SYSTEM, [
          {
            action: 'decision.step.reminder',
            payload: {
              ...this.ref(),
              ...this.stepRef(stepNumber),
              sla_due_at: state.slaDueAt,
              approvals_given: given,
              approvals_required: step.approvals_required,
              before_sla: false,
            },
          },
        ]);
      }
      return;
    }
    const records: Records = [];
    while (
      state.outcomeReviewsDone < state.outcomeReviewsAt.length &&
      Date.parse(state.outcomeReviewsAt[state.outcomeReviewsDone] as string) <= now
    ) {
      records.push({
        action: 'decision.outcome.due',
        payload: {
          ...this.ref(),
          review_at: state.outcomeReviewsAt[state.outcomeReviewsDone],
          review_number: state.outcomeReviewsDone + 1,
          review_count: state.outcomeReviewsAt.length,
        },
      });
      state.outcomeReviewsDone += 1;
    }
    if (records.length > 0) await this.persist(SYSTEM, records);
  }

  // Internals.

  private persist(actor: ApprovalActor, records: Records): Promise<void> {
    const { state, input } = this;
    state.seq += 1;
    const write: RecordApprovalTransitionInput = {
      tenantId: input.tenantId,
      decisionId: input.decisionId,
      state: this.snapshot(),
      assignment: currentAssignment(input, state),
      actor,
      records,
    };
    this.written = this.written.then(async () => {
      await this.ports.recordApprovalTransition(write);
      this.ports.publishStatus(write.state.status);
    });
    return this.written;
  }

  private ref() {
    const { input } = this;
    return {
      policy_id: input.policyId,
      policy_version: input.policyVersion,
      step_count: input.steps.length,
      round: this.state.round,
    };
  }

  private stepRef(stepNumber: number) {
    return { step: stepNumber, step_name: this.input.steps[stepNumber - 1]?.name ?? null };
  }

  private approvedRecord() {
    return {
      action: 'decision.approved' as const,
      payload: { ...this.ref(), approvers: this.state.approvals.map((a) => a.user_id) },
    };
  }

  private clearTimers(): void {
    const { state } = this;
    state.stepStartedAt = null;
    state.slaDueAt = null;
    state.deadlineAt = null;
    state.escalated = false;
    state.nextReminderAt = null;
    if (state.slaReminderAt !== undefined) state.slaReminderAt = null;
  }

  /** Moves to the first applicable step after `from` (0: the first), or to approved when none is left. */
  private advance(from: number): 'approved' | number {
    const { state, input } = this;
    const next = input.steps.findIndex((_, index) => index + 1 > from && state.stepApplies[index] !== false);
    this.clearTimers();
    if (next === -1) {
      state.status = 'approved';
      state.currentStep = null;
      return 'approved';
    }
    const step = input.steps[next] as Step;
    state.status = 'pending_approval';
    state.currentStep = next + 1;
    state.stepStartedAt = this.nowIso();
    state.slaDueAt = this.after(step.sla_seconds);
    if (input.slaReminderBeforeSeconds !== undefined && input.slaReminderBeforeSeconds > 0) {
      state.slaReminderAt = this.after(
        step.sla_seconds - Math.min(input.slaReminderBeforeSeconds, Math.floor(step.sla_seconds / 2)),
      );
    }
    state.deadlineAt = step.deadline_seconds === null ? null : this.after(step.deadline_seconds);
    return next + 1;
  }

  private checkMayManage(actor: ApprovalActor, role: string | null): void {
    if (!mayManage(this.input, actor, role))
      throw refuse("Only the decision's owner or author, or an admin, may withdraw or resubmit it.", NOT_ELIGIBLE);
  }

  private checkLifecycle(from: ApprovalWorkflowStatus, to: string): void {
    if (this.state.status !== from)
      throw refuse(
        `The decision is ${this.state.status}; only a decision that is ${from} can become ${to}.`,
        WRONG_STATUS,
      );
  }

  private nowIso(): string {
    return new Date(this.ports.now()).toISOString();
  }

  private after(seconds: number): string {
    return new Date(this.ports.now() + seconds * 1000).toISOString();
  }
}

/**
 * The review's ports inside this workflow. The activity is called and the search attribute set exactly where the
 * review's methods did before they were ports, so recorded histories replay unchanged.
 */
function workflowPorts(input: DecisionApprovalInput): DecisionReviewPorts {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { recordApprovalTransition } = proxyActivities<Activities>({
    startToCloseTimeout: 30_000,
    retry: {
      initialInterval: retry.initialIntervalMs,
      maximumInterval: retry.maximumIntervalMs,
      backoffCoefficient: 2,
    },
  });
  return {
    recordApprovalTransition,
    publishStatus: (status) => upsertSearchAttributes([{ key: DecisionStatusSearchAttribute, value: status }]),
    waitUntil: (test) => condition(test),
    workflowId: () => workflowInfo().workflowId,
    now: () => Date.now(),
  };
}

/**
 * One decision from submission to its end: review step by step (approve, reject, request changes → resubmit,
 * withdraw, admin reassignment), SLA escalation and reminders, step deadlines that expire it, then implemented →
 * closed with outcome reviews announced at their dates. Every action is an update whose validator refuses callers
 * who may not act before anything reaches the history; the rules and transitions are `DecisionReview`'s. Timers are
 * the state's own dates (carried across continue-as-new), so a worker restart or a new run picks them up where they
 * were.
 */
export async function decisionApprovalWorkflow(input: DecisionApprovalInput): Promise<DecisionApprovalState> {
  const review = new DecisionReview(input, workflowPorts(input));

  setHandler(stateQuery, () => review.snapshot());
  setHandler(submissionRecordedUpdate, () => review.submissionRecorded());
  setHandler(approveUpdate, (args) => review.approve(args), {
    validator: (args) => review.validateApproverAction(args),
  });
  setHandler(rejectUpdate, (args) => review.reject(args), { validator: (args) => review.validateApproverAction(args) });
  setHandler(requestChangesUpdate, (args) => review.requestChanges(args), {
    validator: (args) => review.validateApproverAction(args),
  });
  setHandler(commentUpdate, (args) => review.comment(args), { validator: (args) => review.validateComment(args) });
  setHandler(withdrawUpdate, (args) => review.withdraw(args), { validator: (args) => review.validateWithdraw(args) });
  setHandler(resubmitUpdate, (args) => review.resubmit(args), { validator: (args) => review.validateResubmit(args) });
  setHandler(reassignUpdate, (args) => review.reassign(args), { validator: (args) => review.validateReassign(args) });
  setHandler(implementUpdate, (args) => review.implement(args), {
    validator: (args) => review.validateImplement(args),
  });
  setHandler(closeUpdate, (args) => review.close(args), { validator: (args) => review.validateClose(args) });
  // The tenant's workers moved: this run continues as new on the tenant's queue at the next quiet moment.
  let relocateTo: string | undefined;
  setHandler(relocateSignal, ({ taskQueue }) => {
    if (typeof taskQueue === 'string' && taskQueue !== '') relocateTo = taskQueue;
  });
  const relocating = () => mustFollowTenant(relocateTo);

  if (!input.carried) {
    await review.submit();
    review.submissionIsWritten();
  }

  const continueAsNewAfter = input.continueAsNewAfterEvents ?? DEFAULT_CONTINUE_AS_NEW_AFTER_EVENTS;
  while (!review.isFinal()) {
    const info = workflowInfo();
    if (relocating() || info.continueAsNewSuggested || info.historyLength >= continueAsNewAfter) {
      await condition(allHandlersFinished);
      await review.allWritten();
      if (!review.isFinal()) {
        const next = { ...input, carried: review.snapshot() };
        await followTenantQueue<typeof decisionApprovalWorkflow>(relocateTo, () => [next]);
        await continueAsNew<typeof decisionApprovalWorkflow>(next);
      }
    }
    // Wait for a transition (any handler bumps `seq`), a relocation or the next timer, whichever comes first.
    const seen = review.state.seq;
    const wakeAt = review.nextWakeAt();
    const woken = () => review.state.seq !== seen || relocating();
    const moved =
      wakeAt === null
        ? await condition(woken).then(() => true)
        : await condition(woken, Math.max(wakeAt - Date.now(), 1));
    if (!moved) await review.onTimer();
  }
  await review.allWritten();
  await condition(allHandlersFinished);
  return review.snapshot();
}
