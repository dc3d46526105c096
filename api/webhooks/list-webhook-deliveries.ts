import { notFound } from '../../core/app-error';
import { eventExpired, webhookDisabled } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import type { WebhookDeliveryStatus } from '../../db/records/webhook';
import type { PageRequest } from '../../db/pagination';
import { findEvent, recordEvent } from '../../db/repositories/events';
import { failDelivery, findDelivery, findSubscription, insertRedelivery, listAttempts, listDeliveries } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentDelivery, presentEvent } from './presenter';
import type { WebhookUseCaseDeps } from './service';
import { wakeLaneForRedelivery, webhookLaneWorkflowId } from './start-deliveries';
import { auditWebhook, requireWebhookId } from './subscription-rules';

/** Records a `webhook.test` event for this subscription alone; its lane delivers it like any other. */
export async function sendWebhookTest({ db }: WebhookUseCaseDeps, context: RequestContext, id: string) {
  requireWebhookId(id);
  const event = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findSubscription(scope, id);
    if (!current) throw notFound('webhook', id);
    if (!current.enabled) throw webhookDisabled('sent a test event');
    const recorded = await recordEvent(scope, 'webhook.test', { webhook: { id }, message: 'A test event from the Decision Modeling Service.' }, { targetSubscriptionId: id });
    // Last write of the transaction (see appendAuditRecord).
    await auditWebhook(scope, context, 'webhook.test_sent', id, {});
    return recorded;
  });
  return presentEvent(event);
}

export async function listWebhookDeliveries(
  { db }: WebhookUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  filters: { status?: WebhookDeliveryStatus; event_type?: string; event_id?: string },
  page: PageRequest,
) {
  requireWebhookId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    if (!(await findSubscription(scope, id))) throw notFound('webhook', id);
    const { rows, nextCursor } = await listDeliveries(scope, id, { status: filters.status, eventType: filters.event_type, eventId: filters.event_id }, page);
    const attempts = await listAttempts(scope, rows.map((r) => r.id));
    return {
      data: rows.map((row) => presentDelivery(row, attempts.filter((a) => a.delivery_id === row.id))),
      next_cursor: nextCursor,
    };
  });
}

/** A new delivery of the same event to the same subscription, in its lane. */
export async function redeliverWebhook({ db, deliveries }: WebhookUseCaseDeps, context: RequestContext, id: string, deliveryId: string) {
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
    await auditWebhook(scope, context, 'webhook.redelivery_requested', id, { delivery_id: newDeliveryId, redelivery_of: original.id, event_id: original.event_id });
    return inserted;
  });
  await wakeLaneForRedelivery(
    deliveries,
    { tenantId, subscriptionId: id, deliveryId: newDeliveryId },
    // Never leave a redelivery "pending" that no lane was woken for.
    () => inTenantTransaction(db, tenantId, (scope) => failDelivery(scope, newDeliveryId, 'The redelivery could not be started.')),
  );
  return presentDelivery(delivery, []);
}
