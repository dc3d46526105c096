import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { EnvironmentUseCaseDeps } from './deps';
import { requireEnvironmentRecord } from './environment-records';
import { presentEnvironment } from './presenter';

/** `GET /environments/{id}` (an id or a name). */
export async function getEnvironment({ db }: EnvironmentUseCaseDeps, context: RequestContext, id: string) {
  return inTenantTransaction(db, context.tenantId, async (scope) =>
    presentEnvironment(await requireEnvironmentRecord(scope, id)),
  );
}
