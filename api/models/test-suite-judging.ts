// How a suite is judged against a model's content, shared by a stored test run (run-model-tests.ts) and a run on an
// unsaved working copy (simulate-model-tests.ts): each case's inputs checked, the valid ones evaluated with a trace in
// the expression sandbox, each judged against its expected outputs and rules, and the rule and branch coverage.
import { validationFailed, type FieldError } from '../../core/app-error';
import type { EvaluatedItem } from '../../decision/evaluation-trace';
import type { InputValidation } from '../../decision/input-validation';
import { judgeCase, matchedRuleIdsOf, suiteCoverage, type SuiteCoverage } from '../../decision/model-test-suite';
import type { JdmGraph } from '../../decision/jdm';
import { isDmnSource } from '../../decision/dmn-source';
import { dmnCoverageGraph } from '../../decision/dmn-run';
import type { ModelInputs } from '../../decision/types';
import type { ModelTestCaseRecord } from '../../db/records/model-test';
import { BudgetExceededError, budgetFieldError } from '../../integrations/expression-sandbox';
import type { ModelUseCaseDeps } from './deps';

export type CaseReport = {
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

/** A stored case with its inputs checked against the schema of the content it is judged on. */
export interface CheckedCase {
  testCase: Pick<ModelTestCaseRecord, 'id' | 'name' | 'inputs' | 'expected' | 'tolerances' | 'expected_rules'>;
  validation: InputValidation;
}

export interface SuiteVerdict {
  status: 'passed' | 'failed';
  passed: number;
  failed: number;
  cases: CaseReport[];
  coverage: SuiteCoverage;
  /** Each case evaluated (inputs as given, its evaluation): what a test run records as decision instances. */
  evaluations: Array<{ testCaseId: string; inputs: unknown; evaluated: EvaluatedItem }>;
}

/** The decision tables a suite's coverage counts: the graph's, or the DMN model's (its XML read in the sandbox). */
export async function coverageGraphOf(deps: ModelUseCaseDeps, content: unknown): Promise<JdmGraph> {
  return isDmnSource(content)
    ? dmnCoverageGraph(await deps.sandbox.run('dmnOutline', { xml: content.xml }))
    : (content as JdmGraph);
}

async function evaluateSuite(
  deps: ModelUseCaseDeps,
  key: string,
  content: unknown,
  items: ModelInputs[],
): Promise<EvaluatedItem[]> {
  if (items.length === 0) return [];
  try {
    return await deps.sandbox.run('evaluateTenantModelItems', { key, graph: content, items, trace: true });
  } catch (error) {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, '')], 'The suite took longer than its budget to evaluate.');
    throw error;
  }
}

/**
 * Judges a suite on a model's content (a JDM graph or a DMN source; `key` names that content for the sandbox's
 * compiled-model cache): an empty suite is a 422, a case whose inputs the schema refuses fails with their errors.
 */
export async function judgeSuite(
  deps: ModelUseCaseDeps,
  { cases, content, key }: { cases: CheckedCase[]; content: unknown; key: string },
): Promise<SuiteVerdict> {
  if (cases.length === 0)
    throw validationFailed([
      { path: '', message: 'the model has no test cases: add some with POST /models/{id}/test-cases' },
    ]);
  const runnable = cases.flatMap(({ validation }, index) =>
    validation.valid ? [{ index, inputs: validation.inputs }] : [],
  );
  const evaluated = await evaluateSuite(
    deps,
    key,
    content,
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
      {
        expected: testCase.expected,
        tolerances: testCase.tolerances,
        expectedRules: testCase.expected_rules,
      },
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
    await coverageGraphOf(deps, content),
    [...byIndex.values()].map((item) => (item.ok ? item.trace : undefined)),
  );
  const failed = reports.filter((report) => report.status === 'failed').length;
  return {
    status: failed === 0 ? 'passed' : 'failed',
    passed: reports.length - failed,
    failed,
    cases: reports,
    coverage,
    evaluations: runnable.map((item, position) => {
      const { testCase } = cases[item.index] as CheckedCase;
      return { testCaseId: testCase.id, inputs: testCase.inputs, evaluated: evaluated[position] as EvaluatedItem };
    }),
  };
}
