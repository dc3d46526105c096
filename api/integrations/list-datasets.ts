import { listDatasetDefinitions, toDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { listDatasets } from '../../db/repositories/integration-syncs';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BUILT_IN_DATASETS } from '../../integrations/datasets';
import type { RequestContext } from '../context';
import type { IntegrationSyncUseCaseDeps } from './deps';

/** The built-in datasets and the tenant's own, with their record counts. */
export async function listTenantDatasets({ db }: IntegrationSyncUseCaseDeps, { tenantId }: RequestContext) {
  const { stats, defined } = await inTenantTransaction(db, tenantId, async (scope) => ({
    stats: await listDatasets(scope),
    defined: await listDatasetDefinitions(scope),
  }));
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
