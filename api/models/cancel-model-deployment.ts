import { deploymentNotCancellable } from '../../core/errors';
import { clockNow, stopDeployment } from '../../db/repositories/deployment-transitions';
import { findDeployment } from '../../db/repositories/model-deployments';
import { notFound } from '../../core/app-error';
import { inTenantTransaction } from '../../db/tenant-scope';
import { currentTransactionId } from '../../db/repositories/cache-changes';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { presentDeploymentById } from './get-model-deployment';
import { refuseBuiltin, requireTenantModel } from './model-records';

/**
 * `POST /models/{id}/deployments/{deployment_id}/cancel`: a scheduled deployment before its instant (by the database's
 * clock, under the model's lock, which the timer's activation takes too: the two cannot both win). Cancelling twice is
 * the same as once. The event's reaction stops the timer workflow; one that fires anyway finds it cancelled.
 */
export async function cancelModelDeployment(
  { db, cacheFeed }: ModelUseCaseDeps,
  context: RequestContext,
  id: string,
  deploymentId: string,
) {
  refuseBuiltin(id);
  const { answer, changedIn } = await inTenantTransaction(db, context.tenantId, async (scope) => {
    await requireTenantModel(scope, id, { forUpdate: true });
    const row = await findDeployment(scope, deploymentId, { forUpdate: true });
    if (!row || row.model_id !== id) throw notFound('deployment', deploymentId);
    if (row.status !== 'cancelled') {
      const due = row.effective_from !== null && row.effective_from.getTime() <= (await clockNow(scope)).getTime();
      if (row.status !== 'scheduled' || due) throw deploymentNotCancellable(row.id, due ? 'in effect' : row.status);
      await stopDeployment(scope, row, 'cancelled', context.actor);
    }
    return {
      answer: await presentDeploymentById(scope, id, deploymentId),
      changedIn: row.status === 'cancelled' ? null : await currentTransactionId(scope),
    };
  });
  // A scheduled deployment is on the timeline every API process keeps: none may still switch to it once this answers.
  if (changedIn) await cacheFeed?.settled(changedIn);
  return answer;
}
