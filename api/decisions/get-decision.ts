import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentOneDecision, readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

export async function getDecision({ db }: DecisionUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => presentOneDecision(scope, await readDecision(scope, id)));
}
