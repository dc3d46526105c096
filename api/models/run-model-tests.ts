import { validationFailed, type FieldError } from '../../core/app-error';
import { newId } from '../../core/ids';
import type { EvaluatedItem } from '../../decision/evaluation-trace';
import { judgeCase, matchedRuleIdsOf, suiteCoverage } from '../../decision/model-test-suite';
import type { JdmGraph } from '../../decision/jdm';
import { isDmnSource } from '../../decision/dmn-source';
import { dmnCoverageGraph } from '../../decision/dmn-run';
import type { ModelInputs } from '../../decision/types';
import { insertTestRun } from '../../db/repositories/model-tests';
import { tenantModelSource } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BudgetExceededError, budgetFieldError } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { resolveModel } from './resolve-model';
import type { ModelUseCaseDeps } from './deps';
import { suiteOf } from './test-case-records';
import { presentTestRun } from './test-run-presenter';

/** The decision tables a suite's coverage counts: the graph's, or the DMN model's (its XML read in the sandbox). */
async function coverageGraphOf(deps: ModelUseCaseDeps, content: unknown): Promise<JdmGraph> {
  return isDmnSource(content)
    ? dmnCoverageGraph(await deps.sandbox.run('dmnOutline', { xml: content.xml }))
    : (content as JdmGraph);
}

type CaseReport = {
  test_case_id: string;
  name: string;
  status: 'passed' | 'failed';
  outputs?: Record<string, unknown>;
  differences?: unknown[];
  missing_rules?: string[];
  matched_rules?: string[];
  errors?: FieldError[];
  error?: string;
};

/**
 * Runs the model's whole suite against a version (the newest unless `version` names another): each case's
 * inputs checked and evaluated with a trace in the expression sandbox, judged against its expected outputs and rules;
 * the report (pass/fail per case, the differences, the rule and branch coverage) is stored and answered.
 */
export async function runModelTests(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  modelId: string,
  body: { version?: string },
) {
  const started = performance.now();
  refuseBuiltin(modelId);
  const { cases, graph, graphKey, versionNumber } = await inTenantTransaction(
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
      };
    },
  );
  if (cases.length === 0)
    throw validationFailed([
      { path: '', message: 'the model has no test cases: add some with POST /models/{id}/test-cases' },
    ]);
  const runnable = cases.flatMap(({ validation }, index) =>
    validation.valid ? [{ index, inputs: validation.inputs }] : [],
  );
  const evaluated = await evaluateSuite(
    deps,
    graphKey,
    graph,
    runnable.map((item) => item.inputs),
  );
  const byIndex = new Map(runnable.map((item, position) => [item.index, evaluated[position] as EvaluatedItem]));

  const reports: CaseReport[] = cases.map(({ testCase, validation }, index) => {
    const base = { test_case_id: testCase.id, name: testCase.name };
    if (!validation.valid) return { ...base, status: 'failed', errors: validation.errors };
    const item = byIndex.get(index) as EvaluatedItem;
    if (!item.ok) return { ...base, status: 'failed', error: item.message };
    const matched = matchedRuleIdsOf(item.trace);
    const verdict = judgeCase(
      { expected: testCase.expected, tolerances: testCase.tolerances, expectedRules: testCase.expected_rules },
      item.outputs,
      matched,
    );
    return {
      ...base,
      status: verdict.passed ? 'passed' : 'failed',
      outputs: item.outputs,
      matched_rules: [...matched],
      ...(verdict.differences.length > 0 ? { differences: verdict.differences } : {}),
      ...(verdict.missingRules.length > 0 ? { missing_rules: verdict.missingRules } : {}),
    };
  });
  const coverage = suiteCoverage(
    await coverageGraphOf(deps, graph),
    [...byIndex.values()].map((item) => (item.ok ? item.trace : undefined)),
  );
  const failed = reports.filter((report) => report.status === 'failed').length;
  const stored = await inTenantTransaction(deps.db, context.tenantId, (scope) =>
    insertTestRun(scope, {
      id: newId('modelTestRun'),
      model_id: modelId,
      version: versionNumber,
      status: failed === 0 ? 'passed' : 'failed',
      passed: reports.length - failed,
      failed,
      cases: reports,
      coverage,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      created_by: context.actor,
    }),
  );
  return presentTestRun(stored);
}

async function evaluateSuite(
  deps: ModelUseCaseDeps,
  key: string,
  graph: unknown,
  items: ModelInputs[],
): Promise<EvaluatedItem[]> {
  if (items.length === 0) return [];
  try {
    return await deps.sandbox.run('evaluateTenantModelItems', { key, graph, items, trace: true });
  } catch (error) {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, '')], 'The suite took longer than its budget to evaluate.');
    throw error;
  }
}
