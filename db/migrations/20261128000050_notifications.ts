import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Notifications to people (api/notifications/README.md): each person's time zone in a tenant, their preferences per
 * kind, the tenant's mandatory kinds and chat destinations, the notifications themselves (one row per message, the
 * lane's queue and the log people and admins read), who watches which KPI, and invitations to join a tenant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    /** The IANA time zone dates are written in for this person, and their digest's local day. */
    t.text('time_zone').notNullable().defaultTo('UTC');
  });

  await knex.schema.createTable('notification_settings', (t) => {
    t.text('tenant_id').primary().references('tenants.id').onDelete('CASCADE');
    t.specificType('mandatory_kinds', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('notification_preferences', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('delivery').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'user_id', 'kind']);
  });
  await knex.raw(
    `alter table notification_preferences add constraint notification_preferences_delivery check (delivery in ('immediate', 'digest', 'off'))`,
  );

  await knex.schema.createTable('chat_destinations', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('format').notNullable();
    t.text('url').notNullable();
    /** Notification kinds posted to it. */
    t.specificType('kinds', 'text[]').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table chat_destinations add constraint chat_destinations_format check (format in ('slack', 'teams'))`,
  );

  await knex.schema.createTable('notifications', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('channel').notNullable();
    /** A kind of core/notification-kinds.ts, or `invitation` / `digest`. */
    t.text('kind').notNullable();
    /** Email: the person (global user id); chat: null. */
    t.text('user_id').references('users.id').onDelete('CASCADE');
    t.text('destination_id').references('chat_destinations.id').onDelete('CASCADE');
    /** The email address or the chat destination's host, as sent. */
    t.text('recipient').notNullable();
    /** The event it tells of (null: invitations and digests). */
    t.text('event_id');
    t.text('event_type');
    t.text('subject').notNullable();
    /** Messages of one thread (a decision, a model version, a KPI) reply to the thread's first message id. */
    t.text('thread_key');
    /** What the message shows, fixed when it was created (so a retry sends the same words). */
    t.jsonb('content').notNullable();
    /** `immediate` or `digest` (items wait for their person's digest). */
    t.text('delivery').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('due_at', { useTz: true }).notNullable();
    /** Digests: the recipient's local date the digest is of; items: the digest that carried them. */
    t.date('digest_date');
    t.text('digest_id');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('lease_until', { useTz: true });
    t.text('last_error');
    t.integer('last_response_code');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'user_id', 'id']);
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(`alter table notifications add constraint notifications_channel check (channel in ('email', 'chat'))`);
  await knex.raw(
    `alter table notifications add constraint notifications_status check (status in ('pending', 'sending', 'sent', 'failed', 'digested', 'cancelled'))`,
  );
  await knex.raw(
    `alter table notifications add constraint notifications_delivery check (delivery in ('immediate', 'digest'))`,
  );
  // The relay may run a reaction again (a pass that rolled back): one message per event, person and channel.
  await knex.raw(
    `create unique index notifications_once_per_event on notifications (tenant_id, event_id, channel, coalesce(user_id, destination_id)) where event_id is not null`,
  );
  // One digest per person per local day, however many passes try to assemble it.
  await knex.raw(
    `create unique index notifications_one_digest on notifications (tenant_id, user_id, digest_date) where kind = 'digest'`,
  );
  // The lanes' queue: what is open, by tenant and due time.
  await knex.raw(
    `create index notifications_open on notifications (tenant_id, due_at) where status in ('pending', 'sending')`,
  );
  // The sweep across tenants for lanes to wake.
  await knex.raw(
    `create index notifications_open_due on notifications (due_at) where status in ('pending', 'sending')`,
  );

  await knex.schema.createTable('kpi_watchers', (t) => {
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('kpi_id').notNullable().references('kpis.id').onDelete('CASCADE');
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['tenant_id', 'kpi_id', 'user_id']);
  });

  await knex.schema.createTable('invitations', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('user_id').notNullable().references('users.id').onDelete('CASCADE');
    /** The member id (memberships.id) the invitation is for. */
    t.text('member_id').notNullable();
    /** SHA-256 of the link's token; the token itself is never stored (it is an HMAC of the id, made again to send). */
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.jsonb('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'member_id']);
  });

  for (const table of [
    'notification_settings',
    'notification_preferences',
    'chat_destinations',
    'notifications',
    'kpi_watchers',
    'invitations',
  ]) {
    await enableTenantRowSecurity(knex, table);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'invitations',
    'kpi_watchers',
    'notifications',
    'chat_destinations',
    'notification_preferences',
    'notification_settings',
  ]) {
    await knex.schema.dropTable(table);
  }
  await knex.schema.alterTable('memberships', (t) => t.dropColumn('time_zone'));
}
