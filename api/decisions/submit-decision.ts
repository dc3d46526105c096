import { validationFailed, type FieldError } from '../../core/app-error';
import { decisionNotEditable } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { findApprovalPolicy, findApprovalPolicyVersion } from '../../db/repositories/approval-policies';
import { updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { SubmitDecisionRequest } from '../openapi/request-types.generated';
import { presentOneDecision, readDecision, refuseReleaseDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { ConditionsNeeded, reviewContent, stepApplicability, withEvaluatedConditions } from './review-content';
import { assertReviewCompletable, needsAtSubmission } from './review-needs';

/**
 * Freezes the policy's current version onto the draft and returns what the workflow needs; null when the decision
 * is already pending approval (a repeated submit). A submission still in flight (version frozen, status draft) is
 * resumed with the version it froze. The policy's step conditions are evaluated in the sandbox between transactions.
 */
async function prepareSubmission(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: SubmitDecisionRequest,
  releaseReview: boolean,
) {
  return withEvaluatedConditions(deps, (evaluated) =>
    inTenantTransaction(deps.db, context.tenantId, async (scope) => {
      const decision = await readDecision(scope, id, { forUpdate: true });
      if (!releaseReview) refuseReleaseDecision(decision);
      if (decision.status === 'pending_approval') return null;
      if (decision.status !== 'draft') throw decisionNotEditable(decision.status, 'submit');
      const inFlight = decision.approval_policy_version !== null && decision.approval_policy_id !== null;
      const errors: FieldError[] = [];
      const policyId = inFlight
        ? decision.approval_policy_id
        : (body.approval_policy_id ?? decision.approval_policy_id);
      if (!decision.chosen_option)
        errors.push({ path: '/chosen_option', message: 'no option is chosen: choose one before submitting' });
      const policy =
        policyId && isIdOf('approvalPolicy', policyId) ? await findApprovalPolicy(scope, policyId) : undefined;
      if (!policyId)
        errors.push({ path: '/approval_policy_id', message: 'is required: the decision has no approval policy' });
      else if (!policy)
        errors.push({ path: '/approval_policy_id', message: `no approval policy "${policyId}" exists` });
      else if (policy.archived_at && !inFlight) errors.push({ path: '/approval_policy_id', message: 'is archived' });
      if (errors.length > 0 || !policy) throw validationFailed(errors, 'The decision cannot be submitted.');
      const versionNumber = inFlight ? (decision.approval_policy_version as number) : policy.current_version;
      const version = await findApprovalPolicyVersion(scope, policy.id, versionNumber);
      if (!version) throw new Error(`approval policy ${policy.id} has no version ${versionNumber}`);
      const stepApplies = stepApplicability(evaluated, decision, version);
      if (stepApplies instanceof ConditionsNeeded) return stepApplies;
      const content = await reviewContent(scope, decision, version, stepApplies);
      if (!inFlight) {
        await assertReviewCompletable(
          scope,
          needsAtSubmission(version.steps, content.stepApplies, [
            ...content.authorIds,
            ...content.scenarioAuthorIds,
            ...(content.contentWriterIds ?? []),
          ]),
          '/approval_policy_id',
        );
        await updateDecision(scope, id, {
          approval_policy_id: policy.id,
          approval_policy_version: version.version,
          approval_steps: version.steps.map((step, index) => ({
            name: step.name,
            approvals_required: step.approvals_required,
            applies: content.stepApplies[index] !== false,
          })),
          updated_by: context.actor,
        });
      }
      return {
        tenantId: context.tenantId,
        decisionId: id,
        policyId: policy.id,
        policyVersion: version.version,
        steps: version.steps.map((step) => ({
          name: step.name,
          approvals_required: step.approvals_required,
          approvers: step.approvers,
          sla_seconds: step.sla_seconds,
          escalate_to: step.escalate_to,
          deadline_seconds: step.deadline_seconds,
        })),
        content,
        submittedBy: context.actor,
      };
    }),
  );
}

/**
 * Starts the decision's approval workflow; answers once the workflow has recorded it as pending approval. A release
 * decision is submitted only by its model version's submission (`releaseReview`), after the version's gate.
 */
export async function submitDecision(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: SubmitDecisionRequest,
  { releaseReview = false } = {},
) {
  const { db, approvals } = deps;
  requireDecisionId(id);
  const input = await prepareSubmission(deps, context, id, body, releaseReview);
  if (input) {
    const unfreeze = () =>
      inTenantTransaction(db, context.tenantId, async (scope) => {
        const decision = await readDecision(scope, id, { forUpdate: true });
        if (decision.status === 'draft')
          await updateDecision(scope, id, { approval_policy_id: null, approval_policy_version: null });
      });
    await approvals.submit(input, unfreeze);
  }
  return inTenantTransaction(db, context.tenantId, async (scope) =>
    presentOneDecision(scope, await readDecision(scope, id)),
  );
}
