import { AppError, validationFailed, type FieldError } from '../../core/app-error';
import { modelVersionState } from '../../core/errors';
import { newId } from '../../core/ids';
import type { SuiteCoverage } from '../../decision/model-test-suite';
import type { DecisionModelRecord, ModelVersionRecord } from '../../db/records/decision-model';
import { updateModelVersion } from '../../db/repositories/decision-models';
import { findDecision, insertDecision, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel, requireTenantVersion } from './model-records';
import { presentVersionWithReview } from './get-model-version';
import type { ModelUseCaseDeps } from './deps';
import { runModelTests } from './run-model-tests';
import { findModelSettings } from '../../db/repositories/model-settings';
import { BudgetExceededError } from '../../integrations/expression-sandbox';
import { PoolTaskError } from '../../core/process-pool';
import { analyseStoredVersion } from './analyse-model-version';
import {
  blockedErrors,
  effectivePolicy,
  judgeAnalysis,
  unanalysedVerdict,
  verdictLine,
  type PartialVerificationPolicy,
  type VerificationVerdict,
} from './verification-policy';
import type { SubmitModelVersionRequest } from '../openapi/request-types.generated';

export type SubmitModelVersion = SubmitModelVersionRequest;

/** The share of decision-table rules a suite must hit when the model sets none: every rule. */
export const DEFAULT_COVERAGE_THRESHOLD = 1;

type TestReport = Awaited<ReturnType<typeof runModelTests>>;

/** The suite's half of the submission gate: every case passes and the suite hits at least `threshold` of the rules. */
export function suiteGateErrors(report: TestReport, threshold: number): FieldError[] {
  const errors: FieldError[] = [];
  for (const testCase of report.cases as Array<{ test_case_id: string; name: string; status: string }>) {
    if (testCase.status !== 'passed')
      errors.push({
        path: `/test_cases/${testCase.test_case_id}`,
        message: `"${testCase.name}" fails (see test run ${report.id})`,
      });
  }
  const coverage = report.coverage as SuiteCoverage;
  const share = coverage.rules_total === 0 ? 1 : coverage.rules_hit / coverage.rules_total;
  if (share + 1e-12 < threshold) {
    for (const table of coverage.decision_tables) {
      for (const rule of table.never_hit) {
        errors.push({
          path: `/coverage/${table.node_id}/rules/${rule.id ?? rule.index}`,
          message: `rule ${rule.index + 1} of "${table.name}" is never hit by the suite`,
        });
      }
    }
    errors.unshift({
      path: '/coverage',
      message: `the suite hits ${coverage.rules_hit} of ${coverage.rules_total} rules (${(share * 100).toFixed(1)}%); the model requires ${(threshold * 100).toFixed(1)}%`,
    });
  }
  return errors;
}

/**
 * The submission gate: the suite (every case passes, the coverage threshold met) and the verification policy (no
 * finding of the decision-table analysis that the policy blocks); otherwise one 422 naming everything that fails.
 */
export function assertSubmissionGate(report: TestReport, threshold: number, verification: VerificationVerdict): void {
  const suite = suiteGateErrors(report, threshold);
  const verified = blockedErrors(verification);
  if (suite.length + verified.length > 0) {
    const detail =
      verified.length === 0
        ? 'The version cannot be submitted: its suite must pass every case and cover the rules.'
        : suite.length === 0
          ? 'The version cannot be submitted: its decision tables have findings the verification policy blocks.'
          : 'The version cannot be submitted: its suite must pass every case and cover the rules, and its decision tables have findings the verification policy blocks.';
    throw new AppError('validation_failed', detail, {
      errors: [...suite, ...verified],
      test_run_id: report.id,
      verification: { policy: verification.policy, summary: verification.summary, complete: verification.complete },
    });
  }
}

/** What a submission records of the gate's verdict (on the answer and on the release decision): the warnings, not the blocks. */
function presentVerdict(verdict: VerificationVerdict) {
  return {
    policy: verdict.policy,
    summary: verdict.summary,
    complete: verdict.complete,
    warnings: verdict.warnings,
    warnings_total: verdict.warnings_total,
  };
}

/** The draft's decision tables analysed in the sandbox and judged under the model's (else the tenant's) policy. */
export async function verifyDraft(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  model: DecisionModelRecord,
  version: ModelVersionRecord,
): Promise<VerificationVerdict> {
  const tenant = await inTenantTransaction(deps.db, context.tenantId, (scope) => findModelSettings(scope));
  const policy = effectivePolicy(
    tenant.verification as PartialVerificationPolicy,
    model.verification as PartialVerificationPolicy | null,
  );
  try {
    return judgeAnalysis(await analyseStoredVersion(deps, version), policy);
  } catch (error) {
    // Too large to analyse within the budget: nothing is known, which the policy treats as not analysed.
    if (error instanceof BudgetExceededError)
      return unanalysedVerdict(
        policy,
        `the decision tables took longer than the ${error.budgetMs} ms budget to analyse (EXPRESSION_BUDGET_MS)`,
      );
    // The engine failing on content the service accepted is its bug, not the author's: logged, and not analysed.
    if (error instanceof PoolTaskError) {
      context.log.error({ err: error, model_id: model.id, version: version.version }, 'decision-table analysis failed');
      return unanalysedVerdict(policy, 'the analysis of the decision tables failed; the error is logged');
    }
    throw error;
  }
}

/** The release decision a submission starts or resumes: a new one, or the one whose changes were requested. */
async function releaseDecisionFor(
  scope: TenantScope,
  context: RequestContext,
  model: DecisionModelRecord,
  version: ModelVersionRecord,
  report: TestReport,
  verdict: VerificationVerdict,
) {
  const existing = version.review_decision_id
    ? await findDecision(scope, version.review_decision_id, { forUpdate: true })
    : undefined;
  const release = {
    model_id: model.id,
    version: version.version,
    content_revision: version.content_revision,
    verification: presentVerdict(verdict),
  };
  if (existing && existing.status === 'changes_requested') {
    await updateDecision(scope, existing.id, { model_release: release });
    return { id: existing.id, resume: true };
  }
  const coverage = report.coverage as SuiteCoverage;
  const live = model.published_version;
  const record = await insertDecision(scope, {
    id: newId('decision'),
    title: `Publish ${model.name} version ${version.version}`,
    context:
      `Release of model ${model.id} version ${version.version} (content revision ${version.content_revision}), replacing ` +
      `${live === null ? 'no published version' : `version ${live}`}. Its suite passed ${report.passed} of ${report.passed + report.failed} cases ` +
      `and hit ${coverage.rules_hit} of ${coverage.rules_total} rules (test run ${report.id}). ` +
      `${verdictLine(verdict)} Analysis: GET /api/v1/models/${model.id}/versions/${version.version}/analysis. ` +
      `Differences: GET /api/v1/models/${model.id}/versions/${version.version}/diff.`,
    options: [
      {
        id: 'opt_1',
        label: `Publish version ${version.version}`,
        description: 'Make this version the one every run uses.',
        scenario_id: null,
        scenario_snapshot: null,
      },
      {
        id: 'opt_2',
        label: live === null ? 'Publish nothing yet' : `Keep version ${live}`,
        description: 'Leave the published version as it is.',
        scenario_id: null,
        scenario_snapshot: null,
      },
    ],
    chosen_option: 'opt_1',
    rationale: null,
    owner_id: version.created_by.type === 'user' ? version.created_by.id : null,
    tags: ['model_release'],
    due_at: null,
    outcome_reviews_at: [],
    status: 'draft',
    model_release: release,
    created_by: context.actor,
    updated_by: context.actor,
  });
  return { id: record.id, resume: false };
}

/**
 * `POST /models/{id}/versions/{version}/submit`: runs the suite against the draft (the report is stored) and analyses
 * its decision tables, refuses unless every case passes, the rule coverage meets the model's threshold and the
 * verification policy blocks no finding, then starts its review (the analysis's summary and warnings go with it): a release
 * decision run by the decision approval workflow under the policy named (or resumed after requested changes, when
 * new content dismisses the approvals given). Approval publishes the version (see activities/models/release-transitions.ts).
 */
export async function submitModelVersion(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: string,
  body: SubmitModelVersion,
) {
  refuseBuiltin(id);
  const { model, current } = await inTenantTransaction(deps.db, context.tenantId, async (scope) => ({
    model: await requireTenantModel(scope, id),
    current: await requireTenantVersion(scope, id, version),
  }));
  if (current.status === 'in_review')
    return inTenantTransaction(deps.db, context.tenantId, (scope) => presentVersionWithReview(scope, id, current));
  if (current.status !== 'draft')
    throw modelVersionState(id, current.version, current.status, 'only a draft can be submitted for review');
  if (!body.approval_policy_id && !current.review_decision_id) {
    throw validationFailed([
      { path: '/approval_policy_id', message: 'is required: name the approval policy that reviews this version' },
    ]);
  }
  const report = await runModelTests(deps, context, id, { version });
  const verdict = await verifyDraft(deps, context, model, current);
  assertSubmissionGate(report, model.coverage_threshold ?? DEFAULT_COVERAGE_THRESHOLD, verdict);
  const decision = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const locked = await requireTenantVersion(scope, id, version, { forUpdate: true });
    if (locked.status !== 'draft')
      throw modelVersionState(id, locked.version, locked.status, 'only a draft can be submitted for review');
    if (locked.content_revision !== current.content_revision) {
      throw modelVersionState(
        id,
        locked.version,
        'draft',
        'its content was replaced while its suite ran; submit it again',
      );
    }
    const release = await releaseDecisionFor(scope, context, model, locked, report, verdict);
    await updateModelVersion(scope, id, locked.version, {
      status: 'in_review',
      submitted_at: new Date(),
      review_decision_id: release.id,
      updated_by: context.actor,
    });
    return release;
  });
  try {
    const reviews = deps.releaseReviews();
    if (decision.resume) await reviews.resubmitRelease(context, decision.id, { comment: body.comment });
    else await reviews.submitRelease(context, decision.id, { approval_policy_id: body.approval_policy_id });
  } catch (error) {
    await backToDraft(deps, context, id, current.version, decision.id);
    throw error;
  }
  const answer = await inTenantTransaction(deps.db, context.tenantId, async (scope) =>
    presentVersionWithReview(scope, id, await requireTenantVersion(scope, id, version)),
  );
  return { ...answer, verification: presentVerdict(verdict) };
}

/** A review that did not start leaves the version a draft again (its release decision stays a draft or as it was). */
async function backToDraft(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: number,
  decisionId: string,
) {
  await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const locked = await requireTenantVersion(scope, id, String(version), { forUpdate: true });
    const decision = await findDecision(scope, decisionId);
    if (locked.status === 'in_review' && decision?.status !== 'pending_approval')
      await updateModelVersion(scope, id, version, { status: 'draft' });
  }).catch((cause: unknown) =>
    context.log.warn(
      { err: cause, model_id: id, version },
      'could not return a version whose review did not start to draft',
    ),
  );
}
