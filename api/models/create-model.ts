import type { RequestContext } from '../context';
import { newId } from '../../core/ids';
import { createTenantModel } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ModelUseCaseDeps } from './deps';
import { checkUpload } from './check-upload';
import type { CreateModelRequest } from '../openapi/request-types.generated';
import { recordVersionCreated } from '../../db/repositories/model-version-transitions';
import { presentTenantModel } from './presenter';

export type ModelCreate = CreateModelRequest;

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
