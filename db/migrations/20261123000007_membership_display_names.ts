import type { Knex } from 'knex';

/**
 * The name a tenant knows a person by belongs to the membership: a tenant adding someone who already belongs to
 * another tenant must see the name it gave, not the one the other tenant gave (which would reveal that the person
 * exists elsewhere, and what they are called there).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.text('display_name');
  });
  await knex.raw(`update memberships m set display_name = u.display_name from users u where u.id = m.user_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.dropColumn('display_name');
  });
}
