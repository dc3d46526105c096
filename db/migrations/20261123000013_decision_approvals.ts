import type { Knex } from 'knex';

/**
 * The approval workflow's state in Postgres, kept in step by its activities (the workflow is the source of truth for
 * transitions; the API reads these columns for the decision and the inbox).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('decisions', (t) => {
    /** The policy version frozen at submission: later versions never change a review under way. */
    t.integer('approval_policy_version');
    t.integer('current_step');
    /** `[{ step, user_id, comment, approved_at }]`, in the order given. */
    t.jsonb('approvals').notNullable().defaultTo('[]');
    t.timestamp('submitted_at', { useTz: true });
    /** The workflow's transition counter: an activity retried after its commit writes nothing twice. */
    t.integer('transition_seq').notNullable().defaultTo(0);
    t.index(['tenant_id', 'status', 'submitted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('decisions', (t) => {
    t.dropIndex(['tenant_id', 'status', 'submitted_at']);
    t.dropColumns('approval_policy_version', 'current_step', 'approvals', 'submitted_at', 'transition_seq');
  });
}
