import { presentSync } from '../../db/records/integration-sync';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireSync } from './sync-records';
import type { IntegrationSyncUseCaseDeps } from './deps';

export async function getIntegrationSync(
  { db }: IntegrationSyncUseCaseDeps,
  { tenantId }: RequestContext,
  integrationId: string,
  syncId: string,
) {
  return presentSync(await inTenantTransaction(db, tenantId, (scope) => requireSync(scope, integrationId, syncId)));
}
