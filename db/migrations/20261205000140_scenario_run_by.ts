import type { Knex } from 'knex';

/**
 * Who asked for each run of a scenario (`run_by`): its creator for the first run, whoever changed its inputs (or
 * uncertainty, simulation or model version) for each re-run. Kept with the run, so the history credits every run to
 * the person who asked for it rather than to the scenario's creator.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['scenarios', 'scenario_runs']) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('run_by');
    });
  }
  // Existing runs: the actor of the run's `received` audit event (the request that asked for it), else the creator.
  const received = (table: string) =>
    `(select e->'actor' from jsonb_array_elements(${table}.audit_trail) e where e->>'event' = 'received' order by (e->>'sequence')::int limit 1)`;
  await knex.raw(`update scenarios set run_by = coalesce(${received('scenarios')}, created_by)`);
  await knex.raw(
    `update scenario_runs set run_by = coalesce(${received('scenario_runs')}, s.created_by) from scenarios s where s.id = scenario_runs.scenario_id`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['scenarios', 'scenario_runs']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('run_by');
    });
  }
}
