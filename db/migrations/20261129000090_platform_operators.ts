import type { Knex } from 'knex';

/**
 * Platform operators: people who may move enterprise tenants between shared and dedicated endpoints and workers from
 * the console (api/console/admin-operator-routes.ts). Granted and revoked by `npm run admin -- operator`, never by a
 * tenant's admins; a flag of the person, not of a membership, since it spans tenants.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('platform_operator').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('platform_operator');
  });
}
