import { notFound } from '../../core/app-error';
import { findCurrentFieldMapping, findIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegrationId } from './integration-connections';
import { presentFieldMapping } from './presenter';
import type { IntegrationUseCaseDeps } from './deps';

export async function getFieldMapping({ db }: IntegrationUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireIntegrationId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    if (!(await findIntegration(scope, id))) throw notFound('integration', id);
    const mapping = await findCurrentFieldMapping(scope, id);
    if (!mapping) throw notFound('field mapping of integration', id);
    return presentFieldMapping(mapping);
  });
}
