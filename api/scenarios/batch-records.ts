// What the batch use cases share: loading a batch (or 404) and presenting it with its items.
import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { toIso } from '../../core/time';
import type { ScenarioBatchRecord } from '../../db/records/scenario-batch';
import { findBatch, listBatchItems } from '../../db/repositories/scenario-batches';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { ScenarioBatchUseCaseDeps } from './deps';

/** In `scope` when given (inside the transaction that stored the batch), else in a transaction of its own. */
export async function presentBatch(
  { db }: ScenarioBatchUseCaseDeps,
  tenantId: string,
  batch: ScenarioBatchRecord,
  scope?: TenantScope,
) {
  const items = scope
    ? await listBatchItems(scope, batch.id)
    : await inTenantTransaction(db, tenantId, (own) => listBatchItems(own, batch.id));
  const done = batch.completed + batch.failed;
  return {
    id: batch.id,
    object: 'scenario_batch' as const,
    status: batch.status,
    environment_id: batch.environment_id ?? null,
    progress: {
      total: batch.total,
      done,
      completed: batch.completed,
      failed: batch.failed,
      invalid: batch.invalid,
      cancelled: batch.cancelled,
      pending: batch.total - batch.invalid - done - batch.cancelled,
    },
    scenario_ids: items.filter((item) => item.scenario_id !== null).map((item) => item.scenario_id as string),
    invalid_items: items
      .filter((item) => item.status === 'invalid')
      .map((item) => ({ index: item.item_index, errors: item.errors ?? [] })),
    comparison: batch.comparison,
    workflow_id: batch.workflow_id,
    created_by: batch.created_by,
    created_at: batch.created_at.toISOString(),
    updated_at: batch.updated_at.toISOString(),
    completed_at: toIso(batch.completed_at),
  };
}

export async function requireBatch({ db }: ScenarioBatchUseCaseDeps, tenantId: string, id: string) {
  const batch = isIdOf('batch', id)
    ? await inTenantTransaction(db, tenantId, (scope) => findBatch(scope, id))
    : undefined;
  if (!batch) throw notFound('batch', id);
  return batch;
}
