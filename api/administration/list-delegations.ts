import { listCurrentDelegations } from '../../db/repositories/delegations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentDelegation } from './delegation-records';
import type { MemberUseCaseDeps } from './deps';

/** The tenant's delegations that have not ended (current and coming), for the people page's "away until". */
export async function listDelegations({ db }: MemberUseCaseDeps, context: RequestContext) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const now = new Date();
    return (await listCurrentDelegations(scope, now)).map((row) => presentDelegation(row, now));
  });
}
