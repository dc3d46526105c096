import { notFound } from '../../core/app-error';
import { eventExpired, webhookDisabled } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import { findEvent } from '../../db/repositories/events';
import { failDelivery, findDelivery, findSubscription, insertRedelivery } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentDelivery } from './presenter';
import { wakeLaneForRedelivery, webhookLaneWorkflowId } from './start-deliveries';
import { auditWebhook, requireWebhookId } from './subscription-rules';

/** A new delivery of the same event to the same subscription, in its lane. */
export async function redeliverWebhook(
  { db, deliveries }: WebhookUseCaseDeps,
  context: RequestContext,
  id: string,
  deliveryId: string,
) {
  const { tenantId } = context;
  requireWebhookId(id);
  if (!isIdOf('webhookDelivery', deliveryId)) throw notFound('webhook delivery', deliveryId);
  const newDeliveryId = newId('webhookDelivery');
  const delivery = await inTenantTransaction(db, tenantId, async (scope) => {
    const subscription = await findSubscription(scope, id);
    if (!subscription) throw notFound('webhook', id);
    const original = await findDelivery(scope, id, deliveryId);
    if (!original) throw notFound('webhook delivery', deliveryId);
    if (!subscription.enabled) throw webhookDisabled('redelivered to');
    if (!(await findEvent(scope, original.event_id))) throw eventExpired();
    const inserted = await insertRedelivery(scope, {
      id: newDeliveryId,
      subscriptionId: id,
      eventId: original.event_id,
      eventType: original.event_type,
      workflowId: webhookLaneWorkflowId(id),
      redeliveryOf: original.id,
    });
    await auditWebhook(scope, context, 'webhook.redelivery_requested', id, {
      delivery_id: newDeliveryId,
      redelivery_of: original.id,
      event_id: original.event_id,
    });
    return inserted;
  });
  await wakeLaneForRedelivery(
    deliveries,
    { tenantId, subscriptionId: id, deliveryId: newDeliveryId },
    // Never leave a redelivery "pending" that no lane was woken for.
    () =>
      inTenantTransaction(db, tenantId, (scope) =>
        failDelivery(scope, newDeliveryId, 'The redelivery could not be started.'),
      ),
  );
  return presentDelivery(delivery, []);
}
