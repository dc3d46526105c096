import type { Knex } from 'knex';
import { findDisplayNames } from '../../db/repositories/display-names';
import { findTenant } from '../../db/repositories/tenants';
import { listMembers } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';

/** Who is who in a tenant, for pages that name people and things: its members, display names by id, its name. */
export function createTenantDirectory(deps: { db: Knex }) {
  const { db } = deps;
  return {
    /** The tenant's members with their users (for names, emails and roles). */
    members: (tenantId: string) => inTenantTransaction(db, tenantId, (scope) => listMembers(scope)),
    /** Display names by id of the tenant's API keys, OAuth clients, policies and people. */
    displayNames: (tenantId: string) => inTenantTransaction(db, tenantId, (scope) => findDisplayNames(scope)),
    /** The tenant's name, or undefined if it does not exist. */
    tenantName: async (tenantId: string) => (await findTenant(db, tenantId))?.name,
  };
}

export type TenantDirectory = ReturnType<typeof createTenantDirectory>;
