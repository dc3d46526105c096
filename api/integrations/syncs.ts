import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { SyncMode } from '../../db/records/integration-sync';
import type { DatasetFilter } from '../../db/repositories/datasets';
import type { RequestContext } from '../context';
import { listDatasetRecordsPage, listTenantDatasets } from './list-dataset-records';
import { getIntegrationSync, listIntegrationSyncs, listSyncRejections } from './list-syncs';
import { createIntegrationSyncs } from './start-syncs';
import { cancelSync, triggerSync } from './trigger-sync';
import type { TaskQueues } from '../../orchestration/task-queues';

export interface IntegrationSyncCreate {
  mode?: SyncMode;
  page_size?: number;
  /** csv integrations: the upload to read (default: the latest). */
  upload_id?: string;
}

/** What every sync and dataset use case is given. */
export interface IntegrationSyncUseCaseDeps {
  db: Knex;
  workflows: ReturnType<typeof createIntegrationSyncs>;
}

/** Syncs and the datasets they write: one file per use case (or a few that are one thing), bound to their dependencies. */
export function createIntegrationSyncService(deps: { db: Knex; temporal: Client; taskQueues: TaskQueues; config: Config; logger: Logger }) {
  const useCases: IntegrationSyncUseCaseDeps = { db: deps.db, workflows: createIntegrationSyncs(deps) };
  return {
    create: (context: RequestContext, integrationId: string, body: IntegrationSyncCreate) => triggerSync(useCases, context, integrationId, body),
    cancel: (context: RequestContext, integrationId: string, syncId: string) => cancelSync(useCases, context, integrationId, syncId),
    list: (context: RequestContext, integrationId: string, page: PageRequest) => listIntegrationSyncs(useCases, context, integrationId, page),
    get: (context: RequestContext, integrationId: string, syncId: string) => getIntegrationSync(useCases, context, integrationId, syncId),
    rejections: (context: RequestContext, integrationId: string, syncId: string, page: PageRequest) => listSyncRejections(useCases, context, integrationId, syncId, page),
    datasets: (context: RequestContext) => listTenantDatasets(useCases, context),
    records: (context: RequestContext, name: string, page: PageRequest & { includeDeleted: boolean; asOf?: string; filter?: DatasetFilter }) =>
      listDatasetRecordsPage(useCases, context, name, page),
  };
}

export type IntegrationSyncService = ReturnType<typeof createIntegrationSyncService>;
