import { batchFinished } from '../../core/errors';
import type { RequestContext } from '../context';
import { presentBatch, requireBatch } from './batch-records';
import type { ScenarioBatchUseCaseDeps } from './deps';

/** Asks a running batch's workflow to cancel its pending items (202: items already running finish). */
export async function cancelScenarioBatch(deps: ScenarioBatchUseCaseDeps, { tenantId }: RequestContext, id: string) {
  const batch = await requireBatch(deps, tenantId, id);
  if (batch.status !== 'running') throw batchFinished(batch.status);
  await deps.batches.cancelBatch(batch.workflow_id);
  return presentBatch(deps, tenantId, batch);
}
