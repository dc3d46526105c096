import type { Knex } from 'knex';
import { newId } from '../../core/ids';
import { TenantModel, type Plan } from '../models/tenant';

export interface NewTenant {
  name: string;
  plan: Plan;
  rateLimitPerMinute?: number | undefined;
  rateLimitPerDay?: number | undefined;
}

/** Tenants are managed by operators (the admin CLI), outside any tenant's scope. */
export async function createTenant(db: Knex, input: NewTenant): Promise<TenantModel> {
  const enterprise = input.plan === 'enterprise';
  const tenant = (await TenantModel.query(db)
    .insert({
      id: newId('tenant'),
      name: input.name,
      plan: input.plan,
      rate_limit_per_minute: enterprise ? (input.rateLimitPerMinute ?? null) : null,
      rate_limit_per_day: enterprise ? (input.rateLimitPerDay ?? null) : null,
    })
    .returning('*')) as unknown as TenantModel;
  return tenant;
}

export async function findTenant(db: Knex, id: string): Promise<TenantModel | undefined> {
  return TenantModel.query(db).findById(id);
}

export async function findTenantByName(db: Knex, name: string): Promise<TenantModel | undefined> {
  return TenantModel.query(db).where('name', name).orderBy('id').first();
}
