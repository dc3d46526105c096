import type { Knex } from 'knex';
import type { Plan } from '../../core/plans';
import type { Role } from '../../core/roles';

/**
 * What an access token may do right now, read fresh for each request so a role change, a removed membership, a
 * disabled user or a revoked client takes effect at once (these run outside a tenant scope: the token names the tenant).
 */
export interface TenantLimits {
  plan: Plan;
  rate_limit_per_minute: number | null;
  rate_limit_per_day: number | null;
}

export interface UserAccess extends TenantLimits {
  user_id: string;
  role: Role;
}

/** The user's current membership in the tenant (matched by user id or, for external providers, email). */
export async function findUserAccess(
  db: Knex,
  tenantId: string,
  userIdOrEmail: string,
): Promise<UserAccess | undefined> {
  return (
    (await db('memberships as m')
      .join('users as u', 'u.id', 'm.user_id')
      .join('tenants as t', 't.id', 'm.tenant_id')
      .where('m.tenant_id', tenantId)
      .whereNull('u.disabled_at')
      .andWhere((q) => q.where('u.id', userIdOrEmail).orWhere('u.email', userIdOrEmail.toLowerCase()))
      // The member's id in this tenant is who the request acts as (actors, approvals, the audit log), not the person's
      // global id, which only sign-in and the token's subject know.
      .first('m.id as user_id', 'm.role', 't.plan', 't.rate_limit_per_minute', 't.rate_limit_per_day')) as
      UserAccess | undefined
  );
}

export interface ClientAccess extends TenantLimits {
  scopes: string[];
  environment_id: string | null;
}

/** The client's current scopes, if it is registered in the tenant and not revoked. */
export async function findActiveClientAccess(
  db: Knex,
  tenantId: string,
  clientId: string,
): Promise<ClientAccess | undefined> {
  return (await db('oauth_clients as c')
    .join('tenants as t', 't.id', 'c.tenant_id')
    .where({ 'c.id': clientId, 'c.tenant_id': tenantId })
    .whereNull('c.revoked_at')
    .first('c.scopes', 'c.environment_id', 't.plan', 't.rate_limit_per_minute', 't.rate_limit_per_day')) as
    ClientAccess | undefined;
}
