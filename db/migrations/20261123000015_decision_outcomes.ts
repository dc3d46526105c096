import type { Knex } from 'knex';
import { TENANT_ROLE } from '../tenant-scope';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

// Spelled out rather than imported from the records: a shipped migration must not change when the code does.
const EXPECTED_SOURCES = ['given', 'scenario_snapshot'];

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Outcomes recorded against a decision: what was expected of a metric and what was observed. Append-only: the
 * application's role may insert and read outcomes but never update or delete one; a correction is a new outcome that
 * names the one it supersedes (each outcome at most once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('decision_outcomes', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('decision_id').notNullable().references('decisions.id').onDelete('CASCADE');
    t.text('metric').notNullable();
    t.double('expected_value').notNullable();
    /** `given` by the client, or defaulted from the chosen option's frozen `scenario_snapshot`. */
    t.text('expected_source').notNullable();
    t.double('actual_value').notNullable();
    t.timestamp('observed_at', { useTz: true }).notNullable();
    t.text('note');
    t.text('supersedes').references('decision_outcomes.id');
    t.jsonb('recorded_by').notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The list's order (oldest observation first), with and without the metric filter.
    t.index(['tenant_id', 'decision_id', 'observed_at', 'id']);
    t.index(['tenant_id', 'decision_id', 'metric', 'observed_at', 'id']);
    // A correction supersedes one outcome, and an outcome is superseded at most once: correct the latest correction.
    t.unique(['tenant_id', 'supersedes']);
  });
  await knex.raw(
    `alter table decision_outcomes add constraint decision_outcomes_expected_source_check check (expected_source in (${inList(EXPECTED_SOURCES)}))`,
  );
  await knex.raw(
    `alter table decision_outcomes add constraint decision_outcomes_metric_check check (char_length(metric) between 1 and 100)`,
  );
  await knex.raw(
    `alter table decision_outcomes add constraint decision_outcomes_note_check check (note is null or char_length(note) <= 2000)`,
  );
  await enableTenantRowSecurity(knex, 'decision_outcomes');
  await knex.raw(`revoke update, delete on decision_outcomes from ${TENANT_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('decision_outcomes');
}
