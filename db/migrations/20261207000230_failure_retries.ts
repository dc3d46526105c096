import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export const FAILURE_RETRY_STATUSES = ['pending', 'running', 'completed', 'cancelled', 'failed'] as const;
export const FAILURE_RETRY_ITEM_STATUSES = ['pending', 'started', 'succeeded', 'failed', 'cancelled'] as const;

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  // A bulk retry of failures (GET /failures): its items are fixed when it is requested, and one workflow retries them.
  await knex.schema.createTable('failure_retries', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('status').notNullable();
    /** What selected the items: `{"ids": [...]}` or `{"filter": {...}}`, as asked. */
    t.jsonb('selection').notNullable();
    t.integer('total').notNullable();
    t.text('workflow_id').notNullable();
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table failure_retries add constraint failure_retries_status_check check (status in (${inList(FAILURE_RETRY_STATUSES)}))`,
  );

  // One row per failure retried. `started` commits in the transaction that asks the family for the retry (a
  // redelivery, a new sync), so a retried activity (its worker died) never asks twice; the outcome follows.
  await knex.schema.createTable('failure_retry_items', (t) => {
    t.text('retry_id').notNullable().references('failure_retries.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('failure_id').notNullable();
    t.text('kind').notNullable();
    t.text('resource_id').notNullable();
    t.text('parent_id');
    t.text('status').notNullable().defaultTo('pending');
    /** The new attempt the family made: the redelivery (`dlv_…`) or the sync (`syn_…`). */
    t.text('retried_resource_id');
    t.jsonb('error');
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.primary(['retry_id', 'failure_id']);
    t.index(['retry_id', 'status', 'position']);
  });
  await knex.raw(
    `alter table failure_retry_items add constraint failure_retry_items_status_check check (status in (${inList(FAILURE_RETRY_ITEM_STATUSES)}))`,
  );
  await enableTenantRowSecurity(knex, 'failure_retries');
  await enableTenantRowSecurity(knex, 'failure_retry_items');
  // GET /failures asks, of each failed delivery, whether it was redelivered since.
  await knex.raw(
    'create index webhook_deliveries_redelivery_of on webhook_deliveries (redelivery_of) where redelivery_of is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index webhook_deliveries_redelivery_of');
  await knex.schema.dropTable('failure_retry_items');
  await knex.schema.dropTable('failure_retries');
}
