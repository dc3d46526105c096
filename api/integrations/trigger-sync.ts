import { validationFailed } from '../../core/app-error';
import { integrationPaused, syncFinished } from '../../core/errors';
import { presentSync } from '../../db/records/integration-sync';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { markSyncCancelled, requestSync } from '../../db/repositories/integration-sync-control';
import { deleteUnstartedSync, findRunningSync, findSync, RUNNING_SYNC_STATUSES } from '../../db/repositories/integration-syncs';
import { assertQuotaLeft } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { integrationSyncWorkflowId } from './start-syncs';
import { requireIntegration, requireSync, uploadToRead } from './sync-records';
import type { IntegrationSyncCreate, IntegrationSyncUseCaseDeps } from './syncs';

/**
 * Stores the sync as queued and starts its workflow; while one is queued or running, returns that one instead
 * (`created: false`). The integration's row lock serialises concurrent requests.
 */
export async function triggerSync({ db, workflows }: IntegrationSyncUseCaseDeps, context: RequestContext, integrationId: string, body: IntegrationSyncCreate) {
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
    // A sync is never cut off part-way by the volume quota on records synced: it is refused at its start instead.
    if (outcome.kind !== 'no_field_mapping') await assertQuotaLeft(scope, 'records_synced');
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
}

/**
 * Marks a queued or running sync `cancelled` and cancels its workflow, in one transaction: if Temporal cannot be
 * reached the mark is rolled back (503). The page being committed, if any, waits for this and is then rolled back
 * whole; pages committed before stay, and so does the read state (the next incremental sync continues from it).
 */
export async function cancelSync({ db, workflows }: IntegrationSyncUseCaseDeps, context: RequestContext, integrationId: string, syncId: string) {
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
}
