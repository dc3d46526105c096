import { decodeCursor, encodeCursor, type PageRequest } from '../../db/pagination';
import { latestInvitations } from '../../db/repositories/invitations';
import { listMembers as listMemberRows } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { MemberUseCaseDeps } from './deps';
import { presentMember } from './member-records';

export async function listMembers({ db }: MemberUseCaseDeps, { tenantId }: RequestContext, page: PageRequest) {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const { members, invitations } = await inTenantTransaction(db, tenantId, async (scope) => {
    const all = await listMemberRows(scope);
    return {
      members: all,
      invitations: await latestInvitations(
        scope,
        all.map((m) => m.id),
      ),
    };
  });
  const remaining = members.filter((m) => after === undefined || m.id < after);
  const data = remaining.slice(0, page.limit).map((m) => presentMember(m, m.user, invitations.get(m.id)));
  const last = data[data.length - 1];
  return { data, next_cursor: remaining.length > page.limit && last ? encodeCursor(last.id) : null };
}
