import type { RequestContext } from '../context';
import { presentBatch, requireBatch } from './batch-records';
import type { ScenarioBatchUseCaseDeps } from './deps';

export async function getScenarioBatch(deps: ScenarioBatchUseCaseDeps, { tenantId }: RequestContext, id: string) {
  return presentBatch(deps, tenantId, await requireBatch(deps, tenantId, id));
}
