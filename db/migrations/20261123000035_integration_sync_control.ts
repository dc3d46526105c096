import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // An integration is `active` or `paused` (a paused one takes no syncs, and its Temporal Schedule is paused), and may
  // carry a schedule: `{ cron | interval_seconds, mode, timezone }`, mirrored by one Temporal Schedule per integration.
  await knex.schema.alterTable('integrations', (t) => {
    t.text('status').notNullable().defaultTo('active');
    t.jsonb('schedule');
  });
  await knex.raw(
    `alter table integrations add constraint integrations_status_check check (status in ('active', 'paused'))`,
  );

  // Per sync: what started it (`api` or `schedule`), who cancelled it, the data-quality guard's counters
  // (`field_fill`: records mapped and, per mapped field, how many had a value; accumulated in each page's transaction)
  // and its warnings (`fill_rate_dropped`).
  await knex.schema.alterTable('integration_syncs', (t) => {
    t.text('trigger').notNullable().defaultTo('api');
    // The scheduled workflow that requested it: a retried request finds the sync it already stored.
    t.text('scheduled_workflow_id');
    t.jsonb('cancelled_by');
    t.jsonb('field_fill').notNullable().defaultTo(knex.raw(`'{"records": 0, "fields": {}}'::jsonb`));
    t.jsonb('warnings').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
  });
  await knex.raw(
    `alter table integration_syncs add constraint integration_syncs_trigger_check check (trigger in ('api', 'schedule'))`,
  );
  await knex.raw(
    `create unique index integration_syncs_scheduled_workflow on integration_syncs (tenant_id, scheduled_workflow_id) where scheduled_workflow_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('integration_syncs', (t) => {
    t.dropColumn('warnings');
    t.dropColumn('field_fill');
    t.dropColumn('cancelled_by');
    t.dropColumn('scheduled_workflow_id');
    t.dropColumn('trigger');
  });
  await knex.schema.alterTable('integrations', (t) => {
    t.dropColumn('schedule');
    t.dropColumn('status');
  });
}
