import type { Actor } from '../../core/actor';
import { newId } from '../../core/ids';
import type { WebhookDeliveryRecord } from '../records/webhook';
import type { TenantScope } from '../tenant-scope';
import { appendAuditRecord } from './audit-log';
import { findEvent } from './events';
import { findDelivery, findSubscription, insertRedelivery } from './webhooks';

/** Why a delivery could not be delivered again. */
export type RedeliveryRefusal = 'webhook_not_found' | 'delivery_not_found' | 'webhook_disabled' | 'event_expired';

/**
 * A delivery delivered again, in the caller's transaction: a new open delivery of the same event to the same
 * subscription, due at once in its lane (`workflowId`), audited as `webhook.redelivery_requested` (with `auditExtras`).
 * What `POST /webhooks/{id}/deliveries/{delivery_id}/redeliver` and a bulk failure retry both do; the caller wakes
 * the lane after the commit.
 */
export async function redeliverDelivery(
  scope: TenantScope,
  request: {
    subscriptionId: string;
    deliveryId: string;
    workflowId: string;
    actor: Actor;
    auditExtras?: Record<string, unknown>;
  },
): Promise<{ refused: RedeliveryRefusal } | { refused?: undefined; delivery: WebhookDeliveryRecord }> {
  const subscription = await findSubscription(scope, request.subscriptionId);
  if (!subscription) return { refused: 'webhook_not_found' };
  const original = await findDelivery(scope, subscription.id, request.deliveryId);
  if (!original) return { refused: 'delivery_not_found' };
  if (!subscription.enabled) return { refused: 'webhook_disabled' };
  if (!(await findEvent(scope, original.event_id))) return { refused: 'event_expired' };
  const id = newId('webhookDelivery');
  const delivery = await insertRedelivery(scope, {
    id,
    subscriptionId: subscription.id,
    eventId: original.event_id,
    eventType: original.event_type,
    workflowId: request.workflowId,
    redeliveryOf: original.id,
  });
  await appendAuditRecord(scope, {
    actor: request.actor,
    action: 'webhook.redelivery_requested',
    resourceType: 'webhook',
    resourceId: subscription.id,
    payload: { delivery_id: id, redelivery_of: original.id, event_id: original.event_id, ...request.auditExtras },
  });
  return { delivery };
}
