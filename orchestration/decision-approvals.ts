import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { AppError } from '../core/app-error';
import type { Config } from '../core/config';
import { validationFailed } from '../core/app-error';
import { approvalStepMoved, decisionNotPending, decisionTransitionNotAllowed, notAnEligibleApprover } from '../core/errors';
import type { Logger } from '../core/logger';
import {
  approveUpdate,
  closeUpdate,
  commentUpdate,
  DECISION_APPROVAL_WORKFLOW,
  decisionApprovalWorkflowId,
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
  type CommentArgs,
  type DecisionApprovalInput,
  type DecisionApprovalState,
  type LifecycleArgs,
  type ReassignArgs,
  type ResubmitArgs,
  type WithdrawArgs,
} from '../workflows/contracts/decision-approvals';
import type { UpdateDefinition } from '@temporalio/common';
import { DecisionStatusSearchAttribute, searchAttributesFor } from '../workflows/contracts/search-attributes';
import { startOrRollBack, withWorkflowEngineDeadline } from './workflow-engine';

export { decisionApprovalWorkflowId };

export interface DecisionApprovalsDeps {
  temporal: Client;
  config: Pick<Config, 'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'activityRetry' | 'approvals'>;
  logger: Logger;
}

/** The workflow's refusals (validator or handler), as the API's problems; anything else is not ours to translate. */
function translateRefusal(error: unknown): AppError | undefined {
  if (error instanceof WorkflowNotFoundError) return decisionTransitionNotAllowed('The decision has no review under way.');
  if (!(error instanceof WorkflowUpdateFailedError) || !(error.cause instanceof ApplicationFailure)) return undefined;
  const failure = error.cause;
  if (failure.type === NOT_ELIGIBLE) return notAnEligibleApprover(failure.message);
  if (failure.type === STEP_MOVED) return approvalStepMoved((failure.details?.[0] as number | undefined) ?? null);
  if (failure.type === NOT_PENDING) return decisionNotPending('no longer pending approval');
  if (failure.type === WRONG_STATUS) return decisionTransitionNotAllowed(failure.message);
  if (failure.type === INVALID_STEP) return validationFailed([{ path: '/step', message: failure.message }], 'The step cannot be reassigned.');
  return undefined;
}

/** Starting decision-approval workflows and acting on them through updates. */
export function createDecisionApprovals(deps: DecisionApprovalsDeps) {
  const { temporal, config } = deps;
  const withDeadline = <T>(work: () => Promise<T>) => withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);

  /** Waits until the workflow has written the submission to Postgres, so the answer shows `pending_approval`. */
  const awaitSubmission = (decisionId: string) =>
    withDeadline(() => temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId)).executeUpdate(submissionRecordedUpdate));

  async function act<A>(decisionId: string, update: UpdateDefinition<DecisionApprovalState, [A]>, args: A): Promise<DecisionApprovalState> {
    try {
      return await withDeadline(() => temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId)).executeUpdate(update, { args: [args] }));
    } catch (error) {
      throw translateRefusal(error) ?? error;
    }
  }

  return {
    /**
     * Starts the decision's workflow (one per decision) and waits for its submission to be recorded. A second submit
     * while the first is in flight finds the workflow already started and waits for the same thing. If Temporal
     * refuses, `rollBack` unfreezes the policy version and the answer is 503.
     */
    async submit(
      input: Omit<DecisionApprovalInput, 'retry' | 'reminderIntervalSeconds' | 'continueAsNewAfterEvents'>,
      rollBack: () => Promise<void>,
    ): Promise<DecisionApprovalState> {
      const workflowInput: DecisionApprovalInput = {
        ...input,
        reminderIntervalSeconds: config.approvals.reminderIntervalSeconds,
        continueAsNewAfterEvents: config.approvals.continueAsNewAfterEvents,
        retry: config.activityRetry,
      };
      let alreadyStarted = false;
      await startOrRollBack({
        start: async () => {
          try {
            await withDeadline(() =>
              temporal.workflow.start(DECISION_APPROVAL_WORKFLOW, {
                taskQueue: config.temporalTaskQueue,
                workflowId: decisionApprovalWorkflowId(input.decisionId),
                args: [workflowInput],
                typedSearchAttributes: [
                  ...searchAttributesFor(input.tenantId, 'decision', input.decisionId),
                  { key: DecisionStatusSearchAttribute, value: 'pending_approval' },
                ],
              }),
            );
          } catch (error) {
            if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
            alreadyStarted = true;
          }
        },
        rollBack,
        logger: deps.logger,
        subject: { decision_id: input.decisionId },
        detail: 'The decision could not be submitted; it is still a draft. Retry shortly.',
      });
      if (alreadyStarted) deps.logger.info({ decision_id: input.decisionId }, 'decision already submitted; waiting for its workflow');
      return awaitSubmission(input.decisionId);
    },

    /** The review as the workflow holds it (what Postgres does not keep: reassignments, who is excluded and why). */
    async state(decisionId: string): Promise<DecisionApprovalState> {
      try {
        return await withDeadline(() => temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId)).query(stateQuery));
      } catch (error) {
        throw translateRefusal(error) ?? error;
      }
    },

    approve: (decisionId: string, args: ApprovalActionArgs) => act(decisionId, approveUpdate, args),
    reject: (decisionId: string, args: ApprovalActionArgs) => act(decisionId, rejectUpdate, args),
    requestChanges: (decisionId: string, args: ApprovalActionArgs) => act(decisionId, requestChangesUpdate, args),
    comment: (decisionId: string, args: CommentArgs) => act(decisionId, commentUpdate, args),
    withdraw: (decisionId: string, args: WithdrawArgs) => act(decisionId, withdrawUpdate, args),
    resubmit: (decisionId: string, args: ResubmitArgs) => act(decisionId, resubmitUpdate, args),
    reassign: (decisionId: string, args: ReassignArgs) => act(decisionId, reassignUpdate, args),
    implement: (decisionId: string, args: LifecycleArgs) => act(decisionId, implementUpdate, args),
    close: (decisionId: string, args: LifecycleArgs) => act(decisionId, closeUpdate, args),
  };
}

export type DecisionApprovals = ReturnType<typeof createDecisionApprovals>;
