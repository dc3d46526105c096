import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { DatasetFilter } from '../../db/repositories/datasets';
import type { TaskQueues } from '../../orchestration/task-queues';
import type { RequestContext } from '../context';
import type { CreateIntegrationSyncRequest } from '../openapi/request-types.generated';
import { cancelSync } from './cancel-sync';
import type { IntegrationSyncUseCaseDeps } from './deps';
import { getIntegrationSync } from './get-sync';
import { listDatasetRecordsPage } from './list-dataset-records';
import { listTenantDatasets } from './list-datasets';
import { listSyncRejections } from './list-sync-rejections';
import { listIntegrationSyncs } from './list-syncs';
import { createIntegrationSyncs } from './start-syncs';
import { triggerSync } from './trigger-sync';

/** Syncs and the datasets they write: one file per use case, bound to their dependencies. */
export function createIntegrationSyncService(deps: {
  db: Knex;
  temporal: Client;
  taskQueues: TaskQueues;
  config: Config;
  logger: Logger;
}) {
  const useCases: IntegrationSyncUseCaseDeps = { db: deps.db, workflows: createIntegrationSyncs(deps) };
  return {
    create: (context: RequestContext, integrationId: string, body: CreateIntegrationSyncRequest) =>
      triggerSync(useCases, context, integrationId, body),
    cancel: (context: RequestContext, integrationId: string, syncId: string) =>
      cancelSync(useCases, context, integrationId, syncId),
    list: (context: RequestContext, integrationId: string, page: PageRequest) =>
      listIntegrationSyncs(useCases, context, integrationId, page),
    get: (context: RequestContext, integrationId: string, syncId: string) =>
      getIntegrationSync(useCases, context, integrationId, syncId),
    rejections: (context: RequestContext, integrationId: string, syncId: string, page: PageRequest) =>
      listSyncRejections(useCases, context, integrationId, syncId, page),
    datasets: (context: RequestContext) => listTenantDatasets(useCases, context),
    records: (
      context: RequestContext,
      name: string,
      page: PageRequest & { includeDeleted: boolean; asOf?: string; filter?: DatasetFilter },
    ) => listDatasetRecordsPage(useCases, context, name, page),
  };
}

export type IntegrationSyncService = ReturnType<typeof createIntegrationSyncService>;
