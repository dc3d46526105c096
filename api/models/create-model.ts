import type { RequestContext } from '../context';
import { newId } from '../../core/ids';
import { createTenantModel } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';
import { checkUpload, type ModelUpload } from './check-upload';
import {} from './model-records';
import { recordVersionCreated } from '../../db/repositories/model-version-transitions';
import { presentTenantModel } from './presenter';

export interface ModelCreate extends ModelUpload {
  name: string;
  description?: string;
  category: string;
}

export async function createModel(deps: ModelUseCaseDeps, { tenantId, actor }: RequestContext, body: ModelCreate) {
  const version = await checkUpload(deps, tenantId, body);
  const id = newId('model');
  return inTenantTransaction(deps.db, tenantId, async (scope) => {
    const created = await createTenantModel(
      scope,
      { id, name: body.name, description: body.description ?? '', category: body.category },
      version,
      actor,
    );
    await recordVersionCreated(scope, created.model, created.version, actor);
    return presentTenantModel(created.model, created.version);
  });
}
