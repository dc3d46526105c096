/** The decision-approval workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { RetrySettings } from '../contracts/activity-retry';
import { workflowIdFor } from '../contracts/search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const DECISION_APPROVAL_WORKFLOW = 'decisionApprovalWorkflow';

export function decisionApprovalWorkflowId(decisionId: string): string {
  return workflowIdFor('decision', decisionId);
}

/** Who may act on a step, or whom it escalates to. */
export interface ApproverSetRule {
  role?: string;
  user_ids?: string[];
}

/** A step of the frozen policy version, as far as the workflow needs it. */
export interface ApprovalStepRule {
  name: string;
  approvals_required: number;
  approvers: ApproverSetRule;
  /** The SLA: once it passes, the step escalates (event, escalation target added as eligible, reminders). */
  sla_seconds: number;
  escalate_to: ApproverSetRule | null;
  /** The final deadline after which the decision expires; null: none. */
  deadline_seconds: number | null;
}

export type ApprovalActor =
  { type: 'user'; id: string; via_client?: string } | { type: 'api_key' | 'oauth_client' | 'system'; id: string };

/**
 * What a (re)submission brings the workflow: the service evaluates the policy's step conditions against the chosen
 * option's frozen scenario metrics (zen-engine runs in the API, never in workflow code) and names the people whom
 * separation of duties keeps from approving.
 */
export interface ReviewContent {
  /** Per policy step (same length and order as `steps`): whether it applies to this decision as it now stands. */
  stepApplies: boolean[];
  /** The owner and the author of the decision. */
  authorIds: string[];
  /** With the policy flag `scenario_author_cannot_approve`: who created the scenarios the decision links. */
  scenarioAuthorIds: string[];
  /**
   * A model release: everyone who wrote a content revision of the version under review (its uploader and each person
   * whose `PUT` replaced the draft's content). Absent in workflows started before it existed.
   */
  contentWriterIds?: string[];
  /** Dates (ISO 8601) at which outcome reviews are due, once approved. */
  outcomeReviewsAt: string[];
}

export interface DecisionApprovalInput {
  tenantId: string;
  decisionId: string;
  policyId: string;
  policyVersion: number;
  steps: ApprovalStepRule[];
  content: ReviewContent;
  submittedBy: ApprovalActor;
  /** After the SLA escalated a step: one reminder per interval until the step moves. */
  reminderIntervalSeconds: number;
  /**
   * One reminder this long before a step's SLA ends (halfway through SLAs shorter than twice this). Absent in
   * workflows started before it existed: they send none, so their histories replay unchanged.
   */
  slaReminderBeforeSeconds?: number;
  /** Continue as new once the history has this many events (Temporal also suggests it); small in tests. */
  continueAsNewAfterEvents?: number;
  retry?: RetrySettings;
  /** Set only by continue-as-new: the state the previous run ended with. */
  carried?: DecisionApprovalState;
}

export interface DecisionApproval {
  step: number;
  user_id: string;
  /** The approver this person acted for, as their delegate (absent: they acted for themselves). */
  on_behalf_of?: string;
  comment: string | null;
  approved_at: string;
}

export type ApprovalWorkflowStatus =
  | 'pending_approval'
  | 'changes_requested'
  | 'approved'
  | 'rejected'
  | 'withdrawn'
  | 'expired'
  | 'implemented'
  | 'closed';

/** The statuses in which the workflow has finished its work (it completes). */
export const FINAL_STATUSES: readonly ApprovalWorkflowStatus[] = ['rejected', 'withdrawn', 'expired', 'closed'];

export interface DecisionApprovalState {
  status: ApprovalWorkflowStatus;
  /** The policy step (1-based) awaiting approvals; during changes_requested, the step at which changes were asked. */
  currentStep: number | null;
  /** The approvals of the current review round; a resubmission with changed content dismisses them. */
  approvals: DecisionApproval[];
  /** 1 at submission, +1 per resubmission. */
  round: number;
  stepApplies: boolean[];
  /** People kept from approving in this round: authors, scenario authors (by policy flag), editors during review. */
  excludedUserIds: string[];
  /** The current step's timers (ISO 8601); null outside pending_approval. */
  stepStartedAt: string | null;
  slaDueAt: string | null;
  deadlineAt: string | null;
  escalated: boolean;
  nextReminderAt: string | null;
  /** The reminder before the SLA ends, until it is sent (absent in states of workflows started before it existed). */
  slaReminderAt?: string | null;
  /** An admin's reassignment of a step's approvers, by step number; it replaces the policy's set for this decision. */
  reassigned: Record<string, ApproverSetRule>;
  outcomeReviewsAt: string[];
  /** How many of outcomeReviewsAt have been announced as due. */
  outcomeReviewsDone: number;
  /** Transitions so far; the activity writes each once, whatever its retries. */
  seq: number;
}

/** Who may act on the current step right now, as the inbox reads it from Postgres. */
export interface StepAssignment {
  roles: string[];
  userIds: string[];
}

/** An approver's action: the service resolves the caller's role in the tenant; the workflow decides eligibility. */
export interface ApprovalActionArgs {
  actor: { type: 'user'; id: string; via_client?: string };
  role: string | null;
  expectedStep: number;
  comment: string | null;
  /**
   * The approver the actor acts for, as their delegate now (the service read the delegation from Postgres): the step
   * must be theirs, and separation of duties must let both of them act. Absent: the actor acts for themselves.
   */
  onBehalfOf?: { id: string; role: string | null };
}

export interface CommentArgs {
  actor: ApprovalActor;
  comment: string;
}

export interface WithdrawArgs {
  actor: ApprovalActor;
  /** The caller's role in the tenant (null for API clients): the owner, the author or an admin may withdraw. */
  role: string | null;
  comment: string | null;
}

export interface ResubmitArgs {
  actor: ApprovalActor;
  role: string | null;
  content: ReviewContent;
  /** Options, chosen option or evidence changed since changes were requested: approvals are dismissed. */
  contentChanged: boolean;
  /** The people who edited the decision while changes were requested: they may not approve it. */
  editorIds: string[];
  comment: string | null;
}

export interface ReassignArgs {
  actor: ApprovalActor;
  step: number;
  approvers: ApproverSetRule;
  comment: string | null;
}

export interface LifecycleArgs {
  actor: ApprovalActor;
  comment: string | null;
}

/** ApplicationFailure types the validators and handlers refuse with; the API maps them to 403 / 409 / 422. */
export const NOT_ELIGIBLE = 'not_an_eligible_approver';
export const STEP_MOVED = 'approval_step_moved';
export const NOT_PENDING = 'decision_not_pending';
/** An action the decision's status does not allow (withdraw an approved decision, implement a draft, …). */
export const WRONG_STATUS = 'decision_transition_not_allowed';
export const INVALID_STEP = 'approval_step_invalid';

/** Names are in recorded histories: never rename them. */
export const submissionRecordedUpdate = defineUpdate<DecisionApprovalState>('submissionRecorded');
export const approveUpdate = defineUpdate<DecisionApprovalState, [ApprovalActionArgs]>('approve');
export const rejectUpdate = defineUpdate<DecisionApprovalState, [ApprovalActionArgs]>('reject');
export const requestChangesUpdate = defineUpdate<DecisionApprovalState, [ApprovalActionArgs]>('requestChanges');
export const commentUpdate = defineUpdate<DecisionApprovalState, [CommentArgs]>('comment');
export const withdrawUpdate = defineUpdate<DecisionApprovalState, [WithdrawArgs]>('withdraw');
export const resubmitUpdate = defineUpdate<DecisionApprovalState, [ResubmitArgs]>('resubmit');
export const reassignUpdate = defineUpdate<DecisionApprovalState, [ReassignArgs]>('reassign');
export const implementUpdate = defineUpdate<DecisionApprovalState, [LifecycleArgs]>('implement');
export const closeUpdate = defineUpdate<DecisionApprovalState, [LifecycleArgs]>('close');
export const stateQuery = defineQuery<DecisionApprovalState>('state');

/** After the tenant's workers moved: go on (continue as new) on the tenant's task queue now. */
export interface RelocateArgs {
  taskQueue: string;
}
/**
 * Sent by the schedule reconciler to the tenant's running approvals left on another queue (worker/schedule-reconciler.ts).
 * A run that has none in its history behaves exactly as before, so recorded histories replay unchanged.
 */
export const relocateSignal = defineSignal<[RelocateArgs]>('relocate');

export type ApprovalAuditAction =
  | 'decision.submitted'
  | 'decision.step.approved'
  | 'decision.step.escalated'
  | 'decision.step.reminder'
  | 'decision.step.reassigned'
  | 'decision.approved'
  | 'decision.rejected'
  | 'decision.changes_requested'
  | 'decision.resubmitted'
  | 'decision.commented'
  | 'decision.withdrawn'
  | 'decision.expired'
  | 'decision.implemented'
  | 'decision.closed'
  | 'decision.outcome.due';

export interface RecordApprovalTransitionInput {
  tenantId: string;
  decisionId: string;
  state: DecisionApprovalState;
  /** Who may act on the current step now (empty unless pending approval). */
  assignment: StepAssignment;
  actor: ApprovalActor;
  /** Each is one audit record and one outbox event of the same name, written with the state in one transaction. */
  records: Array<{ action: ApprovalAuditAction; payload: Record<string, unknown> }>;
}
