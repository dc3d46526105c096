import type { Knex } from 'knex';

/**
 * A member's id is the membership's own (`usr_…`), not the person's global id: a tenant adding an email that another
 * tenant already knows gets an id minted then, as for a new person, so the id's time and value tell it nothing and two
 * tenants cannot match their members by id. Memberships made before keep the person's id as theirs, so every id
 * already stored (actors, approvals, owners, the hash-chained audit log) still names the same member.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.text('id');
  });
  await knex.raw('update memberships set id = user_id');
  await knex.raw('alter table memberships alter column id set not null');
  // Per tenant: a person in several tenants before this change has the same (legacy) id in each.
  await knex.raw('create unique index memberships_tenant_id_id_unique on memberships (tenant_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index memberships_tenant_id_id_unique');
  await knex.schema.alterTable('memberships', (t) => {
    t.dropColumn('id');
  });
}
