import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export async function up(knex: Knex): Promise<void> {
  // Alert rules of a KPI. `evaluated_through` is how far (by point timestamp) the rule's points have been judged: new
  // points after it continue the stored state, points at or before it are late and replay that stretch.
  await knex.schema.createTable('kpi_alert_rules', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('kpi_id').notNullable().references('kpis.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('kind').notNullable();
    t.text('severity').notNullable();
    t.jsonb('threshold');
    t.jsonb('recovery_threshold');
    t.integer('for_points').notNullable().defaultTo(1);
    t.integer('for_seconds').notNullable().defaultTo(0);
    t.integer('window_seconds');
    t.jsonb('change');
    t.integer('no_data_seconds');
    t.integer('renotify_seconds');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('evaluated_through', { useTz: true });
    t.jsonb('created_by').notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'kpi_id']);
  });
  await knex.raw(
    `alter table kpi_alert_rules add constraint kpi_alert_rules_kind_check check (kind in ('threshold', 'rate_of_change', 'no_data'))`,
  );
  await knex.raw(
    `alter table kpi_alert_rules add constraint kpi_alert_rules_severity_check check (severity in ('warning', 'critical'))`,
  );
  await enableTenantRowSecurity(knex, 'kpi_alert_rules');

  // Alert instances: one episode of a rule. `started_at` / `ended_at` are point timestamps (the episode's first
  // breaching point and the point that ended it); fired_at / resolved_at are when the service decided.
  await knex.schema.createTable('kpi_alerts', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('kpi_id').notNullable().references('kpis.id').onDelete('CASCADE');
    t.text('rule_id').notNullable().references('kpi_alert_rules.id').onDelete('CASCADE');
    t.text('severity').notNullable();
    t.text('state').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('ended_at', { useTz: true });
    t.timestamp('fired_at', { useTz: true });
    t.timestamp('resolved_at', { useTz: true });
    t.text('resolution');
    t.timestamp('acknowledged_at', { useTz: true });
    t.jsonb('acknowledged_by');
    t.timestamp('silenced_until', { useTz: true });
    t.text('silence_reason');
    t.timestamp('last_notified_at', { useTz: true });
    t.integer('notification_count').notNullable().defaultTo(0);
    t.jsonb('points').notNullable().defaultTo('[]');
    t.jsonb('explanation');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'kpi_id']);
    t.index(['rule_id', 'started_at']);
  });
  await knex.raw(
    `alter table kpi_alerts add constraint kpi_alerts_state_check check (state in ('pending', 'firing', 'acknowledged', 'resolved'))`,
  );
  // Never two open alerts for one rule.
  await knex.raw(
    `create unique index kpi_alerts_one_open_per_rule on kpi_alerts (rule_id) where state in ('pending', 'firing', 'acknowledged')`,
  );
  await knex.raw(`create index kpi_alerts_tenant_state_idx on kpi_alerts (tenant_id, state, id)`);
  await enableTenantRowSecurity(knex, 'kpi_alerts');

  // Every state change of an alert (and every revision of one), with its reason.
  await knex.schema.createTable('kpi_alert_transitions', (t) => {
    // A ULID (`kat_…`): ordered by creation, and no sequence for the tenant role to need rights on.
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('alert_id').notNullable().references('kpi_alerts.id').onDelete('CASCADE');
    t.text('from_state');
    t.text('to_state').notNullable();
    t.text('reason').notNullable();
    t.text('detail').notNullable();
    t.jsonb('actor');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['alert_id', 'id']);
  });
  await knex.raw(
    `alter table kpi_alert_transitions add constraint kpi_alert_transitions_reason_check
       check (reason in ('threshold', 'recovery', 'no_data', 'silence', 'revision', 'manual', 'acknowledge'))`,
  );
  await enableTenantRowSecurity(knex, 'kpi_alert_transitions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('kpi_alert_transitions');
  await knex.schema.dropTable('kpi_alerts');
  await knex.schema.dropTable('kpi_alert_rules');
}
