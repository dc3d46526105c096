import { findBuiltinModelById } from '../../decision/catalogue';
import { listModelReleases, listModelVersions } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireTenantModel } from './model-records';
import { presentBuiltinVersion, presentRelease, presentVersion } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/**
 * A model's versions with their lifecycle (newest first), which one is published, and its release history (newest
 * first). A built-in model has one version, published since the service shipped it, and no releases.
 */
export async function getModelHistory({ db }: ModelUseCaseDeps, { tenantId }: RequestContext, id: string) {
  const builtin = findBuiltinModelById(id);
  if (builtin) {
    const only = presentBuiltinVersion(builtin);
    const version = {
      ...only,
      status: 'published' as const,
      content_revision: 1,
      review_decision_id: null,
      updated_by: null,
      updated_at: only.created_at,
      submitted_at: null,
      published_at: only.created_at,
      retired_at: null,
    };
    return { model_id: only.model_id, published_version: only.version, versions: [version], releases: [] };
  }
  return inTenantTransaction(db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    const versions = await listModelVersions(scope, id);
    const releases = await listModelReleases(scope, id);
    return {
      model_id: id,
      published_version: model.published_version === null ? null : String(model.published_version),
      versions: versions.map((version) => presentVersion(id, version)),
      releases: releases.map(presentRelease),
    };
  });
}
