import type { EnvironmentRow } from '../../db/repositories/model-deployments';

export function presentEnvironment(row: EnvironmentRow) {
  return {
    id: row.id,
    object: 'environment' as const,
    name: row.name,
    description: row.description,
    position: row.position,
    requires_review: row.requires_review,
    requires_previous: row.requires_previous,
    release_target: row.release_target,
    approval_policy_id: row.approval_policy_id,
    on_deployment_end: row.on_deployment_end,
    status: row.status,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    archived_at: row.archived_at?.toISOString() ?? null,
  };
}
