import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // A tenant-defined dataset: the target of field mappings besides the built-in `employees`. Its records live in
  // dataset_records under its name, like the built-in's.
  await knex.schema.createTable('dataset_definitions', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.text('primary_key').notNullable();
    t.jsonb('fields').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'name']);
  });
  await knex.raw(
    `alter table dataset_definitions add constraint dataset_definitions_name_check check (name ~ '^[a-z][a-z0-9_]{0,62}$' and name <> 'employees')`,
  );
  await knex.raw(
    `alter table dataset_definitions add constraint dataset_definitions_primary_key_check check (jsonb_exists(fields, primary_key))`,
  );
  await enableTenantRowSecurity(knex, 'dataset_definitions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dataset_definitions');
}
