import { modelVersionState } from '../../core/errors';
import type { Actor } from '../../core/actor';
import type { ModelVersionRecord } from '../../db/records/decision-model';
import { replaceDraftContent } from '../../db/repositories/decision-models';
import { findDecision, updateDecision } from '../../db/repositories/decisions';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { checkUpload, type ModelUpload } from './check-upload';
import { refuseBuiltin, requireTenantModel, requireTenantVersion } from './model-records';
import { recordVersionTransition } from '../../db/repositories/model-version-transitions';
import { presentVersion } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/**
 * New content for a release decision whose changes were requested: recorded as a review edit of the version, so the
 * resubmission dismisses every approval given to the content before (the decision machinery's rule for changed content).
 */
async function noteContentChange(scope: TenantScope, version: ModelVersionRecord, actor: Actor) {
  const decision = version.review_decision_id
    ? await findDecision(scope, version.review_decision_id, { forUpdate: true })
    : undefined;
  if (decision?.status !== 'changes_requested') return;
  await updateDecision(scope, decision.id, {
    review_edits: [...decision.review_edits, { actor, fields: ['model_version'], at: new Date().toISOString() }],
  });
}

/** `PUT /models/{id}/versions/{version}`: a draft's new content (checked like any upload); anything else is immutable (409). */
export async function replaceModelVersion(
  deps: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
  version: string,
  body: ModelUpload,
) {
  refuseBuiltin(id);
  await inTenantTransaction(deps.db, tenantId, async (scope) => {
    await requireTenantModel(scope, id);
    await requireTenantVersion(scope, id, version);
  });
  const content = await checkUpload(deps, tenantId, body);
  return inTenantTransaction(deps.db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    const current = await requireTenantVersion(scope, id, version, { forUpdate: true });
    if (current.status !== 'draft')
      throw modelVersionState(
        id,
        current.version,
        current.status,
        "only a draft's content can be replaced: upload a new version instead",
      );
    const replaced = await replaceDraftContent(scope, id, current.version, content, actor);
    await noteContentChange(scope, replaced, actor);
    await recordVersionTransition(scope, 'model.version.replaced', { model, version: replaced, actor });
    return presentVersion(id, replaced);
  });
}
