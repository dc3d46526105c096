import type { Knex } from 'knex';

/**
 * The trace an event was recorded in (a W3C `traceparent`: the span of the request or activity that caused it), so
 * the webhook delivery it leads to, later and in another process, links back to it. Null when tracing was off.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table events add column trace_context text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table events drop column trace_context');
}
