import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { resolveModel } from './resolve-model';
import type { ValidateInputsRequest } from '../openapi/request-types.generated';

export type ModelInputsCheck = ValidateInputsRequest;

/** `POST /models/{id}/validate`: the very check a scenario create runs, without running anything. */
export async function validateModelInputs(
  deps: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  body: ModelInputsCheck,
) {
  const model = await resolveModel(deps, tenantId, id, body.model_version, {
    forRun: false,
    inUrl: true,
    versionField: '/model_version',
  });
  const validation = model.validateInputs(body.inputs, 'json');
  return validation.valid
    ? {
        valid: true,
        errors: [],
        inputs: validation.inputs,
        defaults_applied: validation.defaultsApplied,
        model_version: model.version,
      }
    : { valid: false, errors: validation.errors, model_version: model.version };
}
