import type { Knex } from 'knex';

/**
 * After a tenant's workers move, its running approvals follow it: the schedule reconciler asks each one left on
 * another task queue to continue as new on the tenant's (worker/schedule-reconciler.ts). `approvals_relocated_at` is
 * when a sweep of the tenant's approvals last began; the move is done once a sweep began after every process could
 * still have started an approval on the old queue.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.timestamp('approvals_relocated_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('approvals_relocated_at');
  });
}
