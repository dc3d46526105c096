import { validationFailed } from '../../core/app-error';
import { datasetExists } from '../../core/errors';
import { findDatasetDefinition, insertDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { CreateDatasetRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { DatasetDefinitionUseCaseDeps } from './deps';
import {
  auditDataset,
  isUniqueViolation,
  presentDatasetDefinition,
  primaryKeyProblems,
} from './dataset-definition-rules';

export async function createDatasetDefinition(
  { db }: DatasetDefinitionUseCaseDeps,
  context: RequestContext,
  body: CreateDatasetRequest,
) {
  const problems = primaryKeyProblems(body.primary_key, body.fields);
  if (problems.length > 0) throw validationFailed(problems, 'The dataset definition is not valid.');
  try {
    return await inTenantTransaction(db, context.tenantId, async (scope) => {
      if (await findDatasetDefinition(scope, body.name)) throw datasetExists(body.name);
      const record = await insertDatasetDefinition(scope, {
        name: body.name,
        description: body.description ?? null,
        primary_key: body.primary_key,
        fields: body.fields,
        created_by: context.actor,
      });
      await auditDataset(scope, context, 'dataset.created', record.name, {
        primary_key: record.primary_key,
        fields: record.fields,
      });
      return presentDatasetDefinition(record);
    });
  } catch (error) {
    // Two concurrent creates of one name: the loser sees the primary key.
    if (isUniqueViolation(error)) throw datasetExists(body.name);
    throw error;
  }
}
