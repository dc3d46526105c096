import type { Actor } from '../../core/actor';
import { newId } from '../../core/ids';
import {
  IntegrationSyncRecord,
  syncEventData,
  type FieldFill,
  type SyncMode,
  type SyncTrigger,
} from '../records/integration-sync';
import { scoped, type TenantScope } from '../tenant-scope';
import { appendAuditRecord } from './audit-log';
import { recordEvent } from './events';
import {
  findRunningSync,
  insertSync,
  lastFinishedSyncState,
  RUNNING_SYNC_STATUSES,
  updateSync,
} from './integration-syncs';
import { findCurrentFieldMapping } from './integrations';
import type { StreamState } from '../../integrations/connectors/connector';

export type SyncRequestOutcome =
  | { kind: 'created'; sync: IntegrationSyncRecord }
  | { kind: 'running'; sync: IntegrationSyncRecord }
  | { kind: 'no_field_mapping' };

/**
 * Stores a queued sync of the integration with its latest field mapping, unless one is already queued or running
 * (that one is returned). The caller holds the integration's row lock, which serialises concurrent requests (the
 * partial unique index is the database's own guard). Used by the API and by scheduled runs alike.
 */
export async function requestSync(
  scope: TenantScope,
  request: {
    integrationId: string;
    mode: SyncMode;
    pageSize: number;
    actor: Actor;
    trigger: SyncTrigger;
    scheduledWorkflowId?: string;
    workflowIdOf: (syncId: string) => string;
    /** csv integrations: the upload the sync reads, pinned here so a retried read (or a newer upload) cannot change which. */
    upload?: { id: string; data_offset: number | string; data_line: number };
  },
): Promise<SyncRequestOutcome> {
  const running = await findRunningSync(scope, request.integrationId);
  if (running) return { kind: 'running', sync: running };
  const mapping = await findCurrentFieldMapping(scope, request.integrationId);
  if (!mapping) return { kind: 'no_field_mapping' };
  const id = newId('integrationSync');
  const sync = await insertSync(scope, {
    id,
    integration_id: request.integrationId,
    status: 'queued',
    mode: request.mode,
    dataset: mapping.target,
    stream: mapping.stream,
    mapping_version: mapping.version,
    page_size: request.pageSize,
    start_state: request.upload
      ? ({
          cursor: null,
          position: {
            upload_id: request.upload.id,
            offset: Number(request.upload.data_offset),
            line: request.upload.data_line,
          },
        } satisfies StreamState)
      : request.mode === 'incremental'
        ? await lastFinishedSyncState(scope, request.integrationId, mapping.stream)
        : null,
    upload_id: request.upload?.id ?? null,
    workflow_id: request.workflowIdOf(id),
    created_by: request.actor,
    trigger: request.trigger,
    scheduled_workflow_id: request.scheduledWorkflowId ?? null,
  });
  await appendAuditRecord(scope, {
    actor: request.actor,
    action: 'integration.sync_requested',
    resourceType: 'integration',
    resourceId: request.integrationId,
    payload: {
      sync_id: id,
      mode: request.mode,
      mapping_version: mapping.version,
      trigger: request.trigger,
      ...(request.upload ? { upload_id: request.upload.id } : {}),
    },
  });
  return { kind: 'created', sync };
}

/** The sync a scheduled workflow already stored (its request activity was retried after storing it). */
export async function findSyncOfScheduledWorkflow(scope: TenantScope, scheduledWorkflowId: string) {
  return (await scoped(scope, IntegrationSyncRecord).where('scheduled_workflow_id', scheduledWorkflowId).first()) as
    IntegrationSyncRecord | undefined;
}

/**
 * Marks a queued or running sync `cancelled`, keeping what its committed pages wrote and its read state (the next
 * incremental sync continues from there). A page being committed at the same time waits for this row and then finds
 * the sync no longer `syncing`: it is rolled back whole. Emits `integration.sync.failed` with status `cancelled`.
 * Returns undefined when the sync had already finished.
 */
export async function markSyncCancelled(
  scope: TenantScope,
  syncId: string,
  cancelledBy: Actor | null,
): Promise<IntegrationSyncRecord | undefined> {
  const current = (await scoped(scope, IntegrationSyncRecord)
    .where('integration_syncs.id', syncId)
    .forUpdate()
    .first()) as IntegrationSyncRecord | undefined;
  if (!current || !RUNNING_SYNC_STATUSES.includes(current.status)) return undefined;
  const who = cancelledBy ? `${cancelledBy.type} ${cancelledBy.id}` : 'its workflow being cancelled';
  const cancelled = await updateSync(scope, syncId, {
    status: 'cancelled',
    cancelled_by: cancelledBy,
    error: {
      code: 'sync_cancelled',
      detail: `Cancelled by ${who} after ${current.pages_committed} committed page(s); those pages stay.`,
    },
    completed_at: new Date(),
  });
  await recordEvent(scope, 'integration.sync.failed', syncEventData(cancelled));
  return cancelled;
}

/** The field fill of the previous completed sync of the integration's stream (before `beforeSyncId`), if any. */
export async function previousCompletedFill(
  scope: TenantScope,
  sync: Pick<IntegrationSyncRecord, 'id' | 'integration_id' | 'stream'>,
): Promise<FieldFill | undefined> {
  const previous = (await scoped(scope, IntegrationSyncRecord)
    .where({ integration_id: sync.integration_id, stream: sync.stream })
    .whereIn('status', ['completed', 'partially_completed'])
    .where('integration_syncs.id', '<', sync.id)
    .orderBy('integration_syncs.id', 'desc')
    .first()) as IntegrationSyncRecord | undefined;
  return previous?.field_fill;
}
