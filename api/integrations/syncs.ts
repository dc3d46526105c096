import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { notFound, validationFailed } from '../../core/app-error';
import type { Config } from '../../core/config';
import { isIdOf } from '../../core/ids';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import { presentRejection, presentSync, type SyncMode } from '../../db/records/integration-sync';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { markSyncCancelled, requestSync } from '../../db/repositories/integration-sync-control';
import {
  deleteUnstartedSync,
  findRunningSync,
  findSync,
  listDatasets,
  listRejections,
  listSyncs,
  RUNNING_SYNC_STATUSES,
} from '../../db/repositories/integration-syncs';
import { findLatestUpload, findUpload } from '../../db/repositories/integration-uploads';
import { compileFilter, findDatasetDefinition, listDatasetRecords, presentAsOf, resolveAsOf, type DatasetFilter } from '../../db/repositories/datasets';
import { findIntegration } from '../../db/repositories/integrations';
import { integrationPaused, syncFinished } from '../../core/errors';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { BUILT_IN_DATASETS } from '../../integrations/datasets';
import { listDatasetDefinitions, toDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { createIntegrationSyncs, integrationSyncWorkflowId } from './start-syncs';
import type { RequestContext } from '../context';

export interface IntegrationSyncCreate {
  mode?: SyncMode;
  page_size?: number;
  /** csv integrations: the upload to read (default: the latest). */
  upload_id?: string;
}

export function createIntegrationSyncService(deps: { db: Knex; temporal: Client; config: Config; logger: Logger }) {
  const { db } = deps;
  const workflows = createIntegrationSyncs(deps);

  /** The integration, or 404 exactly like a missing one (another tenant's id included). */
  const requireIntegration = async (scope: TenantScope, id: string, options: { forUpdate?: boolean } = {}) => {
    const integration = isIdOf('integration', id) ? await findIntegration(scope, id, options) : undefined;
    if (!integration) throw notFound('integration', id);
    return integration;
  };
  const requireSync = async (scope: TenantScope, integrationId: string, syncId: string) => {
    await requireIntegration(scope, integrationId);
    const sync = isIdOf('integrationSync', syncId) ? await findSync(scope, syncId, { integrationId }) : undefined;
    if (!sync) throw notFound('integration sync', syncId);
    return sync;
  };

  /**
   * The upload a csv sync reads: the one named (another integration's or tenant's id is a 404, like any id), else
   * the latest. Other connectors take no upload.
   */
  const uploadToRead = async (scope: TenantScope, connectorType: string, integrationId: string, uploadId: string | undefined) => {
    if (connectorType !== 'csv') {
      if (uploadId !== undefined) throw validationFailed([{ path: '/upload_id', message: `only csv integrations read uploads; this one is ${connectorType}` }]);
      return undefined;
    }
    if (uploadId !== undefined) {
      const upload = isIdOf('integrationUpload', uploadId) ? await findUpload(scope, integrationId, uploadId) : undefined;
      if (!upload) throw notFound('integration upload', uploadId);
      return upload;
    }
    const latest = await findLatestUpload(scope, integrationId);
    if (!latest) throw validationFailed([{ path: '/upload_id', message: 'the integration has no upload yet: POST a CSV file to /integrations/{id}/uploads' }], 'A csv sync needs an uploaded file.');
    return latest;
  };

  return {
    /**
     * Stores the sync as queued and starts its workflow; while one is queued or running, returns that one instead
     * (`created: false`). The integration's row lock serialises concurrent requests.
     */
    async create(context: RequestContext, integrationId: string, body: IntegrationSyncCreate) {
      const mode = body.mode ?? 'incremental';
      const result = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const integration = await requireIntegration(scope, integrationId, { forUpdate: true });
        const upload = await uploadToRead(scope, integration.connector_type, integrationId, body.upload_id);
        if (integration.status === 'paused') {
          // A paused integration takes no syncs (one still running from before the pause is returned as usual).
          const running = await findRunningSync(scope, integrationId);
          if (running) return { sync: running, created: false };
          throw integrationPaused(integrationId);
        }
        const outcome = await requestSync(scope, {
          integrationId,
          mode,
          pageSize: body.page_size ?? 1000,
          actor: context.actor,
          trigger: 'api',
          workflowIdOf: integrationSyncWorkflowId,
          upload,
        });
        if (outcome.kind === 'running') return { sync: outcome.sync, created: false };
        if (outcome.kind === 'no_field_mapping') {
          throw validationFailed(
            [{ path: '/field_mapping', message: 'the integration has no field mapping: save one with PUT /integrations/{id}/field-mappings' }],
            'A sync needs a field mapping.',
          );
        }
        return { sync: outcome.sync, created: true };
      });
      if (result.created) {
        await workflows.startSync({ tenantId: context.tenantId, syncId: result.sync.id }, () =>
          inTenantTransaction(db, context.tenantId, (scope) => deleteUnstartedSync(scope, result.sync.id)),
        );
      }
      return { sync: presentSync(result.sync), created: result.created };
    },

    /**
     * Marks a queued or running sync `cancelled` and cancels its workflow, in one transaction: if Temporal cannot be
     * reached the mark is rolled back (503). The page being committed, if any, waits for this and is then rolled back
     * whole; pages committed before stay, and so does the read state (the next incremental sync continues from it).
     */
    async cancel(context: RequestContext, integrationId: string, syncId: string) {
      const cancelled = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const sync = await requireSync(scope, integrationId, syncId);
        if (!RUNNING_SYNC_STATUSES.includes(sync.status)) throw syncFinished(syncId, sync.status);
        const marked = await markSyncCancelled(scope, syncId, context.actor);
        if (!marked) {
          const now = (await findSync(scope, syncId)) as typeof sync;
          throw syncFinished(syncId, now.status);
        }
        await appendAuditRecord(scope, {
          actor: context.actor,
          action: 'integration.sync_cancelled',
          resourceType: 'integration',
          resourceId: integrationId,
          payload: { sync_id: syncId, pages_committed: marked.pages_committed },
        });
        await workflows.cancelSync(marked.workflow_id);
        return marked;
      });
      return presentSync(cancelled);
    },

    async list({ tenantId }: RequestContext, integrationId: string, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
        await requireIntegration(scope, integrationId);
        return listSyncs(scope, integrationId, page);
      });
      return { data: rows.map(presentSync), next_cursor: nextCursor };
    },

    async get({ tenantId }: RequestContext, integrationId: string, syncId: string) {
      return presentSync(await inTenantTransaction(db, tenantId, (scope) => requireSync(scope, integrationId, syncId)));
    },

    async rejections({ tenantId }: RequestContext, integrationId: string, syncId: string, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
        await requireSync(scope, integrationId, syncId);
        return listRejections(scope, syncId, page);
      });
      return { data: rows.map(presentRejection), next_cursor: nextCursor };
    },

    async datasets({ tenantId }: RequestContext) {
      const { stats, defined } = await inTenantTransaction(db, tenantId, async (scope) => ({ stats: await listDatasets(scope), defined: await listDatasetDefinitions(scope) }));
      // The built-in datasets first, then the tenant's own (with 0 records until a sync writes into them).
      const definitions = [...Object.values(BUILT_IN_DATASETS), ...defined.map(toDatasetDefinition)];
      return {
        data: definitions.map((dataset) => {
          const found = stats.find((s) => s.dataset === dataset.name);
          return {
            object: 'dataset' as const,
            name: dataset.name,
            primary_key: dataset.primaryKey,
            fields: Object.fromEntries(Object.entries(dataset.fields).map(([name, field]) => [name, field.type])),
            records: found?.records ?? 0,
            deleted_records: found?.deleted_records ?? 0,
            updated_at: found ? new Date(found.updated_at).toISOString() : null,
          };
        }),
        next_cursor: null,
      };
    },

    /** A page of the dataset's records, as of now or a past sync or time, filtered on its fields. */
    async records(
      { tenantId }: RequestContext,
      name: string,
      page: PageRequest & { includeDeleted: boolean; asOf?: string; filter?: DatasetFilter },
    ) {
      const { rows, nextCursor, asOf } = await inTenantTransaction(db, tenantId, async (scope) => {
        const definition = await findDatasetDefinition(scope, name);
        if (!definition) throw notFound('dataset', name);
        const conditions = compileFilter(definition, page.filter, { path: '/query/filter', site: 'query' });
        const asOf = await resolveAsOf(scope, name, page.asOf, 'query', '/query/as_of');
        return { ...(await listDatasetRecords(scope, definition, { asOf, conditions, includeDeleted: page.includeDeleted, limit: page.limit, cursor: page.cursor })), asOf };
      });
      return {
        as_of: presentAsOf(asOf),
        data: rows.map((row) => ({
          object: 'dataset_record' as const,
          dataset: name,
          primary_key: row.primary_key,
          data: row.data,
          integration_id: row.integration_id,
          first_seen_sync_id: row.first_seen_sync_id,
          last_seen_sync_id: row.last_seen_sync_id,
          deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
          created_at: row.created_at.toISOString(),
          updated_at: row.updated_at.toISOString(),
        })),
        next_cursor: nextCursor,
      };
    },
  };
}

export type IntegrationSyncService = ReturnType<typeof createIntegrationSyncService>;
