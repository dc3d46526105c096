import { listChatDestinations as listChatDestinationRows } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { presentChatDestination } from './presenter';

export async function listChatDestinations({ db }: NotificationServiceDeps, context: RequestContext) {
  return inTenantTransaction(db, context.tenantId, async (scope) => ({
    data: (await listChatDestinationRows(scope)).map(presentChatDestination),
    next_cursor: null,
  }));
}
