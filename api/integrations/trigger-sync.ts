import { validationFailed } from '../../core/app-error';
import { integrationPaused } from '../../core/errors';
import { presentSync } from '../../db/records/integration-sync';
import { requestSync } from '../../db/repositories/integration-sync-control';
import { deleteUnstartedSync, findRunningSync } from '../../db/repositories/integration-syncs';
import { assertQuotaLeft } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { integrationSyncWorkflowId } from './start-syncs';
import { requireIntegration, uploadToRead } from './sync-records';
import type { CreateIntegrationSyncRequest } from '../openapi/request-types.generated';
import type { IntegrationSyncUseCaseDeps } from './deps';

/**
 * Stores the sync as queued and starts its workflow; while one is queued or running, returns that one instead
 * (`created: false`). The integration's row lock serialises concurrent requests.
 */
export async function triggerSync(
  { db, workflows }: IntegrationSyncUseCaseDeps,
  context: RequestContext,
  integrationId: string,
  body: CreateIntegrationSyncRequest,
) {
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
        [
          {
            path: '/field_mapping',
            message: 'the integration has no field mapping: save one with PUT /integrations/{id}/field-mappings',
          },
        ],
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
