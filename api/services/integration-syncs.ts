import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { notFound, validationFailed } from '../../core/app-error';
import type { Config } from '../../core/config';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import { presentRejection, presentSync, type SyncMode } from '../../db/records/integration-sync';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import {
  deleteUnstartedSync,
  findRunningSync,
  findSync,
  insertSync,
  lastFinishedSyncState,
  listDatasetRecords,
  listDatasets,
  listRejections,
  listSyncs,
} from '../../db/repositories/integration-syncs';
import { listDatasetDefinitions, resolveDatasetDefinition, toDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { findCurrentFieldMapping, findIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { BUILT_IN_DATASETS } from '../../integrations/datasets';
import { createIntegrationSyncs, integrationSyncWorkflowId } from '../../orchestration/integration-syncs';
import type { RequestContext } from '../context';

export interface IntegrationSyncCreate {
  mode?: SyncMode;
  page_size?: number;
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

  return {
    /**
     * Stores the sync as queued and starts its workflow; while one is queued or running, returns that one instead
     * (`created: false`). The integration's row lock serialises concurrent requests.
     */
    async create(context: RequestContext, integrationId: string, body: IntegrationSyncCreate) {
      const mode = body.mode ?? 'incremental';
      const result = await inTenantTransaction(db, context.tenantId, async (scope) => {
        await requireIntegration(scope, integrationId, { forUpdate: true });
        const running = await findRunningSync(scope, integrationId);
        if (running) return { sync: running, created: false };
        const mapping = await findCurrentFieldMapping(scope, integrationId);
        if (!mapping) {
          throw validationFailed(
            [{ path: '/field_mapping', message: 'the integration has no field mapping: save one with PUT /integrations/{id}/field-mappings' }],
            'A sync needs a field mapping.',
          );
        }
        const id = newId('integrationSync');
        const sync = await insertSync(scope, {
          id,
          integration_id: integrationId,
          status: 'queued',
          mode,
          dataset: mapping.target,
          stream: mapping.stream,
          mapping_version: mapping.version,
          page_size: body.page_size ?? 1000,
          start_state: mode === 'incremental' ? await lastFinishedSyncState(scope, integrationId, mapping.stream) : null,
          workflow_id: integrationSyncWorkflowId(id),
          created_by: context.actor,
        });
        await appendAuditRecord(scope, {
          actor: context.actor,
          action: 'integration.sync_requested',
          resourceType: 'integration',
          resourceId: integrationId,
          payload: { sync_id: id, mode, mapping_version: mapping.version },
        });
        return { sync, created: true };
      });
      if (result.created) {
        await workflows.startSync({ tenantId: context.tenantId, syncId: result.sync.id }, () =>
          inTenantTransaction(db, context.tenantId, (scope) => deleteUnstartedSync(scope, result.sync.id)),
        );
      }
      return { sync: presentSync(result.sync), created: result.created };
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

    async records({ tenantId }: RequestContext, name: string, page: PageRequest & { includeDeleted: boolean }) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
        if (!(await resolveDatasetDefinition(scope, name))) throw notFound('dataset', name);
        return listDatasetRecords(scope, name, page);
      });
      return {
        data: rows.map((row) => ({
          object: 'dataset_record' as const,
          dataset: row.dataset,
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
