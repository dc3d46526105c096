import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * A member's delegation of their approval steps while they are away (api/administration/README.md, Delegations): at
 * most one per member, to another member of the same tenant, for `[starts_at, ends_at)`. The approval use cases read
 * it when someone acts, so the workflow never needs to know about it. Removing either member removes the delegation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table member_delegations (
      tenant_id text not null references tenants(id) on delete cascade,
      member_id text not null,
      delegate_id text not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      reason text,
      created_by jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (tenant_id, member_id),
      foreign key (tenant_id, member_id) references memberships (tenant_id, id) on delete cascade,
      foreign key (tenant_id, delegate_id) references memberships (tenant_id, id) on delete cascade,
      check (delegate_id <> member_id),
      check (ends_at > starts_at)
    );
    create index member_delegations_delegate on member_delegations (tenant_id, delegate_id, ends_at);
  `);
  await enableTenantRowSecurity(knex, 'member_delegations');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('member_delegations');
}
