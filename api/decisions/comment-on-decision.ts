import type { RequestContext } from '../context';
import type { DecisionCommentRequest } from '../openapi/request-types.generated';
import { afterAction, underWorkflow } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

export async function commentOnDecision(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: DecisionCommentRequest,
) {
  await underWorkflow(deps, context, id);
  return afterAction(
    deps,
    context,
    id,
    await deps.approvals.comment(id, { actor: context.actor, comment: body.comment }),
  );
}
