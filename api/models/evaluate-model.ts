import { validationFailed, type FieldError } from '../../core/app-error';
import { modelEvaluationFailed } from '../../core/errors';
import { findBuiltinModelById, type RunnableModel } from '../../decision/catalogue';
import { evaluateBuiltinItems, type EvaluatedItem } from '../../decision/evaluation-trace';
import type { ModelInputs } from '../../decision/types';
import { isDmnSource, type DmnSource } from '../../decision/dmn-source';
import { countUsage, uncountUsage, type RequestCounting } from '../../db/repositories/usage-quotas';
import { BudgetExceededError, budgetFieldError, PoolTaskError } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import type { EvaluateModelRequest } from '../openapi/request-types.generated';
import { callerEnvironment } from './environment-resolution';
import { resolveModel } from './resolve-model';
import { planRecording, recordEvaluations } from './instance-recording';
import type { ModelUseCaseDeps } from './deps';

export type ModelEvaluation = EvaluateModelRequest;

/** An item of a batch, answered in the request's order: its outputs (and trace), or its own error. */
type ItemResult =
  | {
      index: number;
      outputs: Record<string, unknown>;
      trace?: unknown[];
      duration_ms: number;
      instance_id?: string;
      receipt?: string;
    }
  | {
      index: number;
      error: { code: string; message: string; errors?: FieldError[]; node_id?: string; instance_id?: string };
    };

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * `POST /models/{id}/evaluate`: runs a model version (the current one unless `version` names another) on one set of
 * inputs or on a batch of up to 1,000. Inputs are checked as a scenario create checks them; the evaluation runs in the
 * expression sandbox (child processes, never the API's event loop) within one budget (EXPRESSION_BUDGET_MS) for the
 * whole request. Evaluations the model's recording policy keeps become decision instances (instance-recording.ts),
 * written off this path unless the policy (or a receipt) asks for durability.
 */
export async function evaluateModel(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  body: ModelEvaluation,
  request: { idempotencyKey?: string } = {},
) {
  const started = performance.now();
  if ((body.inputs === undefined) === (body.items === undefined)) {
    throw validationFailed([
      { path: '', message: 'must have exactly one of inputs (one evaluation) and items (a batch)' },
    ]);
  }
  if (body.as_of !== undefined && body.version !== undefined)
    throw validationFailed([
      { path: '/as_of', message: 'cannot be given with version: as_of picks the version in effect then' },
    ]);
  const environment = body.version === undefined ? await callerEnvironment(deps, context) : undefined;
  const model = await resolveModel(deps, context.tenantId, id, body.version, {
    forRun: false,
    inUrl: true,
    versionField: '/version',
    ...(environment ? { environment } : {}),
    ...(body.as_of !== undefined ? { asOf: Date.parse(body.as_of), asOfPointer: '/as_of' } : {}),
  });
  const batch = body.items !== undefined;
  const given = batch ? (body.items ?? []).map((item) => item.inputs) : [body.inputs];
  const checked = given.map((inputs, index): { inputs: ModelInputs } | { errors: FieldError[] } => {
    const validation = model.validateInputs(inputs, 'json');
    const prefix = batch ? `/items/${index}` : '';
    return validation.valid
      ? { inputs: validation.inputs }
      : { errors: validation.errors.map((e) => ({ ...e, path: `${prefix}${e.path}` })) };
  });
  const first = checked[0];
  if (!batch && first && 'errors' in first)
    throw validationFailed(first.errors, "The inputs do not match the model's input schema.");

  const valid = checked.flatMap((item, index) => ('inputs' in item ? [{ index, inputs: item.inputs }] : []));
  const plan = await planRecording(deps, context.tenantId, model, valid.length, body.receipt);
  const run = {
    trace: body.trace ?? false,
    hits: plan.recorded.some(Boolean),
    fallbackPath: batch ? '/items' : '/inputs',
    ...(body.decisions !== undefined ? { decisions: body.decisions } : {}),
  };
  // Each valid item is an evaluation of the tenant's volume quota: counted before the work (a refusal does none), and
  // taken back if the request fails as a whole (over the expression budget, say).
  // Tenants without an evaluations quota are tallied in this process and counted in blocks (api/middleware/usage-quota.ts).
  let counted: RequestCounting = 'none';
  const count = async (kind: 'consume' | 'refund') => {
    if (!deps.evaluations)
      return (kind === 'consume' ? countUsage : uncountUsage)(deps.db, context.tenantId, 'evaluations', valid.length);
    if (kind === 'consume') counted = await deps.evaluations.count(context.tenantId, valid.length);
    else await deps.evaluations.refund(context.tenantId, valid.length, counted);
  };
  if (valid.length > 0) await count('consume');
  let evaluated: EvaluatedItem[];
  try {
    evaluated =
      valid.length === 0 && body.decisions === undefined
        ? []
        : await evaluateItems(
            deps,
            model,
            valid.map((v) => v.inputs),
            run,
          );
  } catch (error) {
    if (valid.length > 0) await count('refund');
    throw error;
  }
  const recorded = await recordEvaluations(
    deps,
    { ...context, environmentId: environment?.id ?? null },
    model,
    plan,
    valid.map((v, position) => ({
      inputs: given[v.index],
      correlationId: correlationOf(body, v.index, batch),
      evaluated: evaluated[position] as EvaluatedItem,
    })),
    'evaluate',
    request.idempotencyKey,
  );
  const byIndex = new Map(
    valid.map((v, position) => [v.index, { item: evaluated[position] as EvaluatedItem, recorded: recorded[position] }]),
  );
  const results: ItemResult[] = checked.map((item, index) => {
    if ('errors' in item)
      return {
        index,
        error: {
          code: 'validation_failed',
          message: "The inputs do not match the model's input schema.",
          errors: item.errors,
        },
      };
    const { item: evaluatedItem, recorded: instance } = byIndex.get(index) as {
      item: EvaluatedItem;
      recorded: { instance_id: string; receipt?: string } | undefined;
    };
    return presentItem(index, evaluatedItem, instance);
  });

  const answer = {
    model_id: model.id,
    version: model.version,
    ...(environment ? { environment: environment.name } : {}),
  };
  if (batch)
    return {
      object: 'model_evaluation_batch' as const,
      ...answer,
      results,
      duration_ms: round(performance.now() - started),
    };
  const only = results[0] as ItemResult;
  if ('error' in only)
    throw modelEvaluationFailed(only.error.message, {
      ...(only.error.node_id !== undefined ? { node_id: only.error.node_id } : {}),
      ...(only.error.instance_id !== undefined ? { instance_id: only.error.instance_id } : {}),
    });
  const { index: _index, ...evaluation } = only;
  return {
    object: 'model_evaluation' as const,
    ...answer,
    ...evaluation,
    duration_ms: round(performance.now() - started),
  };
}

/** A batch item's own correlation id, else the request's. */
function correlationOf(body: ModelEvaluation, index: number, batch: boolean): string | null {
  return (batch ? body.items?.[index]?.correlation_id : undefined) ?? body.correlation_id ?? null;
}

function presentItem(
  index: number,
  item: EvaluatedItem,
  instance: { instance_id: string; receipt?: string } | undefined,
): ItemResult {
  if (!item.ok)
    return {
      index,
      error: {
        code: 'model_evaluation_failed',
        message: item.message,
        ...(item.node_id !== undefined ? { node_id: item.node_id } : {}),
        ...(instance ? { instance_id: instance.instance_id } : {}),
      },
    };
  return {
    index,
    outputs: item.outputs,
    ...(item.trace ? { trace: item.trace } : {}),
    duration_ms: round(item.duration_ms),
    ...(instance ?? {}),
  };
}

const ONLY_DMN = {
  path: '/decisions',
  message: 'applies to DMN models only: this model has no decisions to choose among',
};

/** The decisions a request names that the DMN model does not have: one error each, at its index. */
async function refuseUnknownDecisions(deps: ModelUseCaseDeps, key: string, source: DmnSource, decisions: string[]) {
  const known = new Set(await deps.sandbox.run('dmnDecisionNames', { key, source }));
  const unknown = decisions.flatMap((name, index) =>
    known.has(name)
      ? []
      : [
          {
            path: `/decisions/${index}`,
            message: `is not a decision of the model: ${[...known].map((n) => JSON.stringify(n)).join(', ')}`,
          },
        ],
  );
  if (unknown.length > 0) throw validationFailed(unknown, 'The request names decisions the model does not have.');
}

/** Batches of a built-in model up to this size are evaluated here (microseconds each); larger ones in the sandbox. */
const BUILTIN_IN_PROCESS_ITEMS = 100;

/**
 * Every valid item in one call to the sandbox: a tenant graph or DMN model (compiled once per sandbox process), or a
 * built-in model — our own code, not the tenant's, evaluated in this process for up to BUILTIN_IN_PROCESS_ITEMS items
 * (as the scenario runner does) and in the sandbox beyond, so a large batch does not hold the event loop.
 */
export async function evaluateItems(
  deps: ModelUseCaseDeps,
  model: RunnableModel,
  items: ModelInputs[],
  {
    trace,
    hits,
    fallbackPath,
    decisions,
  }: { trace: boolean; hits: boolean; fallbackPath: string; decisions?: string[] },
): Promise<EvaluatedItem[]> {
  try {
    const builtin = findBuiltinModelById(model.id);
    if (builtin && decisions) throw validationFailed([ONLY_DMN]);
    if (builtin && items.length <= BUILTIN_IN_PROCESS_ITEMS) return evaluateBuiltinItems(builtin.key, items, trace);
    if (builtin) return await deps.sandbox.run('evaluateBuiltinModelItems', { modelKey: builtin.key, items, trace });
    const content = model.content;
    if (!content) throw new Error(`tenant model ${model.id} v${model.version} was resolved without its content`);
    if (decisions && !isDmnSource(content.graph)) throw validationFailed([ONLY_DMN]);
    if (decisions && isDmnSource(content.graph))
      await refuseUnknownDecisions(deps, content.key, content.graph, decisions);
    if (items.length === 0) return [];
    // The content goes to a sandbox process once: later calls name it by key, and send it only to a process that
    // answers it has not compiled it (a new process, or one that dropped it).
    const run = (withContent: boolean) =>
      deps.sandbox.run('evaluateTenantModelItems', {
        key: content.key,
        ...(withContent ? { graph: content.graph } : {}),
        items,
        trace,
        ...(hits ? { hits } : {}),
        ...(decisions ? { decisions } : {}),
      });
    try {
      return await run(false);
    } catch (error) {
      if (!(error instanceof PoolTaskError && error.name === 'ContentNotLoadedError')) throw error;
      return await run(true);
    }
  } catch (error) {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, fallbackPath)], 'The evaluation took longer than its budget.');
    throw error;
  }
}
