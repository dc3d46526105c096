import { countDecisionsByStatus as countLiveDecisionsByStatus } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { DecisionUseCaseDeps } from './deps';

/** Live decisions per state in the caller's tenant. */
export async function countDecisionsByStatus(
  { db }: DecisionUseCaseDeps,
  { tenantId }: RequestContext,
): Promise<Record<string, number>> {
  return inTenantTransaction(db, tenantId, (scope) => countLiveDecisionsByStatus(scope));
}
