import { analysisBudgetExceeded } from '../../core/errors';
import type { VersionAnalysis } from '../../decision/verification';
import { BudgetExceededError } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { checkWorkingCopy, type WorkingCopyRequest } from './working-copy';

/**
 * An editor's unsaved working copy verified as a stored version is (analyse-model-version.ts): checked first exactly
 * as an upload is (a copy that does not compile is the 422 of a save, at `/content…`), then its decision tables
 * analysed by the same sandbox task within the same budget (422 `analysis_budget_exceeded` past it). Nothing stored;
 * built-in models refuse it (409), another tenant's model is a 404. Callers hold `models:write`.
 */
export async function analyseWorkingCopy(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: WorkingCopyRequest,
) {
  const started = performance.now();
  const copy = await checkWorkingCopy(deps, context.tenantId, modelId, body);
  let analysis: VersionAnalysis;
  try {
    const { checked } = copy;
    analysis = await deps.sandbox.run('analyseModelVersion', {
      format: checked.format,
      content: checked.format === 'dmn' ? checked.dmn?.xml : checked.graph,
      input_schema: checked.inputSchema,
      output_schema: checked.outputSchema,
    });
  } catch (error) {
    if (error instanceof BudgetExceededError) throw analysisBudgetExceeded(error.budgetMs);
    throw error;
  } finally {
    copy.release();
  }
  return {
    object: 'model_working_copy_analysis' as const,
    model_id: copy.model.id,
    format: copy.checked.format,
    duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    ...analysis,
  };
}
