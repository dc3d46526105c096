import type { Knex } from 'knex';

/** The tables of asynchronous work a client may wait on (`Prefer: wait` on their GETs). */
export const WATCHED_TABLES = ['scenarios', 'scenario_batches', 'integration_syncs', 'model_replays', 'audit_exports'];

/**
 * A change notice for every change of `status` on the tables of asynchronous work: `NOTIFY resource_status,
 * '<tenant id> <resource id>'`, sent when the change commits (a rolled-back change sends none). Each API process's one
 * listener (db/change-notices.ts) wakes the requests waiting on that resource, whichever process or worker made the
 * change. Progress that leaves `status` alone sends nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function notify_resource_status() returns trigger
      language plpgsql security definer set search_path from current as $$
    begin
      perform pg_notify('resource_status', new.tenant_id || ' ' || new.id);
      return null;
    end $$;
  `);
  for (const table of WATCHED_TABLES) {
    await knex.raw(`
      create trigger ${table}_status_notice after update of status on ${table}
        for each row when (old.status is distinct from new.status) execute function notify_resource_status();
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of WATCHED_TABLES) await knex.raw(`drop trigger ${table}_status_notice on ${table}`);
  await knex.raw('drop function notify_resource_status()');
}
