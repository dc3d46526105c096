/**
 * What the audit log records, as `<resource type>.<verb>`. The resource type is the API's `object` name of the thing
 * changed (`api_key`, `oauth_client`, `member`), so a record's resource_type and resource_id name the very resource
 * at `/api/v1/<family>/<resource_id>`. Append here when a new family's writes become audited (decision.*, …).
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.rotated',
  'api_key.revoked',
  'oauth_client.created',
  'oauth_client.revoked',
  'member.created',
  'member.role_changed',
  'member.removed',
  'decision.created',
  'decision.updated',
  'decision.deleted',
  'decision.evidence_attached',
  'decision.evidence_detached',
  'decision.submitted',
  'decision.step.approved',
  'decision.approved',
  'decision.rejected',
  'decision.changes_requested',
  'decision.resubmitted',
  'decision.step.escalated',
  'decision.step.reminder',
  'decision.step.reassigned',
  'decision.commented',
  'decision.withdrawn',
  'decision.expired',
  'decision.implemented',
  'decision.closed',
  'decision.outcome.due',
  'decision.outcome_recorded',
  'decision.outcome_kpi_linked',
  'decision.outcome_kpi_unlinked',
  'approval_policy.created',
  'approval_policy.version_created',
  'approval_policy.archived',
  'integration.created',
  'integration.updated',
  'integration.deleted',
  'integration.field_mapping_created',
  'integration.sync_requested',
  'integration.file_uploaded',
  'integration.sync_cancelled',
  'dataset.created',
  'dataset.updated',
  'dataset.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.test_sent',
  'webhook.redelivery_requested',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = ['api_key', 'oauth_client', 'member', 'decision', 'approval_policy', 'integration', 'dataset', 'webhook'] as const;

export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];
