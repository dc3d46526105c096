import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // A configured connection to one source system. `config` is the non-secret configuration (validated against the
  // connector type's spec); credentials are stored only encrypted, with the id of the key that encrypted them so
  // the key can rotate (rows name which key opens them).
  await knex.schema.createTable('integrations', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('connector_type').notNullable();
    t.jsonb('config').notNullable();
    t.text('credentials_ciphertext');
    t.text('credentials_key_id');
    t.jsonb('created_by').notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table integrations add constraint integrations_credentials_key_check
       check ((credentials_ciphertext is null) = (credentials_key_id is null))`,
  );
  await enableTenantRowSecurity(knex, 'integrations');

  // Field mappings are versioned: each PUT adds the next version, and a sync records the version it used.
  await knex.schema.createTable('integration_field_mappings', (t) => {
    t.text('integration_id').notNullable().references('integrations.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('stream').notNullable();
    t.text('target').notNullable();
    t.jsonb('fields').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['integration_id', 'version']);
  });
  await enableTenantRowSecurity(knex, 'integration_field_mappings');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('integration_field_mappings');
  await knex.schema.dropTable('integrations');
}
