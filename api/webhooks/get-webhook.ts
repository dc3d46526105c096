import { notFound } from '../../core/app-error';
import { findSubscription } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentWebhook } from './presenter';
import { requireWebhookId } from './subscription-rules';

export async function getWebhook({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireWebhookId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findSubscription(scope, id));
  if (!record) throw notFound('webhook', id);
  return presentWebhook(record);
}
