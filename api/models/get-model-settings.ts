import { findModelSettings } from '../../db/repositories/model-settings';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { effectivePolicy, type PartialVerificationPolicy } from './verification-policy';

export async function presentModelSettings(scope: TenantScope) {
  const settings = await findModelSettings(scope);
  const verification = settings.verification as PartialVerificationPolicy;
  return {
    object: 'model_settings' as const,
    verification: effectivePolicy(verification, null),
    verification_overrides: verification,
    updated_by: settings.updated_by,
    updated_at: settings.updated_at === null ? null : new Date(settings.updated_at).toISOString(),
  };
}

/** `GET /model-settings`: the tenant's defaults for its models — the release gate's verification policy. */
export async function getModelSettings({ db }: ModelUseCaseDeps, context: RequestContext) {
  return inTenantTransaction(db, context.tenantId, presentModelSettings);
}
