import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { suiteOf } from './test-case-records';
import { judgeSuite } from './test-suite-judging';
import { checkWorkingCopy, type WorkingCopyRequest } from './working-copy';

/**
 * `POST /models/{id}/simulate/tests`: the model's stored suite run on an unsaved working copy (checked as an upload
 * is), each case judged exactly as a stored test run judges it (test-suite-judging.ts): verdicts, differences, rule
 * coverage with the rules never hit. The report is answered and not stored.
 */
export async function simulateModelTests(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: WorkingCopyRequest,
) {
  const started = performance.now();
  const copy = await checkWorkingCopy(deps, context.tenantId, modelId, body);
  try {
    const suite = await inTenantTransaction(deps.db, context.tenantId, (scope) => suiteOf(scope, modelId));
    const cases = suite.map((testCase) => ({ testCase, validation: copy.validateInputs(testCase.inputs, 'json') }));
    const verdict = await judgeSuite(deps, { cases, content: copy.source, key: copy.key });
    return {
      object: 'model_suite_simulation' as const,
      model_id: copy.model.id,
      ...verdict,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    };
  } finally {
    copy.release();
  }
}
