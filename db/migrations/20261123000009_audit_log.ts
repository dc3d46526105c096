import type { Knex } from 'knex';
import { TENANT_ROLE } from '../tenant-scope';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * The tenant's hash-chained audit log (core/audit-chain.ts defines the hash). Records are written in the transaction
 * of the change they describe, so one exists if and only if the change committed.
 */
export async function up(knex: Knex): Promise<void> {
  // One row per tenant: appending locks it until commit, so appends in one tenant serialise (the chain never forks
  // and a rolled-back append leaves no gap), while different tenants never wait on each other.
  await knex.schema.createTable('audit_heads', (t) => {
    t.text('tenant_id').primary().references('tenants.id').onDelete('CASCADE');
    t.bigInteger('last_sequence').notNullable();
    t.text('last_hash').notNullable();
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.bigInteger('sequence').notNullable();
    t.text('id').notNullable().unique();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.jsonb('actor').notNullable();
    t.text('action').notNullable();
    t.text('resource_type').notNullable();
    t.text('resource_id').notNullable();
    t.jsonb('payload').notNullable();
    t.text('previous_hash').notNullable();
    t.text('hash').notNullable();
    t.primary(['tenant_id', 'sequence']);
    // The list filters; each ends in sequence so a filtered page is still one index range, newest first.
    t.index(['tenant_id', 'resource_type', 'resource_id', 'sequence']);
    t.index(['tenant_id', 'action', 'sequence']);
    t.index(['tenant_id', 'occurred_at']);
  });
  await knex.raw(`create index audit_log_actor_idx on audit_log (tenant_id, (actor->>'id'), sequence)`);
  await knex.raw(`alter table audit_log add constraint audit_log_sequence_check check (sequence > 0)`);
  await knex.raw(
    `alter table audit_log add constraint audit_log_hashes_check check (previous_hash ~ '^[0-9a-f]{64}$' and hash ~ '^[0-9a-f]{64}$')`,
  );

  for (const table of ['audit_heads', 'audit_log']) await enableTenantRowSecurity(knex, table);
  // Append-only for the application: the tenant role may add and read records, never change or remove one. The head
  // row moves forward with each append, but is never deleted by the application either.
  await knex.raw(`revoke update, delete on audit_log from ${TENANT_ROLE}`);
  await knex.raw(`revoke delete on audit_heads from ${TENANT_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.schema.dropTable('audit_heads');
}
