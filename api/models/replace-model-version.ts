import { contentRevisionConflict, modelVersionState } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { replaceDraftContent, type ModelVersionState } from '../../db/repositories/decision-models';
import { findDecision, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { checkUpload } from './check-upload';
import type { ReplaceModelVersionRequest } from '../openapi/request-types.generated';
import { refuseBuiltin, requireTenantModel, requireTenantVersionState } from './model-records';
import { recordVersionTransition } from '../../db/repositories/model-version-transitions';
import { presentVersion } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/**
 * New content for a release decision whose changes were requested: recorded as a review edit of the version, so the
 * resubmission dismisses every approval given to the content before (the decision machinery's rule for changed content).
 */
async function noteContentChange(scope: TenantScope, version: ModelVersionState, actor: Actor) {
  const decision = version.review_decision_id
    ? await findDecision(scope, version.review_decision_id, { forUpdate: true })
    : undefined;
  if (decision?.status !== 'changes_requested') return;
  await updateDecision(scope, decision.id, {
    review_edits: [...decision.review_edits, { actor, fields: ['model_version'], at: new Date().toISOString() }],
  });
}

/** The draft's current revision, its writer and when: what a refused save tells the person who started from an older one. */
function refuseStaleRevision(id: string, version: ModelVersionState, expected: number | undefined) {
  if (expected === undefined || expected === version.content_revision) return;
  const last = version.content_writers.at(-1);
  throw contentRevisionConflict(
    id,
    version.version,
    expected,
    version.content_revision,
    last?.actor ?? version.updated_by ?? version.created_by,
    last?.at ?? version.updated_at.toISOString(),
  );
}

/**
 * `PUT /models/{id}/versions/{version}`: a draft's new content (checked like any upload); anything else is immutable
 * (409). With `content_revision`, the save is refused (409 `content_revision_conflict`, nothing changed) unless the
 * draft is still at that revision: checked under the version row's lock, in the transaction that writes, so of two
 * saves from the same revision exactly one wins.
 */
export async function replaceModelVersion(
  deps: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
  version: string,
  body: ReplaceModelVersionRequest,
) {
  refuseBuiltin(id);
  const { content_revision: expected, ...upload } = body;
  await inTenantTransaction(deps.db, tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    // Early, so a stale save is refused before the upload's checks run; decided again under the lock below.
    refuseStaleRevision(id, await requireTenantVersionState(scope, id, version), expected);
  });
  const content = await checkUpload(deps, tenantId, upload);
  return inTenantTransaction(deps.db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    const current = await requireTenantVersionState(scope, id, version, { forUpdate: true });
    if (current.status !== 'draft')
      throw modelVersionState(
        id,
        current.version,
        current.status,
        "only a draft's content can be replaced: upload a new version instead",
      );
    refuseStaleRevision(id, current, expected);
    const replaced = await replaceDraftContent(scope, id, current.version, content, actor, current.content_revision);
    if (!replaced) throw new Error(`model ${id} version ${current.version} changed under its row lock`);
    await noteContentChange(scope, replaced, actor);
    await recordVersionTransition(scope, 'model.version.replaced', { model, version: replaced, actor });
    return presentVersion(id, replaced);
  });
}
