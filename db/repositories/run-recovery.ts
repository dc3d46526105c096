import type { Knex } from 'knex';

/** A stored run that should have a workflow by now: a scenario's current run, or a batch. */
export interface RunAwaitingWorkflow {
  kind: 'scenario' | 'scenario_batch';
  id: string;
  tenant_id: string;
  workflow_id: string;
  /** Scenarios: the current run's number; batches: the item count. */
  run_number: number;
  total: number;
  /** Scenarios: whether the run is a simulation (it goes to the worker's queue). */
  simulated: boolean;
}

/**
 * Runs still marked running whose last change is older than `graceSeconds`, oldest first, across tenants (the worker
 * works as the table owner). Scenarios of a batch are the batch workflow's to start, not this sweep's.
 */
export async function findRunsAwaitingWorkflow(
  db: Knex,
  graceSeconds: number,
  limit: number,
  tenantIds?: readonly string[],
): Promise<RunAwaitingWorkflow[]> {
  if (tenantIds && tenantIds.length === 0) return [];
  const tenantFilter = tenantIds ? 'and tenant_id = any(:tenantIds)' : '';
  const bindings = { grace: graceSeconds, limit, tenantIds: tenantIds ? [...tenantIds] : [] };
  const scenarios = await db.raw<{ rows: RunAwaitingWorkflow[] }>(
    `select 'scenario' as kind, id, tenant_id, workflow_id, run_number, 0 as total, simulation is not null as simulated from scenarios
      where status = 'running' and deleted_at is null and batch_id is null and workflow_id is not null
        and updated_at < now() - make_interval(secs => :grace) ${tenantFilter}
      order by updated_at limit :limit`,
    bindings,
  );
  const batches = await db.raw<{ rows: RunAwaitingWorkflow[] }>(
    `select 'scenario_batch' as kind, id, tenant_id, workflow_id, 0 as run_number, total, false as simulated from scenario_batches
      where status = 'running' and created_at < now() - make_interval(secs => :grace) ${tenantFilter}
      order by created_at limit :limit`,
    bindings,
  );
  return [...scenarios.rows, ...batches.rows];
}
