import { findTenantEndpoint } from '../../db/repositories/tenants';
import type { AccountUseCaseDeps } from './deps';

/**
 * The tenant's dedicated endpoint, if it has one (shown by `GET /api/v1/me`); set by platform operators
 * (`npm run admin -- tenant endpoint`), not through the API.
 */
export async function getDedicatedEndpoint(
  { db, tenants }: AccountUseCaseDeps,
  tenantId: string,
): Promise<{ base_url: string; shared_host_open: boolean } | null> {
  // Kept in memory on the cache feed (a tenant's change drops it everywhere): `/me` reads no row.
  const tenant = tenants
    ? await tenants.get(tenantId, 'endpoint', () => findTenantEndpoint(db, tenantId))
    : await findTenantEndpoint(db, tenantId);
  return tenant?.dedicated_host
    ? { base_url: `https://${tenant.dedicated_host}`, shared_host_open: tenant.shared_host_open }
    : null;
}
