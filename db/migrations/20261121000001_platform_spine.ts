import type { Knex } from 'knex';
import { TENANT_ROLE } from '../tenant-scope';

/** Tables every tenant owns rows in get the same row-level security policy, keyed on app.tenant_id. */
export const TENANT_OWNED_TABLES = ['api_keys', 'idempotency_keys'];

export async function enableTenantRowSecurity(knex: Knex, table: string): Promise<void> {
  await knex.raw(`alter table ?? enable row level security`, [table]);
  await knex.raw(
    `create policy tenant_isolation on ?? to ${TENANT_ROLE}
       using (tenant_id = current_setting('app.tenant_id', true))
       with check (tenant_id = current_setting('app.tenant_id', true))`,
    [table],
  );
  await knex.raw(`grant select, insert, update, delete on ?? to ${TENANT_ROLE}`, [table]);
}

export async function up(knex: Knex): Promise<void> {
  // Roles are cluster-wide, so several databases (test runs) may share one; create it only once.
  await knex.raw(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${TENANT_ROLE}') then
        create role ${TENANT_ROLE} nologin;
      end if;
    end $$;`);
  // A superuser needs no grant to switch roles; anyone else does. Inside plpgsql the failure of a grant we are not
  // allowed to make is caught in a subtransaction, so it cannot abort the migration's own transaction.
  await knex.raw(`
    do $$ begin
      execute format('grant ${TENANT_ROLE} to %I', current_user);
    exception when others then
      raise notice 'could not grant ${TENANT_ROLE} to %: %', current_user, sqlerrm;
    end $$;`);
  await knex.raw(`grant usage on schema public to ${TENANT_ROLE}`);

  await knex.schema.createTable('tenants', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('plan').notNullable();
    t.integer('rate_limit_per_minute');
    t.integer('rate_limit_per_day');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table tenants add constraint tenants_plan_check check (plan in ('starter', 'professional', 'enterprise'))`,
  );
  await knex.raw(`
    alter table tenants add constraint tenants_enterprise_limits_check check (
      (plan = 'enterprise' and rate_limit_per_minute > 0 and rate_limit_per_day > 0)
      or (plan <> 'enterprise' and rate_limit_per_minute is null and rate_limit_per_day is null))`);
  await knex.raw(`grant select on tenants to ${TENANT_ROLE}`);

  await knex.schema.createTable('api_keys', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.text('secret_hash').notNullable();
    t.text('previous_secret_hash');
    t.timestamp('previous_secret_expires_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('rotated_at', { useTz: true });
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('idempotency_key').notNullable();
    t.text('request_hash').notNullable();
    t.text('method').notNullable();
    t.text('path').notNullable();
    t.text('state').notNullable();
    t.integer('response_status');
    t.jsonb('response_body');
    t.jsonb('response_headers');
    t.timestamp('locked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'idempotency_key']);
    t.index(['expires_at']);
  });

  // rate-limiter-flexible's own table layout; counters are keyed by tenant and shared by every API process.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
  });

  for (const table of TENANT_OWNED_TABLES) await enableTenantRowSecurity(knex, table);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
  await knex.schema.dropTable('idempotency_keys');
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('tenants');
}
