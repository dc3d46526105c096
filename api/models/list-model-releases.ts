import { listModelReleases as listStoredReleases } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import { findBuiltinModelById } from '../../decision/catalogue';
import type { RequestContext } from '../context';
import { requireTenantModel } from './model-records';
import { presentRelease } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/** `GET /models/{id}/releases`: every time a version went live, newest first (built-in models ship published: none). */
export async function listModelReleases({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, id: string) {
  if (findBuiltinModelById(id)) return { data: [], next_cursor: null };
  return inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    return { data: (await listStoredReleases(scope, id)).map(presentRelease), next_cursor: null };
  });
}
