import type { RequestContext } from '../context';
import { findBuiltinModelById } from '../../decision/catalogue';
import { listModelVersions as listStoredVersions } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';
import { requireTenantModel } from './model-records';
import { presentBuiltinVersion, presentVersion } from './presenter';

export async function listModelVersions({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, id: string) {
  const builtin = findBuiltinModelById(id);
  if (builtin) {
    return { data: [presentBuiltinVersion(builtin)], next_cursor: null };
  }
  return inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    return { data: (await listStoredVersions(scope, id)).map((v) => presentVersion(id, v)), next_cursor: null };
  });
}
