import type { Actor } from '../../core/actor';
import { newId } from '../../core/ids';
import type { DecisionRecord } from '../../db/records/decision';
import { findModelVersion, findTenantModel, updateModelVersion } from '../../db/repositories/decision-models';
import type { TenantScope } from '../../db/tenant-scope';
import { recordVersionTransition } from '../../db/repositories/model-version-transitions';
import {
  activateDeployment,
  clockNow,
  recordDeploymentStep,
  stopDeployment,
} from '../../db/repositories/deployment-transitions';
import {
  findDeployment,
  insertDeployment,
  listEnvironments,
  updateDeployment,
  type EnvironmentRow,
} from '../../db/repositories/model-deployments';

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
  if (release.deployment_id) return applyPromotionTransition(scope, release.deployment_id, records, actor);
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
        version = await updateModelVersion(scope, model.id, version.version, { status: 'approved' });
        // The approved version goes live in the tenant's release target (production unless the tenant chose
        // staging), as a deployment like any promotion's; in production it becomes the published version.
        const target = (await listEnvironments(scope, { status: 'active' })).find(
          (environment) => environment.release_target,
        ) as EnvironmentRow;
        const deployment = await insertDeployment(scope, {
          id: newId('modelDeployment'),
          model_id: model.id,
          environment_id: target.id,
          version: version.version,
          status: 'pending_review',
          kind: 'review',
          decision_id: decision.id,
          requested_by: decision.created_by,
          approved_by: actor,
          approved_at: new Date(),
        });
        await activateDeployment(scope, deployment.id, actor);
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

/**
 * A promotion's review moves its deployment, not the version (released already): approved, it takes effect now (or
 * at its `effective_from`, scheduled: the timer workflow starts on `model.deployment.scheduled`); rejected, it is
 * rejected; sent back, withdrawn or expired, it is cancelled (a promotion has no draft to change: promote again).
 */
async function applyPromotionTransition(
  scope: TenantScope,
  deploymentId: string,
  records: TransitionRecord[],
  actor: Actor,
): Promise<void> {
  for (const record of records) {
    const deployment = await findDeployment(scope, deploymentId, { forUpdate: true });
    if (!deployment || deployment.status !== 'pending_review') return;
    switch (record.action) {
      case 'decision.approved': {
        const now = await clockNow(scope);
        const approved = await updateDeployment(scope, deployment.id, { approved_by: actor, approved_at: now });
        if (approved.effective_from === null || approved.effective_from.getTime() <= now.getTime()) {
          await activateDeployment(scope, deployment.id, actor);
        } else {
          const scheduled = await updateDeployment(scope, deployment.id, { status: 'scheduled' });
          const model = await findTenantModel(scope, deployment.model_id);
          const environment = (await listEnvironments(scope)).find((e) => e.id === deployment.environment_id);
          if (model && environment)
            await recordDeploymentStep(scope, 'model.deployment.scheduled', {
              model,
              deployment: scheduled,
              environment,
              actor,
            });
        }
        break;
      }
      case 'decision.rejected':
        await stopDeployment(scope, deployment, 'rejected', actor);
        break;
      case 'decision.changes_requested':
      case 'decision.withdrawn':
      case 'decision.expired':
        await stopDeployment(scope, deployment, 'cancelled', actor);
        break;
      default:
        break;
    }
  }
}
