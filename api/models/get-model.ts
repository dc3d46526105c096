import type { RequestContext } from '../context';
import { findBuiltinModelById } from '../../decision/catalogue';
import { findModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';
import { requireTenantModel } from './model-records';
import { presentBuiltin, presentTenantModel } from './presenter';

export async function getModel({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, id: string) {
  const builtin = findBuiltinModelById(id);
  if (builtin) return presentBuiltin(builtin, true);
  return inTenantTransaction(db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    // The schemas shown are the published version's; before anything is published, the newest draft's.
    return presentTenantModel(
      model,
      await findModelVersion(scope, id, model.published_version ?? model.latest_version),
    );
  });
}
