import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { destinationOrNotFound } from './notification-rules';
import { presentChatDestination } from './presenter';

export async function getChatDestination({ db }: NotificationServiceDeps, context: RequestContext, id: string) {
  return inTenantTransaction(db, context.tenantId, async (scope) =>
    presentChatDestination(await destinationOrNotFound(scope, id)),
  );
}
