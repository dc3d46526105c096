import type { RequestContext } from '../context';
import { notFound } from '../../core/app-error';
import { addModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';
import { checkUpload, type ModelUpload } from './check-upload';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { recordVersionCreated } from '../../db/repositories/model-version-transitions';
import { presentVersion } from './presenter';

export async function createModelVersion(
  deps: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
  body: ModelUpload,
) {
  refuseBuiltin(id);
  await inTenantTransaction(deps.db, tenantId, (scope) => requireTenantModel(scope, id));
  const version = await checkUpload(deps, tenantId, body);
  return inTenantTransaction(deps.db, tenantId, async (scope) => {
    const added = await addModelVersion(scope, id, version, actor);
    if (!added) throw notFound('model', id);
    const model = await requireTenantModel(scope, id);
    await recordVersionCreated(scope, model, added.version, actor);
    return presentVersion(id, added.version);
  });
}
