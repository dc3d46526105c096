import { currentTransactionId } from '../../db/repositories/cache-changes';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { findModelVersion, updateTenantModel } from '../../db/repositories/decision-models';
import type { DecisionModelRecord } from '../../db/records/decision-model';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentTenantModel } from './presenter';
import type { ModelUseCaseDeps } from './deps';
import { mergePolicy, type PartialVerificationPolicy } from './verification-policy';
import type { UpdateModelRequest } from '../openapi/request-types.generated';
import { applyRecordingChange, recordingChange, type RecordingSettings } from '../../decision/recording-policy';
import { findModelSettings } from '../../db/repositories/model-settings';

export type ModelUpdate = UpdateModelRequest;

/**
 * `PATCH /models/{id}`: a tenant model's name, description, the rule coverage its drafts need before review, its
 * verification policy (merged into what it sets: a finding named is set, null removes it, `verification: null` all)
 * and its recording policy (each field set, or null to take the tenant's).
 */
export async function updateModel(
  { db, cacheFeed }: ModelUseCaseDeps,
  { tenantId, actor }: RequestContext,
  id: string,
  body: ModelUpdate,
) {
  refuseBuiltin(id);
  let changedIn: string | undefined;
  const answer = await inTenantTransaction(db, tenantId, async (scope) => {
    const before = await requireTenantModel(scope, id, { forUpdate: true });
    const patch: Partial<DecisionModelRecord> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.coverage_threshold !== undefined) patch.coverage_threshold = body.coverage_threshold;
    if (body.verification !== undefined)
      patch.verification = mergePolicy(before.verification as PartialVerificationPolicy | null, body.verification);
    const change = recordingChange(body as Record<string, unknown>);
    if (change)
      patch.recording = applyRecordingChange(
        before.recording as RecordingSettings | null,
        change,
        (await findModelSettings(scope)).recording as RecordingSettings | null,
      );
    if (change) changedIn = await currentTransactionId(scope);
    const updated = await updateTenantModel(scope, id, patch);
    const changes = Object.fromEntries(
      Object.keys(patch).map((field) => [
        field,
        {
          from: before[field as keyof DecisionModelRecord] ?? null,
          to: updated[field as keyof DecisionModelRecord] ?? null,
        },
      ]),
    );
    await appendAuditRecord(scope, {
      actor,
      action: 'model.updated',
      resourceType: 'model',
      resourceId: id,
      payload: { changes },
    });
    return presentTenantModel(
      updated,
      await findModelVersion(scope, id, updated.published_version ?? updated.latest_version),
    );
  });
  // A recording policy changed applies in every API process (which keep it in memory) before the answer.
  if (changedIn !== undefined) await cacheFeed?.settled(changedIn);
  return answer;
}
