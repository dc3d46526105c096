import type { Actor } from '../../core/actor';
import { outputMetrics } from '../../decision/jdm';
import type { ReplayAggregates } from '../../decision/model-replay';
import type { ModelInputs, MetricValue } from '../../decision/types';
import { ModelReplayBatchRecord, ModelReplayRecord } from '../records/model-replay';
import { paginate, type PageRequest } from '../pagination';
import { insertScoped, scoped, type TenantScope } from '../tenant-scope';

/** What a replay's row holds apart from the snapshot, which only the worker reads (a slice at a time). */
const SUMMARY_COLUMNS = [
  'id',
  'tenant_id',
  'model_id',
  'version',
  'baseline_version',
  'status',
  'run_limit',
  'source',
  'tolerance',
  'batch_size',
  'total',
  'processed',
  'report',
  'error',
  'workflow_id',
  'created_by',
  'created_at',
  'updated_at',
  'completed_at',
];
const UNFINISHED = ['queued', 'running'];

/**
 * The live runs a replay compares: the last `limit` completed scenarios of the model that ran `version`, newest
 * completed first, leaving out draft runs and deleted scenarios.
 */
export async function latestCompletedRunIds(
  scope: TenantScope,
  modelId: string,
  version: number,
  limit: number,
): Promise<string[]> {
  const rows = (await scope
    .trx('scenarios')
    .where({
      tenant_id: scope.tenantId,
      model_id: modelId,
      model_version: String(version),
      status: 'completed',
      draft_run: false,
    })
    .whereNull('deleted_at')
    .orderBy([
      { column: 'completed_at', order: 'desc', nulls: 'last' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id')) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/**
 * The live traffic a replay from instances compares: the last `limit` recorded instances of `version` that kept their
 * inputs and succeeded, from live sources (evaluate, scenarios, batches; test runs left out), newest first.
 */
export async function latestInstanceIds(
  scope: TenantScope,
  modelId: string,
  version: number,
  limit: number,
): Promise<string[]> {
  const rows = (await scope
    .trx('decision_instances')
    .where({ tenant_id: scope.tenantId, model_id: modelId, version: String(version), status: 'succeeded' })
    .whereIn('source', ['evaluate', 'scenario', 'batch'])
    .whereNotNull('inputs')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id')) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** The inputs and outputs (as the metrics a run stores) of these instances (those still kept), by id. */
export async function storedInstances(
  scope: TenantScope,
  ids: string[],
): Promise<Map<string, { inputs: ModelInputs; metrics: Record<string, MetricValue> }>> {
  const rows = (await scope
    .trx('decision_instances')
    .where({ tenant_id: scope.tenantId })
    .whereIn('id', ids)
    .select('id', 'inputs', 'outputs')) as Array<{ id: string; inputs: ModelInputs; outputs: unknown }>;
  return new Map(rows.map((row) => [row.id, { inputs: row.inputs, metrics: outputMetrics(row.outputs ?? {}) }]));
}

export async function insertReplay(
  scope: TenantScope,
  row: Omit<Partial<ModelReplayRecord>, 'tenant_id'>,
): Promise<ModelReplayRecord> {
  return insertScoped(scope, ModelReplayRecord, row);
}

/**
 * A failed replay made again (a bulk failure retry): a new queued replay of the same version against the same baseline,
 * with the same snapshot of runs, limit, source, tolerance and batch size, by `createdBy`. Undefined when the replay is
 * not (or no longer) failed, or gone.
 */
export async function insertReplayAgain(
  scope: TenantScope,
  failedId: string,
  replay: { id: string; workflowId: string; createdBy: Actor },
): Promise<{ id: string; total: number; batch_size: number } | undefined> {
  const result = await scope.trx.raw<{ rows: Array<{ id: string; total: number; batch_size: number }> }>(
    `insert into model_replays (id, tenant_id, model_id, version, baseline_version, status, run_limit, tolerance,
       batch_size, scenario_ids, source, total, workflow_id, created_by)
     select :id, tenant_id, model_id, version, baseline_version, 'queued', run_limit, tolerance, batch_size,
       scenario_ids, source, total, :workflowId, :createdBy::jsonb
       from model_replays where tenant_id = :tenantId and id = :failedId and status = 'failed'
     returning id, total, batch_size`,
    {
      id: replay.id,
      workflowId: replay.workflowId,
      createdBy: JSON.stringify(replay.createdBy),
      tenantId: scope.tenantId,
      failedId,
    },
  );
  return result.rows[0];
}

/** Only for a start Temporal refused: the replay never ran. */
export async function deleteUnstartedReplay(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, ModelReplayRecord).where({ id, status: 'queued', processed: 0 }).delete();
}

export async function findReplay(
  scope: TenantScope,
  id: string,
  modelId?: string,
): Promise<ModelReplayRecord | undefined> {
  const query = scoped(scope, ModelReplayRecord)
    .where('model_replays.id', id)
    .select(SUMMARY_COLUMNS.map((column) => `model_replays.${column}`));
  if (modelId !== undefined) query.where('model_replays.model_id', modelId);
  return (await query.first()) as ModelReplayRecord | undefined;
}

export async function listReplays(scope: TenantScope, modelId: string, page: PageRequest) {
  const query = scoped(scope, ModelReplayRecord)
    .where('model_replays.model_id', modelId)
    .select(SUMMARY_COLUMNS.map((column) => `model_replays.${column}`));
  return paginate<ModelReplayRecord>(query, 'model_replays.id', page);
}

/** Positions [from, to) of the snapshot. */
export async function replaySnapshotSlice(scope: TenantScope, id: string, from: number, to: number): Promise<string[]> {
  const row = (await scope
    .trx('model_replays')
    .where({ tenant_id: scope.tenantId, id })
    .first(scope.trx.raw('scenario_ids[?:?] as ids', [from + 1, to]))) as { ids: string[] | null } | undefined;
  return row?.ids ?? [];
}

/** The stored inputs and outputs of these runs (those still there), by id. */
export async function storedRuns(
  scope: TenantScope,
  ids: string[],
): Promise<Map<string, { inputs: ModelInputs; metrics: Record<string, MetricValue> }>> {
  const rows = (await scope
    .trx('scenarios')
    .where({ tenant_id: scope.tenantId })
    .whereIn('id', ids)
    .whereNull('deleted_at')
    .select('id', 'inputs', 'metrics')) as Array<{
    id: string;
    inputs: ModelInputs;
    metrics: Record<string, MetricValue> | null;
  }>;
  return new Map(rows.map((row) => [row.id, { inputs: row.inputs, metrics: row.metrics ?? {} }]));
}

export async function markReplayRunning(scope: TenantScope, id: string): Promise<void> {
  await scoped(scope, ModelReplayRecord)
    .where({ id, status: 'queued' })
    .patch({ status: 'running', updated_at: new Date() });
}

export async function isBatchDone(scope: TenantScope, id: string, batchIndex: number): Promise<boolean> {
  return (
    (await scoped(scope, ModelReplayBatchRecord).where({ replay_id: id, batch_index: batchIndex }).first()) !==
    undefined
  );
}

/**
 * Records a batch's aggregates and counts its runs as processed, in one transaction: a batch recorded before (by an
 * attempt whose worker died after committing) inserts nothing and counts nothing again.
 */
export async function recordReplayBatch(
  scope: TenantScope,
  id: string,
  batchIndex: number,
  aggregates: ReplayAggregates,
): Promise<boolean> {
  const inserted = (await scope
    .trx('model_replay_batches')
    .insert({
      replay_id: id,
      tenant_id: scope.tenantId,
      batch_index: batchIndex,
      runs: aggregates.runs,
      aggregates: JSON.stringify(aggregates),
    })
    .onConflict(['replay_id', 'batch_index'])
    .ignore()
    .returning('batch_index')) as unknown[];
  if (inserted.length === 0) return false;
  await scope
    .trx('model_replays')
    .where({ tenant_id: scope.tenantId, id })
    .whereIn('status', UNFINISHED)
    .update({
      status: 'running',
      processed: scope.trx.raw('processed + ?', [aggregates.runs]),
      updated_at: new Date(),
    });
  return true;
}

/** Every batch's aggregates, in batch order (the order they merge in). */
export async function replayBatchAggregates(scope: TenantScope, id: string): Promise<ReplayAggregates[]> {
  const rows = (await scoped(scope, ModelReplayBatchRecord)
    .where({ replay_id: id })
    .orderBy('batch_index', 'asc')) as ModelReplayBatchRecord[];
  return rows.map((row) => row.aggregates);
}

export async function finishReplay(
  scope: TenantScope,
  id: string,
  outcome: Pick<ModelReplayRecord, 'status' | 'report' | 'error'>,
): Promise<void> {
  const now = new Date();
  await scoped(scope, ModelReplayRecord)
    .where({ id })
    .whereIn('status', UNFINISHED)
    .patch({ ...outcome, completed_at: now, updated_at: now });
}
