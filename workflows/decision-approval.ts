import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { DEFAULT_RETRY } from './contracts/activity-retry';
import {
  approveUpdate,
  NOT_ELIGIBLE,
  NOT_PENDING,
  rejectUpdate,
  STEP_MOVED,
  submissionRecordedUpdate,
  type ApprovalActionArgs,
  type ApprovalStepRule,
  type DecisionApprovalInput,
  type DecisionApprovalState,
  type RecordApprovalTransitionInput,
} from './contracts/decision-approvals';
import { DecisionStatusSearchAttribute } from './contracts/search-attributes';

/** Why this caller may not act now, or null: the validators' rule, checked again when a handler runs. */
export function refusal(input: DecisionApprovalInput, state: DecisionApprovalState, args: ApprovalActionArgs): ApplicationFailure | null {
  if (state.status !== 'pending_approval' || state.currentStep === null) return ApplicationFailure.nonRetryable(`The decision is ${state.status}.`, NOT_PENDING);
  if (args.expectedStep !== state.currentStep) {
    return ApplicationFailure.nonRetryable(`The decision is at step ${state.currentStep}, not ${args.expectedStep}.`, STEP_MOVED, state.currentStep);
  }
  const userId = args.actor.id;
  if (input.authorIds.includes(userId)) return ApplicationFailure.nonRetryable("The decision's owner or author cannot approve or reject it.", NOT_ELIGIBLE);
  if (state.approvals.some((a) => a.user_id === userId)) {
    return ApplicationFailure.nonRetryable('One person approves at most one step of a decision.', NOT_ELIGIBLE);
  }
  const step = input.steps[state.currentStep - 1];
  const approvers = step?.approvers ?? {};
  const eligible = (approvers.role !== undefined && approvers.role === args.role) || (approvers.user_ids ?? []).includes(userId);
  if (!eligible) return ApplicationFailure.nonRetryable(`The caller is not an approver of step ${state.currentStep} ("${step?.name}").`, NOT_ELIGIBLE);
  return null;
}

function checked(input: DecisionApprovalInput, state: DecisionApprovalState, args: ApprovalActionArgs): void {
  const failure = refusal(input, state, args);
  if (failure) throw failure;
}

/**
 * One decision under review, from submission to approved or rejected. Approve and reject are updates: their
 * validators refuse ineligible callers before anything reaches the history, and each handler changes the state
 * synchronously (so the next update's validator already sees it) and then writes it to Postgres through one activity;
 * the writes are chained, so Postgres sees the transitions in the workflow's order.
 */
export async function decisionApprovalWorkflow(input: DecisionApprovalInput): Promise<DecisionApprovalState> {
  const retry = input.retry ?? DEFAULT_RETRY;
  const { recordApprovalTransition } = proxyActivities<Activities>({
    startToCloseTimeout: 30_000,
    retry: { initialInterval: retry.initialIntervalMs, maximumInterval: retry.maximumIntervalMs, backoffCoefficient: 2 },
  });
  const state: DecisionApprovalState = { status: 'pending_approval', currentStep: 1, approvals: [], seq: 0 };
  let written = Promise.resolve();
  let submissionWritten = false;

  const snapshot = (): DecisionApprovalState => ({ ...state, approvals: [...state.approvals] });
  const persist = (actor: RecordApprovalTransitionInput['actor'], records: RecordApprovalTransitionInput['records']): Promise<void> => {
    state.seq += 1;
    const write: RecordApprovalTransitionInput = { tenantId: input.tenantId, decisionId: input.decisionId, state: snapshot(), actor, records };
    written = written.then(async () => {
      await recordApprovalTransition(write);
      upsertSearchAttributes([{ key: DecisionStatusSearchAttribute, value: write.state.status }]);
    });
    return written;
  };
  const decisionRef = () => ({ policy_id: input.policyId, policy_version: input.policyVersion, step_count: input.steps.length });

  setHandler(submissionRecordedUpdate, async () => {
    await condition(() => submissionWritten);
    return snapshot();
  });

  setHandler(
    approveUpdate,
    async (args) => {
      checked(input, state, args);
      const stepNumber = state.currentStep as number;
      const step = input.steps[stepNumber - 1] as ApprovalStepRule;
      state.approvals.push({ step: stepNumber, user_id: args.actor.id, comment: args.comment, approved_at: new Date().toISOString() });
      const given = state.approvals.filter((a) => a.step === stepNumber).length;
      const stepComplete = given >= step.approvals_required;
      const records: RecordApprovalTransitionInput['records'] = [
        {
          action: 'decision.step.approved',
          payload: { ...decisionRef(), step: stepNumber, step_name: step.name, approvals_given: given, approvals_required: step.approvals_required, step_complete: stepComplete, comment: args.comment },
        },
      ];
      if (stepComplete && stepNumber === input.steps.length) {
        state.status = 'approved';
        state.currentStep = null;
        records.push({ action: 'decision.approved', payload: { ...decisionRef(), approvers: state.approvals.map((a) => a.user_id) } });
      } else if (stepComplete) {
        state.currentStep = stepNumber + 1;
      }
      await persist(args.actor, records);
      return snapshot();
    },
    { validator: (args) => checked(input, state, args) },
  );

  setHandler(
    rejectUpdate,
    async (args) => {
      checked(input, state, args);
      const stepNumber = state.currentStep as number;
      state.status = 'rejected';
      state.currentStep = null;
      await persist(args.actor, [
        { action: 'decision.rejected', payload: { ...decisionRef(), step: stepNumber, step_name: input.steps[stepNumber - 1]?.name, comment: args.comment } },
      ]);
      return snapshot();
    },
    { validator: (args) => checked(input, state, args) },
  );

  await persist(input.submittedBy, [
    { action: 'decision.submitted', payload: { ...decisionRef(), workflow_id: workflowInfo().workflowId, steps: input.steps.map((s) => s.name) } },
  ]);
  submissionWritten = true;
  await condition(() => state.status !== 'pending_approval');
  await written;
  await condition(allHandlersFinished);
  return snapshot();
}
