import { notFound } from '../../core/app-error';
import { eventExpired, webhookDisabled } from '../../core/errors';
import { isIdOf } from '../../core/ids';
import { redeliverDelivery } from '../../db/repositories/webhook-redeliveries';
import { failDelivery } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentDelivery } from './presenter';
import { wakeLaneForRedelivery, webhookLaneWorkflowId } from './start-deliveries';
import { requireWebhookId } from './subscription-rules';

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
  const outcome = await inTenantTransaction(db, tenantId, (scope) =>
    redeliverDelivery(scope, {
      subscriptionId: id,
      deliveryId,
      workflowId: webhookLaneWorkflowId(id),
      actor: context.actor,
    }),
  );
  if (outcome.refused)
    throw {
      webhook_not_found: () => notFound('webhook', id),
      delivery_not_found: () => notFound('webhook delivery', deliveryId),
      webhook_disabled: () => webhookDisabled('redelivered to'),
      event_expired: () => eventExpired(),
    }[outcome.refused]();
  const { delivery } = outcome;
  const newDeliveryId = delivery.id;
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
