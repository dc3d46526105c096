import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // People are global; what they may do is per tenant (memberships). An email identifies one person everywhere.
  await knex.schema.createTable('users', (t) => {
    t.text('id').primary();
    t.text('email').notNullable().unique();
    t.text('display_name').notNullable();
    /** argon2id; null until the user sets a password (invited users). */
    t.text('password_hash');
    t.timestamp('disabled_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table users add constraint users_email_lowercase check (email = lower(email))`);

  await knex.schema.createTable('memberships', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('role').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.raw(
    `alter table memberships add constraint memberships_role_check check (role in ('viewer', 'analyst', 'approver', 'admin'))`,
  );
  // In a tenant transaction only the tenant's own members are visible: a query that forgot its join still cannot
  // read another tenant's people (or anyone's password hash).
  await knex.raw(`alter table users enable row level security`);
  await knex.raw(`
    create policy tenant_members on users to dms_tenant
      using (exists (select 1 from memberships m where m.user_id = users.id and m.tenant_id = current_setting('app.tenant_id', true)))`);
  await knex.raw(`grant select on users to dms_tenant`);

  // A tenant's registered OAuth clients (service accounts and apps). Secrets are stored as hashes only.
  await knex.schema.createTable('oauth_clients', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.specificType('redirect_uris', 'text[]').notNullable().defaultTo('{}');
    t.specificType('grant_types', 'text[]').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.text('token_endpoint_auth_method').notNullable();
    t.text('secret_hash');
    /** For client credentials: the user-less principal the tokens act as (an admin-chosen role). */
    t.text('service_role');
    t.jsonb('created_by').notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });

  for (const table of ['memberships', 'oauth_clients']) await enableTenantRowSecurity(knex, table);

  // Storage of the built-in OpenID provider (oidc-provider's adapter): grants, codes, sessions, tokens.
  await knex.schema.createTable('oidc_payloads', (t) => {
    t.text('model').notNullable();
    t.text('id').notNullable();
    t.jsonb('payload').notNullable();
    t.text('grant_id');
    t.text('user_code');
    t.text('uid');
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('consumed_at', { useTz: true });
    t.primary(['model', 'id']);
    t.index(['grant_id']);
    t.index(['uid']);
    t.index(['expires_at']);
  });

  // Token signing keys: the newest active key signs; retired keys stay published until their tokens have expired.
  await knex.schema.createTable('signing_keys', (t) => {
    t.text('kid').primary();
    t.text('alg').notNullable();
    t.jsonb('private_jwk').notNullable();
    t.text('status').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('retired_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['signing_keys', 'oidc_payloads', 'oauth_clients', 'memberships', 'users'])
    await knex.schema.dropTable(table);
}
