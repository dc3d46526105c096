import type { Knex } from 'knex';
import { newId } from '../../core/ids';
import type { Plan } from '../../core/plans';
import { TenantRecord } from '../records/tenant';

export interface NewTenant {
  name: string;
  plan: Plan;
  rateLimitPerMinute?: number | undefined;
  rateLimitPerDay?: number | undefined;
}

/** Tenants are managed by operators (the admin CLI), outside any tenant's scope. */
export async function createTenant(db: Knex, input: NewTenant): Promise<TenantRecord> {
  const enterprise = input.plan === 'enterprise';
  const tenant = (await TenantRecord.query(db)
    .insert({
      id: newId('tenant'),
      name: input.name,
      plan: input.plan,
      rate_limit_per_minute: enterprise ? (input.rateLimitPerMinute ?? null) : null,
      rate_limit_per_day: enterprise ? (input.rateLimitPerDay ?? null) : null,
    })
    .returning('*')) as unknown as TenantRecord;
  return tenant;
}

export async function findTenant(db: Knex, id: string): Promise<TenantRecord | undefined> {
  return TenantRecord.query(db).findById(id);
}

export async function findTenantByName(db: Knex, name: string): Promise<TenantRecord | undefined> {
  return TenantRecord.query(db).where('name', name).orderBy('id').first();
}

/** Every tenant's id, for operator commands that visit each tenant in turn. */
export async function listTenantIds(db: Knex): Promise<string[]> {
  return (await TenantRecord.query(db).select('id').orderBy('id')).map((tenant) => tenant.id);
}
