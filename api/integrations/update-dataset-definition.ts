import { validationFailed, type FieldError } from '../../core/app-error';
import { datasetHasRecords } from '../../core/errors';
import type { DatasetDefinitionRecord } from '../../db/records/dataset-definition';
import {
  datasetHasRecords as hasRecords,
  updateDatasetDefinition as updateDatasetDefinitionRow,
} from '../../db/repositories/dataset-definitions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { DatasetField } from '../../integrations/datasets';
import type { UpdateDatasetRequest } from '../openapi/request-types.generated';
import type { RequestContext } from '../context';
import type { DatasetDefinitionUseCaseDeps } from './deps';
import {
  auditDataset,
  presentDatasetDefinition,
  primaryKeyProblems,
  requireOwnForUpdate,
} from './dataset-definition-rules';

/**
 * Fields merge in (new ones are added). Changing an existing field's type or the primary key reshapes records
 * already stored, so it is allowed only while the dataset has none.
 */
export async function updateDatasetDefinition(
  { db }: DatasetDefinitionUseCaseDeps,
  context: RequestContext,
  name: string,
  body: UpdateDatasetRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await requireOwnForUpdate(scope, name);
    const fields: Record<string, DatasetField> = { ...current.fields };
    const reshaping: FieldError[] = [];
    for (const [field, definition] of Object.entries(body.fields ?? {})) {
      const existing = Object.hasOwn(current.fields, field) ? current.fields[field] : undefined;
      if (existing && existing.type !== definition.type) {
        reshaping.push({
          path: `/fields/${field}/type`,
          message: `would change the field's type from ${existing.type} to ${definition.type}`,
        });
      }
      fields[field] = definition;
    }
    const primaryKey = body.primary_key ?? current.primary_key;
    if (primaryKey !== current.primary_key)
      reshaping.push({
        path: '/primary_key',
        message: `would change the primary key from ${current.primary_key} to ${primaryKey}`,
      });
    const problems = primaryKeyProblems(primaryKey, fields);
    if (problems.length > 0) throw validationFailed(problems, 'The dataset definition is not valid.');
    if (Object.keys(fields).length > 200)
      throw validationFailed([{ path: '/fields', message: 'a dataset has at most 200 fields' }]);
    if (reshaping.length > 0 && (await hasRecords(scope, name))) throw datasetHasRecords(name, reshaping);
    const patch: Partial<DatasetDefinitionRecord> = { fields, primary_key: primaryKey };
    if (body.description !== undefined) patch.description = body.description;
    const updated = await updateDatasetDefinitionRow(scope, name, patch);
    await auditDataset(scope, context, 'dataset.updated', name, {
      changed: Object.keys(body).sort(),
      primary_key: updated.primary_key,
      fields: updated.fields,
    });
    return presentDatasetDefinition(updated);
  });
}
