import type { ModelReleaseRecord } from '../../db/records/decision-model';
import type { DeploymentRow, EnvironmentRow } from '../../db/repositories/model-deployments';
import { modelDeploymentWorkflowId } from '../../workflows/models/contracts-deployments';
import { presentRelease } from './presenter';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A deployment as the API shows it, with its environment's name and the release record it wrote. */
export function presentDeployment(
  row: DeploymentRow,
  environment: Pick<EnvironmentRow, 'id' | 'name'>,
  release: ModelReleaseRecord | undefined,
) {
  return {
    id: row.id,
    object: 'model_deployment' as const,
    model_id: row.model_id,
    environment: { id: environment.id, name: environment.name },
    version: String(row.version),
    status: row.status,
    kind: row.kind,
    effective_from: iso(row.effective_from),
    effective_until: iso(row.effective_until),
    time_zone: row.time_zone,
    reason: row.reason,
    decision_id: row.decision_id,
    release: release ? presentRelease(release) : null,
    requested_by: row.requested_by,
    approved_by: row.approved_by,
    approved_at: iso(row.approved_at),
    activated_at: iso(row.activated_at),
    ended_at: iso(row.ended_at),
    cancelled_by: row.cancelled_by,
    cancelled_at: iso(row.cancelled_at),
    workflow_id:
      row.status === 'scheduled' || (row.effective_until !== null && row.status === 'active')
        ? modelDeploymentWorkflowId(row.id)
        : null,
    created_at: row.created_at.toISOString(),
  };
}
