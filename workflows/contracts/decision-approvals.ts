/** The decision-approval workflow's contract, shared by the API, the worker and the workflow (no Node built-ins here). */
import { defineUpdate } from '@temporalio/workflow';
import type { RetrySettings } from './activity-retry';
import { workflowIdFor } from './search-attributes';

/** The workflow type name, so callers can start it without importing workflow code. */
export const DECISION_APPROVAL_WORKFLOW = 'decisionApprovalWorkflow';

export function decisionApprovalWorkflowId(decisionId: string): string {
  return workflowIdFor('decision', decisionId);
}

/** A step of the frozen policy version, as far as the workflow needs it. */
export interface ApprovalStepRule {
  name: string;
  approvals_required: number;
  approvers: { role?: string; user_ids?: string[] };
}

export type ApprovalActor = { type: 'user'; id: string; via_client?: string } | { type: 'api_key' | 'oauth_client' | 'system'; id: string };

export interface DecisionApprovalInput {
  tenantId: string;
  decisionId: string;
  policyId: string;
  policyVersion: number;
  steps: ApprovalStepRule[];
  /** The decision's owner and author: separation of duties keeps them from approving it. */
  authorIds: string[];
  submittedBy: ApprovalActor;
  retry?: RetrySettings;
}

export interface DecisionApproval {
  step: number;
  user_id: string;
  comment: string | null;
  approved_at: string;
}

export type ApprovalWorkflowStatus = 'pending_approval' | 'approved' | 'rejected';

export interface DecisionApprovalState {
  status: ApprovalWorkflowStatus;
  currentStep: number | null;
  approvals: DecisionApproval[];
  /** Transitions so far; the activity writes each once, whatever its retries. */
  seq: number;
}

/** An approve or reject: the service resolves the caller's role in the tenant; the workflow decides eligibility. */
export interface ApprovalActionArgs {
  actor: { type: 'user'; id: string; via_client?: string };
  role: string | null;
  expectedStep: number;
  comment: string | null;
}

/** ApplicationFailure types the validator and handlers refuse with; the API maps them to 403 / 409. */
export const NOT_ELIGIBLE = 'not_an_eligible_approver';
export const STEP_MOVED = 'approval_step_moved';
export const NOT_PENDING = 'decision_not_pending';

/** Names are in recorded histories: never rename them. */
export const submissionRecordedUpdate = defineUpdate<DecisionApprovalState>('submissionRecorded');
export const approveUpdate = defineUpdate<DecisionApprovalState, [ApprovalActionArgs]>('approve');
export const rejectUpdate = defineUpdate<DecisionApprovalState, [ApprovalActionArgs]>('reject');

export type ApprovalAuditAction = 'decision.submitted' | 'decision.step.approved' | 'decision.approved' | 'decision.rejected';

export interface RecordApprovalTransitionInput {
  tenantId: string;
  decisionId: string;
  state: DecisionApprovalState;
  actor: ApprovalActor;
  /** Each is one audit record and one outbox event of the same name, written with the state in one transaction. */
  records: Array<{ action: ApprovalAuditAction; payload: Record<string, unknown> }>;
}
