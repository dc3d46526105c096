import { validationFailed } from '../../core/app-error';
import { newId } from '../../core/ids';
import { insertTestRun } from '../../db/repositories/model-tests';
import { tenantModelSource } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { resolveModel } from './resolve-model';
import type { ModelUseCaseDeps } from './deps';
import { suiteOf } from './test-case-records';
import { judgeSuite } from './test-suite-judging';
import { planRecording, recordEvaluations } from './instance-recording';
import { hitsOfTrace } from '../../decision/evaluation-trace';
import { presentTestRun } from './test-run-presenter';

/**
 * Runs the model's whole suite against a version (the newest unless `version` names another): each case's
 * inputs checked and evaluated with a trace in the expression sandbox, judged against its expected outputs and rules
 * (test-suite-judging.ts); the report (pass/fail per case, the differences, the rule and branch coverage) is stored
 * and answered.
 */
export async function runModelTests(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: { version?: string },
) {
  const started = performance.now();
  refuseBuiltin(modelId);
  const { cases, graph, graphKey, versionNumber, model } = await inTenantTransaction(
    deps.db,
    context.tenantId,
    async (scope) => {
      const stored = await requireTenantModel(scope, modelId);
      // Default: the newest version, the one its author is working on (a draft, usually).
      const named = body.version ?? String(stored.latest_version);
      const model = await resolveModel(deps, context.tenantId, modelId, named, {
        forRun: false,
        inUrl: true,
        versionField: '/version',
        scope,
      });
      const version = await tenantModelSource(scope).findVersion(modelId, Number(model.version));
      if (!version)
        throw validationFailed([{ path: '/version', message: `model ${modelId} has no version "${model.version}"` }]);
      const suite = await suiteOf(scope, modelId);
      const checked = suite.map((testCase) => ({
        testCase,
        validation: model.validateInputs(testCase.inputs, 'json'),
      }));
      return {
        cases: checked,
        graph: version.graph,
        graphKey: `${version.modelId}@${version.version}#${version.graphSha256}`,
        versionNumber: version.version,
        model,
      };
    },
  );
  const verdict = await judgeSuite(deps, { cases, content: graph, key: graphKey });
  // Recorded as the model's policy says, marked as test evaluations (searches and replays of live traffic skip them).
  const plan = await planRecording(deps, context.tenantId, model, verdict.evaluations.length, false);
  await recordEvaluations(
    deps,
    context,
    model,
    plan,
    verdict.evaluations.map(({ testCaseId, inputs, evaluated }) => ({
      inputs,
      correlationId: testCaseId,
      evaluated: evaluated.ok && evaluated.trace ? { ...evaluated, hits: hitsOfTrace(evaluated.trace) } : evaluated,
    })),
    'test',
    undefined,
  );
  const stored = await inTenantTransaction(deps.db, context.tenantId, (scope) =>
    insertTestRun(scope, {
      id: newId('modelTestRun'),
      model_id: modelId,
      version: versionNumber,
      status: verdict.status,
      passed: verdict.passed,
      failed: verdict.failed,
      cases: verdict.cases,
      coverage: verdict.coverage,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      created_by: context.actor,
    }),
  );
  return presentTestRun(stored);
}
