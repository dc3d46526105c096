import type { RequestContext } from '../context';
import type { DecisionModelRecord } from '../../db/records/decision-model';
import { findModelVersion, markModelDeprecated } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import { recordEvent } from '../../db/repositories/events';
import type { ModelUseCaseDeps } from './deps';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentTenantModel } from './presenter';

export async function deprecateModel(
  { db, cacheFeed }: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
) {
  refuseBuiltin(id);
  let changedIn: string | undefined;
  const answer = await inTenantTransaction(db, tenantId, async (scope) => {
    const model = await requireTenantModel(scope, id);
    let updated = model;
    if (model.status !== 'deprecated') {
      updated = (await markModelDeprecated(scope, id)) as DecisionModelRecord;
      changedIn = await currentTransactionId(scope);
      await recordEvent(scope, 'model.deprecated', {
        model: { id: updated.id, name: updated.name, deprecated_at: (updated.deprecated_at as Date).toISOString() },
        actor,
      });
    }
    return presentTenantModel(
      updated,
      await findModelVersion(scope, id, updated.published_version ?? updated.latest_version),
    );
  });
  // Every API process has dropped the model's head (kept in memory) before the answer: no run starts on it after.
  if (changedIn !== undefined) await cacheFeed?.settled(changedIn);
  return answer;
}
