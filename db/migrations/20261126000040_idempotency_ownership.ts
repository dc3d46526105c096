import type { Knex } from 'knex';

/**
 * Idempotency claims that survive their owner's death. `owner_token` names the request that holds an in-progress
 * claim (a retry that takes the claim over writes its own, and the first owner's writes are then refused);
 * `locked_at` becomes a lease the owner renews while it works; `work_committed_at` is set by the owner's own write
 * transaction (the same commit as the work), so after the owner died a retry knows whether the work happened.
 * While in progress, `response_*` may hold the outcome the work recorded with its writes (e.g. 202 and the created
 * scenario), replayed to a retry once the owner is gone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.text('owner_token');
    t.timestamp('work_committed_at', { useTz: true });
  });
  // The run-recovery sweep: runs still marked running, oldest change first.
  await knex.raw(
    `create index scenarios_running_updated_idx on scenarios (updated_at) where status = 'running' and deleted_at is null`,
  );
  await knex.raw(
    `create index scenario_batches_running_created_idx on scenario_batches (created_at) where status = 'running'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists scenario_batches_running_created_idx');
  await knex.raw('drop index if exists scenarios_running_updated_idx');
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('work_committed_at');
    t.dropColumn('owner_token');
  });
}
