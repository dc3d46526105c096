import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import { cancelModelReplay } from './cancel-model-replay';
import { getModelReplay } from './get-model-replay';
import { listModelReplays } from './list-model-replays';
import { replayLiveRuns, type ModelReplayCreate } from './replay-live-runs';
import { createModelReplays } from './start-replays';
import type { ModelReplayDeps } from './deps';
import type { TaskQueues } from '../../orchestration/task-queues';

/** Replays of a model's live runs against another version, bound to their dependencies. */
export function createModelReplayService(deps: {
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  config: Config;
  logger: Logger;
}) {
  const bound: ModelReplayDeps = { db: deps.db, config: deps.config, replays: createModelReplays(deps) };
  return {
    start: (context: RequestContext, id: string, body: ModelReplayCreate) => replayLiveRuns(bound, context, id, body),
    get: (context: RequestContext, id: string, replayId: string) => getModelReplay(bound, context, id, replayId),
    list: (context: RequestContext, id: string, page: PageRequest) => listModelReplays(bound, context, id, page),
    cancel: (context: RequestContext, id: string, replayId: string) => cancelModelReplay(bound, context, id, replayId),
  };
}

export type ModelReplayService = ReturnType<typeof createModelReplayService>;
