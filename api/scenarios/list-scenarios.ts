import type { RequestContext } from '../context';
import type { ScenarioStatus } from '../../db/records/scenario';
import type { PageRequest } from '../../db/pagination';
import { listScenarios as listStoredScenarios } from '../../db/repositories/scenarios';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { ScenarioUseCaseDeps } from './deps';
import { presentScenario } from './presenter';

/** A type, not an interface, so a route can cast its parsed query (a string-keyed record) to it. */
export type ScenarioListFilters = {
  model_id?: string;
  status?: ScenarioStatus;
  tag?: string;
  created_after?: string;
  created_before?: string;
  batch_id?: string;
};

export async function listScenarios(
  { db }: ScenarioUseCaseDeps,
  { tenantId }: RequestContext,
  filters: ScenarioListFilters,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) =>
    listStoredScenarios(
      scope,
      {
        modelId: filters.model_id,
        status: filters.status,
        tag: filters.tag,
        createdAfter: filters.created_after,
        createdBefore: filters.created_before,
        batchId: filters.batch_id,
      },
      page,
    ),
  );
  return { data: rows.map(presentScenario), next_cursor: nextCursor };
}
