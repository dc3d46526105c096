import { notFound } from '../../core/app-error';
import { findDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { inTenantTransaction } from '../../db/tenant-scope';
import { isBuiltInDataset } from '../../integrations/datasets';
import type { RequestContext } from '../context';
import type { DatasetDefinitionUseCaseDeps } from './deps';
import { presentBuiltInDataset, presentDatasetDefinition } from './dataset-definition-rules';

export async function getDatasetDefinition(
  { db }: DatasetDefinitionUseCaseDeps,
  { tenantId }: RequestContext,
  name: string,
) {
  if (isBuiltInDataset(name)) return presentBuiltInDataset(name);
  const record = await inTenantTransaction(db, tenantId, (scope) => findDatasetDefinition(scope, name));
  if (!record) throw notFound('dataset', name);
  return presentDatasetDefinition(record);
}
