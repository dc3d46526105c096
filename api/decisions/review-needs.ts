import { insufficientApprovers } from '../../core/errors';
import { findTenantMemberIds } from '../../db/repositories/approval-policies';
import { listMemberIdsWithRoles } from '../../db/repositories/decisions';
import type { TenantScope } from '../../db/tenant-scope';
import type { ApprovalStepRule, ApproverSetRule, DecisionApprovalState } from '../../workflows/decisions/contracts';

/** One step a review still needs: who may approve it, how many approvals it requires and how many it already has. */
export interface StepNeed {
  /** 1-based, as the policy numbers its steps. */
  step: number;
  name: string;
  /** Who may approve it: the policy's set or an admin's reassignment, and the escalation target once the SLA passed. */
  approvers: ApproverSetRule[];
  required: number;
  /** Approvals of this step that stand (they count towards `required`). */
  given: number;
}

/** What a review still needs: its remaining steps, and the people who may approve none of them. */
export interface ReviewNeeds {
  steps: StepNeed[];
  /** Kept from approving (authors, editors, …) or holding an approval already (one person approves one step). */
  unavailableUserIds: string[];
}

type WorkflowView = Pick<DecisionApprovalState, 'currentStep' | 'approvals' | 'excludedUserIds' | 'reassigned'>;
type PolicyStep = Pick<ApprovalStepRule, 'name' | 'approvals_required' | 'approvers'>;

const approversOf = (steps: PolicyStep[], state: WorkflowView, stepNumber: number): ApproverSetRule =>
  state.reassigned[String(stepNumber)] ?? (steps[stepNumber - 1] as PolicyStep).approvers;

/** What a first submission needs: every step that applies, from people other than those kept from approving. */
export function needsAtSubmission(steps: PolicyStep[], stepApplies: boolean[], excludedUserIds: string[]): ReviewNeeds {
  return {
    steps: steps.flatMap((step, index) =>
      stepApplies[index] === false
        ? []
        : [
            {
              step: index + 1,
              name: step.name,
              approvers: [step.approvers],
              required: step.approvals_required,
              given: 0,
            },
          ],
    ),
    unavailableUserIds: [...new Set(excludedUserIds)],
  };
}

/**
 * What the review restarted by a resubmission will need, as the workflow's resubmit handler builds it: when what was
 * approved changed, every approval is dismissed and the review starts again at the first step that applies;
 * otherwise it resumes at the step that asked for changes, keeping the approvals of people not now excluded. Steps
 * already behind the review, and the people who approved them, are not asked for again.
 */
export function needsAfterResubmission(
  steps: PolicyStep[],
  state: WorkflowView,
  change: { stepApplies: boolean[]; newlyExcluded: string[]; contentChanged: boolean },
): ReviewNeeds {
  const excluded = new Set([...state.excludedUserIds, ...change.newlyExcluded]);
  const kept = change.contentChanged ? [] : state.approvals.filter((a) => !excluded.has(a.user_id));
  const from = change.contentChanged ? 1 : (state.currentStep ?? 1);
  return {
    steps: steps.flatMap((step, index) =>
      index + 1 >= from && change.stepApplies[index] !== false
        ? [
            {
              step: index + 1,
              name: step.name,
              approvers: [approversOf(steps, state, index + 1)],
              required: step.approvals_required,
              given: kept.filter((a) => a.step === index + 1).length,
            },
          ]
        : [],
    ),
    unavailableUserIds: [...new Set([...excluded, ...kept.map((a) => a.user_id)])],
  };
}

/**
 * What one step of a review under way needs if its approvers become `approvers` (an admin's reassignment); the
 * escalation target of an escalated current step stays eligible beside them.
 */
export function needsAfterReassignment(
  steps: ApprovalStepRule[],
  state: WorkflowView & Pick<DecisionApprovalState, 'escalated'>,
  stepNumber: number,
  approvers: ApproverSetRule,
): ReviewNeeds {
  const step = steps[stepNumber - 1] as ApprovalStepRule;
  const escalation = state.escalated && state.currentStep === stepNumber && step.escalate_to ? [step.escalate_to] : [];
  return {
    steps: [
      {
        step: stepNumber,
        name: step.name,
        approvers: [approvers, ...escalation],
        required: step.approvals_required,
        given: state.approvals.filter((a) => a.step === stepNumber).length,
      },
    ],
    unavailableUserIds: [...new Set([...state.excludedUserIds, ...state.approvals.map((a) => a.user_id)])],
  };
}

/**
 * A step no one could complete makes the review impossible: refused (422 `insufficient_approvers`, naming the step
 * and `pointer`, the request field that decides who approves). Each person is counted once per step, whether the
 * step names them, gives their role, or both.
 */
export async function assertReviewCompletable(
  scope: TenantScope,
  needs: ReviewNeeds,
  pointer: string,
  hint = '',
): Promise<void> {
  const unavailable = new Set(needs.unavailableUserIds);
  for (const need of needs.steps) {
    const missing = need.required - need.given;
    if (missing <= 0) continue;
    const candidates = new Set<string>();
    const roles = need.approvers.flatMap((set) => (set.role ? [set.role] : []));
    for (const id of await listMemberIdsWithRoles(scope, roles)) candidates.add(id);
    for (const id of await findTenantMemberIds(
      scope,
      need.approvers.flatMap((set) => set.user_ids ?? []),
    ))
      candidates.add(id);
    const available = [...candidates].filter((id) => !unavailable.has(id)).length;
    if (available < missing)
      throw insufficientApprovers(need.step - 1, need.name, need.required, available, {
        given: need.given,
        pointer,
        hint,
      });
  }
}
