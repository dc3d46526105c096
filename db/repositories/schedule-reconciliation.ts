import type { Knex } from 'knex';
import type { IntegrationSchedule, IntegrationStatus, ScheduleStatus } from '../records/integration';
import type { TenantScope } from '../tenant-scope';

/**
 * The queries of schedule reconciliation: the desired Temporal Schedule of an integration is in its row, and these
 * record which generation of it Temporal matches. They run as the service (not in a tenant's transaction): the
 * reconciler works across tenants, like event maintenance.
 */

/** In the write's transaction: the integration's desired schedule changed; the reconciler makes Temporal follow. */
export async function requestIntegrationScheduleChange(scope: TenantScope, integrationId: string): Promise<void> {
  await scope
    .trx('integrations')
    .where({ id: integrationId, tenant_id: scope.tenantId })
    .update({
      schedule_generation: scope.trx.raw('schedule_generation + 1'),
      schedule_status: 'pending',
      schedule_error: null,
      schedule_attempts: 0,
      schedule_retry_at: null,
    });
}

export interface IntegrationScheduleTarget {
  id: string;
  tenant_id: string;
  status: IntegrationStatus;
  schedule: IntegrationSchedule | null;
  deleted_at: Date | null;
  schedule_generation: number;
  schedule_applied_generation: number;
  schedule_attempts: number;
  /** Whether the tenant's work runs on its own task queues (the schedule's action follows a move). */
  tenant_workers: 'shared' | 'dedicated';
}

/**
 * Takes the integration's reconciliation lock for the rest of the transaction (false: another process holds it). A
 * transaction-scoped advisory lock, not the row lock: the user's writes never wait for a Temporal call.
 */
export async function tryLockIntegrationSchedule(trx: Knex.Transaction, integrationId: string): Promise<boolean> {
  const result = await trx.raw<{ rows: Array<{ locked: boolean }> }>(
    `select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked`,
    [`integration_schedule:${integrationId}`],
  );
  return result.rows[0]?.locked === true;
}

/** The row as it now stands, deleted or not (a deleted row whose generation lags still needs its schedule deleted). */
export async function integrationScheduleTarget(
  trx: Knex.Transaction,
  integrationId: string,
): Promise<IntegrationScheduleTarget | undefined> {
  return (await trx('integrations')
    .join('tenants', 'tenants.id', 'integrations.tenant_id')
    .select(
      'integrations.id',
      'integrations.tenant_id',
      'integrations.status',
      'integrations.schedule',
      'integrations.deleted_at',
      'integrations.schedule_generation',
      'integrations.schedule_applied_generation',
      'integrations.schedule_attempts',
      'tenants.workers as tenant_workers',
    )
    .where('integrations.id', integrationId)
    .first()) as IntegrationScheduleTarget | undefined;
}

/**
 * In the move's transaction: every live schedule of the tenant is re-applied, so its action starts the next scheduled
 * syncs on the tenant's new task queue (a sync already running finishes where it started).
 */
export async function requestTenantSchedulesChange(trx: Knex.Transaction, tenantId: string): Promise<number> {
  return trx('integrations')
    .where({ tenant_id: tenantId })
    .whereNull('deleted_at')
    .whereNotNull('schedule')
    .update({
      schedule_generation: trx.raw('schedule_generation + 1'),
      schedule_status: 'pending',
      schedule_error: null,
      schedule_attempts: 0,
      schedule_retry_at: null,
    });
}

/** Temporal matches `generation`: recorded only if no write moved the generation on meanwhile (then it stays pending). */
export async function markIntegrationScheduleApplied(
  trx: Knex.Transaction,
  integrationId: string,
  generation: number,
): Promise<boolean> {
  const updated = await trx('integrations').where({ id: integrationId, schedule_generation: generation }).update({
    schedule_applied_generation: generation,
    schedule_status: 'synced',
    schedule_error: null,
    schedule_attempts: 0,
    schedule_retry_at: null,
  });
  return updated > 0;
}

/** An attempt failed: the error is shown, and the next attempt waits `retryInSeconds`. */
export async function markIntegrationScheduleFailed(
  trx: Knex.Transaction,
  integrationId: string,
  generation: number,
  failure: { status: Extract<ScheduleStatus, 'pending' | 'error'>; error: string; retryInSeconds: number },
): Promise<void> {
  await trx('integrations')
    .where({ id: integrationId, schedule_generation: generation })
    .update({
      schedule_status: failure.status,
      schedule_error: failure.error,
      schedule_attempts: trx.raw('schedule_attempts + 1'),
      schedule_retry_at: trx.raw(`now() + make_interval(secs => ?)`, [failure.retryInSeconds]),
    });
}

/** Integrations whose Temporal Schedule lags their row and whose back-off has passed, oldest retry first. */
export async function integrationsWithLaggingSchedules(
  db: Knex,
  limit: number,
  tenantIds?: readonly string[],
): Promise<Array<{ id: string; tenant_id: string }>> {
  if (tenantIds && tenantIds.length === 0) return [];
  const query = db('integrations')
    .select('id', 'tenant_id')
    .whereRaw('schedule_generation > schedule_applied_generation')
    .andWhere((q) => q.whereNull('schedule_retry_at').orWhere('schedule_retry_at', '<=', db.fn.now()))
    .orderByRaw('schedule_retry_at nulls first, id')
    .limit(limit);
  if (tenantIds) query.whereIn('tenant_id', tenantIds as string[]);
  return (await query) as Array<{ id: string; tenant_id: string }>;
}

/** KPIs that may still have a per-KPI Temporal Schedule from before batched evaluation. */
export async function kpisWithLegacySchedules(
  db: Knex,
  limit: number,
  tenantIds?: readonly string[],
): Promise<string[]> {
  if (tenantIds && tenantIds.length === 0) return [];
  const query = db('kpis').select('id').where('legacy_schedule', true).orderBy('id').limit(limit);
  if (tenantIds) query.whereIn('tenant_id', tenantIds as string[]);
  return ((await query) as Array<{ id: string }>).map((row) => row.id);
}

export async function clearLegacySchedule(db: Knex, kpiId: string): Promise<void> {
  await db('kpis').where({ id: kpiId }).update({ legacy_schedule: false });
}
