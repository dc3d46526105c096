import type { Actor } from '../../core/actor';
import {
  markFailureRetryItemStarted,
  refuseFailureRetryItem,
  settleFailureRetryItem,
  type FailureRetryItemRow,
} from '../../db/repositories/failure-retries';
import { requestSync } from '../../db/repositories/integration-sync-control';
import { findSync } from '../../db/repositories/integration-syncs';
import { findLatestUpload } from '../../db/repositories/integration-uploads';
import { findIntegration } from '../../db/repositories/integrations';
import { insertReplayAgain } from '../../db/repositories/model-replays';
import { requeueFailedNotification } from '../../db/repositories/notifications';
import { newId } from '../../core/ids';
import { modelReplayWorkflowId } from '../../workflows/models/contracts-replays';
import { assertQuotaLeft } from '../../db/repositories/usage-quotas';
import { redeliverDelivery, type RedeliveryRefusal } from '../../db/repositories/webhook-redeliveries';
import {
  auditedSubscription,
  ENABLED_AGAIN,
  findSubscription,
  updateSubscription,
} from '../../db/repositories/webhooks';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import type { TenantScope } from '../../db/tenant-scope';
import { integrationSyncWorkflowId } from '../../workflows/integrations/contracts-syncs';
import { webhookLaneWorkflowId } from '../../workflows/webhooks/contracts';
import type { RunRetryStart } from './run-retries';

/** What sets a stored retry going once its transaction has committed. */
export type RetryStart =
  | { kind: 'webhook_lane'; tenantId: string; subscriptionId: string }
  | { kind: 'integration_sync'; tenantId: string; syncId: string }
  | { kind: 'notification_lane'; tenantId: string }
  | { kind: 'model_replay'; tenantId: string; replayId: string }
  | RunRetryStart;

/** What a started item needs set going again (an activity retried after the commit): the same start, once more. */
export function startOf(scope: TenantScope, item: FailureRetryItemRow): RetryStart | undefined {
  if (item.kind === 'webhook_delivery' && item.parent_id)
    return { kind: 'webhook_lane', tenantId: scope.tenantId, subscriptionId: item.parent_id };
  if (item.kind === 'integration_sync' && item.retried_resource_id)
    return { kind: 'integration_sync', tenantId: scope.tenantId, syncId: item.retried_resource_id };
  if (item.kind === 'notification') return { kind: 'notification_lane', tenantId: scope.tenantId };
  if (item.kind === 'model_replay' && item.retried_resource_id)
    return { kind: 'model_replay', tenantId: scope.tenantId, replayId: item.retried_resource_id };
  if ((item.kind === 'scenario' || item.kind === 'batch_item') && item.retried_resource_id)
    return { kind: 'scenario_run', tenantId: scope.tenantId, scenarioId: item.retried_resource_id };
  if (item.kind === 'kpi_check' && item.retried_resource_id)
    return { kind: 'kpi_check', tenantId: scope.tenantId, kpiId: item.retried_resource_id, retryId: item.retry_id };
  return undefined;
}

/**
 * A failed delivery delivered again, through the same redelivery as `POST /webhooks/{id}/deliveries/{delivery_id}/redeliver`: a new
 * delivery of the same event to the same subscription, in its lane, audited as a redelivery request.
 */
export async function requestRedelivery(
  scope: TenantScope,
  item: FailureRetryItemRow,
  actor: Actor,
): Promise<RetryStart | undefined> {
  if (!item.parent_id) return refuseFailureRetryItem(scope, item, 'not_found', REDELIVERY_REFUSALS.webhook_not_found);
  const outcome = await redeliverDelivery(scope, {
    subscriptionId: item.parent_id,
    deliveryId: item.resource_id,
    workflowId: webhookLaneWorkflowId(item.parent_id),
    actor,
    auditExtras: { failure_retry_id: item.retry_id },
  });
  if (outcome.refused) {
    const code = outcome.refused.endsWith('_not_found') ? 'not_found' : outcome.refused;
    return refuseFailureRetryItem(scope, item, code, REDELIVERY_REFUSALS[outcome.refused]);
  }
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, outcome.delivery.id);
  return { kind: 'webhook_lane', tenantId: scope.tenantId, subscriptionId: item.parent_id };
}

const REDELIVERY_REFUSALS: Record<RedeliveryRefusal, string> = {
  webhook_not_found: 'The webhook subscription was deleted.',
  delivery_not_found: 'The delivery no longer exists.',
  webhook_disabled: 'The webhook subscription is disabled: enable it first.',
  event_expired: 'The event is past its retention period.',
};

/**
 * A failed sync run again, as `POST /integrations/{id}/syncs` does (same mode and page size; a CSV integration
 * reads its latest upload): a sync of the integration already queued or running is taken as the retry.
 */
export async function requestSyncAgain(
  scope: TenantScope,
  item: FailureRetryItemRow,
  actor: Actor,
): Promise<RetryStart | undefined> {
  const integration = item.parent_id ? await findIntegration(scope, item.parent_id, { forUpdate: true }) : undefined;
  if (!integration) return refuseFailureRetryItem(scope, item, 'not_found', 'The integration was deleted.');
  if (integration.status === 'paused')
    return refuseFailureRetryItem(scope, item, 'integration_paused', 'The integration is paused: resume it first.');
  const original = await findSync(scope, item.resource_id);
  if (!original) return refuseFailureRetryItem(scope, item, 'not_found', 'The sync no longer exists.');
  const upload = integration.connector_type === 'csv' ? await findLatestUpload(scope, integration.id) : undefined;
  if (integration.connector_type === 'csv' && !upload)
    return refuseFailureRetryItem(scope, item, 'no_upload', 'The integration has no upload to read.');
  const outcome = await requestSync(scope, {
    integrationId: integration.id,
    mode: original.mode,
    pageSize: original.page_size,
    actor,
    trigger: 'api',
    workflowIdOf: integrationSyncWorkflowId,
    ...(upload ? { upload } : {}),
  });
  if (outcome.kind === 'no_field_mapping')
    return refuseFailureRetryItem(scope, item, 'no_field_mapping', 'The integration has no field mapping.');
  if (outcome.kind === 'created') await assertQuotaLeft(scope, 'records_synced');
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, outcome.sync.id);
  return { kind: 'integration_sync', tenantId: scope.tenantId, syncId: outcome.sync.id };
}

/**
 * A failed notification sent again: the same notification (its Message-ID, its recipient, its text) pending and due
 * now in the tenant's notification lane, with a fresh count of attempts. The lane applies the recipient's preferences
 * and membership as at any send (one who left or opted out since is cancelled, not sent).
 */
export async function requestNotificationAgain(
  scope: TenantScope,
  item: FailureRetryItemRow,
): Promise<RetryStart | undefined> {
  if (!(await requeueFailedNotification(scope, item.resource_id)))
    return refuseFailureRetryItem(
      scope,
      item,
      'not_failed',
      'The notification is no longer failed (sent, retried or deleted).',
    );
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, item.resource_id);
  return { kind: 'notification_lane', tenantId: scope.tenantId };
}

/**
 * A subscription disabled because its endpoint was gone or kept failing, enabled again as `PATCH /webhooks/{id}
 * {"enabled": true}` does (audited `webhook.updated`): new events are delivered to it again. Its failed deliveries
 * stay failures of their own, to retry once the endpoint answers. Settled at once: there is no attempt to wait for.
 */
export async function enableSubscriptionAgain(
  scope: TenantScope,
  item: FailureRetryItemRow,
  actor: Actor,
): Promise<undefined> {
  const current = await findSubscription(scope, item.resource_id, { forUpdate: true });
  if (!current) return refuseFailureRetryItem(scope, item, 'not_found', REDELIVERY_REFUSALS.webhook_not_found);
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, current.id);
  if (!current.enabled) {
    const updated = await updateSubscription(scope, current.id, ENABLED_AGAIN);
    await appendAuditRecord(scope, {
      actor,
      action: 'webhook.updated',
      resourceType: 'webhook',
      resourceId: current.id,
      payload: { ...auditedSubscription(updated), description: updated.description, failure_retry_id: item.retry_id },
    });
  }
  await settleFailureRetryItem(scope, item.retry_id, item.failure_id, { status: 'succeeded', error: null });
  return undefined;
}

/**
 * A failed replay made again: a new replay of the same version against the same baseline over the same snapshot of
 * runs (what `POST /models/{id}/replays` stored), its workflow started after the commit. The failed one stays as it
 * was; a newer replay of the same version is what counts from then on.
 */
export async function requestReplayAgain(
  scope: TenantScope,
  item: FailureRetryItemRow,
  actor: Actor,
): Promise<RetryStart | undefined> {
  const id = newId('modelReplay');
  const replay = await insertReplayAgain(scope, item.resource_id, {
    id,
    workflowId: modelReplayWorkflowId(id),
    createdBy: actor,
  });
  if (!replay)
    return refuseFailureRetryItem(
      scope,
      item,
      'not_failed',
      'The replay is no longer failed (or its model was deleted).',
    );
  await markFailureRetryItemStarted(scope, item.retry_id, item.failure_id, replay.id);
  return { kind: 'model_replay', tenantId: scope.tenantId, replayId: replay.id };
}
