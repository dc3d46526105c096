import { notFound } from '../../core/app-error';
import type { PageRequest } from '../../db/pagination';
import { findIntegration, listIntegrations } from '../../db/repositories/integrations';
import { inTenantTransaction } from '../../db/tenant-scope';
import { CONNECTORS } from '../../integrations/connectors';
import type { RequestContext } from '../context';
import { requireIntegrationId } from './integration-connections';
import { presentIntegration } from './presenter';
import type { IntegrationUseCaseDeps } from './service';

/** The connector types and the JSON Schemas of their configuration and credentials. */
export function listConnectorTypes() {
  return {
    data: Object.values(CONNECTORS).map((c) => ({
      object: 'connector_type' as const,
      type: c.type,
      title: c.title,
      description: c.description,
      spec: c.spec,
      credentials_spec: c.credentialsSpec,
    })),
    next_cursor: null,
  };
}

export async function listTenantIntegrations({ db }: IntegrationUseCaseDeps, { tenantId }: RequestContext, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listIntegrations(scope, page));
  return { data: rows.map(presentIntegration), next_cursor: nextCursor };
}

export async function getIntegration({ db }: IntegrationUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireIntegrationId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
  if (!record) throw notFound('integration', id);
  return presentIntegration(record);
}
