import type { Knex } from 'knex';

/**
 * Webhook lanes: one delivery workflow per subscription (`webhook_lane/<whk>`) instead of one per delivery. The
 * per-delivery state moves into Postgres: `next_attempt_at` is when an open delivery is next due (null once it has
 * succeeded or failed, and for deliveries made by the per-delivery workflows of before), and the relay writes the
 * delivery rows itself, one per (event, subscription), in the transaction that marks the events dispatched.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.timestamp('next_attempt_at', { useTz: true });
  });
  // Set while a pass of the subscription's lane runs and keeps taking newly due deliveries: the relay does not signal
  // such a lane (the pass clears it, then looks once more, before it ends).
  await knex.schema.alterTable('webhook_subscriptions', (t) => {
    t.timestamp('lane_pass_until', { useTz: true });
  });
  // Many deliveries now share their lane's workflow id; only the per-delivery workflows' ids stay unique (their
  // first attempt creates the row with ON CONFLICT on it).
  await knex.raw('alter table webhook_deliveries drop constraint webhook_deliveries_workflow_id_unique');
  await knex.raw(
    `create unique index webhook_deliveries_delivery_workflow_id_unique on webhook_deliveries (workflow_id)
      where workflow_id not like 'webhook\\_lane/%'`,
  );
  // One original delivery per (event, subscription): a relay pass that is repeated writes nothing twice.
  await knex.raw(
    'create unique index webhook_deliveries_event_subscription_unique on webhook_deliveries (subscription_id, event_id) where redelivery_of is null',
  );
  // A lane's due deliveries, oldest first; and the relay's sweep for deliveries no lane has picked up in time.
  await knex.raw(
    'create index webhook_deliveries_due_idx on webhook_deliveries (subscription_id, next_attempt_at, id) where next_attempt_at is not null',
  );
  await knex.raw(
    'create index webhook_deliveries_overdue_idx on webhook_deliveries (next_attempt_at) where next_attempt_at is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index webhook_deliveries_overdue_idx');
  await knex.raw('drop index webhook_deliveries_due_idx');
  await knex.raw('drop index webhook_deliveries_event_subscription_unique');
  await knex.raw('drop index webhook_deliveries_delivery_workflow_id_unique');
  await knex.raw("delete from webhook_deliveries where workflow_id like 'webhook\\_lane/%'");
  await knex.raw(
    'alter table webhook_deliveries add constraint webhook_deliveries_workflow_id_unique unique (workflow_id)',
  );
  await knex.schema.alterTable('webhook_deliveries', (t) => t.dropColumn('next_attempt_at'));
  await knex.schema.alterTable('webhook_subscriptions', (t) => t.dropColumn('lane_pass_until'));
}
