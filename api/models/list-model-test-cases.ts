import type { PageRequest } from '../../db/pagination';
import { listTestCases } from '../../db/repositories/model-tests';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { presentTestCase, suiteModel } from './test-case-records';

export async function listModelTestCases(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  modelId: string,
  page: PageRequest,
) {
  const { rows, nextCursor } = await inTenantTransaction(db, tenantId, async (scope) => {
    await suiteModel(scope, modelId);
    return listTestCases(scope, modelId, page);
  });
  return { object: 'list' as const, data: rows.map(presentTestCase), next_cursor: nextCursor };
}
