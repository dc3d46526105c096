import type { Knex } from 'knex';

/**
 * The change feed behind the API processes' in-memory caches (db/cache-feed.ts): a row per change of something a
 * process may hold in memory — an API key's credentials, a tenant's plan, limits or host, a model's head or one of
 * its versions — written by triggers, so no code path that changes one can forget to, in the same transaction as
 * the change (a rolled-back change leaves none). `xid` orders them safely: a reader takes every row from the
 * oldest transaction still running at its last read onwards, so a change that commits late is never skipped.
 *
 * `cache_readers` holds each API process that serves from such a cache: how far it has read (`applied_snapshot`: every
 * change of a transaction visible in that snapshot is applied) and until when its lease lets it serve from memory (`lease_until`, the
 * database's clock). A change that must be seen everywhere at once (a key's revocation) waits until every reader
 * with a live lease has read past it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table cache_changes (
      seq bigserial primary key,
      xid xid8 not null default pg_current_xact_id(),
      topic text not null,
      key text not null,
      changed_at timestamptz not null default now()
    );
    create index cache_changes_xid on cache_changes (xid);
    create index cache_changes_changed_at on cache_changes (changed_at);

    create table cache_readers (
      id text primary key,
      applied_snapshot pg_snapshot not null,
      lease_until timestamptz not null
    );

    create function record_cache_change(change_topic text, change_key text) returns void
      language plpgsql security definer set search_path from current as $$
    begin
      insert into cache_changes (topic, key) values (change_topic, change_key);
      perform pg_notify('cache_changes', change_topic);
    end $$;

    -- A row named by its own id (an API key, a tenant); the topic is the trigger's argument.
    create function row_cache_change() returns trigger
      language plpgsql security definer set search_path from current as $$
    begin
      perform record_cache_change(tg_argv[0], old.id);
      return null;
    end $$;
    create trigger api_keys_cache_change
      after update of revoked_at, secret_hash, previous_secret_hash, previous_secret_expires_at, expires_at, scopes,
        tenant_id or delete on api_keys
      for each row execute function row_cache_change('api_key');
    create trigger tenants_cache_change after update or delete on tenants
      for each row execute function row_cache_change('tenant');

    create function model_cache_change() returns trigger
      language plpgsql security definer set search_path from current as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'models' then
        perform record_cache_change('model', changed.tenant_id || ':' || changed.id);
      else
        perform record_cache_change('model', changed.tenant_id || ':' || changed.model_id);
      end if;
      return null;
    end $$;
    create trigger models_cache_change after update or delete on models
      for each row execute function model_cache_change();
    create trigger model_versions_cache_change after insert or update or delete on model_versions
      for each row execute function model_cache_change();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger model_versions_cache_change on model_versions;
    drop trigger models_cache_change on models;
    drop trigger tenants_cache_change on tenants;
    drop trigger api_keys_cache_change on api_keys;
    drop function model_cache_change();
    drop function row_cache_change();
    drop function record_cache_change(text, text);
    drop table cache_readers;
    drop table cache_changes;
  `);
}
