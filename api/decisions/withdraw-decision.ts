import type { RequestContext } from '../context';
import type { OptionalCommentRequest } from '../openapi/request-types.generated';
import { afterAction, underWorkflow } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

export async function withdrawDecision(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: OptionalCommentRequest,
) {
  const role = await underWorkflow(deps, context, id);
  return afterAction(
    deps,
    context,
    id,
    await deps.approvals.withdraw(id, { actor: context.actor, role, comment: body.comment ?? null }),
  );
}
