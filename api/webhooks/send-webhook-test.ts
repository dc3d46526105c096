import { notFound } from '../../core/app-error';
import { webhookDisabled } from '../../core/errors';
import { recordEvent } from '../../db/repositories/events';
import { findSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentEvent } from './presenter';
import { auditWebhook, requireWebhookId } from './subscription-rules';

/** Records a `webhook.test` event for this subscription alone; its lane delivers it like any other. */
export async function sendWebhookTest({ db }: WebhookUseCaseDeps, context: RequestContext, id: string) {
  requireWebhookId(id);
  const event = await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findSubscription(scope, id);
    if (!current) throw notFound('webhook', id);
    if (!current.enabled) throw webhookDisabled('sent a test event');
    const recorded = await recordEvent(
      scope,
      'webhook.test',
      { webhook: { id }, message: 'A test event from the Decision Modeling Service.' },
      { targetSubscriptionId: id },
    );
    // Last write of the transaction (see appendAuditRecord).
    await auditWebhook(scope, context, 'webhook.test_sent', id, {});
    return recorded;
  });
  return presentEvent(event);
}
