import type { PageRequest } from '../../db/pagination';
import { listReplays } from '../../db/repositories/model-replays';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentReplay } from './replay-presenter';
import type { ModelReplayDeps } from './deps';

/** `GET /models/{id}/replays`: newest first. */
export async function listModelReplays(
  { db }: ModelReplayDeps,
  { tenantId }: RequestContext,
  modelId: string,
  page: PageRequest,
) {
  refuseBuiltin(modelId);
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, modelId);
    return listReplays(scope, modelId, page);
  });
  return { object: 'list' as const, data: rows.map(presentReplay), next_cursor: nextCursor };
}
