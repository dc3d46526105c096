import { decisionTransitionNotAllowed } from '../../core/errors';
import { findApprovalPolicyVersion } from '../../db/repositories/approval-policies';
import { findMemberRole, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OptionalCommentRequest } from '../openapi/request-types.generated';
import { afterAction, readDecision, refuseReleaseDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { ConditionsNeeded, reviewContent, stepApplicability, withEvaluatedConditions } from './review-content';
import { assertReviewCompletable, needsAfterResubmission } from './review-needs';
import type { ApprovalOutcome } from './start-approvals';

/**
 * The edits during review that change what was approved: approvals given before them are dismissed at resubmission
 * (`model_version`: a release decision's model version got new content).
 */
const CONTENT_FIELDS = ['options', 'chosen_option', 'evidence', 'model_version'];

/**
 * Resumes the review after requested changes. Edits made meanwhile are sealed (further edits answer 409 until the
 * workflow has recorded the resubmission); if the workflow refuses, they are unsealed again.
 */
export async function resubmitDecision(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: OptionalCommentRequest,
  { releaseReview = false } = {},
) {
  const { db, approvals } = deps;
  requireDecisionId(id);
  const status = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const decision = await readDecision(scope, id);
    if (!releaseReview) refuseReleaseDecision(decision);
    return decision.status;
  });
  if (status !== 'changes_requested')
    throw decisionTransitionNotAllowed(
      `The decision is ${status}; only a decision whose changes were requested can be resubmitted.`,
    );
  // Who is excluded, which approvals stand and which steps were reassigned: the workflow's state, as its resubmit handler reads it.
  const review = await approvals.state(id);
  const prepared = await withEvaluatedConditions(deps, (evaluated) =>
    inTenantTransaction(db, context.tenantId, async (scope) => {
      const decision = await readDecision(scope, id, { forUpdate: true });
      if (decision.status !== 'changes_requested')
        throw decisionTransitionNotAllowed(
          `The decision is ${decision.status}; only a decision whose changes were requested can be resubmitted.`,
        );
      const version = await findApprovalPolicyVersion(
        scope,
        decision.approval_policy_id as string,
        decision.approval_policy_version as number,
      );
      if (!version) throw new Error(`decision ${id} names a policy version that does not exist`);
      const stepApplies = stepApplicability(evaluated, decision, version);
      if (stepApplies instanceof ConditionsNeeded) return stepApplies;
      const content = await reviewContent(scope, decision, version, stepApplies);
      const editorIds = [
        ...new Set(decision.review_edits.flatMap((e) => (e.actor.type === 'user' ? [e.actor.id] : []))),
      ];
      const contentChanged = decision.review_edits.some((e) => e.fields.some((f) => CONTENT_FIELDS.includes(f)));
      const needs = needsAfterResubmission(version.steps, review, {
        stepApplies: content.stepApplies,
        newlyExcluded: [
          ...content.authorIds,
          ...content.scenarioAuthorIds,
          ...(content.contentWriterIds ?? []),
          ...editorIds,
        ],
        contentChanged,
      });
      await assertReviewCompletable(
        scope,
        needs,
        '',
        'An admin can reassign the step (POST /decisions/{id}/reassign), then resubmit; or the decision can be withdrawn.',
      );
      const role = context.actor.type === 'user' ? await findMemberRole(scope, context.actor.id) : null;
      await updateDecision(scope, id, { resubmission_pending: true });
      return { content, editorIds, contentChanged, role };
    }),
  );
  let outcome: ApprovalOutcome;
  try {
    outcome = await approvals.resubmit(id, {
      actor: context.actor,
      role: prepared.role,
      content: prepared.content,
      contentChanged: prepared.contentChanged,
      editorIds: prepared.editorIds,
      comment: body.comment ?? null,
    });
  } catch (error) {
    await inTenantTransaction(db, context.tenantId, async (scope) => {
      const decision = await readDecision(scope, id, { forUpdate: true });
      if (decision.status === 'changes_requested' && decision.resubmission_pending)
        await updateDecision(scope, id, { resubmission_pending: false });
    }).catch((cause: unknown) =>
      context.log.warn({ err: cause, decision_id: id }, 'could not unseal the edits of a refused resubmission'),
    );
    throw error;
  }
  return afterAction(deps, context, id, outcome);
}
