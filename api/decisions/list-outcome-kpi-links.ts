import type { PageRequest } from '../../db/pagination';
import { listOutcomeKpiLinks as listOutcomeKpiLinkRows } from '../../db/repositories/decision-outcome-kpis';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { OutcomeKpiUseCaseDeps } from './deps';
import { presentOutcomeKpiLink, readDecisionForLink } from './outcome-kpi-records';

export async function listOutcomeKpiLinks(
  { db }: OutcomeKpiUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  page: PageRequest,
) {
  return inTenantTransaction(db, tenantId, async (scope) => {
    const decision = await readDecisionForLink(scope, id);
    const { rows, nextCursor } = await listOutcomeKpiLinkRows(scope, id, page);
    return { data: rows.map((row) => presentOutcomeKpiLink(row, decision)), next_cursor: nextCursor };
  });
}
