import type { Actor } from '../../core/actor';
import { newId } from '../../core/ids';
import type { DecisionRecord } from '../../db/records/decision';
import {
  findModelVersion,
  findTenantModel,
  publishModelVersion,
  updateModelVersion,
} from '../../db/repositories/decision-models';
import type { TenantScope } from '../../db/tenant-scope';
import { recordVersionTransition } from '../../db/repositories/model-version-transitions';

interface TransitionRecord {
  action: string;
  payload: Record<string, unknown>;
}

/**
 * A release decision's transition, applied to the model version it reviews in the same transaction as the decision's
 * own (so approval and publication are one commit: a scenario started meanwhile sees the old version or the new one,
 * never neither). Submitted → in review; approved → published (the previous one retired, a release record written);
 * rejected → rejected; changes requested, withdrawn or expired → a draft again, editable. A decision that no longer
 * reviews the version (a newer review replaced it) changes nothing.
 */
export async function applyReleaseTransition(
  scope: TenantScope,
  decision: DecisionRecord,
  records: TransitionRecord[],
  actor: Actor,
): Promise<void> {
  const release = decision.model_release;
  if (!release) return;
  const model = await findTenantModel(scope, release.model_id, { forUpdate: true });
  let version = model
    ? await findModelVersion(scope, release.model_id, release.version, { forUpdate: true })
    : undefined;
  if (!model || !version || version.review_decision_id !== decision.id) return;
  for (const record of records) {
    const comment = typeof record.payload.comment === 'string' ? record.payload.comment : null;
    const transition = { model, actor, decisionId: decision.id, comment };
    switch (record.action) {
      case 'decision.submitted':
      case 'decision.resubmitted':
        version = await updateModelVersion(scope, model.id, version.version, { status: 'in_review' });
        await recordVersionTransition(scope, 'model.version.submitted', { ...transition, version });
        break;
      case 'decision.approved': {
        await recordVersionTransition(scope, 'model.version.approved', { ...transition, version });
        const published = await publishModelVersion(scope, model.id, version.version, {
          id: newId('modelRelease'),
          kind: 'review',
          reason: null,
          decisionId: decision.id,
          actor,
        });
        if (published.retired)
          await recordVersionTransition(scope, 'model.version.retired', {
            ...transition,
            version: published.retired,
            release: published.release,
          });
        version = published.published;
        await recordVersionTransition(scope, 'model.version.published', {
          ...transition,
          version,
          release: published.release,
        });
        break;
      }
      case 'decision.rejected':
        version = await updateModelVersion(scope, model.id, version.version, { status: 'rejected' });
        await recordVersionTransition(scope, 'model.version.rejected', { ...transition, version });
        break;
      case 'decision.changes_requested':
        version = await updateModelVersion(scope, model.id, version.version, { status: 'draft' });
        await recordVersionTransition(scope, 'model.version.changes_requested', { ...transition, version });
        break;
      case 'decision.withdrawn':
      case 'decision.expired':
        version = await updateModelVersion(scope, model.id, version.version, { status: 'draft' });
        await recordVersionTransition(scope, 'model.version.returned_to_draft', {
          ...transition,
          version,
          comment: comment ?? record.action,
        });
        break;
      default:
        break;
    }
  }
}
