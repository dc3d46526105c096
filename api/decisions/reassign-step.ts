import { validationFailed } from '../../core/app-error';
import { findApprovalPolicyVersion, findTenantMemberIds } from '../../db/repositories/approval-policies';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ReassignStepRequest } from '../openapi/request-types.generated';
import { afterAction, readDecision, underWorkflow } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { assertReviewCompletable, needsAfterReassignment } from './review-needs';

/**
 * Admins only (the operation's `x-required-scope`): replaces a remaining step's approvers for this decision. Named
 * people must be members, and the step must stay completable: people kept from approving (its owner, author,
 * editors) and people who approved another step do not count, as at submission.
 */
export async function reassignStep(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: ReassignStepRequest,
) {
  const { db, approvals } = deps;
  await underWorkflow(deps, context, id);
  const named = body.approvers.user_ids ?? [];
  if ((body.approvers.role === undefined) === (body.approvers.user_ids === undefined)) {
    throw validationFailed(
      [{ path: '/approvers', message: 'must name either a role or user_ids, not both or neither' }],
      'The reassignment is not valid.',
    );
  }
  const state = await approvals.state(id);
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    const members = await findTenantMemberIds(scope, named);
    const errors = named.flatMap((userId, k) =>
      members.has(userId)
        ? []
        : [{ path: `/approvers/user_ids/${k}`, message: `no member "${userId}" in this tenant` }],
    );
    if (errors.length > 0) throw validationFailed(errors, 'The reassignment is not valid.');
    const decision = await readDecision(scope, id);
    const version = await findApprovalPolicyVersion(
      scope,
      decision.approval_policy_id as string,
      decision.approval_policy_version as number,
    );
    if (!version) throw new Error(`decision ${id} names a policy version that does not exist`);
    // A step the workflow will refuse (absent, complete or skipped) is left to it: its answer names the step.
    const remaining =
      body.step >= 1 &&
      body.step <= version.steps.length &&
      body.step >= (state.currentStep ?? 1) &&
      state.stepApplies[body.step - 1] !== false;
    if (remaining) {
      await assertReviewCompletable(
        scope,
        needsAfterReassignment(version.steps, state, body.step, body.approvers),
        body.approvers.role !== undefined ? '/approvers/role' : '/approvers/user_ids',
      );
    }
  });
  return afterAction(
    deps,
    context,
    id,
    await approvals.reassign(id, {
      actor: context.actor,
      step: body.step,
      approvers: body.approvers,
      comment: body.comment ?? null,
    }),
  );
}
