import type { Knex } from 'knex';
import { TENANT_ROLE } from '../tenant-scope';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Approval policies, versioned. A policy row names the policy and which version is current; each version is an
 * immutable row (the API role may insert and read them, never update or delete), so a decision submitted under
 * version 2 keeps exactly the steps it was submitted under however often the policy changes afterwards.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('approval_policies', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('current_version').notNullable();
    t.timestamp('archived_at', { useTz: true });
    t.jsonb('created_by').notNullable();
    t.jsonb('updated_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table approval_policies add constraint approval_policies_version_check check (current_version >= 1)`,
  );

  await knex.schema.createTable('approval_policy_versions', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('policy_id').notNullable().references('approval_policies.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    /** 1–10 ordered steps (records/approval-policy.ts: ApprovalStep), validated at upload. */
    t.jsonb('steps').notNullable();
    /** Separation-of-duties flags beyond the ones always enforced. */
    t.jsonb('flags').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['policy_id', 'version']);
    t.index(['tenant_id', 'policy_id', 'id']);
  });
  await knex.raw(
    `alter table approval_policy_versions add constraint approval_policy_versions_steps_check check (jsonb_array_length(steps) between 1 and 10)`,
  );

  await enableTenantRowSecurity(knex, 'approval_policies');
  await enableTenantRowSecurity(knex, 'approval_policy_versions');
  await knex.raw(`revoke update, delete on approval_policy_versions from ${TENANT_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('approval_policy_versions');
  await knex.schema.dropTable('approval_policies');
}
