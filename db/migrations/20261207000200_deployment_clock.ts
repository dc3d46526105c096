import type { Knex } from 'knex';

/**
 * What the worker's deployment clock (worker/deployment-sweep.ts) asks on every pass — the next instant a deployment
 * starts or ends, and the ones due — answered from the few rows still waiting, not by scanning every deployment.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index model_deployments_due_starts on model_deployments (effective_from) where status = 'scheduled';
    create index model_deployments_due_ends on model_deployments (effective_until)
      where status in ('active', 'superseded') and effective_until is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index model_deployments_due_starts; drop index model_deployments_due_ends');
}
