import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateStage,
  type Client,
  type WorkflowUpdateHandle,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { AppError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { validationFailed } from '../../core/app-error';
import {
  approvalStepMoved,
  decisionNotPending,
  decisionTransitionNotAllowed,
  notAnEligibleApprover,
} from '../../core/errors';
import type { Logger } from '../../core/logger';
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
} from '../../workflows/decisions/contracts';
import type { UpdateDefinition } from '@temporalio/common';
import { DecisionStatusSearchAttribute, searchAttributesFor } from '../../workflows/contracts/search-attributes';
import {
  isWorkflowEngineUnavailable,
  startOrRollBack,
  withWorkflowEngineDeadline,
} from '../../orchestration/workflow-engine';
import { sha256Hex } from '../../core/canonical-json';
import { currentIdempotencyKey } from '../../db/idempotent-work';
import type { TaskQueues } from '../../orchestration/task-queues';

export { decisionApprovalWorkflowId };

/** An action's outcome: the workflow's state once applied, or `pending` when accepted but not yet applied. */
export interface ApprovalOutcome {
  state: DecisionApprovalState | undefined;
  pending: boolean;
}

export interface DecisionApprovalsDeps {
  temporal: Client;
  /** Which task queue each tenant's work starts on (shared, or its dedicated workers'). */
  taskQueues: TaskQueues;
  config: Pick<Config, 'temporalRpcTimeoutMs' | 'activityRetry' | 'approvals'>;
  logger: Logger;
}

/** The workflow's refusals (validator or handler), as the API's problems; anything else is not ours to translate. */
function translateRefusal(error: unknown): AppError | undefined {
  if (error instanceof WorkflowNotFoundError)
    return decisionTransitionNotAllowed('The decision has no review under way.');
  if (!(error instanceof WorkflowUpdateFailedError) || !(error.cause instanceof ApplicationFailure)) return undefined;
  const failure = error.cause;
  if (failure.type === NOT_ELIGIBLE) return notAnEligibleApprover(failure.message);
  if (failure.type === STEP_MOVED) return approvalStepMoved((failure.details?.[0] as number | undefined) ?? null);
  if (failure.type === NOT_PENDING) return decisionNotPending('no longer pending approval');
  if (failure.type === WRONG_STATUS) return decisionTransitionNotAllowed(failure.message);
  if (failure.type === INVALID_STEP)
    return validationFailed([{ path: '/step', message: failure.message }], 'The step cannot be reassigned.');
  return undefined;
}

/** Starting decision-approval workflows and acting on them through updates. */
export function createDecisionApprovals(deps: DecisionApprovalsDeps) {
  const { temporal, config } = deps;
  const withDeadline = <T>(work: () => Promise<T>) =>
    withWorkflowEngineDeadline(temporal, config.temporalRpcTimeoutMs, work);

  /** Waits until the workflow has written the submission to Postgres, so the answer shows `pending_approval`. */
  const awaitSubmission = (decisionId: string) =>
    withDeadline(() =>
      temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId)).executeUpdate(submissionRecordedUpdate),
    );

  /**
   * Sends an update and waits for its outcome, in two bounded steps. First the workflow must accept it: if Temporal
   * cannot be reached (or refuses it), nothing was applied and the caller answers 503 or the refusal. Once accepted,
   * the update is durable in the workflow's history and will be applied; if it has not finished within the deadline
   * (its activity is slow or retrying), the answer is `pending` (202), not an error that would invite a retry.
   *
   * The update id comes from the request's `Idempotency-Key` when it has one: a retry of a request that got no answer
   * (or a 503 after its update had in fact reached Temporal) attaches to the same update instead of applying it again.
   */
  async function act<A>(
    decisionId: string,
    update: UpdateDefinition<DecisionApprovalState, [A]>,
    args: A,
  ): Promise<ApprovalOutcome> {
    const workflow = temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId));
    const key = currentIdempotencyKey();
    const updateId = key ? `${update.name}/${sha256Hex(key)}` : undefined;
    let accepted: WorkflowUpdateHandle<DecisionApprovalState>;
    try {
      accepted = await withDeadline(() =>
        workflow.startUpdate(update, {
          args: [args] as [A],
          waitForStage: WorkflowUpdateStage.ACCEPTED,
          ...(updateId ? { updateId } : {}),
        }),
      );
    } catch (error) {
      throw translateRefusal(error) ?? error;
    }
    try {
      return { state: await withDeadline(() => accepted.result()), pending: false };
    } catch (error) {
      const refusal = translateRefusal(error);
      if (refusal) throw refusal;
      if (!isWorkflowEngineUnavailable(error)) throw error;
      deps.logger.warn(
        { err: error, decision_id: decisionId, update: update.name },
        'decision update accepted but not finished in time; answering 202',
      );
      return { state: undefined, pending: true };
    }
  }

  return {
    /**
     * Starts the decision's workflow (one per decision) and waits for its submission to be recorded. A second submit
     * while the first is in flight finds the workflow already started and waits for the same thing. If Temporal
     * refuses, `rollBack` unfreezes the policy version and the answer is 503.
     */
    async submit(
      input: Omit<
        DecisionApprovalInput,
        'retry' | 'reminderIntervalSeconds' | 'slaReminderBeforeSeconds' | 'continueAsNewAfterEvents'
      >,
      rollBack: () => Promise<void>,
    ): Promise<DecisionApprovalState> {
      const workflowInput: DecisionApprovalInput = {
        ...input,
        reminderIntervalSeconds: config.approvals.reminderIntervalSeconds,
        slaReminderBeforeSeconds: config.approvals.slaReminderBeforeSeconds,
        continueAsNewAfterEvents: config.approvals.continueAsNewAfterEvents,
        retry: config.activityRetry,
      };
      let alreadyStarted = false;
      await startOrRollBack({
        start: async () => {
          try {
            const taskQueue = await deps.taskQueues.forTenant(input.tenantId);
            await withDeadline(() =>
              temporal.workflow.start(DECISION_APPROVAL_WORKFLOW, {
                taskQueue,
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
      if (alreadyStarted)
        deps.logger.info({ decision_id: input.decisionId }, 'decision already submitted; waiting for its workflow');
      return awaitSubmission(input.decisionId);
    },

    /** The review as the workflow holds it (what Postgres does not keep: reassignments, who is excluded and why). */
    async state(decisionId: string): Promise<DecisionApprovalState> {
      try {
        return await withDeadline(() =>
          temporal.workflow.getHandle(decisionApprovalWorkflowId(decisionId)).query(stateQuery),
        );
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
