import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // A key performance indicator: its definition, target and thresholds, and where its points come from. The source's
  // model, metric and tag are columns as well as part of `source`, so the scenario hook finds the KPIs a completed
  // run feeds with one indexed query.
  await knex.schema.createTable('kpis', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('unit');
    t.text('direction').notNullable();
    t.jsonb('target').notNullable();
    t.jsonb('warning_threshold');
    t.jsonb('critical_threshold');
    t.text('aggregation_period').notNullable();
    t.text('owner_id');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('status').notNullable();
    t.integer('evaluation_delay_seconds').notNullable().defaultTo(0);
    t.text('source_type').notNullable();
    t.jsonb('source').notNullable();
    t.text('source_model_id');
    t.text('source_metric');
    t.text('source_scenario_tag');
    t.jsonb('created_by').notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
  });
  await knex.raw(
    `alter table kpis add constraint kpis_direction_check check (direction in ('higher_is_better', 'lower_is_better', 'target_band'))`,
  );
  await knex.raw(
    `alter table kpis add constraint kpis_status_check check (status in ('active', 'paused', 'archived'))`,
  );
  await knex.raw(
    `alter table kpis add constraint kpis_period_check check (aggregation_period in ('day', 'week', 'month', 'quarter'))`,
  );
  await knex.raw(
    `alter table kpis add constraint kpis_source_type_check check (source_type in ('manual', 'model_output', 'dataset'))`,
  );
  await knex.raw(
    `create index kpis_model_output_idx on kpis (tenant_id, source_model_id)
       where source_type = 'model_output' and deleted_at is null and status <> 'archived'`,
  );
  await enableTenantRowSecurity(knex, 'kpis');

  // One row per (KPI, timestamp): a point posted again for the same timestamp replaces the value here, and the
  // value it replaced moves to kpi_point_revisions. No foreign keys on this table: a bulk post writes thousands of
  // rows per statement and the repository only ever writes points of a KPI it has locked.
  await knex.raw(`
    create table kpi_points (
      tenant_id text not null,
      kpi_id text not null,
      observed_at timestamptz not null,
      value double precision not null,
      note text,
      scenario_id text,
      revision integer not null default 1,
      recorded_at timestamptz not null default now(),
      primary key (kpi_id, observed_at)
    )`);
  await enableTenantRowSecurity(knex, 'kpi_points');

  await knex.raw(`
    create table kpi_point_revisions (
      tenant_id text not null,
      kpi_id text not null,
      observed_at timestamptz not null,
      revision integer not null,
      value double precision not null,
      note text,
      scenario_id text,
      recorded_at timestamptz not null,
      replaced_at timestamptz not null default now(),
      primary key (kpi_id, observed_at, revision)
    )`);
  await enableTenantRowSecurity(knex, 'kpi_point_revisions');

  // Per-day (UTC) aggregates of the current points, recomputed for the days a write touched, in the same
  // transaction: buckets of a day or longer are read from here (a year is 365 rows, not a million points).
  await knex.raw(`
    create table kpi_daily_rollups (
      tenant_id text not null,
      kpi_id text not null,
      day date not null,
      count integer not null,
      sum double precision not null,
      min double precision not null,
      max double precision not null,
      last_at timestamptz not null,
      last_value double precision not null,
      primary key (kpi_id, day)
    )`);
  await enableTenantRowSecurity(knex, 'kpi_daily_rollups');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('kpi_daily_rollups');
  await knex.schema.dropTable('kpi_point_revisions');
  await knex.schema.dropTable('kpi_points');
  await knex.schema.dropTable('kpis');
}
