import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';
import { TENANT_ROLE } from '../tenant-scope';

export async function up(knex: Knex): Promise<void> {
  // Every version a dataset record has had, so a dataset can be read and aggregated as of a past sync or time. A sync
  // that inserts or changes a record closes its open version (`valid_to`) and opens a new one; a full sync that no
  // longer finds it closes it and opens a `deleted` version (the last content, flagged), so "as of T" is always at
  // most one row per key: valid_from <= T < valid_to (or valid_to null: current).
  await knex.schema.createTable('dataset_record_versions', (t) => {
    t.bigIncrements('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('dataset').notNullable();
    t.text('primary_key').notNullable();
    t.jsonb('data').notNullable();
    t.text('content_hash').notNullable();
    t.text('integration_id').notNullable();
    /** The sync that wrote this version (for a deleted version: the full sync that stopped finding the record). */
    t.text('sync_id').notNullable();
    t.boolean('deleted').notNullable().defaultTo(false);
    t.timestamp('valid_from', { useTz: true }).notNullable();
    t.timestamp('valid_to', { useTz: true });
    t.text('closed_by_sync_id');
    t.index(['tenant_id', 'dataset', 'primary_key', 'valid_from']);
    t.index(['tenant_id', 'sync_id']);
  });
  await knex.raw(
    `create unique index dataset_record_versions_one_open on dataset_record_versions (tenant_id, dataset, primary_key) where valid_to is null`,
  );
  await knex.raw(
    `alter table dataset_record_versions add constraint dataset_record_versions_interval_check check (valid_to is null or valid_to >= valid_from)`,
  );
  await enableTenantRowSecurity(knex, 'dataset_record_versions');
  await knex.raw(`grant usage, select on sequence dataset_record_versions_id_seq to ${TENANT_ROLE}`);

  // Backfill: each existing record gets one (open) version, as it stands now.
  await knex.raw(
    `insert into dataset_record_versions (tenant_id, dataset, primary_key, data, content_hash, integration_id, sync_id, deleted, valid_from)
     select tenant_id, dataset, primary_key, data, content_hash, integration_id, last_seen_sync_id, deleted_at is not null, coalesce(deleted_at, updated_at)
       from dataset_records`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dataset_record_versions');
}
