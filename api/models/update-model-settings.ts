import { currentTransactionId } from '../../db/repositories/cache-changes';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findModelSettings, saveModelSettings } from '../../db/repositories/model-settings';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { UpdateModelSettingsRequest } from '../openapi/request-types.generated';
import type { ModelUseCaseDeps } from './deps';
import { presentModelSettings } from './get-model-settings';
import { mergePolicy, type PartialVerificationPolicy } from './verification-policy';
import { applyRecordingChange, recordingChange, type RecordingSettings } from '../../decision/recording-policy';

/**
 * `PATCH /model-settings`: the tenant's default verification policy (merged: a finding named is set, null removes it;
 * `verification: null` restores the service's default), its default recording policy (each field set, or null for the
 * service's default) and the retention of decision instances (null: the plan's). Audited, as every policy change is.
 */
export async function updateModelSettings(
  { db, cacheFeed }: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  body: UpdateModelSettingsRequest,
) {
  let changedIn: string | undefined;
  const answer = await inTenantTransaction(db, tenantId, async (scope) => {
    const before = await findModelSettings(scope, { forUpdate: true });
    const verification = mergePolicy(
      before.verification as PartialVerificationPolicy,
      body.verification === undefined ? {} : body.verification,
    );
    const change = recordingChange(body as Record<string, unknown>);
    const recording = change
      ? applyRecordingChange(before.recording as RecordingSettings | null, change, null)
      : (before.recording as RecordingSettings | null);
    const retention =
      body.decision_instance_retention_days === undefined
        ? before.decision_instance_retention_days
        : body.decision_instance_retention_days;
    await saveModelSettings(scope, { verification, recording, decision_instance_retention_days: retention }, actor);
    if (change) changedIn = await currentTransactionId(scope);
    await appendAuditRecord(scope, {
      actor,
      action: 'model_settings.updated',
      resourceType: 'model_settings',
      resourceId: tenantId,
      payload: {
        verification: { from: before.verification, to: verification },
        ...(change ? { recording: { from: before.recording, to: recording } } : {}),
        ...(body.decision_instance_retention_days !== undefined
          ? { decision_instance_retention_days: { from: before.decision_instance_retention_days, to: retention } }
          : {}),
      },
    });
    return presentModelSettings(scope);
  });
  // The tenant's recording policy is kept in memory by every API process: changed everywhere before the answer.
  if (changedIn !== undefined) await cacheFeed?.settled(changedIn);
  return answer;
}
