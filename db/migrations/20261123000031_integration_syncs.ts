import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';
import { TENANT_ROLE } from '../tenant-scope';

export async function up(knex: Knex): Promise<void> {
  // One run of an integration's read into its target dataset. `state` is the connector's read state as of the last
  // committed page (saved in that page's transaction), so a retried activity resumes after it; `start_state` is where
  // the read began (the previous sync's final cursor for an incremental sync).
  await knex.schema.createTable('integration_syncs', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('integration_id').notNullable().references('integrations.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('queued');
    t.text('mode').notNullable();
    t.text('dataset').notNullable();
    t.text('stream').notNullable();
    t.integer('mapping_version').notNullable();
    t.integer('page_size').notNullable();
    t.integer('records_read').notNullable().defaultTo(0);
    t.integer('records_inserted').notNullable().defaultTo(0);
    t.integer('records_updated').notNullable().defaultTo(0);
    t.integer('records_unchanged').notNullable().defaultTo(0);
    t.integer('records_rejected').notNullable().defaultTo(0);
    t.integer('records_deleted').notNullable().defaultTo(0);
    t.integer('pages_committed').notNullable().defaultTo(0);
    t.jsonb('start_state');
    t.jsonb('state');
    t.jsonb('error');
    t.text('workflow_id').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['tenant_id', 'integration_id', 'id']);
  });
  await knex.raw(
    `alter table integration_syncs add constraint integration_syncs_status_check
       check (status in ('queued', 'syncing', 'completed', 'partially_completed', 'failed', 'cancelled'))`,
  );
  await knex.raw(
    `alter table integration_syncs add constraint integration_syncs_mode_check check (mode in ('full', 'incremental'))`,
  );
  // One sync at a time per integration, enforced by the database as well as by the request's row lock.
  await knex.raw(
    `create unique index integration_syncs_one_running on integration_syncs (integration_id) where status in ('queued', 'syncing')`,
  );
  await enableTenantRowSecurity(knex, 'integration_syncs');

  // A source record the mapping refused, with the reasons (per target field).
  await knex.schema.createTable('integration_sync_rejections', (t) => {
    t.bigIncrements('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('sync_id').notNullable().references('integration_syncs.id').onDelete('CASCADE');
    t.text('primary_key');
    t.jsonb('source_record').notNullable();
    t.jsonb('errors').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'sync_id', 'id']);
  });
  await enableTenantRowSecurity(knex, 'integration_sync_rejections');
  await knex.raw(`grant usage, select on sequence integration_sync_rejections_id_seq to ${TENANT_ROLE}`);

  // The tenant's synced datasets: the current version of each record, keyed by the dataset's primary key. A record a
  // full sync no longer finds is kept and flagged (`deleted_at`).
  await knex.schema.createTable('dataset_records', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('dataset').notNullable();
    t.text('primary_key').notNullable();
    t.jsonb('data').notNullable();
    t.text('content_hash').notNullable();
    t.text('integration_id').notNullable();
    t.text('first_seen_sync_id').notNullable();
    t.text('last_seen_sync_id').notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'dataset', 'primary_key']);
    t.index(['tenant_id', 'dataset', 'integration_id', 'last_seen_sync_id']);
  });
  await enableTenantRowSecurity(knex, 'dataset_records');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dataset_records');
  await knex.schema.dropTable('integration_sync_rejections');
  await knex.schema.dropTable('integration_syncs');
}
