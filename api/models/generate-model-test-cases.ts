import { validationFailed } from '../../core/app-error';
import { analysisBudgetExceeded } from '../../core/errors';
import type { GeneratedSuite } from '../../decision/verification';
import { tenantModelSource } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import { BudgetExceededError } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import type { GenerateModelTestCasesRequest } from '../openapi/request-types.generated';
import { analysisInputOf, versionToAnalyse } from './analyse-model-version';
import type { ModelUseCaseDeps } from './deps';
import { resolveModel } from './resolve-model';
import { addCases, presentTestCase, type TestCaseInput } from './test-case-records';
import { judgeSuite, type CheckedCase } from './test-suite-judging';

const NAME_LIMIT = 200;
const RULES_LIMIT = 100;

interface Proposal extends TestCaseInput {
  reason: string;
  table: string;
  rule?: number;
}

/**
 * `POST /models/{id}/versions/{version}/test-cases/generate`: cases proposed from the version's decision tables
 * (decision/verification's `generateCases`: a point per rule, both sides of each bound), evaluated as a test run
 * evaluates them (test-suite-judging.ts, in the sandbox) so that each expects what the version answers and the rules it
 * matched; the coverage is what they reach. Nothing is stored unless `accept` is true; then they are added to the
 * suite as an import adds cases (all or none, under the model's lock).
 */
export async function generateModelTestCases(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: string,
  body: GenerateModelTestCasesRequest,
) {
  const stored = await versionToAnalyse(deps, context, id, version);
  let generated: GeneratedSuite;
  try {
    generated = await deps.sandbox.run('generateModelCases', analysisInputOf(stored));
  } catch (error) {
    if (error instanceof BudgetExceededError) throw analysisBudgetExceeded(error.budgetMs);
    throw error;
  }
  const { content, key, validate } = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const model = await resolveModel(deps, context.tenantId, id, String(stored.version), {
      forRun: false,
      inUrl: true,
      versionField: '/version',
      scope,
    });
    const source = await tenantModelSource(scope).findVersion(id, stored.version);
    if (!source) throw validationFailed([{ path: '/version', message: `model ${id} has no version "${version}"` }]);
    return {
      content: source.graph,
      key: `${source.modelId}@${source.version}#${source.graphSha256}`,
      validate: model.validateInputs,
    };
  });
  const prefix = body.name_prefix ?? 'generated';
  const checked: CheckedCase[] = generated.cases.map((proposal, index) => ({
    testCase: {
      id: `proposal_${index}`,
      name: `${prefix} ${index + 1}`,
      inputs: proposal.inputs,
      expected: {},
      tolerances: {},
      expected_rules: null,
    },
    validation: validate(proposal.inputs, 'json'),
  }));
  const verdict = checked.length === 0 ? undefined : await judgeSuite(deps, { cases: checked, content, key });
  const proposals: Proposal[] = [];
  const skipped: Array<{ inputs: Record<string, unknown>; reason: string; problem: string }> = [];
  generated.cases.forEach((proposal, index) => {
    const report = verdict?.cases[index];
    const outputs = report?.outputs;
    const problem =
      report?.errors?.map((error) => `${error.path} ${error.message}`).join('; ') ??
      report?.error ??
      (outputs === undefined || Object.keys(outputs).length === 0 ? 'the version answers no output there' : undefined);
    if (problem !== undefined) {
      skipped.push({ inputs: proposal.inputs, reason: proposal.reason, problem });
      return;
    }
    const rules = report?.matched_rules ?? [];
    proposals.push({
      name: `${prefix} ${proposals.length + 1}: ${proposal.reason}`.slice(0, NAME_LIMIT),
      inputs: proposal.inputs,
      expected: outputs as Record<string, unknown>,
      expected_rules: rules.length > 0 && rules.length <= RULES_LIMIT ? rules : null,
      reason: proposal.reason,
      table: proposal.table,
      ...(proposal.rule !== undefined ? { rule: proposal.rule } : {}),
    });
  });
  const coverage = verdict?.coverage ?? {
    rules_total: generated.coverage.rules,
    rules_hit: 0,
    rule_coverage_percent: generated.coverage.rules === 0 ? 100 : 0,
    decision_tables: [],
    switches: [],
  };
  const answer = {
    object: 'generated_test_cases' as const,
    model_id: id,
    version: String(stored.version),
    coverage: {
      rules_total: coverage.rules_total,
      rules_hit: coverage.rules_hit,
      rule_coverage_percent: coverage.rule_coverage_percent,
      decision_tables: coverage.decision_tables,
    },
    skipped,
    unreachable_rules: generated.unreachable,
    skipped_tables: generated.skipped_tables,
  };
  if (!body.accept) return { stored: false as const, ...answer, cases: proposals };
  if (proposals.length === 0)
    throw validationFailed([{ path: '/accept', message: 'there is no proposed case to add' }]);
  const created = await inTenantTransaction(deps.db, context.tenantId, (scope) =>
    addCases(
      scope,
      context,
      id,
      proposals.map(({ name, inputs, expected, expected_rules }) => ({ name, inputs, expected, expected_rules })),
      () => '/accept',
    ),
  );
  return {
    stored: true as const,
    ...answer,
    cases: created.map((record, index) => {
      const proposal = proposals[index] as Proposal;
      return {
        ...presentTestCase(record),
        reason: proposal.reason,
        table: proposal.table,
        ...(proposal.rule !== undefined ? { rule: proposal.rule } : {}),
      };
    }),
  };
}
