import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Dataset history as a system-versioned table keeps it (SQL:2011): the current version of each record lives only in
  // `dataset_records`, and `dataset_record_versions` holds the versions that were superseded, each closed
  // (`valid_to`) when the next one began. A record a sync inserts is written once, not twice; a changed record moves
  // its previous version into the history in the statement that changes it.
  //
  // `changed_by_sync_id`: the sync that wrote the current version (its content or its deleted flag); `updated_at` is
  // when that version began. `integration_syncs.last_written_at`: the time of the last version the sync wrote, so
  // "as of that sync" needs no index over the records.
  await knex.schema.alterTable('dataset_records', (t) => {
    t.text('changed_by_sync_id');
  });
  await knex.schema.alterTable('integration_syncs', (t) => {
    t.timestamp('last_written_at', { useTz: true });
  });
  await knex.raw(
    `update integration_syncs s set last_written_at = w.last
       from (select tenant_id, sync_id, max(valid_from) as last from dataset_record_versions group by tenant_id, sync_id) w
      where s.tenant_id = w.tenant_id and s.id = w.sync_id`,
  );
  // The open versions are the current ones: their sync and start move to the current row, and they leave the history.
  await knex.raw(
    `update dataset_records d set changed_by_sync_id = v.sync_id, updated_at = v.valid_from
       from dataset_record_versions v
      where v.tenant_id = d.tenant_id and v.dataset = d.dataset and v.primary_key = d.primary_key and v.valid_to is null`,
  );
  await knex.raw(`update dataset_records set changed_by_sync_id = last_seen_sync_id where changed_by_sync_id is null`);
  await knex.raw(`alter table dataset_records alter column changed_by_sync_id set not null`);
  await knex.raw(`delete from dataset_record_versions where valid_to is null`);
  await knex.raw(`drop index if exists dataset_record_versions_one_open`);
  await knex.raw(`alter table dataset_record_versions alter column valid_to set not null`);
  await knex.raw(`alter table dataset_record_versions alter column closed_by_sync_id set not null`);
  // Written once per sync, per sync: the history's own (tenant, sync) index answers nothing any more.
  await knex.raw(`drop index if exists dataset_record_versions_tenant_id_sync_id_index`);
  // Only a full sync's end reads records by integration and last sync, and it reads every record of the dataset.
  await knex.raw(`drop index if exists dataset_records_tenant_id_dataset_integration_id_last_seen_sync_id_index`);
  // No foreign key to tenants on the current versions, like kpi_points: a page writes thousands of rows per statement,
  // and the key's check (a lookup and a row lock on the tenant per record) was a fifth of the page's database time.
  // tenant_id is the transaction's own tenant (row-level security refuses any other), and tenants are never deleted.
  await knex.raw(`alter table dataset_records drop constraint if exists dataset_records_tenant_id_foreign`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table dataset_records add constraint dataset_records_tenant_id_foreign foreign key (tenant_id) references tenants (id) on delete cascade`,
  );
  await knex.raw(
    `create index dataset_records_tenant_id_dataset_integration_id_last_seen_sync_id_index on dataset_records (tenant_id, dataset, integration_id, last_seen_sync_id)`,
  );
  await knex.raw(
    `create index dataset_record_versions_tenant_id_sync_id_index on dataset_record_versions (tenant_id, sync_id)`,
  );
  await knex.raw(`alter table dataset_record_versions alter column closed_by_sync_id drop not null`);
  await knex.raw(`alter table dataset_record_versions alter column valid_to drop not null`);
  await knex.raw(
    `insert into dataset_record_versions (tenant_id, dataset, primary_key, data, content_hash, integration_id, sync_id, deleted, valid_from)
     select tenant_id, dataset, primary_key, data, content_hash, integration_id, changed_by_sync_id, deleted_at is not null, updated_at from dataset_records`,
  );
  await knex.raw(
    `create unique index dataset_record_versions_one_open on dataset_record_versions (tenant_id, dataset, primary_key) where valid_to is null`,
  );
  await knex.schema.alterTable('integration_syncs', (t) => t.dropColumn('last_written_at'));
  await knex.schema.alterTable('dataset_records', (t) => t.dropColumn('changed_by_sync_id'));
}
