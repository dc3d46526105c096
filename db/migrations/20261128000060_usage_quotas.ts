import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Volume-based limits (core/usage-quotas.ts): a tenant's quotas by kind of work and period, its policy for work beyond
 * them, and the counters, one row per (tenant, kind, period, period start), updated in the transaction of the work
 * they count, so they are exact and survive restarts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('quota_policy').notNullable().defaultTo('refuse');
  });
  await knex.raw(
    `alter table tenants add constraint tenants_quota_policy check (quota_policy in ('refuse', 'allow_overage'))`,
  );

  await knex.schema.createTable('usage_quotas', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('period').notNullable();
    t.bigInteger('quota').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'kind', 'period']);
  });
  await knex.raw(`alter table usage_quotas add constraint usage_quotas_period check (period in ('month', 'day'))`);
  await knex.raw(`alter table usage_quotas add constraint usage_quotas_quota check (quota >= 0)`);

  await knex.schema.createTable('usage_counters', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('period').notNullable();
    t.date('period_start').notNullable();
    t.bigInteger('used').notNullable().defaultTo(0);
    /** When `usage.quota.warning` / `usage.quota.exceeded` was written for this period (once each). */
    t.timestamp('warned_at', { useTz: true });
    t.timestamp('exceeded_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'kind', 'period', 'period_start']);
  });
  await enableTenantRowSecurity(knex, 'usage_quotas');
  await enableTenantRowSecurity(knex, 'usage_counters');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('usage_counters');
  await knex.schema.dropTable('usage_quotas');
  await knex.raw('alter table tenants drop constraint tenants_quota_policy');
  await knex.schema.alterTable('tenants', (t) => t.dropColumn('quota_policy'));
}
