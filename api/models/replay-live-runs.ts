import { validationFailed } from '../../core/app-error';
import { noPublishedVersion } from '../../core/errors';
import { newId } from '../../core/ids';
import { acceptedHeaders, recordIdempotentOutcome } from '../../db/idempotent-work';
import { findModelVersion } from '../../db/repositories/decision-models';
import {
  deleteUnstartedReplay,
  insertReplay,
  latestCompletedRunIds,
  latestInstanceIds,
} from '../../db/repositories/model-replays';
import { inTenantTransaction } from '../../db/tenant-scope';
import { versionInEffect } from '../../core/deployment-timeline';
import { findTimeline } from '../../db/repositories/model-deployments';
import { environmentInScope } from './environment-resolution';
import type { RequestContext } from '../context';
import type { CreateModelReplayRequest } from '../openapi/request-types.generated';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentReplay } from './replay-presenter';
import { modelReplayWorkflowId } from './start-replays';
import type { ModelReplayDeps } from './deps';

export type ModelReplayCreate = CreateModelReplayRequest;

export const DEFAULT_REPLAY_LIMIT = 1000;
/** Below this a float's rounding is not a change. */
export const DEFAULT_REPLAY_TOLERANCE = { absolute: 1e-9, relative: 0 };

/**
 * `POST /models/{id}/replays`: fixes the snapshot (the last `limit` completed live runs of the published version, or
 * with `source: "instances"` its last `limit` recorded decision instances that kept their inputs), stores the replay
 * and starts its workflow. The replay is answered as stored; the worker does the rest.
 */
export async function replayLiveRuns(
  deps: ModelReplayDeps,
  context: RequestContext,
  modelId: string,
  body: ModelReplayCreate,
) {
  refuseBuiltin(modelId);
  const id = newId('modelReplay');
  const replay = await inTenantTransaction(deps.db, context.tenantId, async (scope) => {
    await requireTenantModel(scope, modelId);
    const version = /^[1-9]\d{0,8}$/.test(body.version) ? Number(body.version) : undefined;
    if (version === undefined || !(await findModelVersion(scope, modelId, version))) {
      throw validationFailed([{ path: '/version', message: `model ${modelId} has no version "${body.version}"` }]);
    }
    // The baseline: the version in effect now in the request's environment (production's published one by default).
    const environment = await environmentInScope(scope, context);
    const inEffect = versionInEffect(
      await findTimeline(scope, modelId),
      environment.id,
      Date.now(),
      environment.on_deployment_end,
    );
    if (!inEffect.found) throw noPublishedVersion(modelId);
    const baseline = inEffect.entry.version;
    const limit = body.limit ?? DEFAULT_REPLAY_LIMIT;
    const source = body.source ?? 'scenarios';
    const scenarioIds = await (source === 'instances' ? latestInstanceIds : latestCompletedRunIds)(
      scope,
      modelId,
      baseline,
      limit,
    );
    const created = await insertReplay(scope, {
      id,
      model_id: modelId,
      version,
      baseline_version: baseline,
      status: 'queued',
      run_limit: limit,
      source,
      tolerance: { ...DEFAULT_REPLAY_TOLERANCE, ...body.tolerance },
      batch_size: deps.config.modelReplay.batchSize,
      scenario_ids: scenarioIds,
      total: scenarioIds.length,
      workflow_id: modelReplayWorkflowId(id),
      created_by: context.actor,
    });
    recordIdempotentOutcome({
      status: 202,
      body: presentReplay(created),
      headers: acceptedHeaders(`/api/v1/models/${modelId}/replays/${id}`),
    });
    return created;
  });
  await deps.replays.startReplay(
    { tenantId: context.tenantId, replayId: id, total: replay.total, batchSize: replay.batch_size },
    () => inTenantTransaction(deps.db, context.tenantId, (scope) => deleteUnstartedReplay(scope, id)),
  );
  return presentReplay(replay);
}
