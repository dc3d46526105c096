import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import type { PageRequest } from '../../db/pagination';
import { findEvent, listEvents } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentEvent } from './presenter';
import type { WebhookUseCaseDeps } from './service';

export async function listTenantEvents({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, filters: { type?: string; created_after?: string }, page: PageRequest) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listEvents(scope, { type: filters.type, createdAfter: filters.created_after }, page));
  return { data: rows.map(presentEvent), next_cursor: nextCursor };
}

export async function getEvent({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, id: string) {
  if (!isIdOf('event', id)) throw notFound('event', id);
  const event = await inTenantTransaction(db, tenantId, (scope) => findEvent(scope, id));
  if (!event) throw notFound('event', id);
  return presentEvent(event);
}
