import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import { createUpload, type IncomingUpload } from './create-upload';
import type { IntegrationUploadUseCaseDeps } from './deps';
import { getUpload } from './get-upload';
import { listUploads } from './list-uploads';

export type { IncomingUpload };

/** CSV files uploaded to csv integrations: one file per use case, bound to their dependencies. */
export function createIntegrationUploadService(deps: { db: Knex; config: Config }) {
  const useCases: IntegrationUploadUseCaseDeps = { db: deps.db, config: deps.config };
  return {
    maxBytes: deps.config.csvUploadMaxBytes,
    create: (context: RequestContext, integrationId: string, incoming: IncomingUpload) =>
      createUpload(useCases, context, integrationId, incoming),
    list: (context: RequestContext, integrationId: string, page: PageRequest) =>
      listUploads(useCases, context, integrationId, page),
    get: (context: RequestContext, integrationId: string, uploadId: string) =>
      getUpload(useCases, context, integrationId, uploadId),
  };
}

export type IntegrationUploadService = ReturnType<typeof createIntegrationUploadService>;
