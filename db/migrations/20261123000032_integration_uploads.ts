import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // A file uploaded to a csv integration. The bytes live in integration_upload_chunks, in pieces of `chunk_bytes`
  // (the last one shorter), so a reader can start at any byte offset by reading from one piece on. `data_offset` and
  // `data_line` are where the first data row begins (after the header row and a BOM).
  await knex.schema.createTable('integration_uploads', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('integration_id').notNullable().references('integrations.id').onDelete('CASCADE');
    t.text('filename');
    t.bigInteger('bytes').notNullable();
    t.text('sha256').notNullable();
    t.jsonb('columns').notNullable();
    t.text('delimiter').notNullable();
    t.bigInteger('data_offset').notNullable();
    t.integer('data_line').notNullable();
    t.integer('chunk_bytes').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'integration_id', 'id']);
  });
  await enableTenantRowSecurity(knex, 'integration_uploads');

  await knex.schema.createTable('integration_upload_chunks', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('upload_id').notNullable().references('integration_uploads.id').onDelete('CASCADE');
    t.integer('seq').notNullable();
    t.binary('data').notNullable();
    t.primary(['upload_id', 'seq']);
  });
  await enableTenantRowSecurity(knex, 'integration_upload_chunks');

  // The file a csv sync reads (null for other connectors).
  await knex.schema.alterTable('integration_syncs', (t) => {
    t.text('upload_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('integration_syncs', (t) => {
    t.dropColumn('upload_id');
  });
  await knex.schema.dropTable('integration_upload_chunks');
  await knex.schema.dropTable('integration_uploads');
}
