import type { Knex } from 'knex';
import type { RequestContext } from '../context';
import type { ModelCatalogue } from '../../decision/catalogue';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { PageRequest } from '../../db/pagination';
import { listModels, type ModelListFilters } from './list-models';
import { getModel } from './get-model';
import { listModelVersions } from './list-model-versions';
import type { ModelUpload } from './check-upload';
import { createModel, type ModelCreate } from './create-model';
import { createModelVersion } from './create-model-version';
import { deprecateModel } from './deprecate-model';
import { validateModelInputs, type ModelInputsCheck } from './validate-model-inputs';
import { evaluateModel, type ModelEvaluation } from './evaluate-model';
import { resolveModel, type ModelResolveOptions } from './resolve-model';

export type { ModelCreate, ModelUpload };
export { isModelId } from './resolve-model';

/** What every model use case is given. */
export interface ModelUseCaseDeps {
  db: Knex;
  catalogue: ModelCatalogue;
  sandbox: ExpressionSandbox;
}

/** The models family's use cases, one file each, bound to their dependencies. */
export function createModelService(deps: ModelUseCaseDeps) {
  return {
    list: (context: RequestContext, filters: ModelListFilters, page: PageRequest) => listModels(deps, context, filters, page),
    get: (context: RequestContext, id: string) => getModel(deps, context, id),
    listVersions: (context: RequestContext, id: string) => listModelVersions(deps, context, id),
    create: (context: RequestContext, body: ModelCreate) => createModel(deps, context, body),
    createVersion: (context: RequestContext, id: string, body: ModelUpload) => createModelVersion(deps, context, id, body),
    deprecate: (context: RequestContext, id: string) => deprecateModel(deps, context, id),
    validateInputs: (context: RequestContext, id: string, body: ModelInputsCheck) => validateModelInputs(deps, context, id, body),
    evaluate: (context: RequestContext, id: string, body: ModelEvaluation) => evaluateModel(deps, context, id, body),
    resolve: (tenantId: string, id: string, version: string | undefined, options: ModelResolveOptions) => resolveModel(deps, tenantId, id, version, options),
  };
}

export type ModelService = ReturnType<typeof createModelService>;
