import type { ModelVersionRecord } from '../../db/records/decision-model';
import { listTestRuns } from '../../db/repositories/model-tests';
import { findDecision } from '../../db/repositories/decisions';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { findBuiltinModelById } from '../../decision/catalogue';
import type { RequestContext } from '../context';
import { notFound } from '../../core/app-error';
import { requireTenantModel, requireTenantVersion } from './model-records';
import { presentBuiltinVersion, presentVersion } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/** The review of a version, as its release decision stands: status, step, approvals given, who may act now. */
async function reviewOf(scope: TenantScope, version: ModelVersionRecord) {
  const decision = version.review_decision_id ? await findDecision(scope, version.review_decision_id) : undefined;
  if (!decision) return null;
  return {
    decision_id: decision.id,
    status: decision.status,
    approval_policy_id: decision.approval_policy_id,
    current_step: decision.current_step,
    steps: decision.approval_steps,
    approvals: decision.approvals,
    round: decision.review_round,
    verification: decision.model_release?.verification ?? null,
  };
}

/** A version with its review and the latest report of its suite (null when it never ran). */
export async function presentVersionWithReview(scope: TenantScope, modelId: string, version: ModelVersionRecord) {
  const latest = (await listTestRuns(scope, modelId, { version: version.version }, { limit: 1 })).rows[0];
  return {
    ...presentVersion(modelId, version),
    graph: version.graph,
    ...(version.format === 'dmn' ? { dmn: version.dmn } : {}),
    review: await reviewOf(scope, version),
    latest_test_run: latest
      ? {
          id: latest.id,
          status: latest.status,
          passed: latest.passed,
          failed: latest.failed,
          coverage: latest.coverage,
          created_at: latest.created_at.toISOString(),
        }
      : null,
  };
}

/** `GET /models/{id}/versions/{version}`: one version with its graph (or DMN XML), its review and its latest test report. */
export async function getModelVersion(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  version: string,
) {
  const builtin = findBuiltinModelById(id);
  if (builtin) {
    if (version !== builtin.version) throw notFound('model version', `${id}@${version}`);
    return { ...presentBuiltinVersion(builtin), graph: null, review: null, latest_test_run: null };
  }
  return inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    return presentVersionWithReview(scope, id, await requireTenantVersion(scope, id, version));
  });
}
