import type { PageRequest } from '../../db/pagination';
import { listOutcomes as listOutcomeRows, type OutcomeRow } from '../../db/repositories/decision-outcomes';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentOutcome, readDecisionForOutcomes, requireDecisionId } from './outcome-records';
import type { OutcomeUseCaseDeps } from './deps';

export async function listOutcomes(
  { db }: OutcomeUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  filters: { metric?: string },
  page: PageRequest,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await readDecisionForOutcomes(scope, id);
    const { rows, nextCursor } = await listOutcomeRows(scope, id, { metric: filters.metric }, page);
    return { data: rows.map((row: OutcomeRow) => presentOutcome(row, row.superseded_by)), next_cursor: nextCursor };
  });
}
