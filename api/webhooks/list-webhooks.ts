import type { PageRequest } from '../../db/pagination';
import { listSubscriptions } from '../../db/repositories/webhooks';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentWebhook } from './presenter';

export async function listWebhooks({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listSubscriptions(scope, page));
  return { data: rows.map((row) => presentWebhook(row)), next_cursor: nextCursor };
}
