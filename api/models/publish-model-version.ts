import { modelVersionState } from '../../core/errors';
import { newId } from '../../core/ids';
import { publishModelVersion } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel, requireTenantVersion } from './model-records';
import { recordVersionTransition } from '../../db/repositories/model-version-transitions';
import { presentRelease } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/**
 * `POST /models/{id}/versions/{version}/publish` — a rollback: a version that was published before (approved then)
 * goes live again, with a reason; the release record keeps who, when, why and which version it replaced. A version
 * never approved goes live only through its review.
 */
export async function rollbackModelVersion(
  { db, cacheFeed }: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
  version: string,
  body: { reason: string },
) {
  refuseBuiltin(id);
  const { answer, changedIn } = await inTenantTransaction(db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id, { forUpdate: true });
    const current = await requireTenantVersion(scope, id, version, { forUpdate: true });
    if (current.status === 'published')
      throw modelVersionState(id, current.version, current.status, 'it is already the published version');
    if (current.status !== 'retired' || current.published_at === null) {
      throw modelVersionState(
        id,
        current.version,
        current.status,
        'only a version published before can be published again; a new version goes live through its review (submit)',
      );
    }
    const { release, retired, published } = await publishModelVersion(scope, id, current.version, {
      id: newId('modelRelease'),
      kind: 'rollback',
      reason: body.reason,
      decisionId: null,
      actor,
    });
    if (retired)
      await recordVersionTransition(scope, 'model.version.retired', { model, version: retired, actor, release });
    await recordVersionTransition(scope, 'model.version.published', { model, version: published, actor, release });
    return { answer: presentRelease(release), changedIn: await currentTransactionId(scope) };
  });
  // Every API process has dropped the old published head (kept in memory) before the answer.
  await cacheFeed?.settled(changedIn);
  return answer;
}
