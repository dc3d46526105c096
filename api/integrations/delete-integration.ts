import { notFound } from '../../core/app-error';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findIntegration, updateIntegration } from '../../db/repositories/integrations';
import { requestIntegrationScheduleChange } from '../../db/repositories/schedule-reconciliation';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { requireIntegrationId } from './integration-connections';
import type { IntegrationUseCaseDeps } from './deps';

export async function deleteIntegration(
  { db, schedules }: IntegrationUseCaseDeps,
  context: RequestContext,
  id: string,
): Promise<void> {
  requireIntegrationId(id);
  const hadSchedule = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findIntegration(scope, id, { forUpdate: true });
    if (!current) throw notFound('integration', id);
    // The credentials go with it: a deleted integration keeps no way into the source.
    await updateIntegration(scope, id, {
      deleted_at: new Date(),
      credentials_ciphertext: null,
      credentials_key_id: null,
      schedule: null,
    });
    await appendAuditRecord(scope, {
      actor: context.actor,
      action: 'integration.deleted',
      resourceType: 'integration',
      resourceId: id,
      payload: { name: current.name, connector_type: current.connector_type },
    });
    // Its schedule goes with it, after the commit (the deleted row is the tombstone the reconciler works from; a
    // sync already running finishes).
    if (current.schedule) await requestIntegrationScheduleChange(scope, id);
    return current.schedule !== null;
  });
  if (hadSchedule) schedules.reconcileSoon(id);
}
