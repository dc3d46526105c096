import { analysisBudgetExceeded, builtinModelNotAnalysable } from '../../core/errors';
import { findBuiltinModelById } from '../../decision/catalogue';
import type { AnalysisInput, VersionAnalysis } from '../../decision/verification';
import type { ModelVersionRecord } from '../../db/records/decision-model';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BudgetExceededError } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import { requireTenantModel, requireTenantVersion } from './model-records';
import type { ModelUseCaseDeps } from './deps';

/** What the engine reads of a stored version: its format, its content (graph or DMN XML) and its schemas (the domains). */
export function analysisInputOf(version: ModelVersionRecord): AnalysisInput {
  return {
    format: version.format,
    content: version.format === 'dmn' ? version.dmn : version.graph,
    input_schema: version.input_schema,
    output_schema: version.output_schema,
  };
}

/**
 * A stored version's decision tables analysed in the expression sandbox (off the API's event loop, within the budget
 * for tenant content); past the budget, `BudgetExceededError` (the caller decides what a breach means).
 */
export function analyseStoredVersion(deps: ModelUseCaseDeps, version: ModelVersionRecord): Promise<VersionAnalysis> {
  return deps.sandbox.run('analyseModelVersion', analysisInputOf(version));
}

/** The tenant model's version for an analysis: a built-in model has no tables (409), another tenant's is a 404. */
export async function versionToAnalyse(deps: ModelUseCaseDeps, context: RequestContext, id: string, version: string) {
  if (findBuiltinModelById(id)) throw builtinModelNotAnalysable(id);
  return inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    return requireTenantVersion(scope, id, version);
  });
}

/**
 * `GET /models/{id}/versions/{version}/analysis`: the version's decision tables verified — per table the input
 * combinations no rule covers, the rules matching together, masked and redundant rules, contraction candidates, values
 * outside a column's domain, advice, and what could not be analysed. Nothing is stored; a table too large for the
 * budget is a 422 `analysis_budget_exceeded`.
 */
export async function analyseModelVersion(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: string,
) {
  const stored = await versionToAnalyse(deps, context, id, version);
  const started = performance.now();
  let analysis: VersionAnalysis;
  try {
    analysis = await analyseStoredVersion(deps, stored);
  } catch (error) {
    if (error instanceof BudgetExceededError) throw analysisBudgetExceeded(error.budgetMs);
    throw error;
  }
  return {
    object: 'model_version_analysis' as const,
    model_id: id,
    version: String(stored.version),
    format: stored.format,
    content_revision: stored.content_revision,
    duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    ...analysis,
  };
}
