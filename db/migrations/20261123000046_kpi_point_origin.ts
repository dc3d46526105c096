import type { Knex } from 'knex';

const SOURCES = `('api', 'scenario', 'sync', 'schedule')`;

export async function up(knex: Knex): Promise<void> {
  // Where each point came from, so an alert on a `dataset` KPI can name the sync behind its points: `source` (api,
  // scenario, sync, schedule) and, for dataset KPIs, `sync_id` (the sync that recorded it, or for a point the
  // schedule recorded, the sync that had last changed the dataset). Revisions keep the origin of the value they hold.
  for (const table of ['kpi_points', 'kpi_point_revisions']) {
    await knex.raw(`alter table ${table} add column source text not null default 'api', add column sync_id text`);
    await knex.raw(`alter table ${table} add constraint ${table}_source_check check (source in ${SOURCES})`);
    // Points recorded before this migration: a scenario's carry its id; a sync's carry the note "sync syn_…".
    await knex.raw(`update ${table} set source = 'scenario' where scenario_id is not null`);
    await knex.raw(
      `update ${table} set source = 'sync', sync_id = substring(note from 6) where scenario_id is null and note ~ '^sync syn_[0-9a-z]+$'`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['kpi_points', 'kpi_point_revisions']) {
    await knex.raw(
      `alter table ${table} drop constraint ${table}_source_check, drop column source, drop column sync_id`,
    );
  }
}
