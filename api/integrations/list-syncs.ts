import type { PageRequest } from '../../db/pagination';
import { presentSync } from '../../db/records/integration-sync';
import { listSyncs } from '../../db/repositories/integration-syncs';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegration } from './sync-records';
import type { IntegrationSyncUseCaseDeps } from './deps';

export async function listIntegrationSyncs(
  { db }: IntegrationSyncUseCaseDeps,
  { tenantId }: RequestContext,
  integrationId: string,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireIntegration(scope, integrationId);
    return listSyncs(scope, integrationId, page);
  });
  return { data: rows.map(presentSync), next_cursor: nextCursor };
}
