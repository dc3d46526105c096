import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { awayApproversOf } from './step-delegations';

/**
 * Who among the current step's approvers is away now, until when, and who acts for them (the decision's page shows
 * "away until …" on the step); empty unless the decision is pending approval.
 */
export async function listAwayApprovers({ db }: DecisionUseCaseDeps, context: RequestContext, id: string) {
  requireDecisionId(id);
  return inTenantTransaction(db, context.tenantId, async (scope) =>
    awayApproversOf(scope, await readDecision(scope, id), new Date()),
  );
}
