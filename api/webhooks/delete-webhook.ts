import { notFound } from '../../core/app-error';
import { findSubscription, updateSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { auditWebhook, requireWebhookId } from './subscription-rules';

export async function deleteWebhook({ db }: WebhookUseCaseDeps, context: RequestContext, id: string): Promise<void> {
  requireWebhookId(id);
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    const current = await findSubscription(scope, id, { forUpdate: true });
    if (!current) throw notFound('webhook', id);
    await updateSubscription(scope, id, { deleted_at: new Date(), enabled: false });
    await auditWebhook(scope, context, 'webhook.deleted', id, { url: current.url });
  });
}
