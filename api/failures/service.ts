import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { TaskQueues } from '../../orchestration/task-queues';
import type { RequestContext } from '../context';
import type { RetryFailuresRequest } from '../openapi/request-types.generated';
import { cancelFailureRetry } from './cancel-failure-retry';
import type { FailureUseCaseDeps } from './deps';
import { getFailureRetry } from './get-failure-retry';
import { listFailureRetries } from './list-failure-retries';
import { listFailures, type FailureQuery } from './list-failures';
import { retryFailures } from './retry-failures';
import { createFailureRetries } from './start-failure-retries';

/** The failures family's use cases, one file each, bound to their dependencies. */
export function createFailureService(deps: {
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  config: Config;
  logger: Logger;
}) {
  const useCases: FailureUseCaseDeps = {
    db: deps.db,
    retries: createFailureRetries({
      temporal: deps.temporal,
      taskQueues: deps.taskQueues,
      config: deps.config,
      logger: deps.logger,
    }),
  };
  return {
    list: (context: RequestContext, filters: FailureQuery, page: PageRequest) =>
      listFailures(useCases, context, filters, page),
    retry: (context: RequestContext, body: RetryFailuresRequest) => retryFailures(useCases, context, body),
    listRetries: (context: RequestContext, page: PageRequest) => listFailureRetries(useCases, context, page),
    getRetry: (context: RequestContext, id: string) => getFailureRetry(useCases, context, id),
    cancelRetry: (context: RequestContext, id: string) => cancelFailureRetry(useCases, context, id),
  };
}

export type FailureService = ReturnType<typeof createFailureService>;
