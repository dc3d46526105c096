import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Decision instances: one row per recorded evaluation (db/decision-instance-recorder.ts), partitioned by the day each
 * row expires (`expires_on`, its evaluation day plus the tenant's retention at the time it was written) in monthly
 * ranges, so retention is dropping a month whose every row has expired, whatever the tenants' retentions are
 * (worker/instance-retention.ts creates the coming months' partitions ahead and drops the expired ones). Months, not
 * weeks: a search reads every partition (none of its filters is the expiry), so there are few (13 for a year). Rows of a model
 * under a legal hold are moved into `decision_instances_held` (expires_on 9999-12-31) before a drop and come back
 * under retention when the hold is lifted.
 *
 * Ids are ULIDs minted at evaluation time, so ranges of ids are ranges of time: the indexes order by id and the
 * search's `from`/`to` are id bounds; the primary key (id first) finds one by id. `hit_keys` (`node:rule` and `node:branch`) is what `rule=` searches, through GIN.
 * `decision_rule_hits` holds per model version and hour the evaluations recorded and the hits of each rule and switch
 * branch, written in the same transaction as the instances it counts (the rule-hit analytics read it, never the
 * instances). Models and the tenant's model settings gain the recording policy; models a legal hold; replays a
 * source (live runs or recorded instances).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table models add column recording jsonb, add column legal_hold jsonb;
    -- A replay's inputs: the model's stored live runs, or its recorded decision instances (then scenario_ids holds
    -- instance ids).
    alter table model_replays add column source text not null default 'scenarios'
      check (source in ('scenarios', 'instances'));
    alter table model_settings add column recording jsonb,
      add column decision_instance_retention_days integer
        check (decision_instance_retention_days between 1 and 3650);
    -- The tenant's default recording policy is kept in the API processes' memory like a model's head (db/cache-feed.ts).
    create function model_settings_cache_change() returns trigger
      language plpgsql security definer set search_path from current as $$
    begin
      perform record_cache_change('model_settings', new.tenant_id);
      return null;
    end $$;
    create trigger model_settings_cache_change after insert or update on model_settings
      for each row execute function model_settings_cache_change();

    create table decision_instances (
      id text not null,
      tenant_id text not null,
      model_id text not null,
      version text not null,
      format text not null check (format in ('jdm', 'dmn', 'builtin')),
      source text not null check (source in ('evaluate', 'scenario', 'batch', 'test')),
      caller jsonb not null,
      idempotency_key text,
      correlation_id text,
      inputs jsonb,
      inputs_sha256 text not null,
      outputs jsonb,
      hits jsonb not null default '[]',
      hit_keys text[] not null default '{}',
      status text not null check (status in ('succeeded', 'failed')),
      error jsonb,
      duration_ms double precision not null,
      evaluated_at timestamptz not null,
      expires_on date not null,
      receipt text,
      primary key (id, expires_on)
    ) partition by range (expires_on);
    create table decision_instances_held partition of decision_instances for values from ('9999-01-01') to (maxvalue);
    create index decision_instances_by_version on decision_instances (tenant_id, model_id, version, id);
    create index decision_instances_by_correlation on decision_instances (tenant_id, correlation_id, id)
      where correlation_id is not null;
    create index decision_instances_by_hit on decision_instances using gin (hit_keys);

    create table decision_rule_hits (
      tenant_id text not null references tenants(id) on delete cascade,
      model_id text not null,
      version text not null,
      hour timestamptz not null,
      kind text not null check (kind in ('evaluations', 'rule', 'branch')),
      node_id text not null default '',
      rule text not null default '',
      hits bigint not null,
      primary key (tenant_id, model_id, version, hour, kind, node_id, rule)
    );
  `);
  await enableTenantRowSecurity(knex, 'decision_instances');
  await enableTenantRowSecurity(knex, 'decision_rule_hits');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table decision_rule_hits;
    drop table decision_instances;
    drop trigger model_settings_cache_change on model_settings;
    drop function model_settings_cache_change();
    alter table model_settings drop column recording, drop column decision_instance_retention_days;
    alter table models drop column recording, drop column legal_hold;
    alter table model_replays drop column source;
  `);
}
