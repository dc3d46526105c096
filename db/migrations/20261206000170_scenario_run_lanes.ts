import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

/**
 * Scenario runs through a tenant's run lane (SCENARIO_RUN_MODE=lane): `scenario_run_queue` holds each quick run an API
 * process stored for the lane (one row per run, gone once its outcome is stored), claimed by a lane pass for a lease;
 * `scenario_run_lanes` holds, per tenant, until when a pass is looking at the queue (`pass_until`), so a create made
 * meanwhile needs no wake-up through Temporal. A create reads the mark FOR SHARE in its transaction and a pass clears
 * it with an UPDATE, which waits for those creates: after the clear, the pass's last look sees every run whose create
 * saw the mark.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table scenario_run_queue (
      scenario_id text not null references scenarios(id) on delete cascade,
      run_number integer not null,
      tenant_id text not null references tenants(id) on delete cascade,
      enqueued_at timestamptz not null default now(),
      claimed_until timestamptz,
      primary key (scenario_id, run_number)
    );
    create index scenario_run_queue_tenant on scenario_run_queue (tenant_id, enqueued_at);
    create table scenario_run_lanes (
      tenant_id text primary key references tenants(id) on delete cascade,
      pass_until timestamptz
    );
  `);
  await enableTenantRowSecurity(knex, 'scenario_run_queue');
  await enableTenantRowSecurity(knex, 'scenario_run_lanes');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table scenario_run_queue; drop table scenario_run_lanes');
}
