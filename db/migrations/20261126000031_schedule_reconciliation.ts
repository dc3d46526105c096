import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The desired Temporal Schedule of an integration lives in its row (schedule, status, deleted_at); every write that
  // changes it bumps schedule_generation in the same transaction, and the reconciler records the generation Temporal
  // matches. A soft-deleted row whose generation lags is the tombstone that gets its schedule deleted.
  await knex.raw(`
    alter table integrations
      add column schedule_generation bigint not null default 0,
      add column schedule_applied_generation bigint not null default 0,
      add column schedule_status text,
      add column schedule_error text,
      add column schedule_attempts integer not null default 0,
      add column schedule_retry_at timestamptz`);
  await knex.raw(
    `alter table integrations add constraint integrations_schedule_status_check check (schedule_status in ('pending', 'synced', 'error'))`,
  );
  await knex.raw(
    `create index integrations_schedule_lagging on integrations (schedule_retry_at) where schedule_generation > schedule_applied_generation`,
  );
  // Schedules written before this migration were written inside the write's transaction: Temporal has them.
  await knex.raw(
    `update integrations set schedule_status = 'synced' where schedule is not null and deleted_at is null`,
  );

  // Batched KPI evaluation: when the time-based checks last looked at a KPI, in which tick (the shard workflow's run id,
  // so one tick checks a KPI once, whatever the clocks say), what went wrong if the check failed, and whether the KPI
  // may still have a per-KPI Temporal Schedule (kpi_schedule/kpi_…) from before, to delete.
  await knex.raw(
    `alter table kpis add column checked_at timestamptz, add column checked_in_tick text, add column check_error text,
       add column legacy_schedule boolean not null default false`,
  );
  await knex.raw(`update kpis set legacy_schedule = true where deleted_at is null and status <> 'archived'`);
  await knex.raw(`create index kpis_legacy_schedule on kpis (id) where legacy_schedule`);
  await knex.raw(`create index kpis_checked_at on kpis (checked_at) where deleted_at is null and status = 'active'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table kpis drop column checked_at, drop column checked_in_tick, drop column check_error, drop column legacy_schedule`,
  );
  await knex.raw(`
    alter table integrations
      drop column schedule_generation, drop column schedule_applied_generation, drop column schedule_status,
      drop column schedule_error, drop column schedule_attempts, drop column schedule_retry_at`);
}
