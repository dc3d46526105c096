import { notFound } from '../../core/app-error';
import type { WebhookDeliveryStatus } from '../../db/records/webhook';
import type { PageRequest } from '../../db/pagination';
import { findSubscription, listAttempts, listDeliveries } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentDelivery } from './presenter';
import { requireWebhookId } from './subscription-rules';

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
    const { rows, nextCursor } = await listDeliveries(
      scope,
      id,
      { status: filters.status, eventType: filters.event_type, eventId: filters.event_id },
      page,
    );
    const attempts = await listAttempts(
      scope,
      rows.map((r) => r.id),
    );
    return {
      data: rows.map((row) =>
        presentDelivery(
          row,
          attempts.filter((a) => a.delivery_id === row.id),
        ),
      ),
      next_cursor: nextCursor,
    };
  });
}
