import type { RequestContext } from '../context';
import { AppError, validationFailed, type FieldError } from '../../core/app-error';
import { newId } from '../../core/ids';
import type { RunnableModel } from '../../decision/catalogue';
import { createBatch, deleteUnstartedBatch } from '../../db/repositories/scenario-batches';
import { acceptedHeaders, recordIdempotentOutcome } from '../../db/idempotent-work';
import { consumeUsage, refundUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { CreateBatchRequest } from '../openapi/request-types.generated';
import { presentBatch } from './batch-records';
import type { ScenarioBatchUseCaseDeps } from './deps';
import { scenarioBatchWorkflowId } from './start-batches';

/** A batch of scenario runs, as the document's CreateBatchRequest gives it. */
export type BatchCreate = CreateBatchRequest;

/** Validates every item up front (invalid ones are reported, never run), stores the batch, starts its workflow. */
export async function createScenarioBatch(deps: ScenarioBatchUseCaseDeps, context: RequestContext, body: BatchCreate) {
  const { db, models, batches } = deps;
  const environment = await models.environment(context);
  const resolved = new Map<string, Promise<RunnableModel | FieldError>>();
  const resolveOnce = (modelId: string, version: string | undefined, index: number) => {
    const key = `${modelId}@${version ?? ''}`;
    if (!resolved.has(key)) {
      resolved.set(
        key,
        models
          .resolve(context.tenantId, modelId, version, { forRun: true, drafts: 'none', environment })
          .catch((error: unknown) => {
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
    const base = {
      item_index: index,
      model_id: item.model_id,
      name: item.name ?? null,
      tags: item.tags ?? [],
      scenario_id: null,
    };
    if ('path' in model) {
      items.push({
        ...base,
        model_version: item.model_version ?? null,
        inputs: item.inputs as Record<string, string | number>,
        status: 'invalid' as const,
        errors: [model],
      });
      allErrors.push(model);
      continue;
    }
    const validation = model.validateInputs(item.inputs, 'scalar');
    if (!validation.valid) {
      const errors = validation.errors.map((e) => ({ path: `/items/${index}${e.path}`, message: e.message }));
      items.push({
        ...base,
        model_version: model.version,
        inputs: item.inputs as Record<string, string | number>,
        status: 'invalid' as const,
        errors,
      });
      allErrors.push(...errors);
      continue;
    }
    items.push({
      ...base,
      model_id: model.id,
      model_version: model.version,
      inputs: validation.inputs,
      status: 'pending' as const,
      errors: null,
    });
  }
  const invalid = items.filter((item) => item.status === 'invalid').length;
  if (invalid === items.length)
    throw validationFailed(allErrors, 'No item of the batch is valid; nothing was started.');

  const id = newId('batch');
  const workflowId = scenarioBatchWorkflowId(id);
  const batch = await inTenantTransaction(db, context.tenantId, async (scope) => {
    // Each valid item is a scenario run of the tenant's volume quota, counted with the batch.
    await consumeUsage(scope, 'scenario_runs', items.length - invalid);
    const created = await createBatch(
      scope,
      {
        id,
        status: 'running',
        total: items.length,
        invalid,
        compare: body.compare ?? false,
        environment_id: environment.id,
        workflow_id: workflowId,
        created_by: context.actor,
      },
      items,
    );
    // A retry after this process died answers with the stored batch (the run-recovery sweep starts its workflow).
    recordIdempotentOutcome({
      status: 202,
      body: await presentBatch(deps, context.tenantId, created, scope),
      headers: acceptedHeaders(`/api/v1/scenarios/batches/${id}`),
    });
    return created;
  });
  await batches.startBatch({ tenantId: context.tenantId, batchId: id, total: items.length }, () =>
    inTenantTransaction(db, context.tenantId, async (scope) => {
      await deleteUnstartedBatch(scope, id);
      await refundUsage(scope, 'scenario_runs', items.length - invalid);
    }),
  );
  return presentBatch(deps, context.tenantId, batch);
}
