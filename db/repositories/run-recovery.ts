import type { Knex } from 'knex';

/** A stored run that should have a workflow by now: a scenario's current run, a batch, or a model replay. */
export interface RunAwaitingWorkflow {
  kind: 'scenario' | 'scenario_batch' | 'model_replay';
  id: string;
  tenant_id: string;
  workflow_id: string;
  /** Scenarios: the current run's number. */
  run_number: number;
  /** Batches: the item count; replays: the runs in the snapshot. */
  total: number;
  /** Replays: the runs per batch, fixed when the replay was stored. */
  batch_size: number;
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
    `select 'scenario' as kind, id, tenant_id, workflow_id, run_number, 0 as total, 0 as batch_size, simulation is not null as simulated from scenarios
      where status = 'running' and deleted_at is null and batch_id is null and workflow_id is not null
        and updated_at < now() - make_interval(secs => :grace) ${tenantFilter}
      order by updated_at limit :limit`,
    bindings,
  );
  const batches = await db.raw<{ rows: RunAwaitingWorkflow[] }>(
    `select 'scenario_batch' as kind, id, tenant_id, workflow_id, 0 as run_number, total, 0 as batch_size, false as simulated from scenario_batches
      where status = 'running' and created_at < now() - make_interval(secs => :grace) ${tenantFilter}
      order by created_at limit :limit`,
    bindings,
  );
  // A replay stays queued until its first batch starts: one queued past the grace period may never have been started.
  const replays = await db.raw<{ rows: RunAwaitingWorkflow[] }>(
    `select 'model_replay' as kind, id, tenant_id, workflow_id, 0 as run_number, total, batch_size, false as simulated from model_replays
      where status = 'queued' and created_at < now() - make_interval(secs => :grace) ${tenantFilter}
      order by created_at limit :limit`,
    bindings,
  );
  return [...scenarios.rows, ...batches.rows, ...replays.rows];
}
