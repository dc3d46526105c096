import type { Knex } from 'knex';

/**
 * Stored idempotent responses belong to the credential that made them, not only to the tenant: another key of the
 * same tenant replaying the same `Idempotency-Key` must never receive a response it was not authorized to get.
 * Rows written before this migration keep an empty credential, which no request presents, so they simply age out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.text('credential').notNullable().defaultTo('');
  });
  await knex.raw('alter table idempotency_keys drop constraint idempotency_keys_pkey');
  await knex.raw('alter table idempotency_keys add primary key (tenant_id, credential, idempotency_key)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from idempotency_keys where credential <> ''`);
  await knex.raw('alter table idempotency_keys drop constraint idempotency_keys_pkey');
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('credential');
  });
  await knex.raw('alter table idempotency_keys add primary key (tenant_id, idempotency_key)');
}
