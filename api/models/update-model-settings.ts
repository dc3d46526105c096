import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findModelSettings, saveModelSettings } from '../../db/repositories/model-settings';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { UpdateModelSettingsRequest } from '../openapi/request-types.generated';
import type { ModelUseCaseDeps } from './deps';
import { presentModelSettings } from './get-model-settings';
import { mergePolicy, type PartialVerificationPolicy } from './verification-policy';

/**
 * `PATCH /model-settings`: the tenant's default verification policy (merged: a finding named is set, null removes it;
 * `verification: null` restores the service's default). Audited, as every policy change is.
 */
export async function updateModelSettings(
  { db }: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  body: UpdateModelSettingsRequest,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const before = await findModelSettings(scope, { forUpdate: true });
    const verification = mergePolicy(
      before.verification as PartialVerificationPolicy,
      body.verification === undefined ? {} : body.verification,
    );
    await saveModelSettings(scope, { verification }, actor);
    await appendAuditRecord(scope, {
      actor,
      action: 'model_settings.updated',
      resourceType: 'model_settings',
      resourceId: tenantId,
      payload: { verification: { from: before.verification, to: verification } },
    });
    return presentModelSettings(scope);
  });
}
