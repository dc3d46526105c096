import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findReplay } from '../../db/repositories/model-replays';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentReplay } from './replay-presenter';
import type { ModelReplayDeps } from './deps';

/** A replay of this tenant model, or a 404 (another model's replay, another tenant's, or no such id). */
export async function requireReplay(scope: TenantScope, modelId: string, replayId: string) {
  await requireTenantModel(scope, modelId);
  const replay = isIdOf('modelReplay', replayId) ? await findReplay(scope, replayId, modelId) : undefined;
  if (!replay) throw notFound('model replay', replayId);
  return replay;
}

/** `GET /models/{id}/replays/{replay_id}`: progress while it runs, the report once done. */
export async function getModelReplay(
  { db }: ModelReplayDeps,
  { tenantId }: RequestContext,
  modelId: string,
  replayId: string,
) {
  refuseBuiltin(modelId);
  return presentReplay(await inTenantTransaction(db, tenantId, (scope) => requireReplay(scope, modelId, replayId)));
}
