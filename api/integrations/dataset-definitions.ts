import type { Knex } from 'knex';
import type { RequestContext } from '../context';
import type { CreateDatasetRequest, UpdateDatasetRequest } from '../openapi/request-types.generated';
import { createDatasetDefinition } from './create-dataset-definition';
import { deleteDatasetDefinition } from './delete-dataset-definition';
import type { DatasetDefinitionUseCaseDeps } from './deps';
import { getDatasetDefinition } from './get-dataset-definition';
import { updateDatasetDefinition } from './update-dataset-definition';

export { presentBuiltInDataset, presentDatasetDefinition } from './dataset-definition-rules';

/** The tenant's own dataset definitions: one file per use case, bound to their dependencies. */
export function createDatasetDefinitionService(deps: { db: Knex }) {
  const useCases: DatasetDefinitionUseCaseDeps = { db: deps.db };
  return {
    create: (context: RequestContext, body: CreateDatasetRequest) => createDatasetDefinition(useCases, context, body),
    get: (context: RequestContext, name: string) => getDatasetDefinition(useCases, context, name),
    update: (context: RequestContext, name: string, body: UpdateDatasetRequest) =>
      updateDatasetDefinition(useCases, context, name, body),
    remove: (context: RequestContext, name: string) => deleteDatasetDefinition(useCases, context, name),
  };
}

export type DatasetDefinitionService = ReturnType<typeof createDatasetDefinitionService>;
