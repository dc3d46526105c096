import { syncFinished } from '../../core/errors';
import { presentSync } from '../../db/records/integration-sync';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { markSyncCancelled } from '../../db/repositories/integration-sync-control';
import { findSync, RUNNING_SYNC_STATUSES } from '../../db/repositories/integration-syncs';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireSync } from './sync-records';
import type { IntegrationSyncUseCaseDeps } from './deps';

/**
 * Marks a queued or running sync `cancelled` and cancels its workflow, in one transaction: if Temporal cannot be
 * reached the mark is rolled back (503). The page being committed, if any, waits for this and is then rolled back
 * whole; pages committed before stay, and so does the read state (the next incremental sync continues from it).
 */
export async function cancelSync(
  { db, workflows }: IntegrationSyncUseCaseDeps,
  context: RequestContext,
  integrationId: string,
  syncId: string,
) {
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
