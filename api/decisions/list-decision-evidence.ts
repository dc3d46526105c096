import type { PageRequest } from '../../db/pagination';
import type { ScenarioSnapshot } from '../../db/records/decision';
import { listEvidence } from '../../db/repositories/decisions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import { presentEvidence, readDecision, requireDecisionId } from './decision-records';
import type { DecisionUseCaseDeps } from './deps';
import { currentRuns } from './scenario-snapshots';

export async function listDecisionEvidence(
  { db }: DecisionUseCaseDeps,
  { tenantId }: RequestContext,
  id: string,
  filters: { attached?: boolean },
  page: PageRequest,
) {
  requireDecisionId(id);
  return inTenantTransaction(db, tenantId, async (scope) => {
    await readDecision(scope, id);
    const { rows, nextCursor } = await listEvidence(scope, id, { attachedOnly: filters.attached === true }, page);
    const snapshots = rows
      .filter((r) => r.type === 'scenario')
      .map((r) => r.content.scenario_snapshot as ScenarioSnapshot);
    const current = await currentRuns(scope, snapshots);
    return { data: rows.map((row) => presentEvidence(row, current)), next_cursor: nextCursor };
  });
}
