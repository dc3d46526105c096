import type { Knex } from 'knex';
import type { Model, PartialModelObject, QueryBuilderType } from 'objection';
import { runInsideTransaction } from '../core/work-scope';
import { markIdempotentWorkCommitted } from './idempotent-work';

/** Postgres role that every tenant transaction switches to; row-level security policies apply to it. */
export const TENANT_ROLE = 'dms_tenant';

/**
 * A transaction bound to one tenant. Every tenant-owned query goes through `scoped()`/`insertScoped()` below,
 * the one place that adds `tenant_id`; the transaction also sets `app.tenant_id` and switches to the
 * non-owner role, so Postgres row-level security refuses other tenants' rows even if a query forgot the filter.
 */
export interface TenantScope {
  readonly trx: Knex.Transaction;
  readonly tenantId: string;
}

export async function inTenantTransaction<T>(
  knex: Knex,
  tenantId: string,
  work: (scope: TenantScope) => Promise<T>,
  /** E.g. `{ isolationLevel: 'repeatable read', readOnly: true }` for a long read that must see one snapshot. */
  config?: Pick<Knex.TransactionConfig, 'isolationLevel' | 'readOnly'>,
): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw(`select set_config('app.tenant_id', ?, true), set_config('role', '${TENANT_ROLE}', true)`, [
      tenantId,
    ]);
    // Marked, so slow waits that must not hold a pooled connection (the expression sandbox) can refuse to run here.
    const result = await runInsideTransaction(() => work({ trx, tenantId }));
    // Inside a request holding an Idempotency-Key: the claim records, in this commit, that the work happened.
    if (!config?.readOnly) await markIdempotentWorkCommitted(trx, tenantId);
    return result;
  }, config);
}

/**
 * Binds an open transaction to a tenant from here on (its `app.tenant_id` and the non-owner role), for work that must
 * first touch rows outside any tenant (a person's password) in the same transaction as the tenant's own.
 */
export async function enterTenantScope(trx: Knex.Transaction, tenantId: string): Promise<TenantScope> {
  await trx.raw(`select set_config('app.tenant_id', ?, true), set_config('role', '${TENANT_ROLE}', true)`, [tenantId]);
  return { trx, tenantId };
}

/** A query on a tenant-owned table, already filtered to the scope's tenant. */
export function scoped<M extends typeof Model>(scope: TenantScope, model: M): QueryBuilderType<InstanceType<M>> {
  return model.query(scope.trx).where(`${model.tableName}.tenant_id`, scope.tenantId) as QueryBuilderType<
    InstanceType<M>
  >;
}

/** Inserts rows owned by the scope's tenant; the tenant id is never taken from the caller. */
export async function insertScoped<M extends typeof Model>(
  scope: TenantScope,
  model: M,
  row: Omit<PartialModelObject<InstanceType<M>>, 'tenant_id'>,
): Promise<InstanceType<M>> {
  const inserted = await model
    .query(scope.trx)
    .insert({ ...row, tenant_id: scope.tenantId } as PartialModelObject<InstanceType<M>>)
    .returning('*');
  return inserted as unknown as InstanceType<M>;
}
