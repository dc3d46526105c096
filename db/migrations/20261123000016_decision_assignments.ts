import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Who may act on each pending decision's current step, one row per role or person (`role:approver`, `user:usr_…`),
 * in the order the inbox reads them. A table rather than a GIN index on `decisions.awaiting`: under row-level
 * security Postgres only uses an index for leakproof operators, and text equality is one while array overlap is not,
 * so this btree serves the inbox of a person with a handful of tasks among 100,000 decisions as fast as one with
 * tens of thousands. The approval workflow's activity rewrites a decision's rows with every transition.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists decisions_awaiting');
  await knex.schema.createTable('decision_assignments', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('decision_id').notNullable().references('decisions.id').onDelete('CASCADE');
    t.text('principal').notNullable();
    t.timestamp('submitted_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'principal', 'submitted_at', 'decision_id']);
    t.index(['tenant_id', 'decision_id']);
  });
  await enableTenantRowSecurity(knex, 'decision_assignments');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('decision_assignments');
  await knex.raw(`create index decisions_awaiting on decisions using gin (awaiting) where status = 'pending_approval'`);
}
