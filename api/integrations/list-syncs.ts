import type { PageRequest } from '../../db/pagination';
import { presentRejection, presentSync } from '../../db/records/integration-sync';
import { listRejections, listSyncs } from '../../db/repositories/integration-syncs';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegration, requireSync } from './sync-records';
import type { IntegrationSyncUseCaseDeps } from './syncs';

export async function listIntegrationSyncs({ db }: IntegrationSyncUseCaseDeps, { tenantId }: RequestContext, integrationId: string, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireIntegration(scope, integrationId);
    return listSyncs(scope, integrationId, page);
  });
  return { data: rows.map(presentSync), next_cursor: nextCursor };
}

export async function getIntegrationSync({ db }: IntegrationSyncUseCaseDeps, { tenantId }: RequestContext, integrationId: string, syncId: string) {
  return presentSync(await inTenantTransaction(db, tenantId, (scope) => requireSync(scope, integrationId, syncId)));
}

export async function listSyncRejections({ db }: IntegrationSyncUseCaseDeps, { tenantId }: RequestContext, integrationId: string, syncId: string, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireSync(scope, integrationId, syncId);
    return listRejections(scope, syncId, page);
  });
  return { data: rows.map(presentRejection), next_cursor: nextCursor };
}
