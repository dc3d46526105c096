import type { PageRequest } from '../../db/pagination';
import { listEvents } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentEvent } from './presenter';

export async function listTenantEvents(
  { db }: WebhookUseCaseDeps,
  { tenantId }: RequestContext,
  filters: { type?: string; created_after?: string },
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) =>
    listEvents(scope, { type: filters.type, createdAfter: filters.created_after }, page),
  );
  return { data: rows.map(presentEvent), next_cursor: nextCursor };
}
