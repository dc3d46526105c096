import { notFound } from '../../core/app-error';
import { EVENT_TYPES } from '../../core/event-types';
import type { PageRequest } from '../../db/pagination';
import { findSubscription, listSubscriptions } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentWebhook } from './presenter';
import type { WebhookUseCaseDeps } from './service';
import { requireWebhookId } from './subscription-rules';

/** The event catalogue a subscription can name, with each event's data schema. */
export function listEventTypes() {
  return {
    data: EVENT_TYPES.map((t) => ({ object: 'event_type' as const, type: t.type, summary: t.summary, description: t.description, data_schema: t.data })),
    next_cursor: null,
  };
}

export async function listWebhooks({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listSubscriptions(scope, page));
  return { data: rows.map((row) => presentWebhook(row)), next_cursor: nextCursor };
}

export async function getWebhook({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, id: string) {
  requireWebhookId(id);
  const record = await inTenantTransaction(db, tenantId, (scope) => findSubscription(scope, id));
  if (!record) throw notFound('webhook', id);
  return presentWebhook(record);
}
