import { notFound } from '../../core/app-error';
import { isIdOf } from '../../core/ids';
import { findNotification } from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { memberIdOf, personOf } from './notification-rules';
import { presentNotification } from './presenter';

export async function getNotification(
  { db }: NotificationServiceDeps,
  context: RequestContext,
  id: string,
  options: { mine?: boolean } = {},
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const row = isIdOf('notification', id) ? await findNotification(scope, id) : undefined;
    if (!row) throw notFound('notification', id);
    if (options.mine && row.user_id !== (await personOf(scope, context, 'Your notifications')).userId)
      throw notFound('notification', id);
    return presentNotification(row, await memberIdOf(scope, row.user_id));
  });
}
