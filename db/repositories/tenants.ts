import type { Knex } from 'knex';
import { newId } from '../../core/ids';
import type { Plan } from '../../core/plans';
import { TenantRecord } from '../records/tenant';
import type { TenantScope } from '../tenant-scope';

export interface NewTenant {
  name: string;
  plan: Plan;
  rateLimitPerMinute?: number | undefined;
  rateLimitPerDay?: number | undefined;
}

/** Tenants are managed by operators (the admin CLI), outside any tenant's scope. */
export async function createTenant(db: Knex, input: NewTenant): Promise<TenantRecord> {
  const enterprise = input.plan === 'enterprise';
  const tenant = (await TenantRecord.query(db)
    .insert({
      id: newId('tenant'),
      name: input.name,
      plan: input.plan,
      rate_limit_per_minute: enterprise ? (input.rateLimitPerMinute ?? null) : null,
      rate_limit_per_day: enterprise ? (input.rateLimitPerDay ?? null) : null,
    })
    .returning('*')) as unknown as TenantRecord;
  return tenant;
}

export async function findTenant(db: Knex, id: string): Promise<TenantRecord | undefined> {
  return TenantRecord.query(db).findById(id);
}

/** A tenant's dedicated host (null: none) and whether its shared host still answers it. */
export async function findTenantEndpoint(
  db: Knex,
  id: string,
): Promise<{ dedicated_host: string | null; shared_host_open: boolean } | undefined> {
  return db('tenants')
    .where({ id })
    .first<{ dedicated_host: string | null; shared_host_open: boolean } | undefined>(
      'dedicated_host',
      'shared_host_open',
    );
}

/** The tenant (other than `exceptTenantId`) whose dedicated endpoint `host` already is, if any. */
export async function findTenantByDedicatedHost(
  db: Knex,
  host: string,
  exceptTenantId: string,
): Promise<{ id: string } | undefined> {
  return db('tenants').where({ dedicated_host: host }).whereNot({ id: exceptTenantId }).first('id');
}

/** Where a tenant's work runs, and when that last changed (undefined: no such tenant). */
export async function findTenantWorkers(
  db: Knex,
  id: string,
): Promise<{ workers: TenantWorkers; workers_changed_at: Date | null } | undefined> {
  return db('tenants')
    .where({ id })
    .first<{ workers: TenantWorkers; workers_changed_at: Date | null } | undefined>('workers', 'workers_changed_at');
}

/** Every enterprise tenant with its endpoint and workers, by name. */
export async function listEnterpriseTenants(
  db: Knex,
): Promise<
  Array<{ id: string; name: string; dedicated_host: string | null; shared_host_open: boolean; workers: TenantWorkers }>
> {
  return db('tenants').where({ plan: 'enterprise' }).orderBy('name').select<
    Array<{
      id: string;
      name: string;
      dedicated_host: string | null;
      shared_host_open: boolean;
      workers: TenantWorkers;
    }>
  >('id', 'name', 'dedicated_host', 'shared_host_open', 'workers');
}

/** The tenant's name (undefined: no such tenant). */
export async function findTenantName(db: Knex | Knex.Transaction, id: string): Promise<string | undefined> {
  return ((await db('tenants').where('id', id).first('name')) as { name: string } | undefined)?.name;
}

export async function findTenantByName(db: Knex, name: string): Promise<TenantRecord | undefined> {
  return TenantRecord.query(db).where('name', name).orderBy('id').first();
}

/** Every tenant's id, for operator commands that visit each tenant in turn. */
export async function listTenantIds(db: Knex): Promise<string[]> {
  return (await TenantRecord.query(db).select('id').orderBy('id')).map((tenant) => tenant.id);
}

export interface DedicatedEndpoint {
  tenantId: string;
  host: string;
  /** Whether the shared host still answers for the tenant (the migration window). */
  sharedHostOpen: boolean;
}

/** Every tenant's dedicated endpoint, for the API's host check. */
export async function listDedicatedEndpoints(db: Knex): Promise<DedicatedEndpoint[]> {
  const rows = await db('tenants')
    .whereNotNull('dedicated_host')
    .select<Array<{ id: string; dedicated_host: string; shared_host_open: boolean }>>(
      'id',
      'dedicated_host',
      'shared_host_open',
    );
  return rows.map((row) => ({ tenantId: row.id, host: row.dedicated_host, sharedHostOpen: row.shared_host_open }));
}

/** Gives a tenant a dedicated host (null removes it, reopening the shared host) or opens or closes the shared host. */
export async function setDedicatedEndpoint(
  db: Knex | Knex.Transaction,
  tenantId: string,
  change: { host?: string | null; sharedHostOpen?: boolean },
): Promise<{ host: string | null; sharedHostOpen: boolean }> {
  const update: Record<string, unknown> = {};
  if (change.host !== undefined) update.dedicated_host = change.host;
  if (change.host === null) update.shared_host_open = true;
  else if (change.sharedHostOpen !== undefined) update.shared_host_open = change.sharedHostOpen;
  const [row] = await db('tenants')
    .where({ id: tenantId })
    .update(update)
    .returning<Array<{ dedicated_host: string | null; shared_host_open: boolean }>>([
      'dedicated_host',
      'shared_host_open',
    ]);
  return { host: row?.dedicated_host ?? null, sharedHostOpen: row?.shared_host_open ?? true };
}

import type { TenantWorkers } from '../../workflows/contracts/task-queues';

export type { TenantWorkers };

/** The tenants whose work runs on task queues of their own (orchestration/task-queues.ts). */
export async function listTenantsWithDedicatedWorkers(db: Knex): Promise<string[]> {
  return (await db('tenants').where('workers', 'dedicated').select<Array<{ id: string }>>('id')).map((row) => row.id);
}

/** Moves a tenant's new work to its own task queues or back to the shared ones; answers the previous placement. */
export async function setTenantWorkers(
  trx: Knex.Transaction,
  tenantId: string,
  workers: TenantWorkers,
): Promise<{ previous: TenantWorkers; changedAt: Date }> {
  const [before] = await trx('tenants')
    .where({ id: tenantId })
    .forUpdate()
    .select<Array<{ workers: TenantWorkers }>>('workers');
  const [row] = await trx('tenants')
    .where({ id: tenantId })
    .update({ workers, workers_changed_at: trx.fn.now() })
    .returning<Array<{ workers_changed_at: Date }>>(['workers_changed_at']);
  return { previous: before?.workers ?? 'shared', changedAt: row?.workers_changed_at ?? new Date() };
}

/** Where the scope's tenant's work now runs, read in its own transaction (lane passes follow a move with it). */
export async function tenantWorkersOf(scope: TenantScope): Promise<TenantWorkers> {
  const row = await scope
    .trx('tenants')
    .where({ id: scope.tenantId })
    .first<{ workers: TenantWorkers } | undefined>('workers');
  return row?.workers ?? 'shared';
}

export interface TenantToRelocate {
  id: string;
  workers: TenantWorkers;
  /** The database's clock when this was read: recorded as the sweep's start once it is done. */
  sweepStartedAt: Date;
}

/**
 * Tenants whose workers moved and whose approvals have not been swept since every process's placement cache
 * (`settleSeconds`) ran out after the move: an approval started on the old queue until then is still found.
 */
export async function tenantsWithApprovalsToRelocate(
  db: Knex,
  settleSeconds: number,
  limit: number,
  tenantIds?: readonly string[],
): Promise<TenantToRelocate[]> {
  const query = db('tenants')
    .whereNotNull('workers_changed_at')
    .where((q) =>
      q
        .whereNull('approvals_relocated_at')
        .orWhereRaw('approvals_relocated_at < workers_changed_at + make_interval(secs => ?)', [settleSeconds]),
    )
    .orderBy('workers_changed_at')
    .limit(limit)
    .select<Array<{ id: string; workers: TenantWorkers; now: Date }>>('id', 'workers', db.raw('now() as now'));
  if (tenantIds) query.whereIn('id', tenantIds);
  return (await query).map((row) => ({ id: row.id, workers: row.workers, sweepStartedAt: row.now }));
}

/** A sweep that began at `sweepStartedAt` asked every approval it found to follow the tenant. */
export async function markApprovalsRelocated(db: Knex, tenantId: string, sweepStartedAt: Date): Promise<void> {
  await db('tenants').where({ id: tenantId }).update({ approvals_relocated_at: sweepStartedAt });
}
