import { modelVersionState } from '../../core/errors';
import { newId } from '../../core/ids';
import { inTenantTransaction } from '../../db/tenant-scope';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { activateDeployment, DEFAULT_ENVIRONMENT } from '../../db/repositories/deployment-transitions';
import {
  findActiveDeployments,
  findReleases,
  insertDeployment,
  wasInEffect,
} from '../../db/repositories/model-deployments';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel, requireTenantVersion } from './model-records';
import { requireEnvironment } from './environment-resolution';
import { presentRelease } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/**
 * `POST /models/{id}/versions/{version}/publish` — a rollback in one environment (production unless `environment`
 * names another): a version that was in effect there before goes live again at once, with a reason; the release
 * record keeps who, when, why and which version it replaced. A version never approved goes live only through its
 * review, and in another environment only through a promotion.
 */
export async function rollbackModelVersion(
  { db, cacheFeed }: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  version: string,
  body: { reason: string; environment?: string },
) {
  refuseBuiltin(id);
  const { tenantId, actor } = context;
  const { answer, changedIn } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, id, { forUpdate: true });
    const current = await requireTenantVersion(scope, id, version, { forUpdate: true });
    const environment = await requireEnvironment(
      scope,
      context,
      body.environment ?? DEFAULT_ENVIRONMENT,
      '/environment',
    );
    const live = await findActiveDeployments(scope, id, environment.id);
    if (live.some((row) => row.version === current.version))
      throw modelVersionState(id, current.version, current.status, `it is already in effect in ${environment.name}`);
    const before =
      environment.name === DEFAULT_ENVIRONMENT
        ? current.status === 'retired' && current.published_at !== null
        : await wasInEffect(scope, id, environment.id, current.version);
    if (!before) {
      throw modelVersionState(
        id,
        current.version,
        current.status,
        `only a version in effect in ${environment.name} before can go live there again; a new version goes live through its review (submit) or a promotion`,
      );
    }
    const deployment = await insertDeployment(scope, {
      id: newId('modelDeployment'),
      model_id: id,
      environment_id: environment.id,
      version: current.version,
      status: 'pending_review',
      kind: 'rollback',
      reason: body.reason,
      requested_by: actor,
      approved_by: actor,
      approved_at: new Date(),
    });
    const { deployment: activated } = await activateDeployment(scope, deployment.id, actor);
    const [release] = await findReleases(scope, [activated?.release_id as string]);
    return {
      answer: presentRelease(release as NonNullable<typeof release>),
      changedIn: await currentTransactionId(scope),
    };
  });
  // Every API process has dropped the old head (kept in memory) before the answer.
  await cacheFeed?.settled(changedIn);
  return answer;
}
