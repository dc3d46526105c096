import { findModelSettings } from '../../db/repositories/model-settings';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { effectivePolicy, type PartialVerificationPolicy } from './verification-policy';
import { effectiveRecording, type RecordingSettings } from '../../decision/recording-policy';
import { PLAN_RETENTION_DAYS } from '../../db/repositories/decision-instances';
import { findTenant } from '../../db/repositories/tenants';

export async function presentModelSettings(scope: TenantScope) {
  const settings = await findModelSettings(scope);
  const verification = settings.verification as PartialVerificationPolicy;
  return {
    object: 'model_settings' as const,
    verification: effectivePolicy(verification, null),
    verification_overrides: verification,
    ...effectiveRecording(null, settings.recording as RecordingSettings | null),
    decision_instance_retention_days:
      settings.decision_instance_retention_days ??
      PLAN_RETENTION_DAYS[(await findTenant(scope.trx, scope.tenantId))?.plan ?? 'starter'],
    decision_instance_retention_days_set: settings.decision_instance_retention_days,
    updated_by: settings.updated_by,
    updated_at: settings.updated_at === null ? null : new Date(settings.updated_at).toISOString(),
  };
}

/**
 * `GET /model-settings`: the tenant's defaults for its models — the release gate's verification policy, the recording
 * policy of decision instances (each field as it applies to models that set none) and their retention.
 */
export async function getModelSettings({ db }: ModelUseCaseDeps, context: RequestContext) {
  return inTenantTransaction(db, context.tenantId, presentModelSettings);
}
