import { deleteTestCase } from '../../db/repositories/model-tests';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { RequestContext } from '../context';
import type { ModelUseCaseDeps } from './deps';
import { requireTestCase } from './test-case-records';

export async function deleteModelTestCase(
  { db }: ModelUseCaseDeps,
  { tenantId }: RequestContext,
  modelId: string,
  caseId: string,
): Promise<void> {
  await inTenantTransaction(db, tenantId, async (scope) => {
    await requireTestCase(scope, modelId, caseId);
    await deleteTestCase(scope, modelId, caseId);
  });
}
