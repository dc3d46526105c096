import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { AppError } from '../core/app-error';
import type { Config } from '../core/config';
import { approvalStepMoved, decisionNotPending, notAnEligibleApprover } from '../core/errors';
import type { Logger } from '../core/logger';
import {
  approveUpdate,
  DECISION_APPROVAL_WORKFLOW,
  decisionApprovalWorkflowId,
  NOT_ELIGIBLE,
  NOT_PENDING,
  rejectUpdate,
  STEP_MOVED,
  submissionRecordedUpdate,
  type ApprovalActionArgs,
  type DecisionApprovalInput,
  type DecisionApprovalState,
} from '../workflows/contracts/decision-approvals';
import { DecisionStatusSearchAttribute, searchAttributesFor } from '../workflows/contracts/search-attributes';
import { startOrRollBack, withWorkflowEngineDeadline } from './workflow-engine';

export { decisionApprovalWorkflowId };

export interface DecisionApprovalsDeps {
  temporal: Client;
  config: Pick<Config, 'temporalTaskQueue' | 'temporalRpcTimeoutMs' | 'activityRetry'>;
  logger: Logger;
}

/** The workflow's refusals (validator or handler), as the API's problems; anything else is not ours to translate. */
function translateRefusal(error: unknown): AppError | undefined {
  if (error instanceof WorkflowNotFoundError) return decisionNotPending('no longer pending approval');
  if (!(error instanceof WorkflowUpdateFailedError) || !(error.cause instanceof ApplicationFailure)) return undefined;
  const failure = error.cause;
  if (failure.type === NOT_ELIGIBLE) return notAnEligibleApprover(failure.message);
  if (failure.type === STEP_MOVED) return approvalStepMoved((failure.details?.[0] as number | undefined) ?? null);
  if (failure.type === NOT_PENDING) return decisionNotPending('no longer pending approval');
  return undefined;
}

/** Starting decision-approval workflows and acting on them through updates. */
export function createDecisionApprovals(deps: DecisionApprovalsDeps) {
  const { temporal, config } = deps;
  const withDeadline = <T>(work: () => Promise<T>) => withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);

  /** Waits until the workflow has written the submission to Postgres, so the answer shows `pending_approval`. */
  const awaitSubmission = (decisionId: string) =>
    withDeadline(() => temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId)).executeUpdate(submissionRecordedUpdate));

  async function act(decisionId: string, update: typeof approveUpdate, args: ApprovalActionArgs): Promise<DecisionApprovalState> {
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
    async submit(input: Omit<DecisionApprovalInput, 'retry'>, rollBack: () => Promise<void>): Promise<DecisionApprovalState> {
      const workflowInput: DecisionApprovalInput = { ...input, retry: config.activityRetry };
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

    approve: (decisionId: string, args: ApprovalActionArgs) => act(decisionId, approveUpdate, args),
    reject: (decisionId: string, args: ApprovalActionArgs) => act(decisionId, rejectUpdate, args as ApprovalActionArgs),
  };
}

export type DecisionApprovals = ReturnType<typeof createDecisionApprovals>;
