import type { Knex } from 'knex';
import { runFailure } from '../../core/errors';
import { newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import { compareScenarios } from '../../decision/compare';
import type { ModelCatalogue, ModelResolution } from '../../decision/catalogue';
import type { MetricDirection, MetricValue, Note } from '../../decision/types';
import type { AuditEvent, ScenarioRecord } from '../../db/records/scenario';
import type { BatchItemRecord, ScenarioBatchRecord } from '../../db/records/scenario-batch';
import { tenantModelSource } from '../../db/repositories/decision-models';
import {
  cancelPendingItems,
  completedBatchScenarios,
  findBatch,
  finishBatch,
  lockPendingItems,
  pendingItems,
  recordChunk,
  type ItemOutcome,
} from '../../db/repositories/scenario-batches';
import { inTenantTransaction } from '../../db/tenant-scope';
import { recordEvent } from '../../db/repositories/events';
import type { RunBatchChunkInput } from '../../workflows/scenarios/contracts-batches';
import { keepHeartbeating } from '../heartbeat';
import { executeModel, inputsSha256, ModelRunError, unresolvedRunCode } from './model-execution';
import { recordRunInstances, type RanModel } from './run-instances';
import type { InstanceRecorder } from '../../db/decision-instance-recorder';

export interface BatchActivityDeps {
  db: Knex;
  logger: Logger;
  catalogue: ModelCatalogue;
  /** Where the decision instances of stored items go (as their models' recording policies say). */
  recorder?: InstanceRecorder;
}

/** Above this many completed scenarios a batch comparison summarises each metric instead of listing every value. */
export const FULL_COMPARISON_LIMIT = 20;

export function createBatchActivities(deps: BatchActivityDeps) {
  return {
    /**
     * Runs the pending items of one chunk and stores their scenarios in a single transaction with the items' new
     * status: a worker that dies mid-chunk leaves nothing behind, and the retry runs each item exactly once.
     *
     * The models run between two transactions, never inside one: a tenant model runs in the expression sandbox, which
     * may queue behind other tenants' work, and no database connection may wait on it (nor does the sandbox accept a
     * call from inside a transaction). The first transaction reads the pending items and resolves their models; the
     * second locks the items that are still pending and stores only those, so an item that a concurrent attempt (a
     * retry after a heartbeat timeout) stored meanwhile is kept as it was stored, and a batch cancelled meanwhile
     * stores nothing. Running an item twice is harmless: evaluation has no effects, only storing does.
     * It heartbeats per item, so a dead worker's chunk is retried elsewhere after the heartbeat timeout.
     */
    async runBatchChunk(input: RunBatchChunkInput): Promise<{ completed: number; failed: number }> {
      const heartbeat = keepHeartbeating<{ items_run: number }>();
      try {
        const pending = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
          const batch = await findBatch(scope, input.batchId);
          if (!batch || batch.status !== 'running') return undefined;
          const items = await pendingItems(scope, input.batchId, input.fromIndex, input.toIndex);
          const source = tenantModelSource(scope);
          const models = new Map<string, Promise<ModelResolution>>();
          for (const item of items) {
            const key = modelKey(item);
            if (!models.has(key))
              models.set(key, deps.catalogue.resolve(item.model_id, item.model_version ?? undefined, source));
          }
          const resolutions = new Map<string, ModelResolution>();
          for (const [key, resolution] of models) resolutions.set(key, await resolution);
          return { batch, items, resolutions };
        });
        if (!pending || pending.items.length === 0) return { completed: 0, failed: 0 };

        const ran = new Map<
          number,
          { scenario: Partial<ScenarioRecord>; outcome: ItemOutcome; instance: RanModel[] }
        >();
        for (const item of pending.items) {
          const resolution = pending.resolutions.get(modelKey(item)) as ModelResolution;
          ran.set(item.item_index, await runBatchItem(pending.batch, item, resolution, input.workflowId));
          heartbeat.beat({ items_run: ran.size });
        }

        const recorded: RanModel[] = [];
        const counts = await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
          const batch = await findBatch(scope, input.batchId);
          if (!batch || batch.status !== 'running') return { completed: 0, failed: 0 };
          const stillPending = await lockPendingItems(scope, input.batchId, input.fromIndex, input.toIndex);
          const stored = stillPending.flatMap((item) => {
            const result = ran.get(item.item_index);
            return result ? [result] : [];
          });
          await recordChunk(
            scope,
            input.batchId,
            stored.map((result) => result.scenario),
            stored.map((result) => result.outcome),
          );
          const completed = stored.filter((result) => result.outcome.status === 'completed').length;
          recorded.push(...stored.flatMap((result) => result.instance));
          return { completed, failed: stored.length - completed };
        });
        // The items stored here (not those another attempt stored) become decision instances, after the commit.
        await recordRunInstances(deps.recorder, input.tenantId, recorded, 'batch');
        return counts;
      } finally {
        heartbeat.stop();
      }
    },

    /** Marks what was never run as cancelled, computes the optional comparison, and closes the batch. */
    async finishScenarioBatch(input: { tenantId: string; batchId: string; cancelled: boolean }): Promise<void> {
      await inTenantTransaction(deps.db, input.tenantId, async (scope) => {
        const batch = await findBatch(scope, input.batchId, { forUpdate: true });
        if (!batch || batch.status !== 'running') return;
        const cancelledItems = await cancelPendingItems(scope, input.batchId);
        let comparison: Record<string, unknown> | null = null;
        if (batch.compare) {
          const scenarios = await completedBatchScenarios(scope, input.batchId);
          comparison = await compareBatch(scenarios, deps.catalogue, tenantModelSource(scope));
        }
        const status = input.cancelled ? 'cancelled' : 'completed';
        await finishBatch(scope, input.batchId, status, cancelledItems, comparison);
        // Batch items emit no scenario.completed each (10,000 items would be 10,000 events): one batch.completed.
        const finished = await findBatch(scope, input.batchId);
        await recordEvent(scope, 'batch.completed', {
          batch: {
            id: batch.id,
            status,
            progress: {
              total: finished?.total ?? batch.total,
              completed: finished?.completed ?? batch.completed,
              failed: finished?.failed ?? batch.failed,
              invalid: finished?.invalid ?? batch.invalid,
              cancelled: finished?.cancelled ?? batch.cancelled + cancelledItems,
            },
            completed_at: (finished?.completed_at ?? new Date()).toISOString(),
          },
        });
      });
    },
  };
}

function modelKey(item: BatchItemRecord): string {
  return `${item.model_id}@${item.model_version ?? ''}`;
}

/**
 * Runs one item on its resolved model: the scenario to store (completed or failed, with its audit trail) and the
 * item's outcome. Only a model's own failure is a failed item; anything else throws and fails the chunk.
 */
async function runBatchItem(
  batch: ScenarioBatchRecord,
  item: BatchItemRecord,
  resolution: ModelResolution,
  workflowId: string,
): Promise<{ scenario: Partial<ScenarioRecord>; outcome: ItemOutcome; instance: RanModel[] }> {
  const actor = batch.created_by;
  const receivedAt = batch.created_at.toISOString();
  const scenarioId = newId('scenario');
  const events: Array<Omit<AuditEvent, 'sequence'>> = [
    {
      event: 'received',
      at: receivedAt,
      actor,
      recorded_by: 'api',
      details: { batch_id: batch.id, item_index: item.item_index },
    },
    {
      event: 'validated',
      at: receivedAt,
      actor,
      recorded_by: 'api',
      details: { model_id: item.model_id, model_version: item.model_version },
    },
    { event: 'workflow_started', at: receivedAt, actor, recorded_by: 'worker', details: { workflow_id: workflowId } },
  ];
  let status: 'completed' | 'failed' = 'completed';
  let result: Awaited<ReturnType<typeof executeModel>>['result'] | undefined;
  let error: Record<string, unknown> | null = null;
  let durationMs = 0;
  try {
    if (!resolution.found)
      throw new ModelRunError(`Model ${item.model_id} is no longer available.`, unresolvedRunCode(resolution.reason));
    const executed = await executeModel(resolution.model, item.inputs, null, null);
    result = executed.result;
    durationMs = executed.durationMs;
    events.push({
      event: 'model_executed',
      at: new Date().toISOString(),
      actor,
      recorded_by: 'worker',
      details: {
        model_id: item.model_id,
        model_version: item.model_version,
        inputs_sha256: executed.inputsSha256,
        duration_ms: executed.durationMs,
      },
    });
  } catch (caught) {
    if (!(caught instanceof ModelRunError)) throw caught;
    status = 'failed';
    error = runFailure(caught.code, 'Model run failed', caught.message);
    events.push({
      event: 'model_failed',
      at: new Date().toISOString(),
      actor,
      recorded_by: 'worker',
      details: { code: caught.code, message: caught.message },
    });
  }
  events.push({
    event: 'result_stored',
    at: new Date().toISOString(),
    actor,
    recorded_by: 'worker',
    details: { status },
  });
  const scenario: Partial<ScenarioRecord> = {
    id: scenarioId,
    name: item.name,
    description: null,
    tags: item.tags,
    model_id: item.model_id,
    model_version: item.model_version ?? '',
    status,
    run_number: 1,
    inputs: item.inputs,
    uncertainty: null,
    simulation: null,
    metrics: result?.metrics ?? null,
    decision_structure: (result?.decision_structure as unknown as Record<string, unknown>) ?? null,
    notes: (result?.notes ?? []) as Note[],
    audit_trail: events.map((event, index) => ({ sequence: index + 1, ...event })),
    error,
    inputs_sha256: inputsSha256(item.inputs),
    workflow_id: workflowId,
    run_id: null,
    batch_id: batch.id,
    environment_id: batch.environment_id ?? null,
    created_by: actor,
    run_by: actor,
    completed_at: new Date(),
  };
  // What its decision instance records, when its model's policy keeps it (nothing ran for a model that did not resolve).
  const instance: RanModel[] = resolution.found
    ? [
        {
          model: resolution.model,
          inputs: item.inputs,
          caller: actor,
          correlationId: scenarioId,
          environmentId: batch.environment_id ?? null,
          outcome: result
            ? { ok: true, outputs: result.metrics, hits: result.hits }
            : { ok: false, message: String((error as { detail?: string } | null)?.detail ?? 'failed') },
          durationMs,
        },
      ]
    : [];
  return { scenario, outcome: { itemIndex: item.item_index, status, scenarioId }, instance };
}

async function compareBatch(
  scenarios: ScenarioRecord[],
  catalogue: ModelCatalogue,
  source: ReturnType<typeof tenantModelSource>,
): Promise<Record<string, unknown> | null> {
  if (scenarios.length < 2) return null;
  const directions = new Map<string, Record<string, MetricDirection>>();
  for (const scenario of scenarios) {
    const key = `${scenario.model_id}@${scenario.model_version}`;
    if (directions.has(key)) continue;
    const resolution = await catalogue.resolve(scenario.model_id, scenario.model_version, source);
    directions.set(key, resolution.found ? resolution.model.metricDirections : {});
  }
  const comparable = scenarios.map((s) => ({
    id: s.id,
    model_id: s.model_id,
    metrics: (s.metrics ?? {}) as Record<string, MetricValue>,
    directions: directions.get(`${s.model_id}@${s.model_version}`) ?? {},
  }));
  const full = compareScenarios(comparable, comparable[0]?.id as string);
  if (scenarios.length <= FULL_COMPARISON_LIMIT) return { mode: 'full', ...full };
  // Thousands of scenarios: per metric the range, the mean and the best scenarios, not every value.
  return {
    mode: 'summary',
    baseline_id: full.baseline_id,
    scenario_count: scenarios.length,
    not_comparable: full.not_comparable,
    metrics: full.metrics.map((m) => {
      const numbers = Object.values(m.values).filter((v): v is number => typeof v === 'number');
      return {
        metric: m.metric,
        direction: m.direction,
        min: numbers.length ? Math.min(...numbers) : null,
        max: numbers.length ? Math.max(...numbers) : null,
        mean: numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null,
        best: m.best ? m.best.slice(0, 10) : null,
        best_count: m.best ? m.best.length : 0,
      };
    }),
  };
}
