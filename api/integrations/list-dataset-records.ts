import { notFound } from '../../core/app-error';
import type { PageRequest } from '../../db/pagination';
import { listDatasetDefinitions, toDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { compileFilter, findDatasetDefinition, listDatasetRecords, presentAsOf, resolveAsOf, type DatasetFilter } from '../../db/repositories/datasets';
import { listDatasets } from '../../db/repositories/integration-syncs';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BUILT_IN_DATASETS } from '../../integrations/datasets';
import type { RequestContext } from '../context';
import type { IntegrationSyncUseCaseDeps } from './syncs';

/** The built-in datasets and the tenant's own, with their record counts. */
export async function listTenantDatasets({ db }: IntegrationSyncUseCaseDeps, { tenantId }: RequestContext) {
  const { stats, defined } = await inTenantTransaction(db, tenantId, async (scope) => ({ stats: await listDatasets(scope), defined: await listDatasetDefinitions(scope) }));
  // The built-in datasets first, then the tenant's own (with 0 records until a sync writes into them).
  const definitions = [...Object.values(BUILT_IN_DATASETS), ...defined.map(toDatasetDefinition)];
  return {
    data: definitions.map((dataset) => {
      const found = stats.find((s) => s.dataset === dataset.name);
      return {
        object: 'dataset' as const,
        name: dataset.name,
        primary_key: dataset.primaryKey,
        fields: Object.fromEntries(Object.entries(dataset.fields).map(([name, field]) => [name, field.type])),
        records: found?.records ?? 0,
        deleted_records: found?.deleted_records ?? 0,
        updated_at: found ? new Date(found.updated_at).toISOString() : null,
      };
    }),
    next_cursor: null,
  };
}

/** A page of the dataset's records, as of now or a past sync or time, filtered on its fields. */
export async function listDatasetRecordsPage(
  { db }: IntegrationSyncUseCaseDeps,
  { tenantId }: RequestContext,
  name: string,
  page: PageRequest & { includeDeleted: boolean; asOf?: string; filter?: DatasetFilter },
) {
  const { rows, nextCursor, asOf } = await inTenantTransaction(db, tenantId, async (scope) => {
    const definition = await findDatasetDefinition(scope, name);
    if (!definition) throw notFound('dataset', name);
    const conditions = compileFilter(definition, page.filter, { path: '/query/filter', site: 'query' });
    const asOf = await resolveAsOf(scope, name, page.asOf, 'query', '/query/as_of');
    return { ...(await listDatasetRecords(scope, definition, { asOf, conditions, includeDeleted: page.includeDeleted, limit: page.limit, cursor: page.cursor })), asOf };
  });
  return {
    as_of: presentAsOf(asOf),
    data: rows.map((row) => ({
      object: 'dataset_record' as const,
      dataset: name,
      primary_key: row.primary_key,
      data: row.data,
      integration_id: row.integration_id,
      first_seen_sync_id: row.first_seen_sync_id,
      last_seen_sync_id: row.last_seen_sync_id,
      deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    })),
    next_cursor: nextCursor,
  };
}
