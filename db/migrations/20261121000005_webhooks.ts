import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

const WEBHOOK_TABLES = [
  'event_sequences',
  'events',
  'webhook_subscriptions',
  'webhook_deliveries',
  'webhook_delivery_attempts',
];

export async function up(knex: Knex): Promise<void> {
  // Per-tenant event counter. The row stays locked until the emitting transaction commits, so sequence order is
  // commit order within a tenant and a rolled-back transaction leaves no gap.
  await knex.schema.createTable('event_sequences', (t) => {
    t.text('tenant_id').primary().references('tenants.id').onDelete('CASCADE');
    t.bigInteger('last_sequence').notNullable();
  });

  // The transactional outbox and the tenant's event log in one: written in the transaction of the change that causes
  // the event; `dispatched_at` is set by the relay once it has started a delivery workflow per matching subscription.
  await knex.schema.createTable('events', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.bigInteger('sequence').notNullable();
    t.text('type').notNullable();
    t.text('api_version').notNullable();
    t.jsonb('data').notNullable();
    /** Set for events meant for one subscription only (webhook.test). */
    t.text('target_subscription_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('dispatched_at', { useTz: true });
    t.unique(['tenant_id', 'sequence']);
    t.index(['tenant_id', 'id']);
    t.index(['created_at']);
  });
  await knex.raw('create index events_undispatched_idx on events (id) where dispatched_at is null');

  await knex.schema.createTable('webhook_subscriptions', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.specificType('event_types', 'text[]').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('disabled_reason');
    t.timestamp('disabled_at', { useTz: true });
    t.jsonb('retry_policy').notNullable();
    t.text('secret_ciphertext').notNullable();
    t.text('previous_secret_ciphertext');
    t.timestamp('previous_secret_expires_at', { useTz: true });
    t.timestamp('secret_rotated_at', { useTz: true });
    /** Start of the current run of failed attempts (null after any success): drives automatic disabling. */
    t.timestamp('failing_since', { useTz: true });
    t.jsonb('created_by').notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table webhook_subscriptions add constraint webhook_subscriptions_disabled_reason_check
       check (disabled_reason is null or disabled_reason in ('endpoint_gone', 'failing_continuously', 'disabled_by_user'))`,
  );

  // One row per delivery workflow: the original delivery of an event to a subscription, or a redelivery.
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('subscription_id').notNullable().references('webhook_subscriptions.id').onDelete('CASCADE');
    t.text('event_id').notNullable().references('events.id').onDelete('CASCADE');
    t.text('event_type').notNullable();
    t.text('workflow_id').notNullable().unique();
    t.text('status').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_response_status');
    t.text('last_error');
    t.timestamp('last_attempt_at', { useTz: true });
    t.text('redelivery_of');
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'subscription_id', 'id']);
    t.index(['event_id']);
  });
  await knex.raw(
    `alter table webhook_deliveries add constraint webhook_deliveries_status_check
       check (status in ('pending', 'retrying', 'succeeded', 'failed'))`,
  );

  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.text('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable();
    t.text('outcome').notNullable();
    t.jsonb('request_headers').notNullable();
    t.integer('response_status');
    t.text('response_body_excerpt');
    t.integer('latency_ms').notNullable();
    t.text('error');
    t.primary(['delivery_id', 'attempt']);
  });

  // api_key.expiring is emitted once per key: this marks the keys it has been emitted for.
  await knex.schema.alterTable('api_keys', (t) => {
    t.timestamp('expiring_event_at', { useTz: true });
  });

  for (const table of WEBHOOK_TABLES) await enableTenantRowSecurity(knex, table);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (t) => t.dropColumn('expiring_event_at'));
  for (const table of [...WEBHOOK_TABLES].reverse()) await knex.schema.dropTable(table);
}
