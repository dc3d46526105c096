import { batchFinished } from '../../core/errors';
import { toIso } from '../../core/time';
import type { RequestContext } from '../context';
import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import { AppError, notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { Config } from '../../core/config';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import type { RunnableModel } from '../../decision/catalogue';
import type { ScenarioBatchRecord } from '../../db/records/scenario-batch';
import { createBatch, deleteUnstartedBatch, findBatch, listBatchItems } from '../../db/repositories/scenario-batches';
import { acceptedHeaders, recordIdempotentOutcome } from '../../db/idempotent-work';
import { consumeUsage, refundUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { createScenarioBatches, scenarioBatchWorkflowId } from './start-batches';
import type { ModelService } from '../models/service';
import type { TaskQueues } from '../../orchestration/task-queues';

export interface BatchCreate {
  items: Array<{ model_id: string; model_version?: string; inputs: Record<string, unknown>; name?: string; tags?: string[] }>;
  compare?: boolean;
}

export function createScenarioBatchService(deps: { db: Knex; temporal: Client; taskQueues: TaskQueues; config: Config; models: ModelService; logger: Logger }) {
  const { db, models } = deps;
  const workflows = createScenarioBatches(deps);

  /** In `scope` when given (inside the transaction that stored the batch), else in a transaction of its own. */
  async function present(tenantId: string, batch: ScenarioBatchRecord, scope?: TenantScope) {
    const items = scope ? await listBatchItems(scope, batch.id) : await inTenantTransaction(db, tenantId, (own) => listBatchItems(own, batch.id));
    const done = batch.completed + batch.failed;
    return {
      id: batch.id,
      object: 'scenario_batch' as const,
      status: batch.status,
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
      invalid_items: items.filter((item) => item.status === 'invalid').map((item) => ({ index: item.item_index, errors: item.errors ?? [] })),
      comparison: batch.comparison,
      workflow_id: batch.workflow_id,
      created_by: batch.created_by,
      created_at: batch.created_at.toISOString(),
      updated_at: batch.updated_at.toISOString(),
      completed_at: toIso(batch.completed_at),
    };
  }

  const requireBatch = async (tenantId: string, id: string) => {
    const batch = isIdOf('batch', id) ? await inTenantTransaction(db, tenantId, (scope) => findBatch(scope, id)) : undefined;
    if (!batch) throw notFound('batch', id);
    return batch;
  };

  return {
    /** Validates every item up front (invalid ones are reported, never run), stores the batch, starts its workflow. */
    async create(context: RequestContext, body: BatchCreate) {
      const resolved = new Map<string, Promise<RunnableModel | FieldError>>();
      const resolveOnce = (modelId: string, version: string | undefined, index: number) => {
        const key = `${modelId}@${version ?? ''}`;
        if (!resolved.has(key)) {
          resolved.set(
            key,
            models.resolve(context.tenantId, modelId, version, { forRun: true, drafts: 'none' }).catch((error: unknown) => {
              if (error instanceof AppError && error.status === 422) {
                const first = error.extras.errors?.[0];
                return { path: first?.path ?? '/model_id', message: first?.message ?? error.detail };
              }
              throw error;
            }),
          );
        }
        return (resolved.get(key) as Promise<RunnableModel | FieldError>).then((result) =>
          'path' in result ? { ...result, path: `/items/${index}${result.path}` } : result,
        );
      };
      const items: Parameters<typeof createBatch>[2] = [];
      const allErrors: FieldError[] = [];
      for (const [index, item] of body.items.entries()) {
        const model = await resolveOnce(item.model_id, item.model_version, index);
        const base = { item_index: index, model_id: item.model_id, name: item.name ?? null, tags: item.tags ?? [], scenario_id: null };
        if ('path' in model) {
          items.push({ ...base, model_version: item.model_version ?? null, inputs: item.inputs as Record<string, string | number>, status: 'invalid' as const, errors: [model] });
          allErrors.push(model);
          continue;
        }
        const validation = model.validateInputs(item.inputs, 'scalar');
        if (!validation.valid) {
          const errors = validation.errors.map((e) => ({ path: `/items/${index}${e.path}`, message: e.message }));
          items.push({ ...base, model_version: model.version, inputs: item.inputs as Record<string, string | number>, status: 'invalid' as const, errors });
          allErrors.push(...errors);
          continue;
        }
        items.push({ ...base, model_id: model.id, model_version: model.version, inputs: validation.inputs, status: 'pending' as const, errors: null });
      }
      const invalid = items.filter((item) => item.status === 'invalid').length;
      if (invalid === items.length) throw validationFailed(allErrors, 'No item of the batch is valid; nothing was started.');

      const id = newId('batch');
      const workflowId = scenarioBatchWorkflowId(id);
      const batch = await inTenantTransaction(db, context.tenantId, async (scope) => {
        // Each valid item is a scenario run of the tenant's volume quota, counted with the batch.
        await consumeUsage(scope, 'scenario_runs', items.length - invalid);
        const created = await createBatch(
          scope,
          { id, status: 'running', total: items.length, invalid, compare: body.compare ?? false, workflow_id: workflowId, created_by: context.actor },
          items,
        );
        // A retry after this process died answers with the stored batch (the run-recovery sweep starts its workflow).
        recordIdempotentOutcome({ status: 202, body: await present(context.tenantId, created, scope), headers: acceptedHeaders(`/api/v1/scenarios/batches/${id}`) });
        return created;
      });
      await workflows.startBatch({ tenantId: context.tenantId, batchId: id, total: items.length }, () =>
        inTenantTransaction(db, context.tenantId, async (scope) => {
          await deleteUnstartedBatch(scope, id);
          await refundUsage(scope, 'scenario_runs', items.length - invalid);
        }),
      );
      return present(context.tenantId, batch);
    },

    async get({ tenantId }: RequestContext, id: string) {
      return present(tenantId, await requireBatch(tenantId, id));
    },

    async cancel({ tenantId }: RequestContext, id: string) {
      const batch = await requireBatch(tenantId, id);
      if (batch.status !== 'running') throw batchFinished(batch.status);
      await workflows.cancelBatch(batch.workflow_id);
      return present(tenantId, batch);
    },
  };
}

export type ScenarioBatchService = ReturnType<typeof createScenarioBatchService>;
