import type { PageRequest } from '../../db/pagination';
import { listIntegrations } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentIntegration } from './presenter';
import type { IntegrationUseCaseDeps } from './deps';

export async function listTenantIntegrations(
  { db }: IntegrationUseCaseDeps,
  { tenantId }: RequestContext,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listIntegrations(scope, page));
  return { data: rows.map(presentIntegration), next_cursor: nextCursor };
}
