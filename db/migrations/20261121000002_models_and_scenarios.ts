import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

const timestamps = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
};

export async function up(knex: Knex): Promise<void> {
  // Tenant-authored models (JDM decision graphs). Built-in models live in code (decision/builtin), not here.
  await knex.schema.createTable('models', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('category').notNullable();
    t.text('status').notNullable().defaultTo('active');
    t.integer('latest_version').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('deprecated_at', { useTz: true });
    timestamps(knex, t);
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(`alter table models add constraint models_status_check check (status in ('active', 'deprecated'))`);

  await knex.schema.createTable('model_versions', (t) => {
    t.text('model_id').notNullable().references('models.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('input_schema').notNullable();
    t.jsonb('output_schema').notNullable();
    t.jsonb('graph').notNullable();
    t.jsonb('metric_directions').notNullable().defaultTo('{}');
    t.text('graph_sha256').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['model_id', 'version']);
  });

  await knex.schema.createTable('scenario_batches', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('status').notNullable();
    t.integer('total').notNullable();
    t.integer('invalid').notNullable().defaultTo(0);
    t.integer('completed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.integer('cancelled').notNullable().defaultTo(0);
    t.boolean('compare').notNullable().defaultTo(false);
    t.jsonb('comparison');
    t.text('workflow_id').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('completed_at', { useTz: true });
    timestamps(knex, t);
    t.index(['tenant_id', 'id']);
  });

  await knex.schema.createTable('scenarios', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name');
    t.text('description');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('model_id').notNullable();
    t.text('model_version').notNullable();
    t.text('status').notNullable();
    t.integer('run_number').notNullable().defaultTo(1);
    t.jsonb('inputs').notNullable();
    t.jsonb('uncertainty');
    t.jsonb('simulation');
    t.jsonb('metrics');
    t.jsonb('decision_structure');
    t.jsonb('notes');
    t.jsonb('audit_trail').notNullable();
    t.jsonb('error');
    t.text('inputs_sha256').notNullable();
    t.text('workflow_id');
    t.text('run_id');
    t.text('batch_id').references('scenario_batches.id').onDelete('SET NULL');
    t.jsonb('created_by').notNullable();
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    timestamps(knex, t);
    t.index(['tenant_id', 'id']);
    t.index(['tenant_id', 'model_id', 'id']);
    t.index(['batch_id']);
  });
  await knex.raw(
    `alter table scenarios add constraint scenarios_status_check check (status in ('pending', 'running', 'completed', 'failed', 'cancelled'))`,
  );
  await knex.raw('create index scenarios_tags_idx on scenarios using gin (tags)');

  // Every earlier run of a scenario, kept when a change of inputs re-runs it.
  await knex.schema.createTable('scenario_runs', (t) => {
    t.text('scenario_id').notNullable().references('scenarios.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('run_number').notNullable();
    t.text('status').notNullable();
    t.text('model_version').notNullable();
    t.jsonb('inputs').notNullable();
    t.jsonb('uncertainty');
    t.jsonb('simulation');
    t.jsonb('metrics');
    t.jsonb('decision_structure');
    t.jsonb('notes');
    t.jsonb('audit_trail').notNullable();
    t.jsonb('error');
    t.text('workflow_id');
    t.text('run_id');
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['scenario_id', 'run_number']);
  });

  await knex.schema.createTable('scenario_batch_items', (t) => {
    t.text('batch_id').notNullable().references('scenario_batches.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('item_index').notNullable();
    t.text('model_id').notNullable();
    t.text('model_version');
    t.jsonb('inputs').notNullable();
    t.text('name');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('status').notNullable();
    t.jsonb('errors');
    t.text('scenario_id');
    t.primary(['batch_id', 'item_index']);
  });
  await knex.raw(
    `alter table scenario_batch_items add constraint scenario_batch_items_status_check
       check (status in ('pending', 'invalid', 'completed', 'failed', 'cancelled'))`,
  );

  for (const table of [
    'models',
    'model_versions',
    'scenario_batches',
    'scenarios',
    'scenario_runs',
    'scenario_batch_items',
  ]) {
    await enableTenantRowSecurity(knex, table);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'scenario_batch_items',
    'scenario_runs',
    'scenarios',
    'scenario_batches',
    'model_versions',
    'models',
  ]) {
    await knex.schema.dropTable(table);
  }
}
