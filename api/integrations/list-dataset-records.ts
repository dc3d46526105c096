import { notFound } from '../../core/app-error';
import type { PageRequest } from '../../db/pagination';
import {
  compileFilter,
  findDatasetDefinition,
  listDatasetRecords,
  presentAsOf,
  resolveAsOf,
  type DatasetFilter,
} from '../../db/repositories/datasets';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { datasetRequestProblem } from './datasets';
import type { IntegrationSyncUseCaseDeps } from './deps';

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
    const asOf = await resolveAsOf(scope, name, page.asOf, '/query/as_of');
    return {
      ...(await listDatasetRecords(scope, definition, {
        asOf,
        conditions,
        includeDeleted: page.includeDeleted,
        limit: page.limit,
        cursor: page.cursor,
      })),
      asOf,
    };
  }).catch((error: unknown) => {
    throw datasetRequestProblem(error, 'query');
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
