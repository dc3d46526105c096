import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * The release gate's verification policy (api/models/verification-policy.ts): a model's own settings
 * (`models.verification`, only the findings it sets) over the tenant's default (`model_settings.verification`, one row
 * per tenant, beside the other model defaults), over the service's default. Null or `{}`: nothing overridden.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('models', (t) => {
    t.jsonb('verification');
  });
  await knex.schema.createTable('model_settings', (t) => {
    t.text('tenant_id').primary().references('tenants.id').onDelete('CASCADE');
    t.jsonb('verification').notNullable().defaultTo('{}');
    t.jsonb('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await enableTenantRowSecurity(knex, 'model_settings');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('model_settings');
  await knex.schema.alterTable('models', (t) => {
    t.dropColumn('verification');
  });
}
