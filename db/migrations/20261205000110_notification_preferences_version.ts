import type { Knex } from 'knex';

/**
 * Each person's notification preferences carry a version, raised whenever they change their preferences themselves.
 * Unsubscribe links name the version they were made under, so a link in older mail cannot undo a later choice
 * (notifications/links.ts). Links made before this column existed name no version and count as expired.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.integer('notification_preferences_version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.dropColumn('notification_preferences_version');
  });
}
