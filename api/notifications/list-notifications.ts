import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import {
  findMemberPerson,
  listNotifications as listNotificationRows,
  memberIdsOfUsers,
} from '../../db/repositories/notifications';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { NotificationServiceDeps } from './deps';
import { personOf } from './notification-rules';
import { presentNotification } from './presenter';

export interface NotificationFilter {
  user_id?: string;
  status?: string;
  channel?: string;
  kind?: string;
  mine?: boolean;
}

/** The caller's own notifications (`mine`), or, for admins, anyone's in the tenant. */
export async function listNotifications(
  { db }: NotificationServiceDeps,
  context: RequestContext,
  filter: NotificationFilter,
  page: PageRequest,
) {
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    let userId: string | undefined;
    if (filter.mine) userId = (await personOf(scope, context, 'Your notifications')).userId;
    else if (filter.user_id) {
      const row = await findMemberPerson(scope, filter.user_id);
      // An unknown member (or another tenant's) has no notifications here: an empty page, like any filter that matches nothing.
      if (!row) return { data: [], next_cursor: null };
      userId = row.user_id;
    }
    const before = page.cursor ? decodeCursor(page.cursor) : undefined;
    const rows = await listNotificationRows(
      scope,
      {
        ...(userId ? { userId } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.channel ? { channel: filter.channel } : {}),
        ...(filter.kind ? { kind: filter.kind } : {}),
        ...(before ? { before } : {}),
      },
      page.limit + 1,
    );
    const members = await memberIdsOfUsers(scope, [
      ...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : []))),
    ]);
    const data = rows
      .slice(0, page.limit)
      .map((row) => presentNotification(row, row.user_id ? (members.get(row.user_id) ?? null) : null));
    const last = data[data.length - 1];
    return { data, next_cursor: rows.length > page.limit && last ? encodeCursor(last.id) : null };
  });
}
