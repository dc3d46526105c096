import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

// Spelled out rather than imported from the records: a shipped migration must not change when the code does.
const EXPECTED_SOURCES = ['given', 'scenario_snapshot'];

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Decision outcomes fed by a KPI: a link says that the actual values of one of a decision's outcome metrics come from
 * a KPI's points (one observation per KPI period from the decision's approval on, computed when read). One link per
 * metric of a decision. The approval time is stored with the decision from now on (the approval workflow's activity
 * writes it); decisions approved before are given the time of their `decision.approved` audit record.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('decisions', (t) => {
    /** When the decision's last approval step completed (the `decision.approved` transition). */
    t.timestamp('approved_at', { useTz: true });
  });
  await knex.raw(
    `update decisions d set approved_at = a.occurred_at
       from (select tenant_id, resource_id, min(occurred_at) as occurred_at from audit_log
              where action = 'decision.approved' and resource_type = 'decision' group by tenant_id, resource_id) a
      where a.tenant_id = d.tenant_id and a.resource_id = d.id and d.approved_at is null`,
  );

  await knex.schema.createTable('decision_outcome_kpis', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('decision_id').notNullable().references('decisions.id').onDelete('CASCADE');
    t.text('metric').notNullable();
    t.text('kpi_id').notNullable().references('kpis.id').onDelete('CASCADE');
    t.double('expected_value').notNullable();
    /** `given` by the client, or defaulted from the chosen option's frozen `scenario_snapshot`. */
    t.text('expected_source').notNullable();
    t.jsonb('linked_by').notNullable();
    t.timestamp('linked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // One KPI feeds a metric of a decision; this index also answers "is this metric linked?" for outcome writes.
    t.unique(['tenant_id', 'decision_id', 'metric']);
  });
  await knex.raw(
    `alter table decision_outcome_kpis add constraint decision_outcome_kpis_expected_source_check check (expected_source in (${inList(EXPECTED_SOURCES)}))`,
  );
  await knex.raw(
    `alter table decision_outcome_kpis add constraint decision_outcome_kpis_metric_check check (char_length(metric) between 1 and 100)`,
  );
  await enableTenantRowSecurity(knex, 'decision_outcome_kpis');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('decision_outcome_kpis');
  await knex.schema.alterTable('decisions', (t) => {
    t.dropColumn('approved_at');
  });
}
