import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findModelVersion, updateTenantModel } from '../../db/repositories/decision-models';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentTenantModel } from './presenter';
import type { ModelUseCaseDeps } from './deps';

/**
 * `PUT /models/{id}/legal-hold`: the model's decision instances are kept past retention while the hold is set (the
 * retention job moves them out of the months it drops). `DELETE` lifts it. Both audited.
 */
export async function setModelLegalHold(
  { db }: ModelUseCaseDeps,
  { tenantId, actor, receivedAt }: RequestContext,
  id: string,
  hold: { reason: string } | null,
) {
  refuseBuiltin(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    const before = await requireTenantModel(scope, id, { forUpdate: true });
    if (hold === null && before.legal_hold === null)
      return presentTenantModel(
        before,
        await findModelVersion(scope, id, before.published_version ?? before.latest_version),
      );
    const legalHold = hold === null ? null : { reason: hold.reason, placed_by: actor, placed_at: receivedAt };
    const updated = await updateTenantModel(scope, id, { legal_hold: legalHold });
    await appendAuditRecord(scope, {
      actor,
      action: hold === null ? 'model.legal_hold_lifted' : 'model.legal_hold_placed',
      resourceType: 'model',
      resourceId: id,
      payload: { from: before.legal_hold, to: legalHold },
    });
    return presentTenantModel(
      updated,
      await findModelVersion(scope, id, updated.published_version ?? updated.latest_version),
    );
  });
}
