import type { Knex } from 'knex';

/**
 * Sessions of the governance console (/console). The browser holds only a random session id in an HttpOnly cookie;
 * the row (keyed by that id's SHA-256, so a copy of the table opens no session) holds the OAuth tokens, encrypted,
 * and the CSRF synchronizer token. A row starts `pending` (the sign-in's state and PKCE verifier) and is
 * replaced by an `active` one with a new id once the code is exchanged (no session fixation). No row-level security:
 * like oidc_payloads it is read before any tenant is known (the tenant is what the session names).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('console_sessions', (t) => {
    t.text('id_hash').primary();
    t.text('status').notNullable();
    t.text('csrf_token').notNullable();
    /** Pending sign-in: the authorization request's state, PKCE code verifier and where to go afterwards. */
    t.text('oauth_state');
    t.text('code_verifier');
    t.text('return_to');
    /** Active session: whose, in which tenant, and their tokens (AES-256-GCM). */
    t.text('tenant_id');
    t.text('user_id');
    t.text('access_token_encrypted');
    t.text('refresh_token_encrypted');
    t.timestamp('access_token_expires_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
    t.index(['user_id']);
  });
  await knex.raw(
    `alter table console_sessions add constraint console_sessions_status check (status in ('pending', 'active'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('console_sessions');
}
