import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // A tenant model's expected-output tests: inputs, the outputs expected (by flattened output name, each with an
  // optional tolerance) and optionally the decision-table rules expected to match.
  await knex.schema.createTable('model_test_cases', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('model_id').notNullable().references('models.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.jsonb('inputs').notNullable();
    t.jsonb('expected').notNullable();
    t.jsonb('tolerances').notNullable().defaultTo('{}');
    t.jsonb('expected_rules');
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'model_id', 'id']);
  });
  // A run of a model's suite against one version: the report as it was, kept (the latest per version is shown).
  await knex.schema.createTable('model_test_runs', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('model_id').notNullable().references('models.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('status').notNullable();
    t.integer('passed').notNullable();
    t.integer('failed').notNullable();
    t.jsonb('cases').notNullable();
    t.jsonb('coverage').notNullable();
    t.double('duration_ms').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'model_id', 'version', 'id']);
  });
  await knex.raw(
    `alter table model_test_runs add constraint model_test_runs_status_check check (status in ('passed', 'failed'))`,
  );
  await enableTenantRowSecurity(knex, 'model_test_cases');
  await enableTenantRowSecurity(knex, 'model_test_runs');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('model_test_runs');
  await knex.schema.dropTable('model_test_cases');
}
