import { validationFailed, type FieldError } from '../../core/app-error';
import { modelVersionState, promotionRefused } from '../../core/errors';
import { newId } from '../../core/ids';
import { instantOf, isKnownTimeZone } from '../../core/zoned-time';
import type { DecisionModelRecord, ModelVersionRecord } from '../../db/records/decision-model';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { insertDecision } from '../../db/repositories/decisions';
import { activateDeployment, clockNow, recordDeploymentStep } from '../../db/repositories/deployment-transitions';
import {
  findActiveDeployments,
  findDeployment,
  insertDeployment,
  listEnvironments,
  updateDeployment,
  wasInEffect,
  type DeploymentRow,
  type EnvironmentRow,
} from '../../db/repositories/model-deployments';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { PromoteModelVersionRequest } from '../openapi/request-types.generated';
import type { ModelUseCaseDeps } from './deps';
import { requireEnvironment } from './environment-resolution';
import { refuseBuiltin, requireTenantModel, requireTenantVersion } from './model-records';
import { presentDeploymentById } from './get-model-deployment';
import { runModelTests } from './run-model-tests';
import { assertSubmissionGate, DEFAULT_COVERAGE_THRESHOLD, verifyDraft } from './submit-model-version';

const RELEASED = new Set(['approved', 'published', 'retired']);

/** The promotion's instants, read as the body gives them (offsets, or local times in `time_zone`). */
function readWindow(body: PromoteModelVersionRequest, now: number): { from: number | null; until: number | null } {
  const errors: FieldError[] = [];
  if (body.time_zone !== undefined && !isKnownTimeZone(body.time_zone))
    errors.push({
      path: '/time_zone',
      message: `unknown time zone "${body.time_zone}" (an IANA id such as Europe/Berlin)`,
    });
  const read = (field: 'effective_from' | 'effective_until') => {
    const text = body[field];
    if (text === undefined || errors.length > 0) return null;
    const instant = instantOf(text, body.time_zone);
    if (!instant.ok) {
      errors.push({ path: `/${field}`, message: instant.message });
      return null;
    }
    return instant.ms;
  };
  const from = read('effective_from');
  const until = read('effective_until');
  if (from !== null && from <= now)
    errors.push({ path: '/effective_from', message: 'must be in the future: omit it to promote at once' });
  if (until !== null && until <= (from ?? now))
    errors.push({ path: '/effective_until', message: `must be after ${from === null ? 'now' : 'effective_from'}` });
  if (errors.length > 0) throw validationFailed(errors);
  return { from, until };
}

/** The environment just before this one in promotion order, if any (active ones only). */
async function previousEnvironment(scope: TenantScope, environment: EnvironmentRow) {
  const ordered = await listEnvironments(scope, { status: 'active' });
  return ordered.filter((other) => other.position < environment.position).pop();
}

/** Everything a promotion is refused for, checked before the gates run (and again under the lock). */
async function checkPromotion(
  scope: TenantScope,
  context: RequestContext,
  id: string,
  version: string,
  body: PromoteModelVersionRequest,
  options: { forUpdate?: boolean } = {},
) {
  const model = await requireTenantModel(scope, id, options);
  const current = await requireTenantVersion(scope, id, version, options);
  if (!RELEASED.has(current.status))
    throw modelVersionState(
      id,
      current.version,
      current.status,
      'only a version approved in its review can be promoted; submit it for review first',
    );
  const environment = await requireEnvironment(scope, context, body.environment, '/environment');
  if (body.effective_from === undefined) {
    const live = await findActiveDeployments(scope, id, environment.id);
    if (live.some((row) => row.version === current.version))
      throw modelVersionState(id, current.version, current.status, `it is already in effect in ${environment.name}`);
  }
  if (environment.requires_previous) {
    const previous = await previousEnvironment(scope, environment);
    if (previous && !(await wasInEffect(scope, id, previous.id, current.version)))
      throw promotionRefused(
        '/environment',
        `version ${current.version} has not been in effect in ${previous.name}, which comes before ${environment.name}: promote it there first`,
      );
  }
  const policyId = body.approval_policy_id ?? environment.approval_policy_id ?? undefined;
  if (environment.requires_review && policyId === undefined)
    throw validationFailed([
      {
        path: '/approval_policy_id',
        message: `is required: ${environment.name} reviews promotions and names no approval policy of its own`,
      },
    ]);
  return { model, current, environment, policyId };
}

/**
 * `POST /models/{id}/versions/{version}/promote`: a released version into an environment, at once or from an instant;
 * through a review where the environment requires one (the release gates run again first, and the review is a
 * release decision run by the approval workflow, like a draft's: activities/models/release-transitions.ts applies
 * its outcome to the deployment).
 */
export async function promoteModelVersion(
  deps: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: string,
  body: PromoteModelVersionRequest,
) {
  refuseBuiltin(id);
  const window = readWindow(body, Date.now());
  const checked = await inTenantTransaction(deps.db, context.tenantId, (scope) =>
    checkPromotion(scope, context, id, version, body),
  );
  let verdict: Awaited<ReturnType<typeof verifyDraft>> | undefined;
  if (checked.environment.requires_review) {
    const report = await runModelTests(deps, context, id, { version });
    verdict = await verifyDraft(deps, context, checked.model, checked.current);
    assertSubmissionGate(report, checked.model.coverage_threshold ?? DEFAULT_COVERAGE_THRESHOLD, verdict);
  }
  const { deployment, changedIn } = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const { model, current, environment } = await checkPromotion(scope, context, id, version, body, {
      forUpdate: true,
    });
    const row = await insertPromotion(scope, context, model, current, environment, window, body).catch(
      (error: unknown) => {
        throw overlapError(error) ?? error;
      },
    );
    return { deployment: row, changedIn: await currentTransactionId(scope) };
  });
  if (deployment.decision_id) {
    try {
      await deps.releaseReviews().submitRelease(context, deployment.decision_id, {
        approval_policy_id: checked.policyId as string,
      });
    } catch (error) {
      await withdrawPromotion(deps, context, deployment.id);
      throw error;
    }
  }
  await deps.cacheFeed?.settled(changedIn);
  return inTenantTransaction(deps.db, context.tenantId, (scope) => presentDeploymentById(scope, id, deployment.id));
}

/** The deployment (and its release decision, with a review), in effect at once where nothing waits for it. */
async function insertPromotion(
  scope: TenantScope,
  context: RequestContext,
  model: DecisionModelRecord,
  current: ModelVersionRecord,
  environment: EnvironmentRow,
  window: { from: number | null; until: number | null },
  body: PromoteModelVersionRequest,
): Promise<DeploymentRow> {
  const review = environment.requires_review;
  const deploymentId = newId('modelDeployment');
  const decisionId = review ? newId('decision') : null;
  const now = await clockNow(scope);
  let row = await insertDeployment(scope, {
    id: deploymentId,
    model_id: model.id,
    environment_id: environment.id,
    version: current.version,
    status: review || window.from === null ? 'pending_review' : 'scheduled',
    kind: 'promotion',
    effective_from: window.from === null ? null : new Date(window.from),
    effective_until: window.until === null ? null : new Date(window.until),
    time_zone: body.time_zone ?? null,
    reason: body.reason ?? null,
    decision_id: decisionId,
    requested_by: context.actor,
    ...(review ? {} : { approved_by: context.actor, approved_at: now }),
  });
  const step = { model, deployment: row, environment, actor: context.actor };
  if (review) {
    await insertReleaseDecision(scope, context, model, current, row, environment);
    await recordDeploymentStep(scope, 'model.deployment.requested', step);
  } else if (window.from === null) {
    row = (await activateDeployment(scope, deploymentId, context.actor)).deployment as DeploymentRow;
  } else {
    await recordDeploymentStep(scope, 'model.deployment.scheduled', step);
  }
  return row;
}

async function insertReleaseDecision(
  scope: TenantScope,
  context: RequestContext,
  model: DecisionModelRecord,
  current: ModelVersionRecord,
  deployment: DeploymentRow,
  environment: EnvironmentRow,
) {
  const when = deployment.effective_from ? `from ${deployment.effective_from.toISOString()}` : 'on approval';
  const live = (await findActiveDeployments(scope, model.id, environment.id))[0]?.version ?? null;
  await insertDecision(scope, {
    id: deployment.decision_id as string,
    title: `Promote ${model.name} version ${current.version} to ${environment.name}`,
    context:
      `Promotion of model ${model.id} version ${current.version} into ${environment.name}, taking effect ${when}` +
      `${deployment.effective_until ? ` until ${deployment.effective_until.toISOString()}` : ''}, replacing ` +
      `${live === null ? 'nothing deployed there yet' : `version ${live}`}. Deployment ${deployment.id}. ` +
      `Differences: GET /api/v1/models/${model.id}/versions/${current.version}/diff.`,
    options: [
      {
        id: 'opt_1',
        label: `Promote version ${current.version} to ${environment.name}`,
        description: `Make this version the one ${environment.name} serves ${when}.`,
        scenario_id: null,
        scenario_snapshot: null,
      },
      {
        id: 'opt_2',
        label: live === null ? 'Deploy nothing yet' : `Keep version ${live}`,
        description: `Leave ${environment.name} as it is.`,
        scenario_id: null,
        scenario_snapshot: null,
      },
    ],
    chosen_option: 'opt_1',
    rationale: deployment.reason,
    owner_id: context.actor.type === 'user' ? context.actor.id : null,
    tags: ['model_release', 'promotion'],
    due_at: null,
    outcome_reviews_at: [],
    status: 'draft',
    model_release: {
      model_id: model.id,
      version: current.version,
      content_revision: current.content_revision,
      deployment_id: deployment.id,
      environment: { id: environment.id, name: environment.name },
      effective_from: deployment.effective_from?.toISOString() ?? null,
    },
    created_by: context.actor,
    updated_by: context.actor,
  });
}

/** A promotion waiting in one environment at the same instant as another, or a window overlapping another's. */
function overlapError(error: unknown) {
  const code = (error as { code?: string }).code;
  const constraint = (error as { constraint?: string }).constraint ?? '';
  if (code === '23P01' || (code === '23505' && constraint === 'model_deployments_one_pending_start'))
    return validationFailed([
      {
        path: '/effective_from',
        message:
          code === '23P01'
            ? 'its window overlaps that of another promotion waiting in this environment (cancel that one first)'
            : 'another promotion waiting in this environment starts at the same instant',
      },
    ]);
  return undefined;
}

/** A review that did not start leaves no promotion waiting for it. */
async function withdrawPromotion(deps: ModelUseCaseDeps, context: RequestContext, deploymentId: string) {
  await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    const row = await findDeployment(scope, deploymentId, { forUpdate: true });
    if (row?.status === 'pending_review')
      await updateDeployment(scope, deploymentId, { status: 'cancelled', cancelled_at: new Date() });
  }).catch((cause: unknown) =>
    context.log.warn(
      { err: cause, deployment_id: deploymentId },
      'could not cancel a promotion whose review did not start',
    ),
  );
}
