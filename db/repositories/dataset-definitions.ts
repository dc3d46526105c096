import { BUILT_IN_DATASETS, isDatasetName, type DatasetDefinition } from '../../integrations/datasets';
import { DatasetDefinitionRecord } from '../records/dataset-definition';
import { DatasetRecord } from '../records/integration-sync';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

export async function insertDatasetDefinition(
  scope: TenantScope,
  row: Partial<DatasetDefinitionRecord>,
): Promise<DatasetDefinitionRecord> {
  return insertScoped(scope, DatasetDefinitionRecord, row);
}

/**
 * `forShare` keeps the definition from being deleted or reshaped until the transaction ends (a field mapping being
 * saved into it); `forUpdate` is for the changes themselves.
 */
export async function findDatasetDefinition(
  scope: TenantScope,
  name: string,
  options: { forUpdate?: boolean; forShare?: boolean } = {},
) {
  if (!isDatasetName(name)) return undefined;
  const query = scoped(scope, DatasetDefinitionRecord).where('dataset_definitions.name', name);
  if (options.forUpdate) query.forUpdate();
  else if (options.forShare) query.forShare();
  return (await query.first()) as DatasetDefinitionRecord | undefined;
}

export async function listDatasetDefinitions(scope: TenantScope) {
  return (await scoped(scope, DatasetDefinitionRecord).orderBy('name')) as DatasetDefinitionRecord[];
}

export async function updateDatasetDefinition(
  scope: TenantScope,
  name: string,
  patch: Partial<DatasetDefinitionRecord>,
): Promise<DatasetDefinitionRecord> {
  const [row] = (await scoped(scope, DatasetDefinitionRecord)
    .where('dataset_definitions.name', name)
    .patch({ ...patch, updated_at: new Date() } as Partial<DatasetDefinitionRecord>)
    .returning('*')) as unknown as DatasetDefinitionRecord[];
  return row as DatasetDefinitionRecord;
}

/** The definition and the records synced into it. */
export async function deleteDatasetDefinition(scope: TenantScope, name: string): Promise<void> {
  await scoped(scope, DatasetRecord).where('dataset', name).delete();
  await scoped(scope, DatasetDefinitionRecord).where('dataset_definitions.name', name).delete();
}

/** Whether any record (flagged deleted or not) is stored under the dataset's name. */
export async function datasetHasRecords(scope: TenantScope, name: string): Promise<boolean> {
  return (await scoped(scope, DatasetRecord).where('dataset', name).select(scope.trx.raw('1')).first()) !== undefined;
}

/** Live integrations whose current field-mapping version writes into the dataset. */
export async function integrationsMappingInto(scope: TenantScope, name: string): Promise<string[]> {
  const result = await scope.trx.raw<{ rows: Array<{ integration_id: string }> }>(
    `select current.integration_id from (
       select distinct on (m.integration_id) m.integration_id, m.target
         from integration_field_mappings m join integrations i on i.id = m.integration_id and i.tenant_id = m.tenant_id
        where m.tenant_id = :tenantId and i.deleted_at is null
        order by m.integration_id, m.version desc
     ) current where current.target = :name order by current.integration_id`,
    { tenantId: scope.tenantId, name },
  );
  return result.rows.map((row) => row.integration_id);
}

export function toDatasetDefinition(record: DatasetDefinitionRecord): DatasetDefinition {
  return { name: record.name, primaryKey: record.primary_key, fields: record.fields };
}

/** The built-in dataset or the tenant's own of that name. */
export async function resolveDatasetDefinition(
  scope: TenantScope,
  name: string,
  options: { forShare?: boolean } = {},
): Promise<DatasetDefinition | undefined> {
  if (Object.hasOwn(BUILT_IN_DATASETS, name)) return BUILT_IN_DATASETS[name];
  const record = await findDatasetDefinition(scope, name, options);
  return record ? toDatasetDefinition(record) : undefined;
}
