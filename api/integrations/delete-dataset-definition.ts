import { datasetInUse } from '../../core/errors';
import {
  deleteDatasetDefinition as deleteDatasetDefinitionRow,
  integrationsMappingInto,
} from '../../db/repositories/dataset-definitions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { DatasetDefinitionUseCaseDeps } from './deps';
import { auditDataset, requireOwnForUpdate } from './dataset-definition-rules';

export async function deleteDatasetDefinition(
  { db }: DatasetDefinitionUseCaseDeps,
  context: RequestContext,
  name: string,
): Promise<void> {
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await requireOwnForUpdate(scope, name);
    const mappedBy = await integrationsMappingInto(scope, name);
    if (mappedBy.length > 0) throw datasetInUse(name, mappedBy);
    await deleteDatasetDefinitionRow(scope, name);
    await auditDataset(scope, context, 'dataset.deleted', name, {
      primary_key: current.primary_key,
      fields: current.fields,
    });
  });
}
