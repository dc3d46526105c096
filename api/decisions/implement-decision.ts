import type { RequestContext } from '../context';
import type { OptionalCommentRequest } from '../openapi/request-types.generated';
import { afterAction, underWorkflow } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

export async function implementDecision(
  deps: DecisionUseCaseDeps,
  context: RequestContext,
  id: string,
  body: OptionalCommentRequest,
) {
  await underWorkflow(deps, context, id);
  return afterAction(
    deps,
    context,
    id,
    await deps.approvals.implement(id, { actor: context.actor, comment: body.comment ?? null }),
  );
}
