import type { PageRequest } from '../../db/pagination';
import type { DecisionStatus } from '../../db/records/decision';
import { findMemberRole, listDecisions as listDecisionRows } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentDecisions, requireUser } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';

/** A type alias (not an interface), so the validated query object converts to it. */
export type DecisionListFilters = {
  status?: DecisionStatus;
  owner_id?: string;
  tag?: string;
  due_before?: string;
  due_after?: string;
  created_after?: string;
  created_before?: string;
  awaiting?: 'me';
};

export async function listDecisions(
  { db }: DecisionUseCaseDeps,
  context: RequestContext,
  filters: DecisionListFilters,
  page: PageRequest,
) {
  const awaitingUser =
    filters.awaiting === 'me' ? requireUser(context, 'Listing the decisions awaiting you (awaiting=me)').id : undefined;
  return inTenantTransaction(db, context.tenantId, async (scope) => {
    const awaiting =
      awaitingUser === undefined
        ? undefined
        : { userId: awaitingUser, role: await findMemberRole(scope, awaitingUser) };
    const { rows, nextCursor } = await listDecisionRows(
      scope,
      {
        status: filters.status,
        ownerId: filters.owner_id,
        tag: filters.tag,
        dueBefore: filters.due_before,
        dueAfter: filters.due_after,
        createdAfter: filters.created_after,
        createdBefore: filters.created_before,
        awaiting,
      },
      page,
    );
    return { data: await presentDecisions(scope, rows), next_cursor: nextCursor };
  });
}
