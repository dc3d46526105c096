import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Audit export jobs. The files live in the file store (DATA_DIR/exports by default); the row holds the job's status,
 * its progress, and once completed the signed digest that ties the files to the audit chain.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_exports', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('status').notNullable();
    t.jsonb('filters').notNullable();
    t.bigInteger('records_written').notNullable().defaultTo(0);
    t.text('workflow_id').notNullable();
    t.jsonb('created_by').notNullable();
    /** The digest's payload (what the JWS signs), and the compact JWS itself, once completed. */
    t.jsonb('digest');
    t.text('digest_jws');
    t.jsonb('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table audit_exports add constraint audit_exports_status_check check (status in ('pending', 'running', 'completed', 'failed'))`,
  );
  await enableTenantRowSecurity(knex, 'audit_exports');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_exports');
}
