import type { Knex } from 'knex';

/**
 * The whole review cycle in Postgres, kept in step by the approval workflow's activity: who may act on the current
 * step now (what the inbox and `awaiting=me` read, with GIN indexes), the step's SLA and deadline, the review round,
 * and what happens while changes are requested (edits, a resubmission in flight). Outcome review dates are the
 * decision's own field.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('decisions', (t) => {
    /** Who may act on the current step now, as `role:<role>` and `user:<id>`: one array, so one GIN index answers the inbox. */
    t.specificType('awaiting', 'text[]').notNullable().defaultTo('{}');
    /** Owner, author, scenario authors (by policy flag), editors during review, and who already approved this round. */
    t.specificType('excluded_user_ids', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('step_sla_due_at', { useTz: true });
    t.timestamp('step_deadline_at', { useTz: true });
    t.boolean('escalated').notNullable().defaultTo(false);
    t.integer('review_round').notNullable().defaultTo(0);
    /** The frozen policy version's steps as the decision sees them: `[{ name, approvals_required, applies }]`. */
    t.jsonb('approval_steps').notNullable().defaultTo('[]');
    /** Edits made while changes were requested: `[{ actor, fields, at }]`, cleared by the resubmission. */
    t.jsonb('review_edits').notNullable().defaultTo('[]');
    /** A resubmission is on its way to the workflow: edits wait (409) until it is recorded. */
    t.boolean('resubmission_pending').notNullable().defaultTo(false);
    /** Dates at which outcome reviews are due once approved (ISO 8601 strings, ascending). */
    t.jsonb('outcome_reviews_at').notNullable().defaultTo('[]');
    t.integer('outcome_reviews_done').notNullable().defaultTo(0);
  });
  await knex.raw(`create index decisions_awaiting on decisions using gin (awaiting) where status = 'pending_approval'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists decisions_awaiting');
  await knex.schema.alterTable('decisions', (t) => {
    t.dropColumns(
      'awaiting',
      'excluded_user_ids',
      'step_sla_due_at',
      'step_deadline_at',
      'escalated',
      'review_round',
      'approval_steps',
      'review_edits',
      'resubmission_pending',
      'outcome_reviews_at',
      'outcome_reviews_done',
    );
  });
}
