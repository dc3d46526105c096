import type { PageRequest } from '../../db/pagination';
import { listTestRuns } from '../../db/repositories/model-tests';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { refuseBuiltin, requireTenantModel } from './model-records';
import { presentTestRun } from './test-run-presenter';

export async function listModelTestRuns(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  modelId: string,
  filters: { version?: string },
  page: PageRequest,
) {
  refuseBuiltin(modelId);
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await requireTenantModel(scope, modelId);
    const version = filters.version === undefined ? undefined : Number(filters.version);
    // A version that is no version number has no runs.
    if (version !== undefined && !(Number.isSafeInteger(version) && version > 0)) return { rows: [], nextCursor: null };
    return listTestRuns(scope, modelId, version === undefined ? {} : { version }, page);
  });
  return { object: 'list' as const, data: rows.map(presentTestRun), next_cursor: nextCursor };
}
