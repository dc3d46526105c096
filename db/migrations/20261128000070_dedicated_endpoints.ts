import type { Knex } from 'knex';

/**
 * Dedicated endpoints (api/middleware/dedicated-endpoints.ts): an enterprise tenant's own host name, on which only
 * its credentials are accepted, and whether the shared host still answers for it (the migration window, which a
 * platform operator ends).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('dedicated_host').unique();
    t.boolean('shared_host_open').notNullable().defaultTo(true);
  });
  await knex.raw(
    `alter table tenants add constraint tenants_dedicated_host_lowercase check (dedicated_host = lower(dedicated_host))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table tenants drop constraint tenants_dedicated_host_lowercase');
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('shared_host_open');
    t.dropColumn('dedicated_host');
  });
}
