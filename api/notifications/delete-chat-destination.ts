import { appendAuditRecord } from '../../db/repositories/audit-log';
import { deleteChatDestination as deleteChatDestinationRow } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { destinationOrNotFound } from './notification-rules';

export async function deleteChatDestination(
  { db }: NotificationServiceDeps,
  context: RequestContext,
  id: string,
): Promise<void> {
  await inTenantTransaction(db, context.tenantId, async (scope) => {
    await destinationOrNotFound(scope, id, true);
    await deleteChatDestinationRow(scope, id);
    await appendAuditRecord(scope, {
      action: 'chat_destination.deleted',
      actor: context.actor,
      resourceType: 'chat_destination',
      resourceId: id,
      payload: {},
    });
  });
}
