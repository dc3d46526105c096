import { validationFailed } from '../../core/app-error';
import type { EvaluatedItem, EvaluationTraceStep } from '../../decision/evaluation-trace';
import { outputDifferences } from '../../decision/output-differences';
import type { ModelInputs } from '../../decision/types';
import { tenantModelSource } from '../../db/repositories/decision-models';
import { countUsage, uncountUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BudgetExceededError, budgetFieldError } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import type { SimulateModelRequest } from '../openapi/request-types.generated';
import type { ModelUseCaseDeps } from './deps';
import { resolveModel } from './resolve-model';
import { checkWorkingCopy } from './working-copy';

export type ModelSimulationRequest = SimulateModelRequest;

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Per decision table evaluated, the rules that matched: what an editor lights on the table. */
function matchedRulesByTable(trace: EvaluationTraceStep[] | undefined) {
  return (trace ?? []).flatMap((step) =>
    step.matched_rules && step.node_id !== undefined
      ? [
          {
            node_id: step.node_id,
            name: step.name,
            rule_ids: step.matched_rules.map((rule) => rule.id),
            rule_indexes: step.matched_rules.map((rule) => rule.index),
          },
        ]
      : [],
  );
}

function presentEvaluation(item: EvaluatedItem, withTrace: boolean) {
  if (!item.ok)
    return {
      error: {
        code: 'model_evaluation_failed',
        message: item.message,
        ...(item.node_id !== undefined ? { node_id: item.node_id } : {}),
      },
    };
  return {
    outputs: item.outputs,
    ...(withTrace && item.trace ? { trace: item.trace } : {}),
    matched_rules: matchedRulesByTable(item.trace),
    duration_ms: round(item.duration_ms),
  };
}

/** One evaluation with its trace in the sandbox, a budget breach a 422 at `path`. */
async function evaluateOnce(
  deps: ModelUseCaseDeps,
  key: string,
  graph: unknown,
  inputs: ModelInputs,
  path: string,
): Promise<EvaluatedItem> {
  try {
    const [item] = await deps.sandbox.run('evaluateTenantModelItems', { key, graph, items: [inputs], trace: true });
    return item as EvaluatedItem;
  } catch (error) {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, path)], 'The evaluation took longer than its budget.');
    throw error;
  }
}

/**
 * The stored version `compare_with` names (`published`, or a number), ready to run on the inputs: its inputs checked
 * against its own schema (a copy may have changed the schema; a refusal is the comparison's error, not the request's).
 */
async function comparedVersion(deps: ModelUseCaseDeps, tenantId: string, modelId: string, named: string) {
  const published = named === 'published';
  return inTenantTransaction(deps.db, tenantId, async (scope) => {
    if (published && (await tenantModelSource(scope).findModel(modelId))?.publishedVersion == null) return undefined;
    const model = await resolveModel(deps, tenantId, modelId, published ? undefined : named, {
      forRun: false,
      inUrl: true,
      versionField: '/compare_with',
      scope,
    });
    const version = await tenantModelSource(scope).findVersion(modelId, Number(model.version));
    if (!version)
      throw validationFailed([{ path: '/compare_with', message: `model ${modelId} has no version "${named}"` }]);
    return { model, version, key: `${version.modelId}@${version.version}#${version.graphSha256}` };
  });
}

/**
 * `POST /models/{id}/simulate`: an unsaved working copy of a tenant model (checked as an upload is) run on one set of
 * inputs with its matched rules per decision table, and with `compare_with` a stored version on the same inputs, with
 * the differences of their outputs. Nothing is stored; each evaluation counts against the evaluations quota as
 * evaluate's do (taken back if the request fails as a whole).
 */
export async function simulateModel(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: ModelSimulationRequest,
) {
  const started = performance.now();
  const copy = await checkWorkingCopy(deps, context.tenantId, modelId, body);
  try {
    const validation = copy.validateInputs(body.inputs, 'json');
    if (!validation.valid)
      throw validationFailed(validation.errors, "The inputs do not match the working copy's input schema.");
    const compareWith = body.compare_with ?? null;
    const compared = compareWith === null ? null : await comparedVersion(deps, context.tenantId, modelId, compareWith);
    const comparedInputs = compared ? compared.model.validateInputs(body.inputs, 'json') : undefined;
    const evaluations = 1 + (comparedInputs?.valid ? 1 : 0);
    await countUsage(deps.db, context.tenantId, 'evaluations', evaluations);
    let working: EvaluatedItem;
    let other: EvaluatedItem | undefined;
    try {
      working = await evaluateOnce(deps, copy.key, copy.source, validation.inputs, '/content');
      if (compared && comparedInputs?.valid)
        other = await evaluateOnce(deps, compared.key, compared.version.graph, comparedInputs.inputs, '/compare_with');
    } catch (error) {
      await uncountUsage(deps.db, context.tenantId, 'evaluations', evaluations);
      throw error;
    }
    const withTrace = body.trace ?? true;
    const comparison =
      compareWith === null
        ? {}
        : {
            compared: !compared
              ? {
                  error: {
                    code: 'no_published_version',
                    message: `model ${modelId} has no published version to compare with`,
                  },
                }
              : {
                  version: String(compared.version.version),
                  ...(comparedInputs && !comparedInputs.valid
                    ? {
                        error: {
                          code: 'validation_failed',
                          message: "The inputs do not match the compared version's input schema.",
                          errors: comparedInputs.errors,
                        },
                      }
                    : presentEvaluation(other as EvaluatedItem, withTrace)),
                },
          };
    return {
      object: 'model_simulation' as const,
      model_id: copy.model.id,
      working: presentEvaluation(working, withTrace),
      ...comparison,
      differences: working.ok && other?.ok ? outputDifferences(working.outputs, other.outputs) : [],
      duration_ms: round(performance.now() - started),
    };
  } finally {
    copy.release();
  }
}
