import type { PageRequest } from '../../db/pagination';
import { presentRejection } from '../../db/records/integration-sync';
import { listRejections } from '../../db/repositories/integration-syncs';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireSync } from './sync-records';
import type { IntegrationSyncUseCaseDeps } from './deps';

export async function listSyncRejections(
  { db }: IntegrationSyncUseCaseDeps,
  { tenantId }: RequestContext,
  integrationId: string,
  syncId: string,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireSync(scope, integrationId, syncId);
    return listRejections(scope, syncId, page);
  });
  return { data: rows.map(presentRejection), next_cursor: nextCursor };
}
