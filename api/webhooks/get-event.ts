import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findEvent } from '../../db/repositories/events';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { WebhookUseCaseDeps } from './deps';
import { presentEvent } from './presenter';

export async function getEvent({ db }: WebhookUseCaseDeps, { tenantId }: RequestContext, id: string) {
  if (!isIdOf('event', id)) throw notFound('event', id);
  const event = await inTenantTransaction(db, tenantId, (scope) => findEvent(scope, id));
  if (!event) throw notFound('event', id);
  return presentEvent(event);
}
