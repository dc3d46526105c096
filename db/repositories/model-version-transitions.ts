import type { Actor } from '../../core/actor';
import type { AuditAction } from '../../core/audit-actions';
import type { DecisionModelRecord, ModelReleaseRecord, ModelVersionRecord } from '../records/decision-model';
import type { TenantScope } from '../tenant-scope';
import type { ModelVersionState } from './decision-models';
import { noteAuditRecord, noteEvent } from './deferred-appends';

/** Records `model.version.created` for a new model or a new version of one, and audits it. */
export async function recordVersionCreated(
  scope: TenantScope,
  model: DecisionModelRecord,
  version: ModelVersionRecord,
  actor: Actor,
) {
  await noteEvent(scope, 'model.version.created', {
    model: { id: model.id, name: model.name },
    version: {
      version: String(version.version),
      graph_sha256: version.graph_sha256,
      created_at: version.created_at.toISOString(),
    },
    actor,
  });
  await auditVersion(scope, 'model.version.created', model.id, version, actor, {});
}

export interface VersionTransition {
  model: Pick<DecisionModelRecord, 'id' | 'name'>;
  version: ModelVersionState;
  actor: Actor;
  decisionId?: string | null;
  release?: ModelReleaseRecord;
  comment?: string | null;
}

/** The lifecycle transitions that are also platform events (the others are audited only). */
const EVENTED = new Set<AuditAction>([
  'model.version.submitted',
  'model.version.approved',
  'model.version.rejected',
  'model.version.published',
  'model.version.retired',
]);

/**
 * One lifecycle transition of a version: its outbox event (when it is one) and its audit record, in the caller's
 * transaction. Events first, audit last, as every other write does, so the outbox row is always locked before the audit head.
 */
export async function recordVersionTransition(scope: TenantScope, action: AuditAction, transition: VersionTransition) {
  const { model, version, actor, release } = transition;
  const details = {
    decision_id: transition.decisionId ?? version.review_decision_id,
    ...(release
      ? {
          release: {
            id: release.id,
            kind: release.kind,
            replaced_version: release.replaced_version === null ? null : String(release.replaced_version),
            reason: release.reason,
          },
        }
      : {}),
    comment: transition.comment ?? null,
  };
  if (EVENTED.has(action)) {
    await noteEvent(scope, action, {
      model: { id: model.id, name: model.name },
      version: {
        version: String(version.version),
        status: version.status,
        content_revision: version.content_revision,
        graph_sha256: version.graph_sha256,
      },
      ...details,
      actor,
    });
  }
  await auditVersion(scope, action, model.id, version, actor, details);
}

function auditVersion(
  scope: TenantScope,
  action: AuditAction,
  modelId: string,
  version: ModelVersionState,
  actor: Actor,
  details: Record<string, unknown>,
) {
  return noteAuditRecord(scope, {
    actor,
    action,
    resourceType: 'model',
    resourceId: modelId,
    payload: {
      version: String(version.version),
      status: version.status,
      content_revision: version.content_revision,
      graph_sha256: version.graph_sha256,
      ...details,
    },
  });
}
