import { ScenarioRecord } from '../records/scenario';
import { BatchItemRecord, ScenarioBatchRecord, type BatchStatus } from '../records/scenario-batch';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

const INSERT_CHUNK = 1000;

export async function createBatch(
  scope: TenantScope,
  batch: Pick<ScenarioBatchRecord, 'id' | 'status' | 'total' | 'invalid' | 'compare' | 'workflow_id' | 'created_by'> &
    Partial<Pick<ScenarioBatchRecord, 'environment_id'>>,
  items: Array<Omit<BatchItemRecord, 'tenant_id' | 'batch_id' | keyof import('objection').Model>>,
): Promise<ScenarioBatchRecord> {
  const record = await insertScoped(scope, ScenarioBatchRecord, batch);
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    const rows = items
      .slice(start, start + INSERT_CHUNK)
      .map((item) => ({ ...item, batch_id: batch.id, tenant_id: scope.tenantId }));
    await BatchItemRecord.query(scope.trx).insert(rows as Partial<BatchItemRecord>[]);
  }
  return record;
}

export async function findBatch(scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) {
  const query = scoped(scope, ScenarioBatchRecord).where('scenario_batches.id', id);
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as ScenarioBatchRecord | undefined;
}

function pendingItemsQuery(scope: TenantScope, batchId: string, fromIndex: number, toIndex: number) {
  return scoped(scope, BatchItemRecord)
    .where('batch_id', batchId)
    .where('item_index', '>=', fromIndex)
    .where('item_index', '<', toIndex)
    .where('status', 'pending')
    .orderBy('item_index');
}

/** The chunk's items still to run, read without a lock (the models run after this transaction ends). */
export async function pendingItems(scope: TenantScope, batchId: string, fromIndex: number, toIndex: number) {
  return (await pendingItemsQuery(scope, batchId, fromIndex, toIndex)) as BatchItemRecord[];
}

/** The chunk's items still pending, locked until the caller's transaction ends: only these may be stored. */
export async function lockPendingItems(scope: TenantScope, batchId: string, fromIndex: number, toIndex: number) {
  return (await pendingItemsQuery(scope, batchId, fromIndex, toIndex).forUpdate()) as BatchItemRecord[];
}

export interface ItemOutcome {
  itemIndex: number;
  status: 'completed' | 'failed';
  scenarioId: string;
}

/** Stores a chunk's scenarios and marks its items done, with the batch counters, all in the caller's transaction. */
export async function recordChunk(
  scope: TenantScope,
  batchId: string,
  scenarios: Partial<ScenarioRecord>[],
  outcomes: ItemOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  for (let start = 0; start < scenarios.length; start += INSERT_CHUNK) {
    const rows = scenarios.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, tenant_id: scope.tenantId }));
    await ScenarioRecord.query(scope.trx).insert(rows);
  }
  await scope.trx.raw(
    `update scenario_batch_items as i set status = v.status, scenario_id = v.scenario_id
       from jsonb_to_recordset(?::jsonb) as v(item_index int, status text, scenario_id text)
      where i.tenant_id = ? and i.batch_id = ? and i.item_index = v.item_index`,
    [
      JSON.stringify(outcomes.map((o) => ({ item_index: o.itemIndex, status: o.status, scenario_id: o.scenarioId }))),
      scope.tenantId,
      batchId,
    ],
  );
  const completed = outcomes.filter((o) => o.status === 'completed').length;
  await scoped(scope, ScenarioBatchRecord)
    .where('scenario_batches.id', batchId)
    .patch({
      completed: ScenarioBatchRecord.raw('completed + ?', [completed]),
      failed: ScenarioBatchRecord.raw('failed + ?', [outcomes.length - completed]),
      updated_at: new Date(),
    } as unknown as Partial<ScenarioBatchRecord>);
}

export async function cancelPendingItems(scope: TenantScope, batchId: string): Promise<number> {
  return scoped(scope, BatchItemRecord)
    .where({ batch_id: batchId, status: 'pending' })
    .patch({ status: 'cancelled' } as Partial<BatchItemRecord>);
}

export async function finishBatch(
  scope: TenantScope,
  batchId: string,
  status: BatchStatus,
  cancelledItems: number,
  comparison: Record<string, unknown> | null,
): Promise<void> {
  await scoped(scope, ScenarioBatchRecord)
    .where('scenario_batches.id', batchId)
    .patch({
      status,
      cancelled: ScenarioBatchRecord.raw('cancelled + ?', [cancelledItems]),
      comparison,
      completed_at: new Date(),
      updated_at: new Date(),
    } as unknown as Partial<ScenarioBatchRecord>);
}

export async function listBatchItems(scope: TenantScope, batchId: string, options: { status?: string } = {}) {
  const query = scoped(scope, BatchItemRecord).where('batch_id', batchId).orderBy('item_index');
  if (options.status) query.where('status', options.status);
  return (await query) as BatchItemRecord[];
}

export async function completedBatchScenarios(scope: TenantScope, batchId: string): Promise<ScenarioRecord[]> {
  return (await scoped(scope, ScenarioRecord)
    .where({ batch_id: batchId, status: 'completed' })
    .whereNull('deleted_at')
    .select('id', 'model_id', 'model_version', 'metrics')
    .orderBy('id')) as ScenarioRecord[];
}

/** Removes a batch outright: only to undo a create whose workflow could not be started. */
export async function deleteUnstartedBatch(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, ScenarioBatchRecord).where('scenario_batches.id', id).delete();
}
