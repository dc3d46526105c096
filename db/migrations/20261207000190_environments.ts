import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export const DEPLOYMENT_STATUSES = [
  'pending_review',
  'scheduled',
  'active',
  'superseded',
  'ended',
  'cancelled',
  'rejected',
] as const;
export const DEPLOYMENT_KINDS = ['review', 'promotion', 'rollback', 'migration'] as const;

/**
 * Environments and effective-dated deployments (api/environments/README.md).
 *
 * Every tenant has environments (`staging` and `production` by default, created by a trigger with the tenant, so no
 * path that creates a tenant can forget them); exactly one of them is the **release target**, where a version approved
 * in its draft review is deployed (production by default: a tenant that never touches environments works as before).
 *
 * A deployment puts a model's version in effect in one environment from `effective_from` (until `effective_until`, when
 * set). Which version is in effect at an instant is computed from the deployments themselves — the latest one started
 * at or before it that has not ended, or under `on_deployment_end = 'refuse'` none once the latest has ended — never
 * from a status a timer sets, so a switch is exact to the microsecond and an as-of question has one answer. Statuses
 * (`active`, `superseded`, `ended`) follow the switches for people and events. Promotions waiting for their review or
 * their instant may not start at the same instant in one environment, and two such windows with an end may not
 * overlap (the exclusion constraint: a bounded window inside another would be read two ways); a later start simply
 * supersedes an open-ended one. Two deployments of one environment never start at the same instant.
 *
 * Today's published versions become the production deployments (kind `migration`). Keys and OAuth clients may be
 * pinned to one environment; scenarios and decision instances record the environment they resolved through. The
 * resolution is kept in the API processes' memory on the cache feed (topic `model`, like a model's head).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create extension if not exists btree_gist`);
  await knex.raw(`
    -- An id like core/ids.ts mints (a prefix and a lower-case ULID), for rows the database creates itself.
    create function new_prefixed_id(prefix text) returns text
      language plpgsql volatile as $$
    declare
      alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
      ms bigint := floor(extract(epoch from clock_timestamp()) * 1000);
      random_bytes bytea := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
      result text := '';
    begin
      for i in reverse 9..0 loop
        result := result || substr(alphabet, ((ms >> (5 * i)) & 31)::int + 1, 1);
      end loop;
      for i in 0..15 loop
        result := result || substr(alphabet, (get_byte(random_bytes, i) & 31) + 1, 1);
      end loop;
      return prefix || '_' || result;
    end $$;
    create table environments (
      id text primary key,
      tenant_id text not null references tenants(id) on delete cascade,
      name text not null check (name ~ '^[a-z][a-z0-9_-]{0,39}$'),
      description text,
      position integer not null check (position between 1 and 1000),
      requires_review boolean not null,
      requires_previous boolean not null default false,
      release_target boolean not null default false,
      approval_policy_id text,
      on_deployment_end text not null default 'fall_back' check (on_deployment_end in ('fall_back', 'refuse')),
      status text not null default 'active' check (status in ('active', 'archived')),
      created_by jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      archived_at timestamptz,
      unique (tenant_id, name),
      unique (tenant_id, id)
    );
    create unique index environments_one_release_target on environments (tenant_id) where release_target;
    create unique index environments_position on environments (tenant_id, position) where status = 'active';

    create function create_default_environments() returns trigger
      language plpgsql security definer set search_path from current as $$
    begin
      insert into environments (id, tenant_id, name, description, position, requires_review, requires_previous,
                                 release_target)
      values
        (new_prefixed_id('env'), new.id, 'staging', 'Where integrations try versions before production.', 1,
         false, false, false),
        (new_prefixed_id('env'), new.id, 'production', 'What callers naming no environment get.', 2,
         true, true, true);
      return null;
    end $$;
    create trigger tenants_default_environments after insert on tenants
      for each row execute function create_default_environments();
    insert into environments (id, tenant_id, name, description, position, requires_review, requires_previous,
                              release_target)
    select new_prefixed_id('env'), t.id, 'staging', 'Where integrations try versions before production.', 1,
           false, false, false from tenants t
    union all
    select new_prefixed_id('env'), t.id, 'production', 'What callers naming no environment get.', 2,
           true, true, true from tenants t;

    create table model_deployments (
      id text primary key,
      tenant_id text not null references tenants(id) on delete cascade,
      model_id text not null references models(id) on delete cascade,
      environment_id text not null,
      version integer not null,
      status text not null check (status in (${DEPLOYMENT_STATUSES.map((s) => `'${s}'`).join(', ')})),
      kind text not null check (kind in (${DEPLOYMENT_KINDS.map((s) => `'${s}'`).join(', ')})),
      effective_from timestamptz,
      effective_until timestamptz,
      time_zone text,
      reason text,
      decision_id text,
      release_id text,
      requested_by jsonb not null,
      approved_by jsonb,
      approved_at timestamptz,
      activated_at timestamptz,
      ended_at timestamptz,
      cancelled_by jsonb,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (tenant_id, environment_id) references environments (tenant_id, id),
      check (effective_until is null or effective_from is null or effective_until > effective_from),
      exclude using gist (tenant_id with =, model_id with =, environment_id with =,
                          tstzrange(effective_from, effective_until, '[)') with &&)
        where (status in ('pending_review', 'scheduled') and effective_from is not null and effective_until is not null)
    );
    create unique index model_deployments_one_pending_start
      on model_deployments (tenant_id, model_id, environment_id, effective_from)
      where status in ('pending_review', 'scheduled') and effective_from is not null;
    create unique index model_deployments_one_start on model_deployments (tenant_id, model_id, environment_id, effective_from)
      where status in ('scheduled', 'active', 'superseded', 'ended');
    create index model_deployments_timeline on model_deployments (tenant_id, model_id, environment_id, effective_from desc);
    create index model_deployments_environment on model_deployments (tenant_id, environment_id, id desc);

    insert into model_deployments (id, tenant_id, model_id, environment_id, version, status, kind, effective_from,
                                   requested_by, activated_at)
    select new_prefixed_id('dpl'), m.tenant_id, m.id, e.id, m.published_version, 'active',
           'migration', coalesce(v.published_at, v.created_at), coalesce(v.updated_by, v.created_by),
           coalesce(v.published_at, v.created_at)
      from models m join model_versions v on v.tenant_id = m.tenant_id and v.model_id = m.id
                                          and v.version = m.published_version
      join environments e on e.tenant_id = m.tenant_id and e.name = 'production'
     where m.published_version is not null;

    alter table model_releases add column environment_id text;
    update model_releases r set environment_id = e.id from environments e
     where e.tenant_id = r.tenant_id and e.name = 'production';
    alter table model_releases drop constraint model_releases_kind_check;
    alter table model_releases add constraint model_releases_kind_check
      check (kind in ('review', 'rollback', 'promotion'));
    alter table model_versions drop constraint model_versions_status_check;
    alter table model_versions add constraint model_versions_status_check
      check (status in ('draft', 'in_review', 'approved', 'published', 'retired', 'rejected'));

    alter table api_keys add column environment_id text;
    alter table oauth_clients add column environment_id text;
    alter table scenarios add column environment_id text;
    alter table scenario_batches add column environment_id text;
    alter table decision_instances add column environment_id text;

  `);
  await enableTenantRowSecurity(knex, 'environments');
  await enableTenantRowSecurity(knex, 'model_deployments');
  await cacheTriggers(knex);
}

/** What the API processes keep in memory changes with these rows (db/cache-feed.ts). */
async function cacheTriggers(knex: Knex): Promise<void> {
  await knex.raw(`
    -- A deployment changes which version a model's callers get: the model's head in memory is dropped with it.
    create trigger model_deployments_cache_change after insert or update or delete on model_deployments
      for each row execute function model_cache_change();
    -- Environments are kept in memory per tenant (names, archived, what happens when a deployment ends).
    create function environment_cache_change() returns trigger
      language plpgsql security definer set search_path from current as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      perform record_cache_change('environment', changed.tenant_id);
      return null;
    end $$;
    create trigger environments_cache_change after insert or update or delete on environments
      for each row execute function environment_cache_change();
    drop trigger api_keys_cache_change on api_keys;
    create trigger api_keys_cache_change
      after update of revoked_at, secret_hash, previous_secret_hash, previous_secret_expires_at, expires_at, scopes,
        tenant_id, environment_id or delete on api_keys
      for each row execute function row_cache_change('api_key');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger api_keys_cache_change on api_keys;
    create trigger api_keys_cache_change
      after update of revoked_at, secret_hash, previous_secret_hash, previous_secret_expires_at, expires_at, scopes,
        tenant_id or delete on api_keys
      for each row execute function row_cache_change('api_key');
    drop trigger environments_cache_change on environments;
    drop function environment_cache_change();
    drop trigger model_deployments_cache_change on model_deployments;
    alter table decision_instances drop column environment_id;
    alter table scenario_batches drop column environment_id;
    alter table scenarios drop column environment_id;
    alter table oauth_clients drop column environment_id;
    alter table api_keys drop column environment_id;
    update model_versions set status = 'retired' where status = 'approved';
    alter table model_versions drop constraint model_versions_status_check;
    alter table model_versions add constraint model_versions_status_check
      check (status in ('draft', 'in_review', 'published', 'retired', 'rejected'));
    delete from model_releases where kind = 'promotion';
    alter table model_releases drop constraint model_releases_kind_check;
    alter table model_releases add constraint model_releases_kind_check check (kind in ('review', 'rollback'));
    alter table model_releases drop column environment_id;
    drop table model_deployments;
    drop trigger tenants_default_environments on tenants;
    drop function create_default_environments();
    drop table environments;
    drop function new_prefixed_id(text);
  `);
}
