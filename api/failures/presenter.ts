import { toIso } from '../../core/time';
import type { FailureRetryCounts, FailureRetryItemRow, FailureRetryRow } from '../../db/repositories/failure-retries';
import type { FailureRow } from '../../db/repositories/failures';

/** The family's own retry of one failure, where it has one. */
function retryUrlOf(failure: FailureRow): string | null {
  if (failure.kind === 'webhook_delivery' && failure.parent_id)
    return `/api/v1/webhooks/${failure.parent_id}/deliveries/${failure.resource_id}/redeliver`;
  if (failure.kind === 'integration_sync' && failure.parent_id)
    return `/api/v1/integrations/${failure.parent_id}/syncs`;
  return null;
}

export function presentFailure(failure: FailureRow) {
  return {
    id: failure.id,
    object: 'failure' as const,
    kind: failure.kind,
    resource_id: failure.resource_id,
    parent_id: failure.parent_id,
    cause: { code: failure.code, message: failure.message },
    first_seen_at: failure.first_seen_at.toISOString(),
    last_seen_at: failure.last_seen_at.toISOString(),
    attempts: failure.attempts,
    retry_url: retryUrlOf(failure),
  };
}

export type PresentedFailure = ReturnType<typeof presentFailure>;

export function presentFailureRetry(retry: FailureRetryRow, counts: FailureRetryCounts, items: FailureRetryItemRow[]) {
  return {
    id: retry.id,
    object: 'failure_retry' as const,
    status: retry.status,
    selection: retry.selection,
    progress: { total: retry.total, ...counts },
    items: items.map((item) => ({
      failure_id: item.failure_id,
      kind: item.kind,
      resource_id: item.resource_id,
      status: item.status,
      retried_resource_id: item.retried_resource_id,
      error: item.error,
    })),
    workflow_id: retry.workflow_id,
    created_by: retry.created_by,
    created_at: retry.created_at.toISOString(),
    updated_at: retry.updated_at.toISOString(),
    completed_at: toIso(retry.completed_at),
  };
}

export type PresentedFailureRetry = ReturnType<typeof presentFailureRetry>;
