import type { Knex } from 'knex';

/**
 * Dedicated workers (orchestration/task-queues.ts): whether a tenant's work runs on the shared task queues or on its
 * own, served by a worker pool started for it (`npm run worker -- --tenant ten_…`). Moved by a platform operator.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('workers').notNullable().defaultTo('shared');
    t.timestamp('workers_changed_at', { useTz: true });
  });
  await knex.raw(`alter table tenants add constraint tenants_workers_known check (workers in ('shared', 'dedicated'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table tenants drop constraint tenants_workers_known');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('workers_changed_at');
    t.dropColumn('workers');
  });
}
