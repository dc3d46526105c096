import { replayFinished } from '../../core/errors';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireReplay } from './get-model-replay';
import { refuseBuiltin } from './model-records';
import { presentReplay } from './replay-presenter';
import type { ModelReplayDeps } from './deps';

/** `POST /models/{id}/replays/{replay_id}/cancel`: the workflow stops handing out batches; the report covers those done. */
export async function cancelModelReplay(
  deps: ModelReplayDeps,
  { tenantId }: RequestContext,
  modelId: string,
  replayId: string,
) {
  refuseBuiltin(modelId);
  const replay = await inTenantTransaction(deps.db, tenantId, (scope) => requireReplay(scope, modelId, replayId));
  if (replay.status !== 'queued' && replay.status !== 'running') throw replayFinished(replay.status);
  await deps.replays.cancelReplay(replay.workflow_id);
  return presentReplay(replay);
}
