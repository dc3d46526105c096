import { notFound } from '../../core/app-error';
import { findIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegrationId } from './integration-connections';
import { presentIntegration } from './presenter';
import type { IntegrationUseCaseDeps } from './deps';

export async function getIntegration({ db }: IntegrationUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireIntegrationId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
  if (!record) throw notFound('integration', id);
  return presentIntegration(record);
}
