import type { Knex } from 'knex';
import { dedicatedEndpointRequired } from '../../core/errors';
import type { Principal } from '../../core/principal';
import { listDedicatedEndpoints, type DedicatedEndpoint } from '../../db/repositories/tenants';
import { invalidToken, unauthorized } from '../administration/credential-errors';

/**
 * Dedicated endpoints (Enterprise): a tenant's own host name accepts only that tenant's credentials; any other
 * tenant's key or token there is answered exactly as an unknown one (401 `invalid_api_key` / `invalid_token`, the same
 * words), so the host says nothing about which credentials exist. On the shared host the tenant's credentials keep
 * working until a platform operator ends the migration window; then they are answered 421 naming the endpoint.
 * The endpoints are read at most every `cacheSeconds` (`DEDICATED_ENDPOINT_CACHE_SECONDS`).
 *
 * An API process reserved for a tenant (`API_RESERVED_TENANT`, behind the tenant's dedicated host) answers every other
 * tenant's credentials the same way: its capacity is that tenant's alone.
 */
export function dedicatedEndpoints(db: Knex, options: { cacheSeconds: number; reservedTenant?: string | undefined }) {
  let cached:
    { byHost: Map<string, DedicatedEndpoint>; byTenant: Map<string, DedicatedEndpoint>; until: number } | undefined;
  let loading: Promise<NonNullable<typeof cached>> | undefined;
  const current = async () => {
    if (cached && Date.now() < cached.until) return cached;
    loading ??= listDedicatedEndpoints(db)
      .then((endpoints) => {
        cached = {
          byHost: new Map(endpoints.map((endpoint) => [endpoint.host, endpoint])),
          byTenant: new Map(endpoints.map((endpoint) => [endpoint.tenantId, endpoint])),
          until: Date.now() + options.cacheSeconds * 1000,
        };
        return cached;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return {
    /** Throws when the principal may not use this host. `hostname` is the request's, normalised (./request-host.ts). */
    async check(hostname: string, principal: Principal): Promise<void> {
      if (options.reservedTenant !== undefined && principal.tenantId !== options.reservedTenant)
        throw unknownCredential(principal);
      const { byHost, byTenant } = await current();
      const dedicated = byHost.get(hostname);
      if (dedicated) {
        if (dedicated.tenantId === principal.tenantId) return;
        throw unknownCredential(principal);
      }
      const own = byTenant.get(principal.tenantId);
      if (own && !own.sharedHostOpen) throw dedicatedEndpointRequired(own.host);
    },
  };
}

/** Exactly the answer to a key or token that does not exist. */
function unknownCredential(principal: Principal) {
  if (principal.actor.type === 'api_key')
    return unauthorized('invalid_api_key', 'The API key is malformed or unknown.');
  return invalidToken(
    'invalid_token',
    'The access token is malformed, not signed by a trusted key, or not meant for this API.',
  );
}

export type DedicatedEndpoints = ReturnType<typeof dedicatedEndpoints>;
