import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export const MODEL_REPLAY_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

export async function up(knex: Knex): Promise<void> {
  // A replay of a model's live runs against another version: the runs are fixed when it starts (scenario_ids, in the
  // order they are processed), batches of them are evaluated by the worker, and the report is kept when it completes.
  await knex.schema.createTable('model_replays', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('model_id').notNullable().references('models.id').onDelete('CASCADE');
    /** The version replayed (normally a draft). */
    t.integer('version').notNullable();
    /** The published version the runs ran, when the replay started. */
    t.integer('baseline_version').notNullable();
    t.text('status').notNullable();
    t.integer('run_limit').notNullable();
    t.jsonb('tolerance').notNullable();
    t.integer('batch_size').notNullable();
    t.specificType('scenario_ids', 'text[]').notNullable();
    t.integer('total').notNullable();
    t.integer('processed').notNullable().defaultTo(0);
    t.jsonb('report');
    t.jsonb('error');
    t.text('workflow_id').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['tenant_id', 'model_id', 'id']);
  });
  await knex.raw(
    `alter table model_replays add constraint model_replays_status_check check (status in (${MODEL_REPLAY_STATUSES.map((s) => `'${s}'`).join(', ')}))`,
  );

  // One row per batch done: its partial aggregates, written in the same transaction that counts its runs as processed.
  // The primary key makes a retried batch (its worker died after the commit) a no-op: every run is counted once.
  await knex.schema.createTable('model_replay_batches', (t) => {
    t.text('replay_id').notNullable().references('model_replays.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('batch_index').notNullable();
    t.integer('runs').notNullable();
    t.jsonb('aggregates').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['replay_id', 'batch_index']);
  });
  await enableTenantRowSecurity(knex, 'model_replays');
  await enableTenantRowSecurity(knex, 'model_replay_batches');
  // What a replay reads: a model's completed runs of one version, newest first.
  await knex.raw(
    `create index scenarios_replay_source_idx on scenarios (tenant_id, model_id, model_version, completed_at desc, id desc) where status = 'completed' and deleted_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index scenarios_replay_source_idx');
  await knex.schema.dropTable('model_replay_batches');
  await knex.schema.dropTable('model_replays');
}
