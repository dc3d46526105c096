import type { Knex } from 'knex';

/**
 * Access tokens of the built-in provider are self-contained JWTs that oidc-provider neither stores nor can revoke, so a
 * revoked one is remembered here by its `jti` until it would have expired anyway; the API refuses a token listed here.
 * No foreign keys: a row outlives nothing (it goes with the token's expiry), and deleting a tenant or client already
 * refuses its tokens. No row-level security: like oidc_payloads, it is read before any tenant scope exists.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('revoked_access_tokens', (t) => {
    t.text('jti').primary();
    t.text('tenant_id').notNullable();
    t.text('client_id').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('revoked_access_tokens');
}
